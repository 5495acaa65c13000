/*
 * The download's English texts, for the tests and stories that look for them (the spec's
 * words). MyInfo shows the catalogue's `public.downloadRecord.button` and
 * `public.downloadRecord.failed`, which read the same in English (english-texts.test.ts holds
 * them equal).
 */

/** The button's text. */
export const DOWNLOAD_RECORD_LABEL = 'Download my record';
/** Said when the record could not be downloaded (the server's reason follows when it gave one). */
export const DOWNLOAD_RECORD_FAILED = 'Your record could not be downloaded.';
