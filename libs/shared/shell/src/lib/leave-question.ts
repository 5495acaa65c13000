/**
 * The question asked before a form with unsaved changes is left, in English: the words tests
 * and stories look for. The dialog shows `common.leaveGuard.question`, the same words in the
 * English catalogue, in the language shown.
 */
export const LEAVE_QUESTION = 'Leave this page? What you typed has not been saved.';
