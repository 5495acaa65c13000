import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS } from '@portal/contract';
import { send, type RequestOptions } from '../request';

/** POST /logout: revokes the session on the server (204, no body). */
export async function logout(options: RequestOptions = {}): Promise<void> {
  await send(ENDPOINTS.logout, options);
}

/** The revocation as a mutation; the whole logout (storage, delay, navigation) is @portal/auth's. */
export function useLogoutMutation() {
  return useMutation({ mutationFn: () => logout() });
}
