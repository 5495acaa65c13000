import { type IncomingMessage, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  asksForProblem,
  DEFAULT_API_BASE,
  type FieldError,
  PROBLEM_CONTENT_TYPE,
  type Problem,
  type ProblemExtensions,
} from '@portal/contract';
import { type Locale, localeFromAcceptLanguage, textIn } from '@portal/i18n/server';
import {
  ProblemError,
  badRequest,
  databaseUnavailable,
  loggableError,
  safeErrorCode,
} from '../errors';

/**
 * A problem's words in the language the request asks for (`Accept-Language`): the detail, or
 * for a field's problem the message after its field's name, and each field's message, by the
 * contract catalogue (`contract.*`, values such as an id or a bound kept); a text no catalogue
 * has stays English.
 */
function localised(detail: string, errors: FieldError[] | undefined, locale: Locale) {
  if (locale === 'en') return { detail, errors };
  const field = errors?.find((error) => detail === `${error.field}: ${error.message}`);
  return {
    detail: field ? `${field.field}: ${textIn(field.message, locale)}` : textIn(detail, locale),
    errors: errors?.map((error) => ({ ...error, message: textIn(error.message, locale) })),
  };
}

/** An RFC 9457 problem; `type` is left as about:blank, the status says what it is. */
function problemOf(
  status: number,
  detail: string,
  errors?: FieldError[],
  extensions?: ProblemExtensions,
): Problem {
  return {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(errors ? { errors } : {}),
    ...extensions,
  };
}

/**
 * Sends an RFC 9457 problem ({@link problemOf}); on a call that answers bare messages (the
 * spec's login and register), to a client that does not ask for problems, the detail alone as
 * a JSON string, with the same status and headers.
 */
export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  errors?: FieldError[],
  extensions?: ProblemExtensions,
) {
  if (
    reply.request.routeOptions.config?.messageErrors &&
    !asksForProblem(reply.request.headers.accept)
  ) {
    // Sent as text already serialised, so the route's response schema is not applied to it.
    return reply.code(status).type('application/json; charset=utf-8').send(JSON.stringify(detail));
  }
  // Only a problem is translated: the bare message stays the spec's English words for the
  // spec's clients, whatever language their browser asks for.
  const words = localised(
    detail,
    errors,
    localeFromAcceptLanguage(reply.request.headers['accept-language']),
  );
  const vary = reply.getHeader('vary');
  return reply
    .code(status)
    .type(PROBLEM_CONTENT_TYPE)
    .header('vary', vary ? `${String(vary)}, Accept-Language` : 'Accept-Language')
    .send(problemOf(status, words.detail, words.errors, extensions));
}

/** The message of the one warn line a malformed request writes (see {@link warnMalformed}). */
export const MALFORMED_REQUEST_LOG = 'malformed request refused';

/**
 * Logs a malformed request: one warn line with its status and the error's code, never the
 * error itself (its message and `rawPacket` can hold the request's bytes, its stack is noise:
 * the client is at fault, not the server).
 */
function warnMalformed(
  log: { warn: (bindings: object, message: string) => void },
  status: number,
  code: unknown,
) {
  const safeCode = safeErrorCode(code);
  log.warn({ status, ...(safeCode ? { code: safeCode } : {}) }, MALFORMED_REQUEST_LOG);
}

/** What Node's HTTP parser refused, as the problem's status and detail. */
function parserRefusal(code: string | undefined): { status: number; detail: string } {
  if (code === 'HPE_HEADER_OVERFLOW')
    return { status: 431, detail: 'The request headers are larger than this server accepts' };
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT')
    return { status: 408, detail: 'The request did not arrive in time' };
  if (code === 'HPE_INVALID_CHUNK_SIZE' || code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW')
    return { status: 400, detail: 'The request body’s chunked encoding is malformed' };
  if (code === 'HPE_UNEXPECTED_CONTENT_LENGTH' || code === 'HPE_INVALID_CONTENT_LENGTH')
    return {
      status: 400,
      detail: 'The request’s Content-Length or Transfer-Encoding headers are malformed or conflict',
    };
  return { status: 400, detail: 'The request is not valid HTTP' };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser refuses (bad chunking, a
 * duplicate Content-Length, a control byte in the path or a header, headers too large) is
 * answered as a problem like every other refusal, with one warn line. A reset connection has
 * nobody to answer and is not a malformed request: nothing is written or logged.
 */
export function answerClientError(
  this: { log: { warn: (bindings: object, message: string) => void } },
  error: Error & { code?: string },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const { status, detail } = parserRefusal(error.code);
  warnMalformed(this.log, status, error.code);
  // As Node's own handler: an answer already under way on this connection (a pipelined
  // request before the malformed one) must not be cut into by another.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || socket.destroyed || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(problemOf(status, detail));
  // Written, then the connection dropped at once (as Node's own handler does): the parser is
  // done with it, and bytes the client still sends must not be parsed again (a second error).
  socket.write(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      `Content-Type: ${PROBLEM_CONTENT_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n' +
      body,
  );
  socket.destroy();
}

/** Longest part of an API path the router takes as a parameter (Fastify's maxParamLength). */
export const MAX_PARAM_LENGTH = 100;

/** Where a request whose URL was refused before routing keeps the refusal. */
const URL_REFUSAL = Symbol('url refusal');
type ScreenedMessage = IncomingMessage & { [URL_REFUSAL]?: ProblemError };

/** Whether a path is the API's, whatever its case (`/API/…` is not a page of an app). */
export const isApiPath = (pathname: string) =>
  pathname.toLowerCase() === DEFAULT_API_BASE ||
  pathname.toLowerCase().startsWith(`${DEFAULT_API_BASE}/`);

/**
 * A URL path decoded, or undefined when it does not decode (`%ff`, `%E0%A4%A`). The result is
 * used, not only the exception: a bundler may drop a call to decodeURIComponent whose value is
 * thrown away, and with it the check (it did: the built server answered Fastify's own JSON).
 */
export function decodedPath(pathname: string): string | undefined {
  try {
    return decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
}

/**
 * Fastify's `rewriteUrl`: a URL the router would refuse with its own JSON and none of the
 * hooks — a path that does not decode (`/%ff`), or an API path part longer than the router
 * takes — and an HTTP/1.1 request without Host are kept aside and routed to the API's root
 * instead, where {@link refuseScreenedUrl} answers it as a problem after the security headers
 * are set, like any other answer.
 */
export function screenUrl(raw: IncomingMessage): string {
  const url = raw.url ?? '/';
  const pathname = url.split('?')[0] ?? '/';
  let refusal: ProblemError | undefined;
  // HTTP/1.1 requires the Host header (RFC 9112, 3.2); Node's own check is off (app.ts) so
  // that the refusal is a problem.
  if (raw.httpVersion === '1.1' && raw.headers.host === undefined) {
    refusal = badRequest('The request has no Host header');
  } else if (decodedPath(pathname) === undefined) {
    refusal = badRequest('The URL is not valid: it holds a malformed percent-encoded character');
  }
  if (
    !refusal &&
    isApiPath(pathname) &&
    pathname.split('/').some((part) => part.length > MAX_PARAM_LENGTH)
  ) {
    refusal = new ProblemError(
      414,
      'URI Too Long',
      `A part of the URL is longer than the ${MAX_PARAM_LENGTH} characters this API takes`,
    );
  }
  if (!refusal) return url;
  (raw as ScreenedMessage)[URL_REFUSAL] = refusal;
  return `${DEFAULT_API_BASE}/`;
}

/** An onRequest hook, added after the security headers': answers a URL refused by screenUrl. */
export async function refuseScreenedUrl(request: FastifyRequest): Promise<void> {
  const refusal = (request.raw as ScreenedMessage)[URL_REFUSAL];
  if (!refusal) return;
  warnMalformed(request.log, refusal.status, undefined);
  throw refusal;
}

/** Fastify's own client errors whose messages are safe to show as they are. */
const FASTIFY_CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than the 1 MB this API accepts',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type says JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

/** Why a body did not parse, without echoing any of it. */
function bodyParseMessage(error: Error): string {
  // secure-json-parse refuses prototype-poisoning keys with this message (no body content in it).
  return /forbidden prototype property|forbidden constructor property/i.test(error.message)
    ? 'The request body holds a forbidden key (__proto__ or constructor)'
    : 'The request body is not valid JSON';
}

/**
 * Every error leaves the API as application/problem+json: 400 with the fields at fault, the
 * ProblemError statuses, Fastify's client errors, and a bare 500 (logged, never explained) for the
 * rest. No stack trace, SQL or record content is ever sent.
 */
export const problemsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext;
      const errors = error.validation.map((issue) => {
        const path = issue.instancePath.split('/').filter(Boolean).join('.');
        return {
          field: path || (where === 'body' ? 'body' : String(where)),
          message: issue.message ?? 'Invalid value',
        };
      });
      const first = errors[0]!;
      return sendProblem(reply, 400, `${first.field}: ${first.message}`, errors);
    }
    if (error instanceof ProblemError) {
      if (error.headers) void reply.headers(error.headers);
      return sendProblem(reply, error.status, error.message, error.errors, error.extensions);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own 4xx: a body that is not JSON, too large, of another type, or of a wrong
      // length (the malformed requests Node's parser lets through). A body cut off because the
      // connection is gone (its parser's refusal was logged by answerClientError, or the
      // client left) has nobody to answer and no second line.
      const malformed =
        error.code?.startsWith('FST_ERR_CTP_') || error instanceof SyntaxError || status === 400;
      if (malformed && !request.raw.socket?.destroyed)
        warnMalformed(request.log, status, error.code);
      const known = error.code ? FASTIFY_CLIENT_MESSAGES[error.code] : undefined;
      const detail =
        known ??
        (error instanceof SyntaxError || status === 400
          ? bodyParseMessage(error)
          : (STATUS_CODES[status] ?? 'Bad request'));
      // Fastify's 400s are all about the body as a whole (not JSON, a forbidden key, empty,
      // a wrong length): the field at fault is the body itself.
      return sendProblem(
        reply,
        status,
        detail,
        status === 400 ? [{ field: 'body', message: detail }] : undefined,
      );
    }
    const unavailable = databaseUnavailable(error);
    if (unavailable) {
      request.log.warn({ err: loggableError(error) }, 'database not reachable');
      void reply.headers(unavailable.headers!);
      return sendProblem(reply, unavailable.status, unavailable.message);
    }
    request.log.error({ err: loggableError(error) }, 'request failed');
    return sendProblem(
      reply,
      500,
      'Something went wrong on our side. Please try again; if it keeps happening, contact the Help Desk.',
    );
  });

  app.setNotFoundHandler((request, reply) =>
    sendProblem(reply, 404, `No API call ${request.method} ${request.url.split('?')[0]}`),
  );
});
