/*
 * The English words of a few of the pages' messages, as the older tests and stories look for
 * them (they import these names from the pages, which re-export them). The pages never show
 * these: they show the catalogue's messages in the language shown, and the Thai tests hold each
 * constant equal to its English message (libs/shared/i18n/src/catalogs/en/clinical.json).
 */

/** `clinical.today.loading` in English. */
export const LOADING_TODAY = 'Loading today’s appointments...';
/** `clinical.today.failed` in English. */
export const TODAY_FAILED = 'Error: Could not load today’s appointments';
/** `clinical.addAppointment.pastDateQuestion` in English. */
export const PAST_DATE_QUESTION = 'This date is in the past — add it anyway?';
/** `clinical.chart.loading` in English. */
export const LOADING_CHART = 'Loading patient chart...';
