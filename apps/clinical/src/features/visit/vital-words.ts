import {
  type FlaggedVital,
  localDayTime,
  VITAL_FIELDS,
  VITAL_REFERENCE_RANGES,
  type VitalFlagLevel,
  type VitalSigns,
} from '@portal/contract';
import type { MessageId } from '@portal/i18n';

/** Each measurement's label with its unit, as the chart, the form and the table show it. */
export const VITAL_LABELS: Readonly<Record<FlaggedVital, MessageId>> = {
  systolic: 'clinical.vitals.systolic',
  diastolic: 'clinical.vitals.diastolic',
  pulse: 'clinical.vitals.pulse',
  respiratory_rate: 'clinical.vitals.respiratoryRate',
  temperature_c: 'clinical.vitals.temperature',
  spo2: 'clinical.vitals.spo2',
  weight_kg: 'clinical.vitals.weight',
  height_cm: 'clinical.vitals.height',
  bmi: 'clinical.vitals.bmi',
};

/** A flag's word. */
export const FLAG_WORDS: Readonly<Record<VitalFlagLevel, MessageId>> = {
  high: 'clinical.vitals.high',
  low: 'clinical.vitals.low',
};

/** The flag the server gave a value of a set, if any (the contract's reference ranges). */
export function flagOf(set: VitalSigns, field: FlaggedVital): VitalFlagLevel | null {
  return set.flags.find((f) => f.field === field)?.level ?? null;
}

/** A value's reference range, if it has one (weight and height have none). */
export function rangeOf(field: FlaggedVital) {
  return VITAL_REFERENCE_RANGES[field] ?? null;
}

/** An instant as the hospital's day and time, `2026-01-05 09:07`, for useFormat().dayTime. */
export function hospitalDayTime(iso: string): string {
  return localDayTime(new Date(iso));
}

/**
 * What is typed in the vital signs' form, each measurement as text, and when they were taken as
 * the hospital's `YYYY-MM-DDTHH:MM` if it was changed ('' while it is "now").
 */
export type VitalsDraft = Readonly<Record<(typeof VITAL_FIELDS)[number] | 'taken_at', string>>;

/** The form as it starts: every measurement empty until measured, taken now. */
export const EMPTY_VITALS: VitalsDraft = Object.fromEntries(
  [...VITAL_FIELDS, 'taken_at'].map((field) => [field, '']),
) as VitalsDraft;

/** Whether a draft holds a measurement typed (the time alone is no set). */
export const vitalsTyped = (draft: VitalsDraft) =>
  VITAL_FIELDS.some((field) => draft[field].trim() !== '');
