import { z } from 'zod';
import { pageQuerySchema } from './paging';
import { staffRefSchema } from './patients';

/*
 * Vital signs: what a set holds, the limits a value must keep to be believed (400 naming the
 * field otherwise), the adult reference ranges a value is flagged against, and the body mass
 * index computed from a set's weight and height. One place for each: the API, the FHIR mapping
 * and docs/api.md ("Vital signs: reference ranges") read them from here.
 */

/** The measurements of a set, in the order the chart and the answers give them. */
export const VITAL_FIELDS = [
  'systolic',
  'diastolic',
  'pulse',
  'respiratory_rate',
  'temperature_c',
  'spo2',
  'weight_kg',
  'height_cm',
] as const;

/** One measurement of a set. */
export type VitalField = (typeof VITAL_FIELDS)[number];

/** What a set's answer flags: its measurements and the computed body mass index. */
export type FlaggedVital = VitalField | 'bmi';

/**
 * Each measurement's unit (UCUM, as FHIR carries it), whether it is a whole number (else one
 * decimal), and the range a value must lie in to be believed at all: beyond it, a value is a
 * typing slip or a broken device, not a patient (refused, 400 naming the field).
 */
export const VITAL_LIMITS: Readonly<
  Record<VitalField, { unit: string; whole: boolean; min: number; max: number }>
> = {
  systolic: { unit: 'mm[Hg]', whole: true, min: 40, max: 300 },
  diastolic: { unit: 'mm[Hg]', whole: true, min: 20, max: 200 },
  pulse: { unit: '/min', whole: true, min: 20, max: 300 },
  respiratory_rate: { unit: '/min', whole: true, min: 2, max: 80 },
  temperature_c: { unit: 'Cel', whole: false, min: 25, max: 45 },
  spo2: { unit: '%', whole: true, min: 40, max: 100 },
  weight_kg: { unit: 'kg', whole: false, min: 0.5, max: 500 },
  height_cm: { unit: 'cm', whole: false, min: 20, max: 272 },
};

/** How each unit reads to a person (the UCUM code is for machines). */
export const VITAL_UNIT_TEXT: Readonly<Record<string, string>> = {
  'mm[Hg]': 'mmHg',
  '/min': '/min',
  Cel: '°C',
  '%': '%',
  kg: 'kg',
  cm: 'cm',
  'kg/m2': 'kg/m²',
};

/**
 * The adult reference ranges a value is flagged against: below `low` is flagged low, above
 * `high` is flagged high (both bounds are normal). Sources, in docs/api.md:
 * - blood pressure: ESC/ESH 2018 guidelines — 140/90 mmHg and above is hypertension, below
 *   90/60 is low;
 * - pulse 60–100 /min: the American Heart Association's resting adult range;
 * - respiratory rate 12–20 /min, temperature 36.1–38.0 °C, SpO₂ 96 % and above: the bands
 *   that score 0 in the Royal College of Physicians' NEWS2 (2017, scale 1);
 * - body mass index 18.5–24.9 kg/m²: the WHO's adult classification.
 * Weight and height have no range of their own (the body mass index stands for them).
 */
export const VITAL_REFERENCE_RANGES: Readonly<
  Partial<Record<FlaggedVital, { low: number; high: number }>>
> = {
  systolic: { low: 90, high: 139 },
  diastolic: { low: 60, high: 89 },
  pulse: { low: 60, high: 100 },
  respiratory_rate: { low: 12, high: 20 },
  temperature_c: { low: 36.1, high: 38 },
  spo2: { low: 96, high: 100 },
  bmi: { low: 18.5, high: 24.9 },
};

/** A flag: the value lies below or above its reference range. */
export type VitalFlagLevel = 'low' | 'high';

/** The body mass index of a weight and a height, to one decimal; null without both. */
export function bodyMassIndex(
  weightKg: number | null | undefined,
  heightCm: number | null | undefined,
): number | null {
  if (weightKg == null || heightCm == null || heightCm <= 0) return null;
  const metres = heightCm / 100;
  return Math.round((weightKg / (metres * metres)) * 10) / 10;
}

/** The flags of a set's values (and its body mass index), in {@link VITAL_FIELDS}' order. */
export function vitalFlags(
  values: Readonly<Partial<Record<FlaggedVital, number | null>>>,
): { field: FlaggedVital; level: VitalFlagLevel }[] {
  const flags: { field: FlaggedVital; level: VitalFlagLevel }[] = [];
  for (const field of [...VITAL_FIELDS, 'bmi'] as const) {
    const value = values[field];
    const range = VITAL_REFERENCE_RANGES[field];
    if (value == null || !range) continue;
    if (value < range.low) flags.push({ field, level: 'low' });
    else if (value > range.high) flags.push({ field, level: 'high' });
  }
  return flags;
}

export const VITALS_EMPTY_MESSAGE = 'Record at least one vital sign';
export const BLOOD_PRESSURE_PAIR_MESSAGE = 'Record both systolic and diastolic pressure';
export const DIASTOLIC_BELOW_SYSTOLIC_MESSAGE = 'Diastolic pressure must be lower than systolic';
export const VITAL_NUMBER_MESSAGE = 'Enter a number';
export const VITAL_WHOLE_MESSAGE = 'Enter a whole number';
export const TAKEN_AT_FORMAT_MESSAGE =
  'Use a date and time with its time zone, as 2026-01-05T09:30:00Z';
export const TAKEN_AT_FUTURE_MESSAGE = 'The time taken cannot be in the future';
export const TAKEN_AT_PAST_MESSAGE = 'The time taken cannot be before 2000';

/** The words of a value outside its plausible range. */
export function vitalRangeMessage(field: VitalField): string {
  const { min, max, unit } = VITAL_LIMITS[field];
  return `Must be from ${min} to ${max} ${VITAL_UNIT_TEXT[unit]}`;
}

/** How far ahead of the server's clock a device's time may run (a clock a little fast). */
export const TAKEN_AT_SKEW_MS = 5 * 60_000;

/** A measurement: a number (or a number's text, as forms hold), whole or to one decimal. */
function vitalValueSchema(field: VitalField) {
  const { whole, min, max } = VITAL_LIMITS[field];
  const message = vitalRangeMessage(field);
  return z.preprocess(
    (v) =>
      v === null || (typeof v === 'string' && v.trim() === '')
        ? undefined
        : typeof v === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(v)
          ? Number(v)
          : v,
    z
      .number({ error: VITAL_NUMBER_MESSAGE })
      .refine((n) => !whole || Number.isInteger(n), { error: VITAL_WHOLE_MESSAGE, abort: true })
      .min(min, { error: message })
      .max(max, { error: message })
      // Within the range, one decimal stays within it (the bounds have at most one).
      .transform((n) => (whole ? n : Math.round(n * 10) / 10))
      .optional(),
  );
}

/** When a set was taken: an ISO 8601 instant with its zone, from 2000 to now (answered in UTC). */
export const takenAtSchema = z
  .string({ error: TAKEN_AT_FORMAT_MESSAGE })
  .trim()
  .pipe(z.iso.datetime({ offset: true, error: TAKEN_AT_FORMAT_MESSAGE }))
  .transform((v) => new Date(v))
  .refine((d) => !Number.isNaN(d.getTime()), { error: TAKEN_AT_FORMAT_MESSAGE, abort: true })
  .refine((d) => d.getTime() >= Date.UTC(2000, 0, 1), { error: TAKEN_AT_PAST_MESSAGE, abort: true })
  .refine((d) => d.getTime() <= Date.now() + TAKEN_AT_SKEW_MS, { error: TAKEN_AT_FUTURE_MESSAGE })
  .transform((d) => d.toISOString());

/**
 * POST /patient/{patient_id}/vitals: any non-empty subset of the measurements (blood pressure
 * as a pair, diastolic below systolic), and when they were taken (absent: now). Who recorded
 * them and when is the session's.
 */
export const recordVitalsRequestSchema = z
  .object({
    systolic: vitalValueSchema('systolic'),
    diastolic: vitalValueSchema('diastolic'),
    pulse: vitalValueSchema('pulse'),
    respiratory_rate: vitalValueSchema('respiratory_rate'),
    temperature_c: vitalValueSchema('temperature_c'),
    spo2: vitalValueSchema('spo2'),
    weight_kg: vitalValueSchema('weight_kg'),
    height_cm: vitalValueSchema('height_cm'),
    taken_at: z.preprocess(
      (v) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v),
      takenAtSchema.optional(),
    ),
  })
  .superRefine((body, ctx) => {
    if (VITAL_FIELDS.every((field) => body[field] === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['systolic'], message: VITALS_EMPTY_MESSAGE });
      return;
    }
    const { systolic, diastolic } = body;
    if ((systolic === undefined) !== (diastolic === undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: [systolic === undefined ? 'systolic' : 'diastolic'],
        message: BLOOD_PRESSURE_PAIR_MESSAGE,
      });
    } else if (systolic !== undefined && diastolic !== undefined && diastolic >= systolic) {
      ctx.addIssue({
        code: 'custom',
        path: ['diastolic'],
        message: DIASTOLIC_BELOW_SYSTOLIC_MESSAGE,
      });
    }
  });

/** One set of vital signs as answered: its values (null: not measured), flags and author. */
export const vitalSignsSchema = z.object({
  vital_id: z.string(),
  taken_at: z.string(),
  systolic: z.number().nullable(),
  diastolic: z.number().nullable(),
  pulse: z.number().nullable(),
  respiratory_rate: z.number().nullable(),
  temperature_c: z.number().nullable(),
  spo2: z.number().nullable(),
  weight_kg: z.number().nullable(),
  height_cm: z.number().nullable(),
  /** Computed from this set's weight and height; null without both. */
  bmi: z.number().nullable(),
  /** The values outside the adult reference ranges ({@link VITAL_REFERENCE_RANGES}). */
  flags: z.array(
    z.object({
      field: z.enum([...VITAL_FIELDS, 'bmi']),
      level: z.enum(['low', 'high']),
    }),
  ),
  recorded_by: staffRefSchema.nullable(),
  recorded_at: z.string(),
});

/** GET /patient/{patient_id}/vitals: a page of the patient's sets, most recently taken first. */
export const vitalSignsListSchema = z.array(vitalSignsSchema);

/** GET /patient/{patient_id}/vitals: the usual paging. */
export const vitalSignsQuerySchema = pageQuerySchema;

export type RecordVitalsRequest = z.input<typeof recordVitalsRequestSchema>;
export type RecordVitals = z.output<typeof recordVitalsRequestSchema>;
export type VitalSigns = z.infer<typeof vitalSignsSchema>;
