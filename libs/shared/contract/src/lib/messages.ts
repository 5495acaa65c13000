// This module holds plain text only (no schema), so the apps can load it before their first paint.

/**
 * The answer to a login by staff whose current position carries no portal role (moved from
 * doctor to porter, say): the role an account may use follows the position.
 */
export const POSITION_WITHOUT_PORTAL_ACCESS_MESSAGE =
  'Your position no longer gives access to the portal. Please contact HR.';

/**
 * The answer when a signed-in call that asks for the current password again (setting up a
 * second factor) gets a wrong one.
 */
export const WRONG_PASSWORD_MESSAGE = 'Wrong password. Type your current password.';

/**
 * The answer to a password change whose current password was right when checked but changed
 * before the new one was set (another change at the same time, or a reset): nothing it sent is
 * in force.
 */
export const PASSWORD_CHANGED_MEANWHILE_MESSAGE =
  'Your password was changed meanwhile, so this change was not made. Type your current password again.';

/**
 * How many registrations may name one activation code (each one counts, whatever its answer,
 * a taken username included) before the code is locked; a reissued code counts afresh.
 */
export const ACTIVATION_CODE_MAX_ATTEMPTS = 5;

/** The answer to a registration with a code that has had its {@link ACTIVATION_CODE_MAX_ATTEMPTS}. */
export const ACTIVATION_CODE_LOCKED_MESSAGE =
  'This activation code has been tried too many times and is locked. Ask the hospital staff to issue a new one.';

/**
 * The answer to a login by staff whose portal access (a new employee, or a change to a position
 * with another portal role, or a return to work) still waits for a second HR person's approval.
 */
export const ACCESS_AWAITING_APPROVAL_MESSAGE =
  'Your access to the portal is waiting for approval by a second HR person. Please contact HR.';

/**
 * Why HR cannot change its own position or work status: no one grants themselves access (the
 * API's refusal, and the note beside the edit form's read-only fields).
 */
export const OWN_ACCESS_FIELDS_MESSAGE =
  'You cannot change your own position or work status; another HR person must do it.';

/**
 * The value of a 401 problem's `session_ended` when the hospital ended the session (access
 * revoked by HR, account locked or disabled, role changed), rather than the token expiring.
 */
export const SESSION_ENDED_BY_HOSPITAL = 'by_hospital';

/**
 * The value of a 401 problem's `session_ended` when the session was ended by its own person
 * elsewhere: a logout in another browser, a new password, "sign out everywhere" or that one
 * session signed out from My account.
 */
export const SESSION_SIGNED_OUT = 'signed_out';

/** What the apps say, instead of 'Token expired', when the session was ended elsewhere. */
export const SESSION_SIGNED_OUT_MESSAGE =
  'You were signed out: this session was ended elsewhere (a logout, a new password or “sign out everywhere”). Please log in again.';

/** What the apps say, instead of 'Token expired', when the hospital ended the session. */
export const SESSION_ENDED_BY_HOSPITAL_MESSAGE =
  'Your access was ended by the hospital. Please contact HR or the Help Desk.';

// The spec's user-facing texts, word for word, each its own constant, in modules by the pages
// that show them (spec-messages/): a page's code holds the ones it shows, and a Thai first
// paint reads back only those (PACK_READ_BACK in @portal/i18n). MESSAGES, by name, is the
// server's and the tests' (spec-messages/all.ts). The session's, which every page shows:
export const TOKEN_EXPIRED_MESSAGE = 'Token expired';

/** The spec's delays and durations, in milliseconds. */
export const TIMINGS = {
  loginRedirectMs: 1000,
  registrationSwitchMs: 500,
  /** Logout waits 500 ms in one reading of the spec … */
  logoutDelayMs: 500,
  /** … and 250 ms when it starts from the top bar. */
  topBarLogoutDelayMs: 250,
  menuAnimationMs: 500,
  counterDurationMs: 2000,
} as const;
