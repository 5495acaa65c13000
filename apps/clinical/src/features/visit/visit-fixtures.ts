import { bodyMassIndex, type ClinicalNote, vitalFlags, type VitalSigns } from '@portal/contract';
import { CHART_APPOINTMENTS, DOCTOR, NURSE } from '../chart/chart-fixtures';

/*
 * The visit's records of the chart's stories and tests: three sets of vital signs, flagged as
 * the server flags them (the contract's ranges), and notes with an addendum, an appointment and
 * one entered in error.
 */

type Staff = { employee_id: string; first_name: string; last_name: string };

const staff = (s: Staff) => ({
  employee_id: s.employee_id,
  first_name: s.first_name,
  last_name: s.last_name,
});

/** A set as the API answers it, its BMI and flags worked out by the contract. */
export function vitalSet(
  n: number,
  taken_at: string,
  values: Partial<
    Pick<
      VitalSigns,
      | 'systolic'
      | 'diastolic'
      | 'pulse'
      | 'respiratory_rate'
      | 'temperature_c'
      | 'spo2'
      | 'weight_kg'
      | 'height_cm'
    >
  >,
): VitalSigns {
  const all = {
    systolic: null,
    diastolic: null,
    pulse: null,
    respiratory_rate: null,
    temperature_c: null,
    spo2: null,
    weight_kg: null,
    height_cm: null,
    ...values,
  };
  const bmi = bodyMassIndex(all.weight_kg, all.height_cm);
  return {
    vital_id: `10000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    taken_at,
    ...all,
    bmi,
    flags: vitalFlags({ ...all, bmi }),
    recorded_by: staff(NURSE),
    recorded_at: taken_at,
  };
}

/** Three sets, most recently taken first: the latest with a high blood pressure. */
export const VITALS: VitalSigns[] = [
  vitalSet(3, '2026-11-20T02:30:00.000Z', {
    systolic: 152,
    diastolic: 96,
    pulse: 88,
    respiratory_rate: 16,
    temperature_c: 37.1,
    spo2: 98,
    weight_kg: 68.5,
    height_cm: 160,
  }),
  vitalSet(2, '2026-10-15T03:00:00.000Z', {
    systolic: 138,
    diastolic: 88,
    pulse: 76,
    weight_kg: 69,
  }),
  vitalSet(1, '2026-09-01T02:00:00.000Z', {
    systolic: 128,
    diastolic: 82,
    pulse: 58,
    weight_kg: 70.2,
  }),
];

const signature = (at: string, by: Staff = DOCTOR) => ({
  signed_by: staff(by),
  signed_at: at,
  content_hash: 'c'.repeat(64),
});

/** Two current notes (the older tied to the blood test, with an addendum) and one in error. */
export const NOTES: ClinicalNote[] = [
  {
    note_id: '20000000-0000-4000-8000-000000000003',
    text: 'Subjective:\nHeadache in the mornings.\n\nPlan:\nRecheck blood pressure in a week.',
    appointment_id: null,
    status: 'current',
    signature: signature('2026-11-20T03:00:00.000Z'),
    addenda: [],
    entered_in_error: null,
  },
  {
    note_id: '20000000-0000-4000-8000-000000000002',
    text: 'Blood test reviewed: fasting glucose 6.1 mmol/L.',
    appointment_id: CHART_APPOINTMENTS[1]?.appointment_id ?? null,
    status: 'current',
    signature: signature('2026-10-15T03:30:00.000Z'),
    addenda: [
      {
        addendum_id: '30000000-0000-4000-8000-000000000001',
        text: 'HbA1c came back at 6.0 %.',
        signature: signature('2026-10-16T02:00:00.000Z', NURSE),
      },
    ],
    entered_in_error: null,
  },
  {
    note_id: '20000000-0000-4000-8000-000000000001',
    text: 'Written on the wrong chart.',
    appointment_id: null,
    status: 'entered-in-error',
    signature: signature('2026-09-01T02:30:00.000Z'),
    addenda: [],
    entered_in_error: {
      reason: 'Wrong patient',
      by: staff(DOCTOR),
      at: '2026-09-01T03:00:00.000Z',
    },
  },
];
