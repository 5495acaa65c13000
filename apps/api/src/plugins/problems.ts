import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { type FieldError, PROBLEM_CONTENT_TYPE, type Problem } from '@portal/contract';
import { ApiError } from '../errors';

/** Sends an RFC 9457 problem; `type` is left as about:blank, the status says what it is. */
export function sendProblem(
  reply: FastifyReply,
  status: number,
  detail: string,
  errors?: FieldError[],
) {
  const body: Problem = {
    type: 'about:blank',
    title: STATUS_CODES[status] ?? 'Error',
    status,
    detail,
    ...(errors ? { errors } : {}),
  };
  return reply.code(status).type(PROBLEM_CONTENT_TYPE).send(body);
}

/** Fastify's own client errors whose messages are safe to show as they are. */
const FASTIFY_CLIENT_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Send the request body as application/json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is larger than the 1 MB this API accepts',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty but its content type says JSON',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The Content-Length header does not match the body',
};

/**
 * What may be logged of an unexpected error: its kind and database code and where it was
 * thrown, but not its message, which for a failed query holds the SQL and its parameters
 * (patient data).
 */
export function loggableError(error: unknown) {
  const e = error as {
    name?: string;
    code?: string;
    cause?: { code?: string; constraint?: string };
    stack?: string;
  };
  return {
    type: e?.name ?? typeof error,
    code: e?.code ?? e?.cause?.code,
    constraint: e?.cause?.constraint,
    stack: e?.stack?.split('\n').slice(1, 8).join('\n'),
  };
}

/**
 * Every error leaves the API as application/problem+json: 400 with the fields at fault, the
 * ApiError statuses, Fastify's client errors, and a bare 500 (logged, never explained) for the
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
    if (error instanceof ApiError) {
      if (error.headers) void reply.headers(error.headers);
      return sendProblem(reply, error.status, error.message, error.errors);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known = error.code ? FASTIFY_CLIENT_MESSAGES[error.code] : undefined;
      const detail =
        known ??
        (error instanceof SyntaxError || status === 400
          ? 'The request body is not valid JSON'
          : (STATUS_CODES[status] ?? 'Bad request'));
      return sendProblem(reply, status, detail);
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
