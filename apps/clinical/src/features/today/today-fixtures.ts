import type { DayAppointment } from '@portal/contract';

/*
 * The Today page's test and story data (plain values: this file is no test file, so the lint
 * rule keeps @portal/testing out of it).
 */

/** The signed-in doctor of the tests and stories (demo.doctor's record). */
export const DOCTOR = { employee_id: 'E001', first_name: 'Anan', last_name: 'Wongsa' } as const;
/** Another clinician, a nurse. */
export const NURSE = { employee_id: 'E002', first_name: 'Pim', last_name: 'Chaiyo' } as const;

/** One appointment of the day: booked with the doctor, fifteen minutes, unless overridden. */
export function dayAppointment(
  date: string,
  n: number,
  overrides: Partial<DayAppointment> = {},
): DayAppointment {
  const hour = 8 + Math.floor(n / 4);
  const minute = (n % 4) * 15;
  return {
    appointment_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    patient_id: `P${String(n + 1).padStart(3, '0')}`,
    first_name: ['Malee', 'Somchai', 'Kanya', 'Niran'][n % 4]!,
    last_name: ['Srisuk', 'Boonmee', 'Rattana', 'Thongdee'][n % 4]!,
    date,
    time: `${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}:00`,
    topic: null,
    duration_minutes: 15,
    status: 'booked',
    clinician: DOCTOR,
    cancel_reason: null,
    staff_note: null,
    rescheduled_from: null,
    rescheduled_to: null,
    recorded_by: DOCTOR,
    recorded_at: `${date}T07:00:00.000Z`,
    outcome_recorded_at: null,
    ...overrides,
  };
}

/** A morning: four with the doctor (one attended, one cancelled), one with the nurse. */
export function morning(date: string): DayAppointment[] {
  return [
    dayAppointment(date, 0, { status: 'fulfilled' }),
    dayAppointment(date, 1, { duration_minutes: 30 }),
    dayAppointment(date, 2, { status: 'cancelled', cancel_reason: 'Patient is travelling' }),
    dayAppointment(date, 3, { clinician: NURSE }),
    dayAppointment(date, 4, { clinician: null }),
  ];
}
