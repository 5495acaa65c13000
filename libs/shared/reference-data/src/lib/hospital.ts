/**
 * The hospital's full name, as the apps show it (top bar, footer, landing page). The password
 * rule also refuses it and weighs its words as easy guesses (contract: password-strength).
 */
export const HOSPITAL_NAME = 'Riverside General Hospital';
