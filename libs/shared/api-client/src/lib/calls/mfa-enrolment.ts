import {
  ENDPOINTS,
  type MfaConfirmRequest,
  type MfaConfirmResponse,
  type MfaSetupRequest,
  type MfaSetupResponse,
} from '@portal/contract';
import { parseAnswer, send, type TokenOptions } from '../request';

/**
 * POST /mfa/setup: a new secret and its otpauth URL for the signed-in user (or for the session
 * `options.token` names, right after the password when the policy requires a second factor).
 * The body carries the account's current password again: a wrong one is a 400 naming
 * `password`.
 */
export async function setupMfa(
  body: MfaSetupRequest,
  options: TokenOptions = {},
): Promise<MfaSetupResponse> {
  return parseAnswer(
    (answers) => answers.mfaSetupResponseSchema,
    await send(ENDPOINTS.mfaSetup, { ...options, data: body }),
  );
}

/** POST /mfa/confirm: the first code turns the second factor on; ten recovery codes, once. */
export async function confirmMfa(
  body: MfaConfirmRequest,
  options: TokenOptions = {},
): Promise<MfaConfirmResponse> {
  return parseAnswer(
    (answers) => answers.mfaConfirmResponseSchema,
    await send(ENDPOINTS.mfaConfirm, { ...options, data: body }),
  );
}
