import { isAxiosError, isCancel } from 'axios';
import { problemSchema } from '@portal/contract';
import { ApiError, NETWORK_ERROR_MESSAGE, TIMEOUT_ERROR_MESSAGE, toApiError } from './api-error';

// Kept apart from api-error.ts, which every app loads at start: this module needs axios and the
// problem schema, so it is fetched with the first call instead (by http.ts).

// Non-problem bodies are shown only when they look like a short message, never an HTML page.
function plainText(data: unknown): string | null {
  if (typeof data !== 'string') return null;
  const text = data.trim();
  return text && text.length <= 300 && !text.startsWith('<') ? text : null;
}

/** Turns whatever an axios call threw into an {@link ApiError}. */
export function fromAxiosError(error: unknown): ApiError {
  if (isCancel(error))
    return new ApiError({ kind: 'cancelled', detail: 'Request cancelled', cause: error });
  if (isAxiosError(error)) {
    const response = error.response;
    if (!response) {
      const timedOut = error.code === 'ECONNABORTED' || error.code === 'ETIMEDOUT';
      return new ApiError({
        kind: 'network',
        detail: timedOut ? TIMEOUT_ERROR_MESSAGE : NETWORK_ERROR_MESSAGE,
        cause: error,
      });
    }
    const problem = problemSchema.safeParse(response.data);
    if (problem.success) {
      return new ApiError({
        kind: 'http',
        status: response.status,
        detail: problem.data.detail,
        fieldErrors: problem.data.errors ?? [],
        ...(problem.data.clashes ? { clashes: problem.data.clashes } : {}),
        cause: error,
      });
    }
    return new ApiError({
      kind: 'http',
      status: response.status,
      detail:
        plainText(response.data) ??
        `The server could not complete the request (status ${response.status}).`,
      cause: error,
    });
  }
  // An ApiError stays as it is; anything else is the client's own failure.
  return toApiError(error);
}
