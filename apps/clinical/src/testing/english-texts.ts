/*
 * For tests and stories only: the spec's English words of a few of the pages' messages, written
 * out so that a test fails if the catalogue's English drifts from the spec. The pages show the
 * catalogue's messages in the language shown (libs/shared/i18n/src/catalogs/en/clinical.json);
 * no production module imports this file.
 */

/** `clinical.today.loading` in English. */
export const LOADING_TODAY = 'Loading today’s appointments...';
/** `clinical.today.failed` in English. */
export const TODAY_FAILED = 'Error: Could not load today’s appointments';
/** `clinical.addAppointment.pastDateQuestion` in English. */
export const PAST_DATE_QUESTION = 'This date is in the past — add it anyway?';
/** `clinical.chart.loading` in English. */
export const LOADING_CHART = 'Loading patient chart...';
