import { ApiError } from '@portal/api-client';

/** What a step tells the page or card around it: a red message (the server's words), or none. */
export type StepMessage = (text: string | null) => void;

/** The server's words for a failure, or the step's own fallback. */
export function detailOf(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.kind === 'http' && error.detail
    ? error.detail
    : fallback;
}
