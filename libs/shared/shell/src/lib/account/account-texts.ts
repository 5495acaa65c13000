import { t } from '@portal/i18n';

/**
 * The words of My account that tests and stories look for, in English (the spec's words, as
 * the English catalogue has them: `common.account.*`). The page shows the catalogue's message
 * in the language chosen; the functions below give it in the language shown when called.
 */

/** The page's heading. */
export const ACCOUNT_HEADING = 'My account';
/** While the account is read. */
export const ACCOUNT_LOADING = 'Loading your account...';
/** When the account cannot be read. */
export const ACCOUNT_LOAD_FAILED = 'Could not load your account. Please try again.';

/** After a password change: how many other sessions it ended. */
export function passwordChangedText(endedSessions: number): string {
  return t('common.account.passwordChanged', { ended: endedSessions });
}

/** The second factor's states. */
export const TWO_STEP_OFF = 'Two-step verification is off.';
export const TWO_STEP_TURNED_ON =
  'Two-step verification is on. From your next login, enter the code from your app after your password.';
export const TWO_STEP_TURNED_OFF =
  'Two-step verification is off. Your password alone signs you in now.';
/** The contract's answer where the hospital requires the second factor (one text, one place). */
export { MFA_REQUIRED_MESSAGE as TWO_STEP_REQUIRED } from '@portal/contract';
export const NEW_CODES_INTRO =
  'These new codes replace your old ones, which no longer work. Keep them somewhere safe: each one signs you in once instead of a code from the app. They are not shown again.';

/** Recovery codes left, in words. */
export function recoveryCodesLeftText(left: number): string {
  return t('common.account.recoveryCodesLeft', { left });
}

/** After ending sessions. */
export function sessionEndedText(browser: string): string {
  return t('common.account.sessionEnded', { browser });
}
export function otherSessionsEndedText(ended: number): string {
  return t('common.account.otherSessionsEnded', { ended });
}
export const NO_OTHER_SESSIONS = 'You are signed in here only.';
export const SESSIONS_LOAD_FAILED = 'Could not load your sessions. Please try again.';
