import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { OperationOutcome, OperationOutcomeIssue } from '@medplum/fhirtypes';

type IssueType = OperationOutcomeIssue['code'];
import { ProblemError, databaseUnavailable } from '../errors';

/** The content type of every FHIR answer. */
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** The issue type an answer's status stands for. */
const ISSUE_TYPES: Record<number, IssueType> = {
  400: 'invalid',
  401: 'login',
  403: 'forbidden',
  404: 'not-found',
  405: 'not-supported',
  406: 'not-supported',
  409: 'duplicate',
  412: 'conflict',
  413: 'too-long',
  415: 'not-supported',
  422: 'processing',
  429: 'throttled',
};

/**
 * A text the request gave (a path segment, a parameter name) as a FHIR string can hold it: a
 * control character or half a surrogate pair shown as U+FFFD; FHIR has no empty string.
 */
const fhirString = (text: string) => text.replace(/[\p{Cc}\p{Cs}]/gu, '\uFFFD').trim() || '\uFFFD';

/** An OperationOutcome of one error issue, naming the elements or parameters at fault. */
export function operationOutcome(
  status: number,
  text: string,
  named: readonly string[] = [],
): OperationOutcome {
  const diagnostics = fhirString(text);
  const expression = named.map(fhirString);
  return {
    resourceType: 'OperationOutcome',
    issue: [
      {
        severity: 'error',
        code: ISSUE_TYPES[status] ?? (status >= 500 ? 'exception' : 'invalid'),
        diagnostics,
        ...(expression.length ? { expression: [...expression] } : {}),
      },
    ],
  };
}

/** 405: the interaction is not offered on this path. */
export const methodNotAllowed = (detail: string) =>
  new ProblemError(405, 'Method Not Allowed', detail);

/** 422: a resource that parses but breaks a rule, naming its elements. */
export const unprocessable = (detail: string, fields: readonly string[]) =>
  new ProblemError(
    422,
    'Unprocessable Content',
    detail,
    fields.map((field) => ({ field, message: detail })),
  );

/**
 * Any error as a status and an OperationOutcome: the API's own refusals keep their status and
 * fields; Fastify's client errors (a body that is not JSON, too large, of another type) keep
 * theirs with a fixed message; anything else is a 500 that says nothing of its cause.
 */
export function outcomeOf(error: FastifyError | ProblemError): {
  status: number;
  outcome: OperationOutcome;
  headers?: Record<string, string>;
} {
  if (error instanceof ProblemError) {
    const fields = error.errors?.map((e) => e.field) ?? [];
    return {
      status: error.status,
      outcome: operationOutcome(error.status, error.message, fields),
      ...(error.headers ? { headers: error.headers } : {}),
    };
  }
  if (hasZodFastifySchemaValidationErrors(error)) {
    const fields = error.validation.map((issue) => issue.instancePath || 'request');
    return { status: 400, outcome: operationOutcome(400, 'The request is not valid', fields) };
  }
  const unavailable = databaseUnavailable(error);
  if (unavailable) return outcomeOf(unavailable);
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const detail =
      status === 415
        ? 'Send the resource as application/fhir+json'
        : status === 413
          ? 'The request body is larger than this server accepts'
          : status === 400
            ? 'The request body is not valid JSON'
            : 'The request was refused';
    return { status, outcome: operationOutcome(status, detail) };
  }
  return {
    status: 500,
    outcome: operationOutcome(500, 'Something went wrong on our side. Please try again.'),
  };
}
