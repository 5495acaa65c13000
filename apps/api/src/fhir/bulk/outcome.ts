import { STATUS_CODES } from 'node:http';
import type { FastifyReply } from 'fastify';
import { ProblemError } from '../../errors';
import { FHIR_JSON, operationOutcome } from '../outcome';

/**
 * A bulk call's refusal, naming the parameter at fault when there is one; answered as an
 * OperationOutcome by the FHIR server's own rule (fhir/outcome.ts's outcomeOf).
 */
export const refusal = (
  status: number,
  detail: string,
  parameter?: string,
  headers?: Record<string, string>,
) =>
  new ProblemError(
    status,
    STATUS_CODES[status] ?? 'Error',
    detail,
    parameter ? [{ field: parameter, message: detail }] : undefined,
    headers,
  );

/** Answers a failed export's status (a 5xx whose cause is the job's, not the request's). */
export const sendFailure = (reply: FastifyReply, detail: string) =>
  reply.code(500).type(FHIR_JSON).send(operationOutcome(500, detail));
