import { addDays, type ChartAppointment, type PatientRecord, todayUtc } from '@portal/contract';

/*
 * The chart's test and story data (plain values: this file is no test file, so the lint rule
 * keeps @portal/testing out of it).
 */

/** The doctor who wrote most of the chart's entries (demo.doctor's record). */
export const DOCTOR = { employee_id: 'E001', first_name: 'Anan', last_name: 'Wongsa' } as const;
/** A nurse. */
export const NURSE = { employee_id: 'E002', first_name: 'Pim', last_name: 'Chaiyo' } as const;

/**
 * A patient with something in every field and list: P037, allergic to two drugs (paracetamol
 * mildly, amoxicillin severely: the alert lists amoxicillin first), history by the doctor and
 * from before authors were recorded.
 */
export const CHART_RECORD: PatientRecord = {
  patient: {
    patient_id: 'P037',
    first_name: 'Malee',
    last_name: 'Srisuk',
    age: 41,
    date_of_birth: addDays(todayUtc(), -(41 * 365 + 100)),
    gender: 'female',
    blood_type: 'B',
    email: 'malee.srisuk@gmail.com',
    health_insurance: 'yes',
    address: '12/3 Sukhumvit Road, Khlong Toei, Bangkok 10110',
    phone_number: '081-234-5678',
    id_card_number: '1-1037-02345-67-8',
    ongoing_treatment: 'insulin therapy',
    unhealthy_habits: 'smokes ten cigarettes a day',
  },
  patient_appointment: { date: addDays(todayUtc(), 30), time: '14:00:00', topic: null },
  patient_drug_allergy: [
    { drug_id: 'R002', reaction: 'Rash on the arms', severity: 'mild' },
    { drug_id: 'R003', reaction: 'Swelling of the lips and throat', severity: 'severe' },
  ],
  patient_chronic_disease: [{ disease_id: 'I003' }],
  medical_history: [
    {
      date: addDays(todayUtc(), -10),
      time: '09:15:00',
      details: 'Blood test reviewed.',
      recorded_by: DOCTOR,
      recorded_at: `${addDays(todayUtc(), -10)}T02:20:00.000Z`,
    },
    {
      date: addDays(todayUtc(), -200),
      time: '14:00:00',
      details: 'Vaccination given.',
      recorded_by: null,
      recorded_at: null,
    },
  ],
  registered: true,
};

/** The same patient without drug allergies, nor any appointment. */
export const NO_ALLERGY_RECORD: PatientRecord = {
  ...CHART_RECORD,
  patient_drug_allergy: [],
  patient_appointment: { date: '', time: '', topic: null },
};

/** One appointment of P037: booked with the doctor, fifteen minutes, unless overridden. */
export function chartAppointment(
  n: number,
  date: string,
  overrides: Partial<ChartAppointment> = {},
): ChartAppointment {
  return {
    appointment_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    date,
    time: '10:00:00',
    topic: null,
    duration_minutes: 15,
    status: 'booked',
    clinician: DOCTOR,
    cancel_reason: null,
    staff_note: null,
    rescheduled_from: null,
    rescheduled_to: null,
    recorded_by: DOCTOR,
    recorded_at: `${date}T01:00:00.000Z`,
    outcome_recorded_at: null,
    ...overrides,
  };
}

/**
 * Two upcoming and two past appointments, oldest first: a first visit the patient missed (booked
 * before authors were recorded), an attended blood test, a booked follow-up with the nurse and a
 * booked visit without a clinician. The API answers them newest first.
 */
export const CHART_APPOINTMENTS: ChartAppointment[] = [
  chartAppointment(1, addDays(todayUtc(), -90), {
    time: '08:30:00',
    topic: 'First visit',
    status: 'noshow',
    clinician: null,
    recorded_by: null,
    recorded_at: null,
  }),
  chartAppointment(2, addDays(todayUtc(), -10), {
    time: '09:00:00',
    topic: 'Blood test',
    status: 'fulfilled',
  }),
  chartAppointment(3, addDays(todayUtc(), 7), {
    time: '10:30:00',
    topic: 'Follow-up',
    duration_minutes: 30,
    clinician: NURSE,
  }),
  chartAppointment(4, addDays(todayUtc(), 30), { time: '14:00:00', clinician: null }),
];

/** `count` appointments a week apart, half of them past. */
export function manyAppointments(count: number): ChartAppointment[] {
  return Array.from({ length: count }, (_, i) =>
    chartAppointment(100 + i, addDays(todayUtc(), (i - Math.floor(count / 2)) * 7), {
      topic: `Visit ${i + 1}`,
    }),
  );
}
