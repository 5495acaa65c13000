import { z } from 'zod';
import { DISEASE_IDS, DRUG_IDS } from '@portal/reference-data';
import {
  ageSchema,
  bloodTypeSchema,
  emailSchema,
  emptyAsAbsent,
  emptyListAsAbsent,
  zeroOrEmptyAsAbsent,
  emptyAsNull,
  genderSchema,
  idCardNumberSchema,
  AGE_TOLERANCE_YEARS,
  ageOn,
  employeeIdSchema,
  patientIdSchema,
  personNameSchema,
  phoneSchema,
  plausibleDateSchema,
  searchCriterionSchema,
  textSchema,
  timeSchema,
  todayUtc,
  yesNoSchema,
} from './rules';
import { activationCodeResponseSchema } from './auth';
import {
  ALLERGY_REACTION_MAX,
  ALLERGY_SEVERITIES,
  APPOINTMENT_MINUTES_MAX,
  APPOINTMENT_MINUTES_MIN,
  APPOINTMENT_STATUSES,
  APPOINTMENT_WARNING_CODES,
  PATIENT_LIST_VIEWS,
} from './appointment-rules';
import { pageQuerySchema } from './paging';

/** Longest free-text answer (treatment, habits, address, topics, history details). */
export const LONG_TEXT_MAX = 2000;

const diseaseIdSchema = z.enum(DISEASE_IDS, { error: 'Choose a disease from the catalogue' });
const drugIdSchema = z.enum(DRUG_IDS, { error: 'Choose a drug from the catalogue' });

/** Rejects a list that names the same catalogue entry twice. */
function uniqueBy<T>(key: (item: T) => string, what: string) {
  return (items: T[], ctx: z.core.$RefinementCtx<T[]>) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      const k = key(item);
      if (seen.has(k))
        ctx.addIssue({ code: 'custom', path: [index], message: `${what} ${k} is listed twice` });
      seen.add(k);
    });
  };
}

/** The chronic-disease list of a patient, as `[{disease_id}]`. */
export const chronicDiseaseListSchema = z
  .array(z.object({ disease_id: diseaseIdSchema }))
  .max(DISEASE_IDS.length)
  .superRefine(uniqueBy((d) => d.disease_id, 'Disease'));

/** An allergy's severity: mild, moderate or severe. */
export const allergySeveritySchema = z.enum(ALLERGY_SEVERITIES, {
  error: 'Choose mild, moderate or severe',
});

/**
 * One drug allergy as the add and update calls take it: the spec's `{drug_id}`, and beside it
 * the reaction (one line) and severity, each optional (absent or blank: not known, null).
 */
export const drugAllergySchema = z.object({
  drug_id: drugIdSchema,
  // Absent when not given, so that a form parsed with this schema sends the spec's {drug_id}.
  reaction: emptyAsAbsent(textSchema({ max: ALLERGY_REACTION_MAX })),
  severity: emptyAsAbsent(allergySeveritySchema),
});

/** The drug-allergy list of a patient, as `[{drug_id, reaction?, severity?}]`. */
export const drugAllergyListSchema = z
  .array(drugAllergySchema)
  .max(DRUG_IDS.length)
  .superRefine(uniqueBy((d) => d.drug_id, 'Drug'));

/** Free text over several lines (treatment, habits, address, topic, history detail). */
function longText(required: boolean) {
  return textSchema({ max: LONG_TEXT_MAX, multiline: true, required });
}

/** A date of birth: a real date, not in the future, not before 1900. */
export const dateOfBirthSchema = plausibleDateSchema('birth');
/** An appointment's date: from 1900 to ten years ahead. */
export const appointmentDateSchema = plausibleDateSchema('appointment');
/** A medical-history entry's date: from 1900 to today, not in the future. */
export const historyDateSchema = plausibleDateSchema('history');

/**
 * Whether a patient's age agrees with their date of birth: within a year of the whole years
 * from the date of birth to today (UTC). Applies to a whole patient: the add call's body, or
 * the stored record merged with an edit (the server checks that, as the edit sends only what
 * changed). Returns the field errors, on `age`, if any.
 */
export function checkPatientAge(
  p: { age: number; date_of_birth: string },
  today: string = todayUtc(),
): { field: string; message: string }[] {
  // A birth "today" east of Greenwich can be tomorrow in UTC: that is age 0, not -1.
  const expected = Math.max(0, ageOn(p.date_of_birth, today));
  if (Math.abs(p.age - expected) <= AGE_TOLERANCE_YEARS) return [];
  return [
    {
      field: 'age',
      message: `Age does not match the date of birth, which gives ${expected}`,
    },
  ];
}

/** Adds the age rule's issues to a parse of a whole patient. */
function refineAge(p: { age: number; date_of_birth: string }, ctx: z.core.$RefinementCtx<unknown>) {
  for (const { field, message } of checkPatientAge(p))
    ctx.addIssue({ code: 'custom', path: [field], message });
}

/** The fields of a patient record as the add form sends them. */
export const patientFieldsSchema = z
  .object({
    patient_id: patientIdSchema,
    first_name: personNameSchema,
    last_name: personNameSchema,
    age: ageSchema,
    date_of_birth: dateOfBirthSchema,
    gender: genderSchema,
    blood_type: emptyAsNull(bloodTypeSchema),
    email: emailSchema,
    health_insurance: yesNoSchema,
    address: emptyAsNull(longText(false)),
    phone_number: phoneSchema,
    id_card_number: idCardNumberSchema,
    ongoing_treatment: longText(true),
    unhealthy_habits: longText(true),
  })
  .superRefine(refineAge);

/** POST /patient/add-patient. */
export const addPatientRequestSchema = z.object({
  patient: patientFieldsSchema,
  patient_chronic_disease: chronicDiseaseListSchema.default([]),
  patient_drug_allergy: drugAllergyListSchema.default([]),
});

/**
 * PUT /patient/update-patient: the same shape with nothing required but the id. An absent or
 * empty field is left as it is; a non-empty disease or allergy list replaces the old one, an
 * empty one is left as it is (PATCH /patient/{id}, {@link patientMergePatchSchema}, clears it).
 * Whether a new age or date of birth agrees with the other can only be known with the stored
 * record, so the server checks it with {@link checkPatientAge} (an edit of other fields of a
 * record whose age has grown stale is not held up by it).
 */
export const updatePatientRequestSchema = z.object({
  patient: z.object({
    patient_id: patientIdSchema,
    first_name: emptyAsAbsent(personNameSchema),
    last_name: emptyAsAbsent(personNameSchema),
    age: zeroOrEmptyAsAbsent(ageSchema),
    date_of_birth: emptyAsAbsent(dateOfBirthSchema),
    gender: emptyAsAbsent(genderSchema),
    blood_type: emptyAsAbsent(bloodTypeSchema),
    email: emptyAsAbsent(emailSchema),
    health_insurance: emptyAsAbsent(yesNoSchema),
    address: emptyAsAbsent(longText(false)),
    phone_number: emptyAsAbsent(phoneSchema),
    id_card_number: emptyAsAbsent(idCardNumberSchema),
    ongoing_treatment: emptyAsAbsent(longText(true)),
    unhealthy_habits: emptyAsAbsent(longText(true)),
  }),
  patient_chronic_disease: emptyListAsAbsent(chronicDiseaseListSchema),
  patient_drug_allergy: emptyListAsAbsent(drugAllergyListSchema),
});

/** The patient fields a merge patch may hold, and the members of a record it may not. */
const READ_ONLY_RECORD_MEMBERS = ['patient_appointment', 'medical_history', 'registered'];

/** Refuses, by name, the members of an object that `allowed` does not list. */
function onlyMembers(allowed: readonly string[], why: (key: string) => string) {
  return (value: Record<string, unknown>, ctx: z.core.$RefinementCtx<Record<string, unknown>>) => {
    for (const key of Object.keys(value)) {
      if (!allowed.includes(key)) ctx.addIssue({ code: 'custom', path: [key], message: why(key) });
    }
  };
}

const patchablePatientFields = {
  first_name: personNameSchema.optional(),
  last_name: personNameSchema.optional(),
  age: ageSchema.optional(),
  date_of_birth: dateOfBirthSchema.optional(),
  gender: genderSchema.optional(),
  // The two optional fields: null (or blank) removes them, as a merge patch's null does.
  blood_type: emptyAsNull(bloodTypeSchema).optional(),
  email: emailSchema.optional(),
  health_insurance: yesNoSchema.optional(),
  address: emptyAsNull(longText(false)).optional(),
  phone_number: phoneSchema.optional(),
  id_card_number: idCardNumberSchema.optional(),
  ongoing_treatment: longText(true).optional(),
  unhealthy_habits: longText(true).optional(),
};

/**
 * PATCH /patient/{patient_id}, a JSON Merge Patch (RFC 7396) of the record as GET answers it:
 * a member sent replaces the stored one, an absent one is left as it is, null removes it.
 * Unlike update-patient nothing is read as "unchanged": a list sent, even empty, replaces the
 * old one (null clears it too), and a blank or 0 is refused where the field is required. The
 * Patient ID (in the path) and the record's read-only members cannot be patched.
 */
export const patientMergePatchSchema = z
  .object({
    patient: z
      .object(patchablePatientFields)
      .loose()
      .superRefine(
        onlyMembers(Object.keys(patchablePatientFields), (key) =>
          key === 'patient_id'
            ? 'The Patient ID cannot be changed'
            : `${key} is not a field of a patient`,
        ),
      )
      .optional(),
    patient_chronic_disease: chronicDiseaseListSchema.nullable().optional(),
    patient_drug_allergy: drugAllergyListSchema.nullable().optional(),
  })
  .loose()
  .superRefine(
    onlyMembers(['patient', 'patient_chronic_disease', 'patient_drug_allergy'], (key) =>
      READ_ONLY_RECORD_MEMBERS.includes(key)
        ? `${key} cannot be changed by a patch`
        : `${key} is not a member of a patient record`,
    ),
  );

/** An appointment's length in whole minutes (a numeric string is accepted, as forms hold). */
export const appointmentMinutesSchema = z.preprocess(
  (v) => (typeof v === 'string' && /^\s*\d+\s*$/.test(v) ? Number(v) : v),
  z
    .int({ error: 'Length must be a whole number of minutes' })
    .min(APPOINTMENT_MINUTES_MIN, {
      error: `Length must be at least ${APPOINTMENT_MINUTES_MIN} minutes`,
    })
    .max(APPOINTMENT_MINUTES_MAX, {
      error: `Length must be at most ${APPOINTMENT_MINUTES_MAX} minutes`,
    }),
);

/**
 * What a booking adds beside the spec's four fields: the clinician (an active employee whose
 * position has the clinical role; the server checks that, 400 on `clinician_id`) and the length.
 */
export const bookingFields = {
  clinician_id: emptyAsAbsent(employeeIdSchema),
  // Absent stays absent (the server books DEFAULT_APPOINTMENT_MINUTES), so that a form parsed
  // with this schema sends the spec's four fields when no length was chosen.
  duration_minutes: z.preprocess(
    (v) => (v === null || v === '' ? undefined : v),
    appointmentMinutesSchema.optional(),
  ),
  /**
   * Book even though the patient or the clinician has another booked appointment then (the
   * server refuses such a booking with 409 otherwise, docs/api.md).
   */
  allow_overlap: z.boolean().optional(),
};

/**
 * POST /patient/add-patient-appointment: the spec's four fields; optionally a clinician and a
 * length (absent: DEFAULT_APPOINTMENT_MINUTES, 15). The author and time are the session's (recorded_by, recorded_at):
 * a body that names them has them ignored, as any field the schema does not know.
 */
export const addAppointmentRequestSchema = z.object({
  patient_id: patientIdSchema,
  time: timeSchema,
  date: appointmentDateSchema,
  topic: emptyAsNull(longText(false)),
  ...bookingFields,
});

/**
 * POST /patient/add-patient-history. The author and time are the session's: a body that names
 * them (`recorded_by`, `recorded_at`) has them ignored, as any field the schema does not know.
 */
export const addHistoryRequestSchema = z.object({
  patient_id: patientIdSchema,
  time: timeSchema,
  date: historyDateSchema,
  detail: emptyAsNull(longText(false)),
});

/** Who wrote an entry: a staff member, as the answers name them. */
export const staffRefSchema = z.object({
  employee_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

/** A person by name only (what a patient reads of the clinician they will see). */
export const personRefSchema = z.object({
  first_name: z.string(),
  last_name: z.string(),
});

/**
 * Who wrote an entry and when (an ISO 8601 instant); both null on entries written before the
 * portal recorded them. Optional in the answer types of the spec's shapes, so that a record
 * built without them (an older fixture) still reads; the API always sends them.
 */
export const authorshipFields = {
  recorded_by: staffRefSchema.nullish(),
  recorded_at: z.string().nullish(),
};

/** An appointment's status. */
export const appointmentStatusSchema = z.enum(APPOINTMENT_STATUSES);

/** A warning on a write that went through: e.g. the clinician is already booked then. */
export const appointmentWarningSchema = z.object({
  code: z.enum(APPOINTMENT_WARNING_CODES),
  message: z.string(),
  /** The field the warning is about (`clinician_id`). */
  field: z.string(),
});

/** POST /patient/search-patient: any non-empty criteria, ANDed; empty ones are ignored. */
export const searchPatientRequestSchema = z.object({
  patient_id: searchCriterionSchema(20),
  first_name: searchCriterionSchema(100),
  last_name: searchCriterionSchema(100),
});

/** A patient's own fields as the API answers them. */
export const patientSchema = z.object({
  patient_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  age: z.number().int(),
  date_of_birth: z.string(),
  gender: z.enum(['male', 'female']),
  blood_type: z.enum(['A', 'B', 'AB', 'O']).nullable(),
  email: z.string(),
  health_insurance: z.enum(['yes', 'no']),
  address: z.string().nullable(),
  phone_number: z.string(),
  id_card_number: z.string(),
  ongoing_treatment: z.string(),
  unhealthy_habits: z.string(),
});

/**
 * The "Latest Appointment": the next booked one from now, else the most recent past one that
 * was not cancelled; `date` and `time` are empty strings when there is none. Beside the spec's
 * three fields (optional, absent when there is none): its id, status, length, clinician, and who
 * booked it and when.
 */
export const latestAppointmentSchema = z.object({
  date: z.string(),
  time: z.string(),
  topic: z.string().nullable(),
  appointment_id: z.string().optional(),
  status: appointmentStatusSchema.optional(),
  duration_minutes: z.number().int().optional(),
  clinician: staffRefSchema.nullish(),
  ...authorshipFields,
});

/**
 * One medical-history entry as answered: `details`, the spec's name for it in a record (§3);
 * the add-history request names the same text `detail` (§7). Beside it, who wrote it and when.
 */
export const historyEntrySchema = z.object({
  date: z.string(),
  time: z.string(),
  details: z.string().nullable(),
  ...authorshipFields,
});

/** One drug allergy as answered: the spec's `{drug_id}`, with reaction and severity if known. */
export const drugAllergyAnswerSchema = z.object({
  drug_id: z.string(),
  reaction: z.string().nullish(),
  severity: allergySeveritySchema.nullish(),
});

/** GET /patient/{id}, and each item of the patient lists. */
export const patientRecordSchema = z.object({
  patient: patientSchema,
  patient_appointment: latestAppointmentSchema,
  patient_drug_allergy: z.array(drugAllergyAnswerSchema),
  patient_chronic_disease: z.array(z.object({ disease_id: z.string() })),
  medical_history: z.array(historyEntrySchema),
  /** Whether an account has been registered for this patient. */
  registered: z.boolean(),
});

/** GET /patient and POST /patient/search-patient (the spec's full shape). */
export const patientListSchema = z.array(patientRecordSchema);

/**
 * One patient as the list and search calls answer with `?view=summary`: what the list pages
 * show, no more (no contact details, no ID card, no history).
 */
export const patientSummarySchema = z.object({
  patient_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  age: z.number().int(),
  gender: z.enum(['male', 'female']),
  date_of_birth: z.string(),
  has_drug_allergies: z.boolean(),
});

/** GET /patient?view=summary and POST /patient/search-patient?view=summary. */
export const patientSummaryListSchema = z.array(patientSummarySchema);

/**
 * `?limit=&cursor=&view=` of the patient list and search calls: `view=summary` answers
 * summaries; `full` (or none) the spec's whole records.
 */
export const patientListQuerySchema = pageQuerySchema.extend({
  view: z.enum(PATIENT_LIST_VIEWS, { error: 'view is full or summary' }).optional(),
});

/** The answer to add-patient: the new id and the code to hand to the patient. */
export const addPatientResponseSchema = activationCodeResponseSchema.extend({
  patient_id: z.string(),
});

/**
 * The answer to add-patient-appointment, naming the patient so the form can confirm it; beside
 * the spec's fields, the stored appointment's id, length, status, clinician, author, and any
 * warnings (the clinician is already booked then: booked all the same).
 */
export const appointmentResponseSchema = z.object({
  patient_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date: z.string(),
  time: z.string(),
  topic: z.string().nullable(),
  appointment_id: z.string().optional(),
  duration_minutes: z.number().int().optional(),
  status: appointmentStatusSchema.optional(),
  clinician: staffRefSchema.nullish(),
  ...authorshipFields,
  warnings: z.array(appointmentWarningSchema).optional(),
});

/** The answer to add-patient-history, naming the patient so the form can confirm it. */
export const historyResponseSchema = z.object({
  patient_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date: z.string(),
  time: z.string(),
  detail: z.string().nullable(),
  ...authorshipFields,
});

/** `{patient_id}` in a path. */
export const patientIdParamsSchema = z.object({ patient_id: patientIdSchema });

export type PatientFields = z.infer<typeof patientFieldsSchema>;
export type AddPatientRequest = z.input<typeof addPatientRequestSchema>;
export type UpdatePatientRequest = z.input<typeof updatePatientRequestSchema>;
export type PatientMergePatch = z.input<typeof patientMergePatchSchema>;
export type AddAppointmentRequest = z.input<typeof addAppointmentRequestSchema>;
export type AddHistoryRequest = z.input<typeof addHistoryRequestSchema>;
export type SearchPatientRequest = z.input<typeof searchPatientRequestSchema>;
export type Patient = z.infer<typeof patientSchema>;
export type PatientRecord = z.infer<typeof patientRecordSchema>;
export type PatientSummary = z.infer<typeof patientSummarySchema>;
export type PatientListQuery = z.input<typeof patientListQuerySchema>;
export type StaffRef = z.infer<typeof staffRefSchema>;
export type PersonRef = z.infer<typeof personRefSchema>;
export type HistoryEntry = z.infer<typeof historyEntrySchema>;
export type DrugAllergy = z.infer<typeof drugAllergyAnswerSchema>;
export type LatestAppointment = z.infer<typeof latestAppointmentSchema>;
export type AppointmentWarning = z.infer<typeof appointmentWarningSchema>;
export type AddPatientResponse = z.infer<typeof addPatientResponseSchema>;
export type AppointmentResponse = z.infer<typeof appointmentResponseSchema>;
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
