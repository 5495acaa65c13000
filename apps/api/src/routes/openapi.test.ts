/**
 * The OpenAPI document says, per operation, what the server does: a public call needs no token,
 * every other call the bearer token.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_BASE, ENDPOINTS } from '@portal/contract';
import type { Database } from '../db/database';
import { call, createTestApp, createTestDatabase } from '../test/harness';

type Operation = { security?: Record<string, string[]>[] };
type Document = {
  security?: Record<string, string[]>[];
  paths: Record<string, Record<string, Operation>>;
};

let database: Database;
let app: FastifyInstance;
let document: Document;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp(database));
  const response = await call(app, 'GET', '/openapi.json');
  expect(response.statusCode).toBe(200);
  document = response.json<Document>();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

/** The security an operation requires: its own, or the document's default. */
function securityOf(method: string, path: string) {
  const openApiPath = `${DEFAULT_API_BASE}${path}`.replace(/:(\w+)/g, '{$1}');
  const operation = document.paths[openApiPath]?.[method.toLowerCase()];
  expect(operation, `${method} ${openApiPath} is in the document`).toBeDefined();
  return operation!.security ?? document.security ?? [];
}

describe('the OpenAPI document', () => {
  const documented = Object.entries(ENDPOINTS).filter(([name]) => name !== 'openapi');

  it('gives the merge patch its media type', () => {
    const operation = document.paths[`${DEFAULT_API_BASE}/patient/{patient_id}`]?.['patch'] as
      { requestBody?: { content?: Record<string, unknown> } } | undefined;
    expect(Object.keys(operation?.requestBody?.content ?? {})).toEqual([
      'application/merge-patch+json',
    ]);
  });

  it.each(documented.filter(([, e]) => e.access === 'public'))(
    'marks %s as needing no token',
    (_, endpoint) => {
      expect(securityOf(endpoint.method, endpoint.path)).toEqual([]);
    },
  );

  it.each(documented.filter(([, e]) => e.access !== 'public' && e.access !== 'operator'))(
    'marks %s as needing the bearer token',
    (_, endpoint) => {
      expect(securityOf(endpoint.method, endpoint.path)).toEqual([{ bearer: [] }]);
    },
  );

  it.each(documented.filter(([, e]) => e.access === 'operator'))(
    'marks %s as needing the metrics token or nothing (from the server’s machine)',
    (_, endpoint) => {
      expect(securityOf(endpoint.method, endpoint.path)).toEqual([{ metricsToken: [] }, {}]);
    },
  );

  it('covers /health, /ready, /login and /register among the public calls', () => {
    for (const path of ['/health', '/ready', '/login', '/register']) {
      const method = path === '/health' || path === '/ready' ? 'GET' : 'POST';
      expect(securityOf(method, path)).toEqual([]);
    }
  });
});
