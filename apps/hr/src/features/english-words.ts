/**
 * English words the tests and stories look for, exported beside the components that show them
 * (the spec's checks read English). The screens show the catalogue's messages instead
 * (libs/shared/i18n/src/catalogs/{en,th}/hr.json); english-words.test.ts holds these equal to
 * the English catalogue's.
 */

/** hr.accessApprovals.waitingForAnotherHr */
export const WAITING_FOR_ANOTHER_HR = 'Waiting for another HR person';

/** hr.addEmployee.accessWaits */
export const ACCESS_WAITS_TEXT =
  'Their access to the portal waits for a second HR person: they can register with the code now, and sign in once another HR person approves it under Employee Information.';
