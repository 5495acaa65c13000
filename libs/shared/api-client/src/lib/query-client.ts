import { QueryClient } from '@tanstack/react-query';
import { isApiError, type ApiError } from './api-error';

/** How long fetched data counts as fresh before a remount refetches it. */
export const STALE_TIME_MS = 30_000;

/**
 * Retries a failed read once when it may be passing trouble (no answer, or a 5xx); never a
 * refusal (4xx), an expired session or an answer off the contract.
 */
export function shouldRetryQuery(failureCount: number, error: unknown): boolean {
  if (!isApiError(error) || failureCount >= 1) return false;
  return error.kind === 'network' || (error.kind === 'http' && (error.status ?? 0) >= 500);
}

/**
 * The portal's QueryClient. Writes are never retried: a lost answer to an add may still have
 * created the record. Nor are they held while the browser is offline (TanStack's default
 * network mode pauses a mutation and sends it by itself once back online): a write is tried at
 * once and its failure shown, and nothing is sent later unless the person acts again. Focus
 * refetches are off so an edit form never changes under the user.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: shouldRetryQuery,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

// Every query and mutation of the portal goes through this client, so its errors are ApiErrors.
declare module '@tanstack/react-query' {
  interface Register {
    defaultError: ApiError;
  }
}
