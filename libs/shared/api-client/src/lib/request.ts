import type { AxiosResponse } from 'axios';
import type { z } from 'zod';
import {
  endpointPath,
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_HEADER,
  type Endpoint,
} from '@portal/contract';
import { ApiError, toApiError, UNEXPECTED_ANSWER_MESSAGE } from './api-error';
import { httpClient } from './http';

/** Per-call options every call takes. */
export interface RequestOptions {
  /** Cancels the call (TanStack Query passes its own). */
  readonly signal?: AbortSignal;
  /** A tighter time limit than the client's default, in milliseconds. */
  readonly timeout?: number;
}

/** Which page of a list: its size (server default 50, at most 200) and the cursor of a previous answer. */
export interface PageParams {
  readonly limit?: number;
  readonly cursor?: string;
}

/** One page of a list answer, with the total and the next page's cursor from the headers. */
export interface Page<T> {
  readonly items: T[];
  readonly total: number;
  /** null on the last page. */
  readonly nextCursor: string | null;
}

interface SendInit extends RequestOptions {
  readonly params?: Readonly<Record<string, string>>;
  readonly data?: unknown;
  readonly page?: PageParams;
}

/** Makes one call of the API by its endpoint; every failure is an ApiError. */
export async function send(
  endpoint: Endpoint,
  init: SendInit = {},
): Promise<AxiosResponse<unknown>> {
  try {
    return await httpClient.request<unknown>({
      method: endpoint.method,
      url: endpointPath(endpoint.path, init.params),
      data: init.data,
      params: init.page ? { limit: init.page.limit, cursor: init.page.cursor } : undefined,
      signal: init.signal,
      timeout: init.timeout,
    });
  } catch (error) {
    throw toApiError(error);
  }
}

function badAnswer(response: AxiosResponse<unknown>, cause: unknown): ApiError {
  return new ApiError({
    kind: 'bad-answer',
    status: response.status,
    detail: UNEXPECTED_ANSWER_MESSAGE,
    cause,
  });
}

/** Parses an answer with the contract's schema; anything else is an 'Unexpected answer'. */
export function parseAnswer<T>(schema: z.ZodType<T>, response: AxiosResponse<unknown>): T {
  const parsed = schema.safeParse(response.data);
  if (!parsed.success) throw badAnswer(response, parsed.error);
  return parsed.data;
}

function header(response: AxiosResponse<unknown>, name: string): string | null {
  const value: unknown = response.headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Parses a list answer: the array by the schema, the total and next cursor by the headers. */
export function parsePage<T>(schema: z.ZodType<T[]>, response: AxiosResponse<unknown>): Page<T> {
  const items = parseAnswer(schema, response);
  const totalText = header(response, TOTAL_COUNT_HEADER);
  // A proxy that strips the header leaves a list without a count, not a broken screen.
  const total = totalText === null ? items.length : Number(totalText);
  if (!Number.isInteger(total) || total < 0)
    throw badAnswer(response, new Error(`Bad ${TOTAL_COUNT_HEADER}`));
  return { items, total, nextCursor: header(response, NEXT_CURSOR_HEADER) };
}
