import type { AxiosRequestConfig, AxiosResponse } from 'axios';
import type { z } from 'zod';
import { endpointPath, type Endpoint, IDEMPOTENCY_KEY_HEADER } from '@portal/contract';
import type * as AnswersModule from './answers';
import type { Page, PageParams } from './page';
import { ApiError, NETWORK_ERROR_MESSAGE, toApiError } from './api-error';
import { actionKeyFor, settleActionKey, takesActionKey } from './action-keys';

/** Per-call options every call takes. */
export interface RequestOptions {
  /** Cancels the call (TanStack Query passes its own). */
  readonly signal?: AbortSignal;
  /** A tighter time limit than the client's default, in milliseconds. */
  readonly timeout?: number;
  /**
   * The Idempotency-Key of the person's action, for a write that takes one. Left out, the
   * client chooses it: the same one for a retry of a request that got no answer, a new one
   * for anything else (action-keys.ts).
   */
  readonly idempotencyKey?: string;
}

/** Options of a call that may carry a token other than the stored session's. */
export interface TokenOptions extends RequestOptions {
  /**
   * The bearer token to send instead of the stored session's: a session not started yet (the
   * second factor's enrolment right after the password, STAFF_MFA=required).
   */
  readonly token?: string;
}

interface SendInit extends TokenOptions {
  readonly params?: Readonly<Record<string, string>>;
  readonly data?: unknown;
  readonly page?: PageParams;
  /** Query parameters beyond paging (`view`, `date`); undefined ones are left out. */
  readonly query?: Readonly<Record<string, string | undefined>>;
  /** The body's media type, when it is not plain JSON (a merge patch). */
  readonly contentType?: string;
}

/** The answer decoders and the contract's answer schemas (answers.ts). */
export type Answers = typeof AnswersModule;

/** Chooses, from the contract's answer schemas, the one an answer must match. */
export type PickSchema<T> = (answers: Answers) => z.ZodType<T>;

// The HTTP layer (axios) and the answer schemas (zod) are fetched with the first call, not with
// the page: a page that makes no call, like the landing page, downloads neither.
async function load<T>(importer: () => Promise<T>): Promise<T> {
  try {
    return await importer();
  } catch (cause) {
    // A chunk that cannot be fetched is the same trouble as a call that got no answer.
    throw new ApiError({ kind: 'network', detail: NETWORK_ERROR_MESSAGE, cause });
  }
}

const loadHttp = () => load(() => import('./http'));
const loadAnswers = () => load(() => import('./answers'));

/**
 * Fetches the API layer ahead of the first call, best effort (a failure shows on the call
 * itself): a page that is about to call can warm it up while the user reads or types.
 */
export function preloadApiLayer(): Promise<void> {
  return Promise.all([loadHttp(), loadAnswers()]).then(
    () => undefined,
    () => undefined,
  );
}

/** Makes one call of the API by its endpoint; every failure is an ApiError. */
export async function send(
  endpoint: Endpoint,
  init: SendInit = {},
): Promise<AxiosResponse<unknown>> {
  // A call that cannot even be built (a blank path parameter) fails as the client's error.
  let url: string;
  try {
    url = endpointPath(endpoint.path, init.params);
  } catch (error) {
    throw toApiError(error);
  }
  // The answer schemas load alongside the call, so that reading the answer never waits for them.
  void loadAnswers().catch(() => undefined);
  if (!takesActionKey(endpoint)) return sendOnce(endpoint, url, init);
  // A write is never held while offline to go later by itself: it is not sent, and says so at
  // once; one under way when the browser goes offline is given up at once, its key kept for
  // the person's retry (it may have left). With the HTTP layer: no first visit carries it.
  const { watchConnection } = await loadHttp();
  const watch = watchConnection(init.signal);
  const request = `${endpoint.method} ${url} ${JSON.stringify(init.data ?? null)}`;
  const key = init.idempotencyKey ?? actionKeyFor(request);
  try {
    const response = await sendOnce(endpoint, url, { ...init, signal: watch.signal }, key);
    settleActionKey(request, key);
    return response;
  } catch (caught) {
    const error = watch.failure(caught);
    settleActionKey(request, key, error);
    throw error;
  } finally {
    watch.release();
  }
}

async function sendOnce(
  endpoint: Endpoint,
  url: string,
  init: SendInit,
  idempotencyKey?: string,
): Promise<AxiosResponse<unknown>> {
  const { sendRequest } = await loadHttp();
  return sendRequest({
    method: endpoint.method,
    url,
    data: init.data,
    params:
      init.page || init.query
        ? {
            ...init.query,
            ...(init.page ? { limit: init.page.limit, cursor: init.page.cursor } : {}),
          }
        : undefined,
    signal: init.signal,
    timeout: init.timeout,
    ...(init.token || init.contentType || idempotencyKey
      ? {
          headers: {
            ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
            ...(init.contentType ? { 'Content-Type': init.contentType } : {}),
            ...(idempotencyKey ? { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } : {}),
          },
        }
      : {}),
  });
}

/**
 * One request beyond the contract's endpoints (the FHIR interface's record download), through
 * the same client: the session's token, its expiry check and its errors.
 */
export async function sendBeyondContract(
  config: AxiosRequestConfig,
): Promise<AxiosResponse<unknown>> {
  const { sendRequest } = await loadHttp();
  return sendRequest(config);
}

/** Parses an answer with the contract schema `pick` chooses; anything else is an 'Unexpected answer'. */
export async function parseAnswer<T>(
  pick: PickSchema<T>,
  response: AxiosResponse<unknown>,
): Promise<T> {
  const answers = await loadAnswers();
  return answers.decodeAnswer(pick(answers), response);
}

/** Parses a list answer: the array by the schema `pick` chooses, the total and cursor by the headers. */
export async function parsePage<T>(
  pick: PickSchema<T[]>,
  response: AxiosResponse<unknown>,
): Promise<Page<T>> {
  const answers = await loadAnswers();
  return answers.decodePage(pick(answers), response);
}
