import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type TokenResponse } from '@portal/contract';
import { parseAnswer, send, type RequestOptions } from '../request';

/** POST /renew: a fresh token for the same session, up to the session's absolute limit. */
export async function renew(options: RequestOptions = {}): Promise<TokenResponse> {
  return parseAnswer(
    (answers) => answers.tokenResponseSchema,
    await send(ENDPOINTS.renew, options),
  );
}

/** A renewal as a mutation; @portal/auth renews by itself while the user is active. */
export function useRenewMutation() {
  return useMutation({ mutationFn: () => renew() });
}
