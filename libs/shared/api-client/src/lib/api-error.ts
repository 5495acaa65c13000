import type { AppointmentClash, FieldError } from '@portal/contract';

/** Shown when the request never got an answer. */
export const NETWORK_ERROR_MESSAGE =
  'Could not reach the server. Check the connection and try again.';
/** Shown when the server took longer than the client waits. */
export const TIMEOUT_ERROR_MESSAGE = 'The server took too long to answer. Try again.';
/** Shown when an answer does not have the shape the contract promises. */
export const UNEXPECTED_ANSWER_MESSAGE = 'Unexpected answer from the server';

/**
 * What went wrong: the server refused (`http`), no answer (`network`), a write not sent
 * because the browser is offline (`offline`), the session was over before the call left
 * (`expired`), an answer off the contract (`bad-answer`), the caller cancelled (`cancelled`),
 * or the call could not even be built (`client`).
 */
export type ApiErrorKind =
  'http' | 'network' | 'offline' | 'expired' | 'bad-answer' | 'cancelled' | 'client';

/** The fields of an {@link ApiError}. */
export interface ApiErrorInit {
  readonly kind: ApiErrorKind;
  readonly detail: string;
  readonly status?: number | null;
  readonly fieldErrors?: readonly FieldError[];
  /** A booking's 409: the booked appointments it would overlap. */
  readonly clashes?: readonly AppointmentClash[];
  readonly cause?: unknown;
}

/** Every failure of an API call, with the text the apps show (`detail`, also the message). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;
  /** The HTTP status, or null when no answer came. */
  readonly status: number | null;
  readonly detail: string;
  /** The invalid fields a 400 names, dotted as the API spells them (`patient.age`). */
  readonly fieldErrors: readonly FieldError[];
  /** A booking's 409: the booked appointments it would overlap (none for anything else). */
  readonly clashes: readonly AppointmentClash[];

  constructor(init: ApiErrorInit) {
    super(init.detail, init.cause === undefined ? undefined : { cause: init.cause });
    this.kind = init.kind;
    this.status = init.status ?? null;
    this.detail = init.detail;
    this.fieldErrors = init.fieldErrors ?? [];
    this.clashes = init.clashes ?? [];
  }
}

/** Narrows a caught value to an {@link ApiError}. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * A caught value as an {@link ApiError}: a call's failure already is one (request.ts converts
 * everything an API call throws); anything else, such as a bug in a callback, becomes a
 * 'client' error with its message.
 */
export function toApiError(error: unknown): ApiError {
  if (isApiError(error)) return error;
  return new ApiError({
    kind: 'client',
    detail: error instanceof Error ? error.message : String(error),
    cause: error,
  });
}
