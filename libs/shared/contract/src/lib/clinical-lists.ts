import { z } from 'zod';
import { ALLERGY_REACTION_MAX } from './appointment-rules';
import { catalogueCodeSchema, SUBSTANCE_KINDS } from './catalogues';
import { allergySeveritySchema, staffRefSchema } from './patients';
import {
  emptyAsNull,
  nonBlankText,
  patientIdSchema,
  plausibleDateSchema,
  textSchema,
} from './rules';

/*
 * The problem list and the allergy list (docs/api.md, "Problems and allergies"): coded from the
 * catalogues, resolved or corrected (entered-in-error, with a reason), never deleted; and the
 * allergy list's three states: not yet asked, no known allergies (who and when), or a list.
 */

/** A condition's clinical status (FHIR's condition-clinical codes the portal uses). */
export const CONDITION_CLINICAL_STATUSES = [
  'active',
  'recurrence',
  'inactive',
  'resolved',
] as const;
/** A condition's verification (FHIR's condition-ver-status codes the portal uses). */
export const CONDITION_VERIFICATION_STATUSES = [
  'confirmed',
  'provisional',
  'entered-in-error',
] as const;
/** An allergy's clinical status (FHIR's allergyintolerance-clinical). */
export const ALLERGY_CLINICAL_STATUSES = ['active', 'inactive', 'resolved'] as const;
/** An allergy's verification (FHIR's allergyintolerance-verification the portal uses). */
export const ALLERGY_VERIFICATION_STATUSES = [
  'confirmed',
  'unconfirmed',
  'entered-in-error',
] as const;
/** An allergy's criticality (FHIR's allergy-intolerance-criticality). */
export const ALLERGY_CRITICALITIES = ['low', 'high', 'unable-to-assess'] as const;
/** The allergy list's three states. */
export const ALLERGY_STATES = ['not_asked', 'no_known', 'listed'] as const;

export type ConditionClinicalStatus = (typeof CONDITION_CLINICAL_STATUSES)[number];
export type ConditionVerificationStatus = (typeof CONDITION_VERIFICATION_STATUSES)[number];
export type AllergyClinicalStatus = (typeof ALLERGY_CLINICAL_STATUSES)[number];
export type AllergyVerificationStatus = (typeof ALLERGY_VERIFICATION_STATUSES)[number];
export type AllergyCriticality = (typeof ALLERGY_CRITICALITIES)[number];
export type AllergyState = (typeof ALLERGY_STATES)[number];

/** The longest note on a condition and the longest correction reason. */
export const CONDITION_NOTE_MAX = 2000;
export const ERROR_REASON_MAX = 500;

/** The words of the rules below (contract.json holds them in both languages). */
export const CATALOGUE_ID_MESSAGE = 'Choose an entry of the catalogue';
export const ERROR_REASON_REQUIRED_MESSAGE = 'Say why the entry was entered in error';
export const NOTHING_TO_CHANGE_MESSAGE = 'Send at least one field to change';
export const CONDITION_STATUS_MESSAGE = 'Choose active, recurrence, inactive or resolved';
export const CONDITION_VERIFICATION_MESSAGE = 'Choose confirmed, provisional or entered-in-error';
export const NEW_CONDITION_VERIFICATION_MESSAGE = 'Choose confirmed or provisional';
export const ALLERGY_STATUS_MESSAGE = 'Choose active, inactive or resolved';
export const ALLERGY_VERIFICATION_MESSAGE = 'Choose confirmed, unconfirmed or entered-in-error';
export const CRITICALITY_MESSAGE = 'Choose low, high or unable-to-assess';

/** A catalogue entry's id, as the catalogue calls answer it. */
export const catalogueIdSchema = nonBlankText()
  .max(64)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._:-]*$/, { error: CATALOGUE_ID_MESSAGE });

/** An entry's id in a path: a UUID this API gave out. */
export const listEntryIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.uuid({ error: 'The entry ID is not one this API gave out' }));

/** `{patient_id}` and `{entry_id}` in a path. */
export const listEntryParamsSchema = z.object({
  patient_id: patientIdSchema,
  entry_id: listEntryIdSchema,
});

const onsetDateSchema = emptyAsNull(plausibleDateSchema('onset')).optional();
const errorReasonSchema = emptyAsNull(textSchema({ max: ERROR_REASON_MAX, multiline: true }));
const conditionStatusSchema = z.enum(CONDITION_CLINICAL_STATUSES, {
  error: CONDITION_STATUS_MESSAGE,
});
const allergyStatusSchema = z.enum(ALLERGY_CLINICAL_STATUSES, { error: ALLERGY_STATUS_MESSAGE });
const criticalitySchema = z.enum(ALLERGY_CRITICALITIES, { error: CRITICALITY_MESSAGE });
const reactionSchema = emptyAsNull(textSchema({ max: ALLERGY_REACTION_MAX }));

/** An entered-in-error verification needs its reason. */
function reasonForError(
  body: { verification_status?: string | undefined; error_reason?: string | null | undefined },
  ctx: z.RefinementCtx,
) {
  if (body.verification_status === 'entered-in-error' && !body.error_reason)
    ctx.addIssue({
      code: 'custom',
      path: ['error_reason'],
      message: ERROR_REASON_REQUIRED_MESSAGE,
    });
}

/** A patch changes something. */
function somethingToChange(body: Record<string, unknown>, ctx: z.RefinementCtx) {
  if (Object.values(body).every((value) => value === undefined))
    ctx.addIssue({ code: 'custom', path: [], message: NOTHING_TO_CHANGE_MESSAGE });
}

/**
 * POST /patient/{patient_id}/conditions: a condition from the catalogue; active and confirmed
 * unless said otherwise (a new entry is not entered in error).
 */
export const addConditionRequestSchema = z.object({
  condition_id: catalogueIdSchema,
  onset_date: onsetDateSchema,
  clinical_status: conditionStatusSchema.optional(),
  verification_status: z
    .enum(['confirmed', 'provisional'], { error: NEW_CONDITION_VERIFICATION_MESSAGE })
    .optional(),
  note: emptyAsNull(textSchema({ max: CONDITION_NOTE_MAX, multiline: true })).optional(),
});

/**
 * PATCH /patient/{patient_id}/conditions/{entry_id}: resolve (clinical_status), correct
 * (verification_status entered-in-error with error_reason) or amend onset and note. The code
 * stays: a wrong code is entered in error and the right one added.
 */
export const patchConditionRequestSchema = z
  .object({
    onset_date: onsetDateSchema,
    clinical_status: conditionStatusSchema.optional(),
    verification_status: z
      .enum(CONDITION_VERIFICATION_STATUSES, { error: CONDITION_VERIFICATION_MESSAGE })
      .optional(),
    error_reason: errorReasonSchema.optional(),
    note: emptyAsNull(textSchema({ max: CONDITION_NOTE_MAX, multiline: true })).optional(),
  })
  .superRefine(somethingToChange)
  .superRefine(reasonForError);

/** POST /patient/{patient_id}/allergies: an allergy to a catalogue substance. */
export const addAllergyRequestSchema = z.object({
  substance_id: catalogueIdSchema,
  reaction: reactionSchema.optional(),
  severity: emptyAsNull(allergySeveritySchema).optional(),
  criticality: emptyAsNull(criticalitySchema).optional(),
  onset_date: onsetDateSchema,
});

/** PATCH /patient/{patient_id}/allergies/{entry_id}: resolve, correct or amend an allergy. */
export const patchAllergyRequestSchema = z
  .object({
    reaction: reactionSchema.optional(),
    severity: emptyAsNull(allergySeveritySchema).optional(),
    criticality: emptyAsNull(criticalitySchema).optional(),
    onset_date: onsetDateSchema,
    clinical_status: allergyStatusSchema.optional(),
    verification_status: z
      .enum(ALLERGY_VERIFICATION_STATUSES, { error: ALLERGY_VERIFICATION_MESSAGE })
      .optional(),
    error_reason: errorReasonSchema.optional(),
  })
  .superRefine(somethingToChange)
  .superRefine(reasonForError);

/** POST /patient/{patient_id}/allergies/none: "no known allergies", asked now; no fields. */
export const noKnownAllergiesRequestSchema = z.object({}).strict();

/** What each list entry answers of its catalogue entry. */
const catalogueFields = {
  name: z.string(),
  name_th: z.string().nullable(),
  codes: z.array(catalogueCodeSchema),
};

/** Who recorded and last changed an entry, and when (ISO 8601 instants). */
const authorship = {
  recorded_by: staffRefSchema.nullable(),
  recorded_at: z.string(),
  changed_by: staffRefSchema.nullable(),
  changed_at: z.string(),
};

/** One earlier state of an entry: its fields then, who made it so and when. */
const historyItem = <T extends z.ZodRawShape>(fields: T) =>
  z.object({ ...fields, changed_by: staffRefSchema.nullable(), changed_at: z.string() });

const conditionState = {
  onset_date: z.string().nullable(),
  clinical_status: z.enum(CONDITION_CLINICAL_STATUSES),
  verification_status: z.enum(CONDITION_VERIFICATION_STATUSES),
  error_reason: z.string().nullable(),
  note: z.string().nullable(),
};

/** One condition as the calls answer it: its own id, its catalogue entry, its history. */
export const conditionSchema = z.object({
  id: z.string(),
  condition_id: z.string(),
  ...catalogueFields,
  ...conditionState,
  ...authorship,
  history: z.array(historyItem(conditionState)),
});

/** GET /patient/{patient_id}/conditions: every condition, entered in error included. */
export const conditionListSchema = z.array(conditionSchema);

const allergyStateFields = {
  reaction: z.string().nullable(),
  severity: allergySeveritySchema.nullable(),
  criticality: z.enum(ALLERGY_CRITICALITIES).nullable(),
  onset_date: z.string().nullable(),
  clinical_status: z.enum(ALLERGY_CLINICAL_STATUSES),
  verification_status: z.enum(ALLERGY_VERIFICATION_STATUSES),
  error_reason: z.string().nullable(),
};

/** One allergy as the calls answer it; `kind` is its substance's (drug, class, food…). */
export const allergySchema = z.object({
  id: z.string(),
  substance_id: z.string(),
  kind: z.enum(SUBSTANCE_KINDS),
  /** The spec's drug id the substance stands for (R003), which the record's list names. */
  seed_code: z.string().nullable(),
  ...catalogueFields,
  ...allergyStateFields,
  ...authorship,
  history: z.array(historyItem(allergyStateFields)),
});

/**
 * GET /patient/{patient_id}/allergies (and the answer of every allergy write): the state,
 * who recorded "no known allergies" and when (null otherwise), and every allergy.
 */
export const allergyListSchema = z.object({
  state: z.enum(ALLERGY_STATES),
  no_known_allergies: z
    .object({ recorded_by: staffRefSchema.nullable(), recorded_at: z.string() })
    .nullable(),
  allergies: z.array(allergySchema),
});

export type AddConditionRequest = z.input<typeof addConditionRequestSchema>;
export type PatchConditionRequest = z.input<typeof patchConditionRequestSchema>;
export type AddAllergyRequest = z.input<typeof addAllergyRequestSchema>;
export type PatchAllergyRequest = z.input<typeof patchAllergyRequestSchema>;
export type Condition = z.infer<typeof conditionSchema>;
export type Allergy = z.infer<typeof allergySchema>;
export type AllergyList = z.infer<typeof allergyListSchema>;
