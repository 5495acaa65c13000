import type { OperationOutcome } from '@medplum/fhirtypes';
import type { FastifyReply } from 'fastify';

/** The FHIR issue types the bulk calls answer with. */
export type IssueCode =
  | 'invalid'
  | 'not-supported'
  | 'login'
  | 'forbidden'
  | 'not-found'
  | 'throttled'
  | 'exception'
  | 'processing';

/** An OperationOutcome with one issue. */
export const outcome = (
  severity: 'error' | 'information',
  code: IssueCode,
  diagnostics: string,
): OperationOutcome => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity, code, diagnostics }],
});

/** Answers an error as an OperationOutcome with its status. */
export function sendOutcome(
  reply: FastifyReply,
  status: number,
  code: IssueCode,
  diagnostics: string,
): FastifyReply {
  return reply
    .code(status)
    .type('application/fhir+json')
    .send(outcome(status >= 400 ? 'error' : 'information', code, diagnostics));
}

/** A refusal thrown by a bulk call's checks, answered as an OperationOutcome. */
export class OutcomeError extends Error {
  constructor(
    readonly status: number,
    readonly code: IssueCode,
    diagnostics: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(diagnostics);
    this.name = 'OutcomeError';
  }
}
