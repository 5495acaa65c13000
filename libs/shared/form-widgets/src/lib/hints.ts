import { ALLOWED_EMAIL_DOMAINS } from '@portal/reference-data';

/*
 * The fields' default hints in English, the spec's words, kept for the pages and tests that
 * name them. A field shows its hint from the catalogue (`common.form.*`) in the language shown;
 * one of these passed as `hint` is read back to its message and shown translated too
 * (FieldHint, by translateEnglish).
 */

/** "gmail.com, hotmail.com", the domains before the last one, from the list the API checks. */
export const FIRST_EMAIL_DOMAINS = ALLOWED_EMAIL_DOMAINS.slice(0, -1).join(', ');
/** The last allowed domain ("email.com"). */
export const LAST_EMAIL_DOMAIN = ALLOWED_EMAIL_DOMAINS.at(-1) ?? '';

/** The hint an EmailField shows unless given another: the domains the portal accepts. */
export const EMAIL_DOMAINS_HINT = `Use an address at ${FIRST_EMAIL_DOMAINS} or ${LAST_EMAIL_DOMAIN}.`;

/** The hint under a new password's field: the server's rule in words (register, My account). */
export const NEW_PASSWORD_HINT =
  "At least 12 characters and hard to guess: not a common password, your username or the hospital's name.";

/** The hint a TimeField shows unless given another. */
export const TIME_HINT = '24-hour clock, as HH:MM or HH:MM:SS.';

/** The hint of a TimeField with `clock` (the browser's own time control). */
export const CLOCK_TIME_HINT =
  'Hours and minutes, for example 10:30. Where the field shows AM or PM, choose it too.';
