import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, type ProfileResponse } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** GET /profile: who is signed in, with their patient_id or employee_id. */
export async function getProfile(options: RequestOptions = {}): Promise<ProfileResponse> {
  return parseAnswer(
    (answers) => answers.profileResponseSchema,
    await send(ENDPOINTS.profile, options),
  );
}

/** The profile query. */
export function profileQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.profile(),
    queryFn: ({ signal }) => getProfile({ signal }),
  });
}

/** The signed-in user's profile; not asked for while `enabled` is false. */
export function useProfile({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...profileQueryOptions(), enabled });
}
