import { z } from 'zod';
import { normaliseUsername } from './plain-rules';
import { passwordSchema, textSchema } from './rules';

/**
 * A password reset by e-mail (`/password-reset`): the person names their account, the server
 * mails a single-use link to the record's e-mail, and the link's page sets a new password.
 */

/** How long a reset link works, in minutes. */
export const PASSWORD_RESET_TTL_MINUTES = 30;

/** The token a reset link carries: 32 random bytes, base64url (43 characters). */
export const PASSWORD_RESET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The answer to a link that is unknown, used or past its 30 minutes. */
export const PASSWORD_RESET_LINK_ENDED_MESSAGE = 'This link is no longer valid. Ask for a new one.';

/** The answer to a token that is no token at all. */
export const PASSWORD_RESET_NOT_A_LINK_MESSAGE = 'Not a reset link';

/** POST /password-reset: the username, in any spelling (its one form is looked up). */
export const passwordResetRequestSchema = z.object({
  username: textSchema({ max: 64, required: true }).overwrite(normaliseUsername),
});

/**
 * POST /password-reset: 202, the same body whether an account has the name or not (no account
 * oracle): a mail is on its way if one does.
 */
export const passwordResetAcceptedSchema = z.object({ accepted: z.literal(true) });

/** POST /password-reset/confirm: the link's token and the new password (the strength rules). */
export const passwordResetConfirmSchema = z.object({
  token: z
    .string()
    .regex(PASSWORD_RESET_TOKEN_PATTERN, { error: PASSWORD_RESET_NOT_A_LINK_MESSAGE }),
  new_password: passwordSchema,
});

/**
 * The new password's form: the password and an empty username (the link names no account the
 * page could show; the server weighs the password against the account's own).
 */
export const passwordResetFormSchema = z.object({
  username: z.string(),
  new_password: passwordSchema,
});

export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export type PasswordResetConfirm = z.infer<typeof passwordResetConfirmSchema>;
