import { z } from 'zod';
import { ROLES } from '@portal/reference-data';
import {
  activationCodeSchema,
  EMPLOYEE_ID_PATTERN,
  hasPasswordCharactersOnly,
  PASSWORD_CHARACTERS_MESSAGE,
  PASSWORD_MAX_LENGTH,
  passwordSchema,
  PATIENT_ID_PATTERN,
  textSchema,
  usernameSchema,
} from './rules';

/** A role as the API spells it. */
export const roleSchema = z.enum(ROLES, { error: 'Choose Patient, HR or Medical Personnel' });

/** POST /register: links a new account to an existing patient or employee record, once. */
export const registerRequestSchema = z
  .object({
    username: usernameSchema,
    password: passwordSchema,
    role: roleSchema,
    id: textSchema({ max: 20 }).toUpperCase(),
    activation_code: activationCodeSchema,
  })
  .superRefine((value, ctx) => {
    const [pattern, message] =
      value.role === 'patient'
        ? [PATIENT_ID_PATTERN, 'A patient registers with a Patient ID, as P001']
        : [EMPLOYEE_ID_PATTERN, 'Staff register with an Employee ID, as E001'];
    if (!pattern.test(value.id)) ctx.addIssue({ code: 'custom', path: ['id'], message });
  });

/** The answer to a successful registration. */
export const registerResponseSchema = z.object({
  username: z.string(),
  role: roleSchema,
  id: z.string(),
});

/**
 * POST /login. The password is only bounded here (and holds no control character, which no
 * password may); the policy applies when it is chosen.
 */
export const loginRequestSchema = z.object({
  username: textSchema({ max: 64, required: true }),
  password: z
    .string()
    .min(1, { error: 'Required' })
    .max(PASSWORD_MAX_LENGTH)
    .refine(hasPasswordCharactersOnly, { error: PASSWORD_CHARACTERS_MESSAGE }),
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
