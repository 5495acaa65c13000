import { localDayTime } from '@portal/contract';

/** An instant as the patient's clock reads it: `YYYY-MM-DD HH:MM` in the browser's time zone. */
export function localDateTime(iso: string): string {
  return localDayTime(new Date(iso));
}

/*
 * The page's English texts, for the tests and stories that look for them (the spec's words).
 * The page shows the catalogue's `public.accessLog.loading`, `.failed` and `.empty`, which read
 * the same in English (english-texts.test.ts holds them equal).
 */

/** Shown while the first page loads. */
export const ACCESS_LOG_LOADING = 'Loading who opened your record...';
/** Shown when the first page could not be loaded. */
export const ACCESS_LOG_FAILED = 'Error: Could not load who opened your record';
/** Shown when nobody has opened the record. */
export const ACCESS_LOG_EMPTY = 'Nobody has opened your record yet.';
