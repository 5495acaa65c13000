/**
 * The hospital's full name, as the apps show it (top bar, footer, landing page). The password
 * rule also refuses it and weighs its words as easy guesses (contract: password-strength).
 */
export const HOSPITAL_NAME = 'Riverside General Hospital';

/**
 * The hospital's time zone (IANA), its one local clock: appointment dates and times are its
 * wall-clock times, and "today" (the Today page, the chart's upcoming and past, the Latest
 * Appointment, a patient's upcoming list) is its date, whatever the browser's or the server's
 * own zone (docs/decisions.md).
 */
export const HOSPITAL_TIME_ZONE = 'Asia/Bangkok';
