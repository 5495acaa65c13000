import { describe, expect, it } from 'vitest';
import {
  allergySeverityRank,
  appointmentsOverlap,
  personName,
  NOT_RECORDED_TEXT,
} from './appointment-rules';
import {
  ACCESS_KIND_PRIORITY,
  ACCESS_KIND_TEXT,
  ACCESS_KINDS,
  accessKindOf,
  APPOINTMENT_ACTIONS,
  DAY_LIST_ACTION,
  SUMMARY_LIST_ACTION,
} from './access-log';
import {
  appointmentParamsSchema,
  appointmentStatusRequestSchema,
  cancelAppointmentRequestSchema,
  dayAppointmentsQuerySchema,
  rescheduleAppointmentRequestSchema,
} from './chart';
import { patientListQuerySchema } from './patients';

const ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';

describe('appointment calls', () => {
  it('reads an appointment id in any case and refuses one the API did not give out', () => {
    expect(
      appointmentParamsSchema.parse({ patient_id: 'p001', appointment_id: ID.toUpperCase() }),
    ).toEqual({ patient_id: 'P001', appointment_id: ID });
    const bad = appointmentParamsSchema.safeParse({ patient_id: 'P001', appointment_id: '12' });
    expect(bad.error?.issues.map((i) => i.path.join('.'))).toEqual(['appointment_id']);
  });

  it('asks a cancellation for a message for the patient or a note for staff', () => {
    for (const reason of ['', ' ', undefined, '\u200B']) {
      const result = cancelAppointmentRequestSchema.safeParse({ reason });
      expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['reason']);
    }
    expect(cancelAppointmentRequestSchema.parse({ reason: ' Ill ' })).toEqual({ reason: 'Ill' });
    expect(cancelAppointmentRequestSchema.parse({ reason: '', staff_note: 'Rebook' })).toEqual({
      reason: null,
      staff_note: 'Rebook',
    });
  });

  it('takes a reschedule with only the new date and time', () => {
    expect(rescheduleAppointmentRequestSchema.parse({ date: '2026-01-06', time: '10:00' })).toEqual(
      { date: '2026-01-06', time: '10:00' },
    );
  });

  it('marks only attended or missed', () => {
    expect(appointmentStatusRequestSchema.safeParse({ status: 'fulfilled' }).success).toBe(true);
    expect(appointmentStatusRequestSchema.safeParse({ status: 'noshow' }).success).toBe(true);
    for (const status of ['booked', 'cancelled', 'done', ''])
      expect(appointmentStatusRequestSchema.safeParse({ status }).success).toBe(false);
    // Set back to booked: only with a reason.
    expect(appointmentStatusRequestSchema.parse({ status: 'booked', reason: ' Slip ' })).toEqual({
      status: 'booked',
      reason: 'Slip',
    });
    expect(
      appointmentStatusRequestSchema
        .safeParse({ status: 'booked', reason: ' ' })
        .error?.issues.map((i) => i.path.join('.')),
    ).toEqual(['reason']);
  });

  it("asks a day's list for a date, and reads a blank clinician as all", () => {
    expect(dayAppointmentsQuerySchema.safeParse({}).success).toBe(false);
    expect(dayAppointmentsQuerySchema.parse({ date: '2026-11-26', clinician_id: '' })).toEqual({
      date: '2026-11-26',
      limit: 50,
    });
    expect(
      dayAppointmentsQuerySchema.parse({ date: '2026-11-26', clinician_id: 'e002' }).clinician_id,
    ).toBe('E002');
  });

  it('reads the patient list views, and nothing else', () => {
    expect(patientListQuerySchema.parse({ view: 'summary' }).view).toBe('summary');
    expect(patientListQuerySchema.parse({}).view).toBeUndefined();
    expect(patientListQuerySchema.safeParse({ view: 'all' }).success).toBe(false);
  });
});

describe('appointment rules', () => {
  it('overlaps two appointments that share a minute, not two that touch', () => {
    const a = { time: '09:00:00', duration_minutes: 15 };
    expect(appointmentsOverlap(a, { time: '09:14', duration_minutes: 15 })).toBe(true);
    expect(appointmentsOverlap(a, { time: '08:50', duration_minutes: 15 })).toBe(true);
    expect(appointmentsOverlap(a, { time: '09:15', duration_minutes: 15 })).toBe(false);
    expect(appointmentsOverlap(a, { time: '08:45', duration_minutes: 15 })).toBe(false);
  });

  it('orders severe allergies first and unknown ones last', () => {
    const ranks = (['mild', null, 'severe', 'moderate'] as const).map(allergySeverityRank);
    expect(ranks).toEqual([2, 3, 0, 1]);
  });

  it('names a person, or shows a dash for an entry without one', () => {
    expect(personName({ first_name: 'Anan', last_name: 'Wongsa' })).toBe('Anan Wongsa');
    expect(personName(null)).toBe(NOT_RECORDED_TEXT);
  });
});

describe('access kinds of the clinical record', () => {
  it('gives every kind a text and a place in the priority', () => {
    for (const kind of ACCESS_KINDS) {
      expect(ACCESS_KIND_TEXT[kind]).toBeTruthy();
      expect(ACCESS_KIND_PRIORITY).toContain(kind);
    }
    expect(ACCESS_KIND_PRIORITY).toHaveLength(ACCESS_KINDS.length);
  });

  it('names the new actions', () => {
    expect(accessKindOf(SUMMARY_LIST_ACTION, 'success')).toBe('listed-summary');
    expect(accessKindOf(DAY_LIST_ACTION, 'success')).toBe('listed-appointments');
    expect(accessKindOf(APPOINTMENT_ACTIONS.cancel, 'success')).toBe('appointment-cancelled');
    expect(accessKindOf(APPOINTMENT_ACTIONS.cancel, 'denied')).toBe('refused');
  });
});
