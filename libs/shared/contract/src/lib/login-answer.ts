import type { LoginResponse, MfaChallenge } from './mfa';

// Plain code, apart from mfa.ts's schemas, so that the login page reads an answer without zod.
/** Whether a login answer asks for the second factor's code. */
export function isMfaChallenge(answer: LoginResponse): answer is MfaChallenge {
  return 'mfa_required' in answer && answer.mfa_required === true;
}
