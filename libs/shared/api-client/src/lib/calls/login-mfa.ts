import { ENDPOINTS, type MfaLoginRequest, type TokenResponse } from '@portal/contract';
import { parseAnswer, send, type RequestOptions } from '../request';

/** POST /login/mfa: the login's mfa_token and a TOTP or recovery code give the session. */
export async function loginMfa(
  body: MfaLoginRequest,
  options: RequestOptions = {},
): Promise<TokenResponse> {
  return parseAnswer(
    (answers) => answers.tokenResponseSchema,
    await send(ENDPOINTS.loginMfa, { ...options, data: body }),
  );
}
