/** Assertions the API's route tests share: success and problem answers, and audit events. */
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type Problem, problemSchema } from '@portal/contract';
import { type Database, queryRows } from '../db/database';

/** An activation code as the API hands it out: XXXX-XXXX-XXXX in Crockford's alphabet. */
export const CODE_FORMAT = /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/;

/** A successful answer: the status, and never kept by a cache. */
export function expectSuccess(response: LightMyRequestResponse, status: number): void {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['cache-control']).toBe('no-store');
}

/**
 * An RFC 9457 problem with the status, naming `field` when given, and giving away no stack
 * trace or SQL.
 */
export function expectProblem(
  response: LightMyRequestResponse,
  status: number,
  field?: string,
): Problem {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  for (const leak of ['stack', 'select ', 'insert ', 'at /']) {
    expect(response.body.toLowerCase()).not.toContain(leak);
  }
  const problem = response.json<Problem>();
  expect(problemSchema.safeParse(problem).success).toBe(true);
  expect(problem.status).toBe(status);
  expect(problem.detail.length).toBeGreaterThan(0);
  if (field !== undefined) {
    expect(problem.errors?.map((e) => e.field)).toContain(field);
  }
  return problem;
}

/** One audit event as the tests read it back. */
export interface AuditRow {
  action: string;
  actor_username: string | null;
  actor_role: string | null;
  record_type: string | null;
  record_ids: string[] | null;
  outcome: string;
  address: string | null;
}

/** The audit events the request behind a response wrote (matched by its request id). */
export function auditOf(database: Database, response: LightMyRequestResponse): Promise<AuditRow[]> {
  const requestId = String(response.headers['x-request-id']);
  return queryRows<AuditRow>(
    database.db,
    sql`select action, actor_username, actor_role, record_type, record_ids, outcome, address
        from audit_event where request_id = ${requestId} order by id`,
  );
}
