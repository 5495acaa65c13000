/*
 * For tests and stories only: the spec's English words of a few of the pages' messages, written
 * out so that a test fails if the catalogue's English drifts from the spec
 * (english-texts.test.ts holds each equal to its message). The pages show the catalogue's
 * messages in the language shown; no production module imports this file.
 */

/** `public.login.forgotPassword.question`: the question under the login form. */
export const FORGOT_PASSWORD_QUESTION = 'Forgot your password?';
/** `public.downloadRecord.button`. */
export const DOWNLOAD_RECORD_LABEL = 'Download my record';
/** `public.downloadRecord.failed` (the server's reason follows when it gave one). */
export const DOWNLOAD_RECORD_FAILED = 'Your record could not be downloaded.';
/** `public.accessLog.loading`: shown while the first page loads. */
export const ACCESS_LOG_LOADING = 'Loading who opened your record...';
/** `public.accessLog.failed`: shown when the first page could not be loaded. */
export const ACCESS_LOG_FAILED = 'Error: Could not load who opened your record';
/** `public.accessLog.empty`: shown when nobody has opened the record. */
export const ACCESS_LOG_EMPTY = 'Nobody has opened your record yet.';
