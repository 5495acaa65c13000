import { HttpResponse } from 'msw';
import type { z } from 'zod';
import {
  type FieldError,
  NEXT_CURSOR_HEADER,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  pageQuerySchema,
  TOTAL_COUNT_BOUND,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '@portal/contract';
import { decodeBase64Url, encodeBase64Url } from './base64url';

/** HTTP reason phrases of the statuses the API answers, as its problem titles use them. */
const TITLES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

/** The RFC 9457 body the API answers for an error, as its problems plugin builds it. */
export function makeProblem(status: number, detail: string, errors?: FieldError[]): Problem {
  return {
    type: 'about:blank',
    title: TITLES[status] ?? 'Error',
    status,
    detail,
    ...(errors ? { errors } : {}),
  };
}

/** An application/problem+json response. */
export function problemResponse(status: number, detail: string, errors?: FieldError[]) {
  return HttpResponse.json(makeProblem(status, detail, errors), {
    status,
    headers: { 'content-type': PROBLEM_CONTENT_TYPE },
  });
}

/** Thrown inside a mock handler to answer with a problem, as the API's ApiError does. */
export class MockProblem extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly errors?: FieldError[],
  ) {
    super(detail);
    this.name = 'MockProblem';
  }

  /** The response this problem answers with. */
  toResponse() {
    return problemResponse(this.status, this.message, this.errors);
  }
}

/** The field errors of a failed zod parse, named by dotted path as the API names them. */
export function fieldErrorsOf(error: z.ZodError, where = 'body'): FieldError[] {
  return error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || where,
    message: issue.message,
  }));
}

/** A 400 problem for a failed parse: the first field in `detail`, every field in `errors`. */
export function validationProblem(error: z.ZodError, where = 'body'): MockProblem {
  const errors = fieldErrorsOf(error, where);
  const first = errors[0]!;
  return new MockProblem(400, `${first.field}: ${first.message}`, errors);
}

/** Parses a request's JSON body with a contract schema, or throws the API's 400. */
export async function parseBody<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<z.output<S>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    throw new MockProblem(400, 'The request body is not valid JSON');
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw validationProblem(parsed.error);
  return parsed.data;
}

/** Parses path parameters with a contract schema, or throws the API's 400. */
export function parseParams<S extends z.ZodType>(params: unknown, schema: S): z.output<S> {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw validationProblem(parsed.error, 'params');
  return parsed.data;
}

const encodeCursor = (offset: number) => encodeBase64Url(`o${offset}`);

function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = /^o(\d{1,9})$/.exec(decodeBase64Url(cursor) ?? '');
  if (!match) {
    throw new MockProblem(400, 'The cursor is not one this API gave out', [
      { field: 'cursor', message: 'Unknown cursor' },
    ]);
  }
  return Number(match[1]);
}

/**
 * One page of `items` for `?limit=&cursor=`, with the (bounded) total, the next cursor and the Link
 * header the API sends (the last two only when another page follows).
 */
export function pageResponse<T>(request: Request, items: readonly T[]) {
  const url = new URL(request.url);
  const query = pageQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!query.success) throw validationProblem(query.error, 'querystring');
  const start = decodeCursor(query.data.cursor);
  const end = start + query.data.limit;
  const headers = new Headers({
    [TOTAL_COUNT_HEADER]: String(Math.min(items.length, TOTAL_COUNT_BOUND)),
  });
  // As the API does: beyond the bound the total says "more than".
  if (items.length > TOTAL_COUNT_BOUND) headers.set(TOTAL_COUNT_CAPPED_HEADER, 'true');
  if (end < items.length) {
    const next = encodeCursor(end);
    headers.set(NEXT_CURSOR_HEADER, next);
    url.searchParams.set('cursor', next);
    headers.set('link', `<${url.pathname}${url.search}>; rel="next"`);
  }
  return HttpResponse.json(items.slice(start, end), { headers });
}
