/** The words of the second factor's set-up, where it is offered (a small module of its own). */

/** What staff sent to enrol right after the password read first. */
export const STAFF_ENROLMENT_INTRO =
  'Staff sign in with a password and a code from an authenticator app on their phone. Set it up once now; from then on the app gives you a new 6-digit code every 30 seconds.';

/** What a patient who turns it on for themselves reads first. */
export const PATIENT_ENROLMENT_INTRO =
  'With two-step verification, signing in takes your password and a code from an authenticator app on your phone, so a stolen password alone does not open your record. It is your choice, and you can turn it off again in My account.';

/** What staff who may choose (STAFF_MFA=optional) read first in My account. */
export const STAFF_OPTIONAL_INTRO =
  'With two-step verification, signing in takes your password and a code from an authenticator app on your phone, so a stolen password alone does not open the records you work with.';

/** Shown when the set-up cannot start because the account already has a second factor. */
export const MFA_ALREADY_ON = 'Two-step verification is already on for your account.';
