import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type LoginRequest, type LoginResponse } from '@portal/contract';
import { ApiError } from '../api-error';
import { parseAnswer, send, type RequestOptions } from '../request';

/** Proofs of work one login solves at most before it shows the server's answer. */
const MAX_CHALLENGES = 3;

/**
 * POST /login: the token and role of a new session, or (an account with a second factor)
 * `{mfa_required, mfa_token}` for {@link loginMfa}. Nothing is stored here: see @portal/auth.
 */
export async function login(
  body: LoginRequest,
  options: RequestOptions = {},
): Promise<LoginResponse> {
  let proof: string | undefined;
  for (let solved = 0; ; solved += 1) {
    try {
      return parseAnswer(
        (answers) => answers.loginResponseSchema,
        await send(ENDPOINTS.login, { ...options, data: proof ? { ...body, proof } : body }),
      );
    } catch (error) {
      // A server flooded with logins asks a browser it does not know for a proof of work
      // (docs/operations.md): solved here, without a word to the person, and the login sent
      // again. Asked again and again, the server is simply busy: its answer is the failure.
      if (!(error instanceof ApiError) || error.status !== 503 || solved >= MAX_CHALLENGES)
        throw error;
      const { challengeOf, solveLoginChallenge } = await import('./login-challenge-solver');
      proof = (await solveLoginChallenge(challengeOf(error), options.signal)) ?? undefined;
      if (!proof) throw error;
    }
  }
}

/** The login form's mutation (the session starts only when the page says so). */
export function useLoginMutation() {
  return useMutation({ mutationFn: (body: LoginRequest) => login(body) });
}
