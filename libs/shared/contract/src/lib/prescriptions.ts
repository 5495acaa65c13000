import { z } from 'zod';
import { catalogueCodeSchema } from './catalogues';
import { catalogueIdSchema } from './clinical-lists';
import { staffRefSchema } from './patients';
import { medicationAllergyConflictSchema, type prescriptionConflictsSchema } from './problem';
import { emptyAsAbsent, patientIdSchema, textSchema } from './rules';

/*
 * Prescriptions (docs/api.md, "Prescriptions"): a drug of the catalogue with its dose, unit,
 * route, frequency, duration, quantity and the instructions the patient reads. The server checks
 * each one, before anything is written, against the patient's active allergies (to the drug or to
 * a class it belongs to) and active prescriptions (the same ingredient or a shared ATC class);
 * either is a 409 unless an override reason is given, which is kept beside the prescription. A
 * prescription is stopped with a reason or completes when its days are over; never deleted.
 */

/** The units a dose is given in, with their UCUM codes (FHIR's doseQuantity). */
export const DOSE_UNITS = {
  mg: 'mg',
  g: 'g',
  mcg: 'ug',
  mL: 'mL',
  unit: '[IU]',
  tablet: '{tablet}',
  capsule: '{capsule}',
  drop: '{drop}',
  puff: '{puff}',
  sachet: '{sachet}',
  patch: '{patch}',
} as const;
export type DoseUnit = keyof typeof DOSE_UNITS;
export const DOSE_UNIT_NAMES = Object.keys(DOSE_UNITS) as [DoseUnit, ...DoseUnit[]];

/** The routes a drug is given by, with their SNOMED CT codes (FHIR's dosage route). */
export const MEDICATION_ROUTES = {
  oral: { code: '26643006', display: 'Oral route' },
  sublingual: { code: '37839007', display: 'Sublingual route' },
  topical: { code: '6064005', display: 'Topical route' },
  inhaled: { code: '447694001', display: 'Respiratory tract route' },
  nasal: { code: '46713006', display: 'Nasal route' },
  ophthalmic: { code: '54485002', display: 'Ophthalmic route' },
  otic: { code: '10547007', display: 'Otic route' },
  rectal: { code: '37161004', display: 'Rectal route' },
  vaginal: { code: '16857009', display: 'Vaginal route' },
  transdermal: { code: '45890007', display: 'Transdermal route' },
  intravenous: { code: '47625008', display: 'Intravenous route' },
  intramuscular: { code: '78421000', display: 'Intramuscular route' },
  subcutaneous: { code: '34206005', display: 'Subcutaneous route' },
} as const;
export type MedicationRoute = keyof typeof MEDICATION_ROUTES;
export const MEDICATION_ROUTE_NAMES = Object.keys(MEDICATION_ROUTES) as [
  MedicationRoute,
  ...MedicationRoute[],
];

/**
 * How often a dose is taken, as FHIR's Timing repeats it (`times` a `period` of `unit`s); `as
 * needed` has no schedule (asNeeded), `once` is a single dose, `at_bedtime` daily at HS.
 */
export const MEDICATION_FREQUENCIES = {
  once_daily: { times: 1, period: 1, unit: 'd' },
  twice_daily: { times: 2, period: 1, unit: 'd' },
  three_times_daily: { times: 3, period: 1, unit: 'd' },
  four_times_daily: { times: 4, period: 1, unit: 'd' },
  every_4_hours: { times: 1, period: 4, unit: 'h' },
  every_6_hours: { times: 1, period: 6, unit: 'h' },
  every_8_hours: { times: 1, period: 8, unit: 'h' },
  every_12_hours: { times: 1, period: 12, unit: 'h' },
  at_bedtime: { times: 1, period: 1, unit: 'd' },
  once: { times: 1, period: 1, unit: 'd' },
  as_needed: null,
} as const;
export type MedicationFrequency = keyof typeof MEDICATION_FREQUENCIES;
export const MEDICATION_FREQUENCY_NAMES = Object.keys(MEDICATION_FREQUENCIES) as [
  MedicationFrequency,
  ...MedicationFrequency[],
];

/** The units a dose is counted out in, so that the quantity to dispense is a count of them. */
export const COUNTED_DOSE_UNITS: readonly DoseUnit[] = ['tablet', 'capsule', 'sachet', 'patch'];

/** How many doses a frequency gives in one day; null when it has no schedule or is one dose. */
export function dosesPerDay(frequency: MedicationFrequency): number | null {
  const timing = MEDICATION_FREQUENCIES[frequency];
  if (timing === null || frequency === 'once') return null;
  return timing.unit === 'd' ? timing.times / timing.period : (timing.times * 24) / timing.period;
}

/**
 * The quantity to dispense that a prescription's schedule adds up to, for a dose counted out in
 * tablets, capsules, sachets or patches: the dose times the doses a day times the days (a single
 * dose: the dose). Null when it cannot be counted (a dose in mg or mL, as needed, a value not
 * yet a positive number): the prescriber types it. A suggestion only; the prescriber may change it.
 */
export function suggestedQuantity(prescription: {
  dose: number;
  unit: string;
  frequency: string;
  duration_days: number;
}): number | null {
  const { dose, unit, frequency, duration_days: days } = prescription;
  if (!COUNTED_DOSE_UNITS.includes(unit as DoseUnit)) return null;
  if (!(frequency in MEDICATION_FREQUENCIES)) return null;
  if (!(dose > 0) || !Number.isFinite(dose)) return null;
  if (frequency === 'once') return dose;
  const perDay = dosesPerDay(frequency as MedicationFrequency);
  if (perDay === null || !Number.isInteger(days) || days < 1) return null;
  const total = Math.ceil(dose * perDay * days * 1000) / 1000;
  return total <= QUANTITY_MAX ? total : null;
}

/** A prescription's states: active, stopped (with a reason), completed (its days are over). */
export const MEDICATION_STATUSES = ['active', 'stopped', 'completed'] as const;
export type MedicationStatus = (typeof MEDICATION_STATUSES)[number];

/** The bounds of a prescription's numbers and texts. */
export const DOSE_MAX = 100_000;
export const DURATION_DAYS_MAX = 365;
export const QUANTITY_MAX = 100_000;
export const INSTRUCTIONS_MAX = 1000;
export const MEDICATION_REASON_MAX = 500;

export const DOSE_MESSAGE = `Enter a dose above 0 and at most ${DOSE_MAX}, to three decimals`;
export const DURATION_DAYS_MESSAGE = `Enter a whole number of days from 1 to ${DURATION_DAYS_MAX}`;
export const QUANTITY_MESSAGE = `Enter a quantity above 0 and at most ${QUANTITY_MAX}, to three decimals`;
export const DOSE_UNIT_MESSAGE = 'Choose a unit from the list';
export const MEDICATION_ROUTE_MESSAGE = 'Choose a route from the list';
export const MEDICATION_FREQUENCY_MESSAGE = 'Choose a frequency from the list';
/** The 409s of a prescription (the field is `allergy` or `duplicate_therapy`). */
export const MEDICATION_ALLERGY_MESSAGE =
  'The patient has a recorded allergy to this drug or its class; give an override reason to prescribe it anyway';
export const MEDICATION_DUPLICATE_MESSAGE =
  'The patient already takes this ingredient or a drug of the same class; give an override reason to prescribe it anyway';
export const MEDICATION_NOT_ACTIVE_MESSAGE = 'This prescription is no longer active';

/** A positive amount from 0.001 up to `max`, to three decimals (a number, or a number's text as forms hold). */
function amountSchema(max: number, message: string) {
  return z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: message })
      .refine((n) => Number.isFinite(n) && n >= 0.001 && n <= max, { error: message, abort: true })
      .refine((n) => Math.abs(Math.round(n * 1000) - n * 1000) < 1e-6, { error: message }),
  );
}

/**
 * POST /patient/{patient_id}/medications: a drug of the catalogue (`rxn:723`, a substance of
 * kind drug), how it is taken and for how long, how much is dispensed, what the patient reads,
 * and, to go past an allergy or a duplicate therapy, why.
 */
export const prescribeRequestSchema = z.object({
  drug_id: catalogueIdSchema,
  dose: amountSchema(DOSE_MAX, DOSE_MESSAGE),
  unit: z.enum(DOSE_UNIT_NAMES, { error: DOSE_UNIT_MESSAGE }),
  route: z.enum(MEDICATION_ROUTE_NAMES, { error: MEDICATION_ROUTE_MESSAGE }),
  frequency: z.enum(MEDICATION_FREQUENCY_NAMES, { error: MEDICATION_FREQUENCY_MESSAGE }),
  duration_days: z.preprocess(
    (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
    z
      .number({ error: DURATION_DAYS_MESSAGE })
      .int({ error: DURATION_DAYS_MESSAGE })
      .min(1, { error: DURATION_DAYS_MESSAGE })
      .max(DURATION_DAYS_MAX, { error: DURATION_DAYS_MESSAGE }),
  ),
  quantity: amountSchema(QUANTITY_MAX, QUANTITY_MESSAGE),
  instructions: textSchema({ max: INSTRUCTIONS_MAX, multiline: true, required: true }),
  override_reason: emptyAsAbsent(textSchema({ max: MEDICATION_REASON_MAX, multiline: true })),
});

/** POST …/medications/{medication_id}/stop: why the prescription is stopped. */
export const stopMedicationRequestSchema = z.object({
  reason: textSchema({ max: MEDICATION_REASON_MAX, multiline: true, required: true }),
});

/** A prescription's id as the API gives it out (a UUID). */
export const medicationIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.uuid({ error: 'The prescription ID is not one this API gave out' }));

/** `{patient_id}` and `{medication_id}` in a path. */
export const medicationParamsSchema = z.object({
  patient_id: patientIdSchema,
  medication_id: medicationIdSchema,
});

/** One prescription as the calls answer it. */
export const medicationSchema = z.object({
  id: z.string(),
  drug_id: z.string(),
  name: z.string(),
  name_th: z.string().nullable(),
  codes: z.array(catalogueCodeSchema),
  dose: z.number(),
  unit: z.enum(DOSE_UNIT_NAMES),
  route: z.enum(MEDICATION_ROUTE_NAMES),
  frequency: z.enum(MEDICATION_FREQUENCY_NAMES),
  duration_days: z.number().int(),
  quantity: z.number(),
  instructions: z.string(),
  status: z.enum(MEDICATION_STATUSES),
  /** Who stopped it, when and why; null unless stopped. */
  stopped: z
    .object({ reason: z.string(), by: staffRefSchema.nullable(), at: z.string() })
    .nullable(),
  /** Why an allergy or a duplicate therapy was overridden; null when none was. */
  override_reason: z.string().nullable(),
  prescribed_by: staffRefSchema.nullable(),
  created_at: z.string(),
  /** When its days are over (it is then completed unless stopped before). */
  ends_at: z.string(),
  /**
   * The patient's active allergies that cover the drug now: those overridden when it was
   * prescribed and any recorded since (the chart shows the conflict).
   */
  allergy_conflicts: z.array(medicationAllergyConflictSchema),
});

/** GET /patient/{patient_id}/medications: every prescription, newest first. */
export const medicationListSchema = z.array(medicationSchema);

/**
 * GET /profile/medications: the signed-in patient's current (active) medications with their
 * instructions, newest first.
 */
export const myMedicationListSchema = medicationListSchema;

export type PrescribeRequest = z.input<typeof prescribeRequestSchema>;
export type StopMedicationRequest = z.input<typeof stopMedicationRequestSchema>;
export type Medication = z.infer<typeof medicationSchema>;
export type PrescriptionConflicts = z.infer<typeof prescriptionConflictsSchema>;
