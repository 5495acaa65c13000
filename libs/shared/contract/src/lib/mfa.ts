import { z } from 'zod';
import { nonBlankText, textSchema } from './rules';
import { currentPasswordSchema, tokenResponseSchema } from './auth';

/** How many single-use recovery codes confirming a second factor gives. */
export const RECOVERY_CODE_COUNT = 10;

/** How long the `mfa_token` of a login waiting for its code lives, in seconds. */
export const MFA_TOKEN_TTL_SECONDS = 5 * 60;

/** A recovery code as stored and compared: ten of Crockford's base-32 characters. */
export const RECOVERY_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{10}$/;

/** A TOTP code as typed: six digits. */
export const TOTP_CODE_PATTERN = /^\d{6}$/;

/** The answer to a wrong or expired code. */
export const WRONG_MFA_CODE_MESSAGE = 'Wrong code. Check your authenticator app and try again.';

/**
 * The answer to a TOTP code that is right but was used already (its 30-second step, or a later
 * one, has been accepted): the person typed it a second time, or their app has not moved on yet.
 */
export const USED_MFA_CODE_MESSAGE =
  'This code has just been used. Wait for the next code in your authenticator app and enter it.';

/** Strips what people type around a code (spaces, dashes, lower case). */
export function normaliseMfaCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** Formats a recovery code for display, as XXXXX-XXXXX. */
export function formatRecoveryCode(code: string): string {
  const clean = normaliseMfaCode(code);
  return `${clean.slice(0, 5)}-${clean.slice(5)}`;
}

/** A six-digit code from the authenticator app, or (at sign-in) a recovery code. */
export const mfaCodeSchema = nonBlankText()
  .transform(normaliseMfaCode)
  .pipe(
    z.string().refine((v) => TOTP_CODE_PATTERN.test(v) || RECOVERY_CODE_PATTERN.test(v), {
      error: 'Enter the 6-digit code from your app, or a recovery code',
    }),
  );

/** POST /mfa/confirm: the first code from the app, which turns the second factor on. */
export const mfaConfirmRequestSchema = z.object({
  code: nonBlankText()
    .transform(normaliseMfaCode)
    .pipe(z.string().regex(TOTP_CODE_PATTERN, { error: 'Enter the 6-digit code from your app' })),
});

/** POST /login/mfa: the login's one-time token and a TOTP or recovery code. */
export const mfaLoginRequestSchema = z.object({
  mfa_token: textSchema({ max: 100, required: true }),
  code: mfaCodeSchema,
});

/**
 * POST /mfa/setup: the account's current password again, so that a token alone (stolen, or a
 * browser left signed in) cannot put a second factor of its own on the account.
 */
export const mfaSetupRequestSchema = z.object({ password: currentPasswordSchema });

/** POST /mfa/setup: a new secret (base-32) and the URI the QR code holds. */
export const mfaSetupResponseSchema = z.object({
  secret: z.string(),
  otpauth_url: z.string(),
});

/** POST /mfa/confirm: the recovery codes, shown once. */
export const mfaConfirmResponseSchema = z.object({
  recovery_codes: z.array(z.string()).length(RECOVERY_CODE_COUNT),
});

/** The answer to a right password for an account with a second factor: no session yet. */
export const mfaChallengeSchema = z.object({
  mfa_required: z.literal(true),
  mfa_token: z.string(),
});

/**
 * POST /login: a session (`{token, role}`; `mfa_setup_required` when the policy sends staff to
 * enrolment first and the session reaches only the enrolment calls), or a challenge for the code.
 */
export const loginResponseSchema = z.union([tokenResponseSchema, mfaChallengeSchema]);

export type MfaSetupRequest = z.input<typeof mfaSetupRequestSchema>;
export type MfaConfirmRequest = z.input<typeof mfaConfirmRequestSchema>;
export type MfaLoginRequest = z.input<typeof mfaLoginRequestSchema>;
export type MfaSetupResponse = z.infer<typeof mfaSetupResponseSchema>;
export type MfaConfirmResponse = z.infer<typeof mfaConfirmResponseSchema>;
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
