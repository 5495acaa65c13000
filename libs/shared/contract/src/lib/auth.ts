import { z } from 'zod';
import { type Role, ROLES } from '@portal/reference-data';
import {
  activationCodeSchema,
  EMPLOYEE_ID_PATTERN,
  hasPasswordCharactersOnly,
  normaliseUsername,
  PASSWORD_CHARACTERS_MESSAGE,
  PASSWORD_MAX_LENGTH,
  passwordSchema,
  PATIENT_ID_PATTERN,
  textSchema,
  usernameSchema,
} from './rules';

/** A role as the API spells it. */
export const roleSchema = z.enum(ROLES, { error: 'Choose Patient, HR or Medical Personnel' });

/** The roles that register with an Employee ID. */
const STAFF_ROLES = ROLES.filter((role): role is Exclude<Role, 'patient'> => role !== 'patient');

/** What every registration sends besides its role and id. */
const registrationFields = {
  username: usernameSchema,
  password: passwordSchema,
  activation_code: activationCodeSchema,
};

/** A registration's id: the form of id its role registers with, upper-cased. */
const registrationId = (pattern: RegExp, message: string) =>
  textSchema({ max: 20 })
    .toUpperCase()
    .refine((id) => pattern.test(id), { error: message });

/**
 * POST /register: links a new account to an existing patient or employee record, once.
 * One branch per kind of id (patients register with a Patient ID, staff with an Employee ID), so
 * the id is checked as a field of its own and every field's problem comes in one answer: an
 * object-level refinement is skipped as soon as any field (a blank username, say) fails.
 */
export const registerRequestSchema = z.discriminatedUnion(
  'role',
  [
    z.object({
      ...registrationFields,
      role: z.literal('patient'),
      id: registrationId(PATIENT_ID_PATTERN, 'A patient registers with a Patient ID, as P001'),
    }),
    z.object({
      ...registrationFields,
      role: z.enum(STAFF_ROLES),
      id: registrationId(EMPLOYEE_ID_PATTERN, 'Staff register with an Employee ID, as E001'),
    }),
  ],
  { error: 'Choose Patient, HR or Medical Personnel' },
);

/** The answer to a successful registration. */
export const registerResponseSchema = z.object({
  username: z.string(),
  role: roleSchema,
  id: z.string(),
});

/**
 * A password the account has already (at login, and where a signed-in call asks for it again):
 * only bounded here (and holding no control character, which no password may); the policy
 * applies when it is chosen.
 */
export const currentPasswordSchema = z
  .string()
  .min(1, { error: 'Required' })
  .max(PASSWORD_MAX_LENGTH)
  .refine(hasPasswordCharactersOnly, { error: PASSWORD_CHARACTERS_MESSAGE });

/** POST /login. */
export const loginRequestSchema = z.object({
  // Any spelling is taken (a login never tells a format); what is looked up is its one form.
  username: textSchema({ max: 64, required: true }).overwrite(normaliseUsername),
  password: currentPasswordSchema,
  /**
   * A solved challenge (login-challenge.ts), sent only when the server asked for one (a 503 with
   * `challenge`): base64url text here (login-challenge.ts is not imported: it is loaded only
   * with the solver), read by the server with loginProofSchema.
   */
  proof: z
    .string()
    .regex(/^[\w-]{1,4000}$/, { error: 'Not a proof of work' })
    .optional(),
});

/**
 * The answer to login and to renewal: the token, and the role for clients that want it.
 * `mfa_setup_required` (login only, STAFF_MFA=required): the session reaches nothing but the
 * enrolment calls until a second factor is confirmed.
 */
export const tokenResponseSchema = z.object({
  token: z.string(),
  role: roleSchema,
  mfa_setup_required: z.boolean().optional(),
});

/**
 * GET /session: the session is open (a closed one answers 401, with `session_ended` saying
 * why); `ends_at` is its absolute end, beyond which no renewal goes.
 */
export const sessionStatusSchema = z.object({
  active: z.literal(true),
  ends_at: z.string(),
});
export type SessionStatus = z.infer<typeof sessionStatusSchema>;

/** GET /profile: who is signed in; patients get their patient_id, staff their employee_id. */
export const profileResponseSchema = z.object({
  username: z.string(),
  role: roleSchema,
  patient_id: z.string().nullable(),
  employee_id: z.string().nullable(),
});

/** A freshly issued activation code and when it stops working. */
export const activationCodeResponseSchema = z.object({
  activation_code: z.string(),
  activation_code_expires_at: z.iso.datetime(),
});

export type RegisterRequest = z.input<typeof registerRequestSchema>;
export type RegisterResponse = z.infer<typeof registerResponseSchema>;
export type LoginRequest = z.input<typeof loginRequestSchema>;
export type TokenResponse = z.infer<typeof tokenResponseSchema>;
export type ProfileResponse = z.infer<typeof profileResponseSchema>;
export type ActivationCodeResponse = z.infer<typeof activationCodeResponseSchema>;
