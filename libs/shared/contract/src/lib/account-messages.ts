// My account's answers as plain text (no schema), apart from account.ts (its schemas, with zod):
// My account's page shows one as it opens, and its first visit holds no schema module (the
// schemas ride with zod in one chunk that the API layer loads; docs/performance.md).
/** The answer to turning the second factor off where the hospital requires it. */
export const MFA_REQUIRED_MESSAGE =
  'The hospital requires two-step verification for staff accounts, so it cannot be turned off.';

/** The answer to ending a session that is not one of the signed-in account's open ones. */
export const NO_SUCH_SESSION_MESSAGE = 'No open session of yours has this id.';
