import type { FieldError } from '@portal/contract';

/** An error the API answers with its own status and a message fit for the user. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
    this.name = 'ApiError';
  }
}

/** 400 with the fields at fault. */
export const badRequest = (detail: string, errors?: FieldError[]) =>
  new ApiError(400, 'Bad Request', detail, errors);
/** 401: no valid session. */
export const unauthorized = (detail = 'Sign in to continue') =>
  new ApiError(401, 'Unauthorized', detail);
/** 403: signed in, but not allowed. */
export const forbidden = (detail = 'You are not allowed to do this') =>
  new ApiError(403, 'Forbidden', detail);
/** 404: no such record. */
export const notFound = (detail: string) => new ApiError(404, 'Not Found', detail);
/** 409: the record would duplicate another on `field`. */
export const conflict = (field: string, detail: string) =>
  new ApiError(409, 'Conflict', detail, [{ field, message: detail }]);
/** 429 with Retry-After in seconds. */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new ApiError(429, 'Too Many Requests', detail, undefined, {
    'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))),
  });

/** The PostgreSQL error under whatever the driver or Drizzle wrapped it in, if there is one. */
export function postgresErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  for (
    let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined,
      depth = 0;
    e && depth < 5;
    e = e.cause as typeof e, depth++
  ) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return {
        code: e.code,
        constraint: typeof e.constraint === 'string' ? e.constraint : undefined,
      };
    }
  }
  return undefined;
}

/** The unique constraint a write broke (SQLSTATE 23505), if that is what failed. */
export function uniqueViolation(error: unknown): string | undefined {
  const pgError = postgresErrorOf(error);
  return pgError?.code === '23505' ? (pgError.constraint ?? '') : undefined;
}
