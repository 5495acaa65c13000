import { z } from 'zod';
import { CLINICAL_ACTIONS } from './clinical-permissions';
import { SESSION_ENDED_BY_HOSPITAL, SESSION_SIGNED_OUT } from './messages';

/** One invalid field of a request. */
export const fieldErrorSchema = z.object({ field: z.string(), message: z.string() });

/**
 * A booked appointment a booking would overlap (a 409 of the add, reschedule and FHIR create):
 * which of the booking's fields clashes (`time`: the same patient's; `clinician_id`: the same
 * clinician's), and when it is. Nothing of another patient's: no topic, no name.
 */
export const appointmentClashSchema = z.object({
  field: z.enum(['time', 'clinician_id']),
  appointment_id: z.string(),
  date: z.string(),
  time: z.string(),
  duration_minutes: z.number().int(),
  clinician: z
    .object({ employee_id: z.string(), first_name: z.string(), last_name: z.string() })
    .nullable(),
});

/** An allergy a prescription meets: the allergy list's entry and its substance. */
export const medicationAllergyConflictSchema = z.object({
  /** The allergy's entry id (null for one of the seed's own drug allergies, which have none). */
  allergy_id: z.string().nullable(),
  substance_id: z.string(),
  name: z.string(),
});

/** An active prescription another one duplicates, and what they share (ingredient or class). */
export const medicationDuplicateSchema = z.object({
  medication_id: z.string(),
  drug_id: z.string(),
  name: z.string(),
  /** The shared catalogue id: the drug itself, or an ATC class both belong to. */
  shared: z.string(),
});

/**
 * What a prescription's 409 carries beside `errors` (field `allergy`, `duplicate_therapy` or
 * both): the allergies it meets and the active prescriptions it duplicates.
 */
export const prescriptionConflictsSchema = z.object({
  allergies: z.array(medicationAllergyConflictSchema),
  duplicates: z.array(medicationDuplicateSchema),
});

/** Every error the API answers: RFC 9457 problem details, with field errors on a 400. */
export const problemSchema = z.object({
  type: z.string(),
  title: z.string(),
  status: z.number().int(),
  detail: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
  /**
   * On a 401 only, and only to a correctly signed token of that session: `by_hospital` when the
   * hospital ended the session (access revoked, account disabled, role changed); `signed_out`
   * when it was revoked otherwise (a logout elsewhere, a new password, "sign out everywhere"),
   * so that the tab still showing it can say why. Absent when the token expired, the session
   * outlived its 12 hours, or the token is not valid.
   */
  session_ended: z.enum([SESSION_ENDED_BY_HOSPITAL, SESSION_SIGNED_OUT]).optional(),
  /** On a booking's 409: the booked appointments it would overlap. */
  clashes: z.array(appointmentClashSchema).optional(),
  /**
   * On a 503 of POST /login only: the proof of work that lets this login through while the
   * server is flooded with logins (login-challenge.ts, as text); send the login again with its
   * `proof`.
   */
  challenge: z.string().optional(),
  /** On a 403 only: the clinical action the caller's position does not allow. */
  action: z.enum(CLINICAL_ACTIONS).optional(),
  /** On a prescription's 409: the allergies it meets and the prescriptions it duplicates. */
  prescription_conflicts: prescriptionConflictsSchema.optional(),
});

/** The members a problem may carry beside the standard ones and the field errors. */
export type ProblemExtensions = Omit<Problem, 'type' | 'title' | 'status' | 'detail' | 'errors'>;

/** The media type of error answers. */
export const PROBLEM_CONTENT_TYPE = 'application/problem+json';

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type AppointmentClash = z.infer<typeof appointmentClashSchema>;
export type Problem = z.infer<typeof problemSchema>;

/**
 * What the portal's own client sends as `Accept`: JSON answers, and problems for failures (a
 * call of {@link MESSAGE_ERROR_ENDPOINTS} answers a bare message to a client that does not ask).
 */
export const PORTAL_ACCEPT = `application/json, ${PROBLEM_CONTENT_TYPE}`;

/**
 * Whether an `Accept` header asks for problem details by name (a wildcard does not: the spec's
 * client sends `application/json, text/plain, *\/*` and shows the failure's data as it is).
 */
export function asksForProblem(accept: string | undefined): boolean {
  if (!accept) return false;
  return accept.split(',').some((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const quality = params.find((p) => /^q\s*=/.test(p));
    return (
      type === PROBLEM_CONTENT_TYPE && (quality === undefined || Number(quality.split('=')[1]) > 0)
    );
  });
}
