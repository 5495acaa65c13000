import { ALLOWED_EMAIL_DOMAINS } from '@portal/reference-data';

/*
 * The e-mail field's default hint in English, kept for the pages and tests that name it (the
 * password's and the time's are in password-hint.ts and time-hints.ts, which only those fields
 * import). A field shows its hint from the catalogue (`common.form.*`, `common.password.*`,
 * `common.time.*`) in the language shown; a hint passed in English as `hint` is read back to
 * its message and shown translated too (FieldHint, by translateEnglish).
 */

/** "gmail.com, hotmail.com", the domains before the last one, from the list the API checks. */
export const FIRST_EMAIL_DOMAINS = ALLOWED_EMAIL_DOMAINS.slice(0, -1).join(', ');
/** The last allowed domain ("email.com"). */
export const LAST_EMAIL_DOMAIN = ALLOWED_EMAIL_DOMAINS.at(-1) ?? '';

/** The hint an EmailField shows unless given another: the domains the portal accepts. */
export const EMAIL_DOMAINS_HINT = `Use an address at ${FIRST_EMAIL_DOMAINS} or ${LAST_EMAIL_DOMAIN}.`;
