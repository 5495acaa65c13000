import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type LoginRequest, type LoginResponse } from '@portal/contract';
import { parseAnswer, send, type RequestOptions } from '../request';

/**
 * POST /login: the token and role of a new session, or (an account with a second factor)
 * `{mfa_required, mfa_token}` for {@link loginMfa}. Nothing is stored here: see @portal/auth.
 */
export async function login(
  body: LoginRequest,
  options: RequestOptions = {},
): Promise<LoginResponse> {
  return parseAnswer(
    (answers) => answers.loginResponseSchema,
    await send(ENDPOINTS.login, { ...options, data: body }),
  );
}

/** The login form's mutation (the session starts only when the page says so). */
export function useLoginMutation() {
  return useMutation({ mutationFn: (body: LoginRequest) => login(body) });
}
