import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AccountMfaCodeRequest,
  type AccountSession,
  type AccountSummary,
  type ChangePasswordRequest,
  type ChangePasswordResponse,
  type EndSessionsResponse,
  ENDPOINTS,
  type MfaConfirmResponse,
} from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** GET /account: who is signed in and the state of their second factor. */
export async function getAccountSummary(options: RequestOptions = {}): Promise<AccountSummary> {
  return parseAnswer(
    (answers) => answers.accountSummarySchema,
    await send(ENDPOINTS.accountSummary, options),
  );
}

/**
 * POST /account/password: the current password and a new one; every other session of the
 * account ends, this one stays. A wrong current password is a 400 naming `current_password`, a
 * weak new one a 400 naming `new_password`.
 */
export async function changePassword(
  body: ChangePasswordRequest,
  options: RequestOptions = {},
): Promise<ChangePasswordResponse> {
  return parseAnswer(
    (answers) => answers.changePasswordResponseSchema,
    await send(ENDPOINTS.changePassword, { ...options, data: body }),
  );
}

/** GET /account/sessions: the account's open sessions, this one first. */
export async function listAccountSessions(options: RequestOptions = {}): Promise<AccountSession[]> {
  return parseAnswer(
    (answers) => answers.accountSessionListSchema,
    await send(ENDPOINTS.listAccountSessions, options),
  );
}

/** DELETE /account/sessions/{id}: ends one of the account's sessions (204). */
export async function endAccountSession(
  sessionId: string,
  options: RequestOptions = {},
): Promise<void> {
  await send(ENDPOINTS.endAccountSession, { ...options, params: { session_id: sessionId } });
}

/** POST /account/sessions/end-others: "Sign out everywhere else". */
export async function endOtherSessions(options: RequestOptions = {}): Promise<EndSessionsResponse> {
  return parseAnswer(
    (answers) => answers.endSessionsResponseSchema,
    await send(ENDPOINTS.endOtherSessions, options),
  );
}

/** POST /account/mfa/disable: turns the second factor off with a current code (204). */
export async function disableMfa(
  body: AccountMfaCodeRequest,
  options: RequestOptions = {},
): Promise<void> {
  await send(ENDPOINTS.disableMfa, { ...options, data: body });
}

/** POST /account/mfa/recovery-codes: ten new recovery codes for a current code. */
export async function regenerateRecoveryCodes(
  body: AccountMfaCodeRequest,
  options: RequestOptions = {},
): Promise<MfaConfirmResponse> {
  return parseAnswer(
    (answers) => answers.mfaConfirmResponseSchema,
    await send(ENDPOINTS.regenerateRecoveryCodes, { ...options, data: body }),
  );
}

/** The account summary as a query. */
export function accountSummaryQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.account.summary(),
    queryFn: ({ signal }) => getAccountSummary({ signal }),
  });
}

/** Who is signed in and whether their second factor is on. */
export function useAccountSummary() {
  return useQuery(accountSummaryQueryOptions());
}

/** The open sessions as a query. */
export function accountSessionsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.account.sessions(),
    queryFn: ({ signal }) => listAccountSessions({ signal }),
  });
}

/** The account's open sessions. */
export function useAccountSessions() {
  return useQuery(accountSessionsQueryOptions());
}

/**
 * A My account change as a mutation: on success everything of the account is read again (the
 * sessions a change ended, the second factor's state).
 */
function useAccountMutation<TInput, TOutput>(mutationFn: (input: TInput) => Promise<TOutput>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.account.all() }),
  });
}

/** Changing the password. */
export const useChangePassword = () =>
  useAccountMutation((body: ChangePasswordRequest) => changePassword(body));
/** Ending one session. */
export const useEndAccountSession = () =>
  useAccountMutation((sessionId: string) => endAccountSession(sessionId));
/** "Sign out everywhere else". */
export const useEndOtherSessions = () => useAccountMutation(() => endOtherSessions());
/** Turning the second factor off. */
export const useDisableMfa = () =>
  useAccountMutation((body: AccountMfaCodeRequest) => disableMfa(body));
/** New recovery codes. */
export const useRegenerateRecoveryCodes = () =>
  useAccountMutation((body: AccountMfaCodeRequest) => regenerateRecoveryCodes(body));
