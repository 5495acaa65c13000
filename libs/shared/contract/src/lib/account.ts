import { z } from 'zod';
import { LOCALES } from '@portal/reference-data';
import { currentPasswordSchema, roleSchema } from './auth';
import { mfaCodeSchema } from './mfa';
import { passwordSchema } from './rules';

/**
 * My account (`/account`): what a signed-in person manages themselves. The calls are in the
 * endpoint table (account*); the messages the page and the server share are here.
 */

/** POST /account/password: the current password again and the new one (the strength rules). */
export const changePasswordRequestSchema = z.object({
  current_password: currentPasswordSchema,
  new_password: passwordSchema,
});

/**
 * The password form: the request and the account's username, which the form carries (hidden)
 * so that the strength rule weighs it and password managers know whose password changes. Only
 * the request's fields are sent.
 */
export const changePasswordFormSchema = changePasswordRequestSchema.extend({
  username: z.string(),
});

/** POST /account/password: how many other sessions the change ended. */
export const changePasswordResponseSchema = z.object({
  ended_sessions: z.number().int().nonnegative(),
});

/** One open session of the signed-in account, as My account lists it. */
export const accountSessionSchema = z.object({
  id: z.uuid(),
  /** A short name of the browser and system, from the user agent ("Firefox on Windows"). */
  browser: z.string(),
  /** The address it was opened from (null: not recorded, a session older than the list). */
  address: z.string().nullable(),
  started_at: z.iso.datetime({ offset: true }),
  last_seen_at: z.iso.datetime({ offset: true }),
  /** The session this request came from. */
  current: z.boolean(),
});

/** GET /account/sessions: the account's open sessions, this one first, then the newest. */
export const accountSessionListSchema = z.array(accountSessionSchema);

/** DELETE /account/sessions/{session_id}. */
export const accountSessionParamsSchema = z.object({
  session_id: z.uuid({ error: 'Not a session id' }),
});

/** POST /account/sessions/end-others: how many sessions it ended. */
export const endSessionsResponseSchema = z.object({
  ended_sessions: z.number().int().nonnegative(),
});

/** GET /account: the signed-in account and what it may change about its second factor. */
export const accountSummarySchema = z.object({
  username: z.string(),
  role: roleSchema,
  mfa_enabled: z.boolean(),
  /** The hospital requires a second factor for this account: it cannot be turned off. */
  mfa_required: z.boolean(),
  /** Unused recovery codes left (0 when the second factor is off). */
  recovery_codes_left: z.number().int().nonnegative(),
  /** The language chosen on the account; null: never chosen (the browser's is shown). */
  locale: z.enum(LOCALES).nullable(),
});

/**
 * PUT /account/locale: the language the person chose in the language switch, kept on the
 * account so that a login on another browser shows it (the token's `locale`).
 */
export const accountLocaleRequestSchema = z.object({ locale: z.enum(LOCALES) });

/**
 * POST /account/mfa/disable and POST /account/mfa/recovery-codes: a current code from the app
 * (or an unused recovery code), so that a token alone cannot weaken the account.
 */
export const accountMfaCodeRequestSchema = z.object({ code: mfaCodeSchema });

export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;
export type AccountSession = z.infer<typeof accountSessionSchema>;
export type AccountSummary = z.infer<typeof accountSummarySchema>;
export type AccountMfaCodeRequest = z.input<typeof accountMfaCodeRequestSchema>;
export type EndSessionsResponse = z.infer<typeof endSessionsResponseSchema>;
