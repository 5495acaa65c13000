/** The words of My account that tests and stories look for. */

/** The page's heading. */
export const ACCOUNT_HEADING = 'My account';
/** While the account is read. */
export const ACCOUNT_LOADING = 'Loading your account...';
/** When the account cannot be read. */
export const ACCOUNT_LOAD_FAILED = 'Could not load your account. Please try again.';

/** After a password change: how many other sessions it ended. */
export function passwordChangedText(endedSessions: number): string {
  const others =
    endedSessions === 0
      ? 'You had no other sessions open.'
      : `${endedSessions} other ${endedSessions === 1 ? 'session was' : 'sessions were'} signed out.`;
  return `Your password has been changed. ${others} Use the new password next time you log in.`;
}

/** The second factor's states. */
export const TWO_STEP_OFF = 'Two-step verification is off.';
export const TWO_STEP_TURNED_ON =
  'Two-step verification is on. From your next login, enter the code from your app after your password.';
export const TWO_STEP_TURNED_OFF =
  'Two-step verification is off. Your password alone signs you in now.';
export const TWO_STEP_REQUIRED =
  'The hospital requires two-step verification for staff accounts, so it cannot be turned off.';
export const NEW_CODES_INTRO =
  'These new codes replace your old ones, which no longer work. Keep them somewhere safe: each one signs you in once instead of a code from the app. They are not shown again.';

/** Recovery codes left, in words. */
export function recoveryCodesLeftText(left: number): string {
  return left === 1 ? '1 recovery code left.' : `${left} recovery codes left.`;
}

/** After ending sessions. */
export function sessionEndedText(browser: string): string {
  return `Signed out ${browser}.`;
}
export function otherSessionsEndedText(ended: number): string {
  return ended === 0
    ? 'There were no other sessions to sign out.'
    : `Signed out ${ended} other ${ended === 1 ? 'session' : 'sessions'}.`;
}
export const NO_OTHER_SESSIONS = 'You are signed in here only.';
export const SESSIONS_LOAD_FAILED = 'Could not load your sessions. Please try again.';
