import type { FieldError, ProblemExtensions } from '@portal/contract';

/**
 * An error the API answers as a problem (RFC 9457) with its own status and a message fit for
 * the user. (The apps' api-client has its own ApiError: a failed call as the browser sees it.)
 */
export class ProblemError extends Error {
  constructor(
    readonly status: number,
    readonly title: string,
    detail: string,
    readonly errors?: FieldError[],
    readonly headers?: Record<string, string>,
    /** Members added to the problem beside the standard ones (the contract's problemSchema). */
    readonly extensions?: ProblemExtensions,
  ) {
    super(detail);
    this.name = 'ProblemError';
  }
}

/** 400 with the fields at fault. */
export const badRequest = (detail: string, errors?: FieldError[]) =>
  new ProblemError(400, 'Bad Request', detail, errors);
/** 401: no valid session. */
export const unauthorized = (detail = 'Sign in to continue', extensions?: ProblemExtensions) =>
  new ProblemError(401, 'Unauthorized', detail, undefined, undefined, extensions);
/** 403: signed in, but not allowed. */
export const forbidden = (detail = 'You are not allowed to do this') =>
  new ProblemError(403, 'Forbidden', detail);
/** 404: no such record. */
export const notFound = (detail: string) => new ProblemError(404, 'Not Found', detail);
/** 409: the record would duplicate another on `field`. */
export const conflict = (field: string, detail: string) =>
  new ProblemError(409, 'Conflict', detail, [{ field, message: detail }]);
/** 429 with Retry-After in seconds. */
export const tooManyRequests = (detail: string, retryAfterSeconds: number) =>
  new ProblemError(429, 'Too Many Requests', detail, undefined, {
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

/** Seconds a client is asked to wait when the database cannot answer (a failover takes ~10-20 s). */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

/**
 * SQLSTATEs that say the database cannot take the request now, not that the request is wrong:
 * class 08 (the connection failed or was lost), the server shutting down or starting
 * (57P01-57P03), too many connections (53300), a statement cancelled by statement_timeout
 * (57014), and a write sent to a standby (25006, during a switch of primary).
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300|57014|25006)$/;
/** The driver's (node-postgres, pg-pool) and the socket's words for a connection that failed. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
]);
const UNAVAILABLE_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Client was closed and is not queryable)/;

/**
 * The 503 with Retry-After that answers an error meaning the database is not there (lost,
 * restarting, a failover under way, a standby that cannot write, a statement over its timeout),
 * whatever wrapped it (Drizzle's DrizzleQueryError keeps the driver's error as its cause); undefined
 * for any other error. Never 500: the client is to try again shortly (docs/operations.md).
 */
export function databaseUnavailable(error: unknown): ProblemError | undefined {
  let e = error as { code?: unknown; message?: unknown; cause?: unknown } | null | undefined;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    const code = typeof e.code === 'string' ? e.code : '';
    const message = typeof e.message === 'string' ? e.message : '';
    if (
      UNAVAILABLE_SQLSTATE.test(code) ||
      UNAVAILABLE_CODES.has(code) ||
      UNAVAILABLE_MESSAGES.test(message)
    ) {
      return new ProblemError(
        503,
        'Service Unavailable',
        'The database is not reachable',
        undefined,
        { 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) },
      );
    }
  }
  return undefined;
}

/** The unique constraint a write broke (SQLSTATE 23505), if that is what failed. */
export function uniqueViolation(error: unknown): string | undefined {
  const pgError = postgresErrorOf(error);
  return pgError?.code === '23505' ? (pgError.constraint ?? '') : undefined;
}

/** A class name as code writes it; anything else is not shown. */
const CLASS_NAME = /^[A-Za-z_$][\w$.]{0,79}$/;
/** A code as libraries set it (SQLSTATE, ECONNREFUSED, FST_ERR_…); anything else is not shown. */
const ERROR_CODE = /^[A-Z0-9_]{1,40}$/;
/** An error's code if it has the form of one (safe to log), else undefined. */
export function safeErrorCode(code: unknown): string | undefined {
  return typeof code === 'string' && ERROR_CODE.test(code) ? code : undefined;
}
/** A stack frame line: `    at [name (]location:line:col[)]`, or a native/anonymous frame. */
const STACK_FRAME =
  /^ {4}at (?:(?:async )?[\w$.<>[\] ]{1,200} \()?(?:file:\/\/|node:|\/|[A-Za-z]:\\)[^\s()]*:\d+:\d+\)?$|^ {4}at (?:(?:async )?[\w$.<>[\] ]{1,200} )?\((?:native|<anonymous>)\)$/;
/** Most stack frames logged. */
const MAX_FRAMES = 8;

/**
 * The stack frames of an error without its message: V8 writes `Class: message` and then the
 * frames, and a failed query's message runs over several lines (Drizzle's "Failed query: …
 * params: …"), so lines after the first are not frames. Everything up to the end of the
 * message is cut off, and of the rest only lines that are code locations are kept; when the
 * message cannot be found in the stack, nothing of the stack is kept.
 */
function stackFrames(error: { message?: unknown; stack?: unknown }): string | undefined {
  if (typeof error.stack !== 'string' || typeof error.message !== 'string') return undefined;
  const end = error.message ? error.stack.indexOf(error.message) : 0;
  if (end === -1) return undefined;
  const frames = error.stack
    .slice(end + error.message.length)
    .split('\n')
    .filter((line) => STACK_FRAME.test(line))
    .slice(0, MAX_FRAMES);
  return frames.length ? frames.join('\n') : undefined;
}

/**
 * What may be logged or printed of an unexpected error: its class, its code (the SQLSTATE for
 * a database error), the constraint it broke, and where it was thrown — never its message,
 * which for a failed query holds the SQL and every parameter (patient records, usernames), nor
 * the database's detail ("Failing row contains …").
 */
export function loggableError(error: unknown): {
  type: string;
  code?: string;
  constraint?: string;
  stack?: string;
} {
  const e = (typeof error === 'object' && error !== null ? error : {}) as {
    name?: unknown;
    code?: unknown;
    message?: unknown;
    stack?: unknown;
  };
  const pgError = postgresErrorOf(error);
  const ownCode = safeErrorCode(e.code);
  const constraint =
    pgError?.constraint && CLASS_NAME.test(pgError.constraint) ? pgError.constraint : undefined;
  const stack = stackFrames(e);
  // The class, when a subclass left `name` as plain "Error" (Drizzle's DrizzleQueryError does).
  const className = error instanceof Error ? error.constructor.name : undefined;
  const name = e.name === 'Error' && className ? className : e.name;
  return {
    type: typeof name === 'string' && CLASS_NAME.test(name) ? name : typeof error,
    ...((pgError?.code ?? ownCode) ? { code: pgError?.code ?? ownCode } : {}),
    ...(constraint ? { constraint } : {}),
    ...(stack ? { stack } : {}),
  };
}

/** Whether an error is, or wraps, a failed database query (whose message holds its data). */
function isQueryFailure(error: unknown): boolean {
  let e = error as { name?: unknown; params?: unknown; query?: unknown; cause?: unknown } | null;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++, e = e.cause as typeof e) {
    if ('params' in e || 'query' in e || e.name === 'DrizzleQueryError') return true;
  }
  return postgresErrorOf(error) !== undefined;
}

/**
 * One line about a failure for an operator (the start-up message, the admin tool): an error
 * written for them (configuration, a busy data directory, the admin tool's own refusals) says
 * what it says; a database error is named by class, SQLSTATE and constraint only, since its
 * message holds the query's parameters (the demo patients, a username).
 */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return 'unexpected failure';
  if (!isQueryFailure(error)) return error.message;
  const { type, code, constraint } = loggableError(error);
  const cause = postgresErrorOf(error) ? undefined : loggableError(error.cause).code;
  return [
    `database error ${type}`,
    code ? `SQLSTATE ${code}` : undefined,
    constraint ? `constraint ${constraint}` : undefined,
    cause ? `cause ${cause}` : undefined,
  ]
    .filter(Boolean)
    .join(', ');
}

/** What the server prints when it cannot start. */
export function startupFailureMessage(error: unknown): string {
  return `Could not start: ${describeFailure(error)}`;
}
