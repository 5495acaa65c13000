import { z } from 'zod';
import { DISEASE_IDS, DRUG_IDS } from '@portal/reference-data';
import {
  ageSchema,
  bloodTypeSchema,
  emailSchema,
  emptyAsAbsent,
  zeroOrEmptyAsAbsent,
  emptyAsNull,
  genderSchema,
  idCardNumberSchema,
  AGE_TOLERANCE_YEARS,
  ageOn,
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

/** The drug-allergy list of a patient, as `[{drug_id}]`. */
export const drugAllergyListSchema = z
  .array(z.object({ drug_id: drugIdSchema }))
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
 * empty field is left as it is; a disease or allergy list that is sent replaces the old one.
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
  patient_chronic_disease: chronicDiseaseListSchema.optional(),
  patient_drug_allergy: drugAllergyListSchema.optional(),
});

/** POST /patient/add-patient-appointment. */
export const addAppointmentRequestSchema = z.object({
  patient_id: patientIdSchema,
  time: timeSchema,
  date: appointmentDateSchema,
  topic: emptyAsNull(longText(false)),
});

/** POST /patient/add-patient-history. */
export const addHistoryRequestSchema = z.object({
  patient_id: patientIdSchema,
  time: timeSchema,
  date: historyDateSchema,
  detail: emptyAsNull(longText(false)),
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

/** The latest appointment; `date` and `time` are empty strings when there is none. */
export const latestAppointmentSchema = z.object({
  date: z.string(),
  time: z.string(),
  topic: z.string().nullable(),
});

/**
 * One medical-history entry as answered: `details`, the spec's name for it in a record (§3);
 * the add-history request names the same text `detail` (§7).
 */
export const historyEntrySchema = z.object({
  date: z.string(),
  time: z.string(),
  details: z.string().nullable(),
});

/** GET /patient/{id}, and each item of the patient lists. */
export const patientRecordSchema = z.object({
  patient: patientSchema,
  patient_appointment: latestAppointmentSchema,
  patient_drug_allergy: z.array(z.object({ drug_id: z.string() })),
  patient_chronic_disease: z.array(z.object({ disease_id: z.string() })),
  medical_history: z.array(historyEntrySchema),
  /** Whether an account has been registered for this patient. */
  registered: z.boolean(),
});

/** GET /patient and POST /patient/search-patient. */
export const patientListSchema = z.array(patientRecordSchema);

/** The answer to add-patient: the new id and the code to hand to the patient. */
export const addPatientResponseSchema = activationCodeResponseSchema.extend({
  patient_id: z.string(),
});

/** The answer to add-patient-appointment, naming the patient so the form can confirm it. */
export const appointmentResponseSchema = z.object({
  patient_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date: z.string(),
  time: z.string(),
  topic: z.string().nullable(),
});

/** The answer to add-patient-history, naming the patient so the form can confirm it. */
export const historyResponseSchema = z.object({
  patient_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  date: z.string(),
  time: z.string(),
  detail: z.string().nullable(),
});

/** `{patient_id}` in a path. */
export const patientIdParamsSchema = z.object({ patient_id: patientIdSchema });

export type PatientFields = z.infer<typeof patientFieldsSchema>;
export type AddPatientRequest = z.input<typeof addPatientRequestSchema>;
export type UpdatePatientRequest = z.input<typeof updatePatientRequestSchema>;
export type AddAppointmentRequest = z.input<typeof addAppointmentRequestSchema>;
export type AddHistoryRequest = z.input<typeof addHistoryRequestSchema>;
export type SearchPatientRequest = z.input<typeof searchPatientRequestSchema>;
export type Patient = z.infer<typeof patientSchema>;
export type PatientRecord = z.infer<typeof patientRecordSchema>;
export type AddPatientResponse = z.infer<typeof addPatientResponseSchema>;
export type AppointmentResponse = z.infer<typeof appointmentResponseSchema>;
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
