/*
 * The time field's hints in English, kept for the pages and tests that name them: read back to
 * their messages (`common.time.*`) in the language shown. Their own module, which only the time
 * field imports.
 */

/** The hint a TimeField shows unless given another. */
export const TIME_HINT = '24-hour clock, as HH:MM or HH:MM:SS.';

/** The hint of a TimeField with `clock` (the browser's own time control). */
export const CLOCK_TIME_HINT = 'Hours and minutes, for example 10:30.';
