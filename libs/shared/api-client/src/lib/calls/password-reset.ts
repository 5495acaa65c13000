import { ENDPOINTS, type PasswordResetConfirm, type PasswordResetRequest } from '@portal/contract';
import { send, type RequestOptions } from '../request';

/**
 * POST /password-reset: asks for a link by e-mail. The answer (202) is the same whether or not
 * the name is an account, so there is nothing in it to read.
 */
export async function requestPasswordReset(
  body: PasswordResetRequest,
  options: RequestOptions = {},
): Promise<void> {
  await send(ENDPOINTS.requestPasswordReset, { ...options, data: body });
}

/** POST /password-reset/confirm: the link's token and the new password (204). */
export async function confirmPasswordReset(
  body: PasswordResetConfirm,
  options: RequestOptions = {},
): Promise<void> {
  await send(ENDPOINTS.confirmPasswordReset, { ...options, data: body });
}
