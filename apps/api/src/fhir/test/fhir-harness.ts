/** What the FHIR tests share: calls under /fhir/R4 and the checks of an OperationOutcome. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { FHIR_BASE } from '@portal/contract';
import { expectValid } from './validator';

/** A request under /fhir/R4 (path relative to it), JSON bodies sent as application/fhir+json. */
export function fhirCall(
  app: FastifyInstance,
  method: InjectOptions['method'],
  path: string,
  options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${FHIR_BASE}${path}`,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body !== undefined && typeof options.body !== 'string'
        ? { 'content-type': 'application/fhir+json' }
        : {}),
      ...options.headers,
    },
    ...(options.body !== undefined
      ? {
          payload: typeof options.body === 'string' ? options.body : JSON.stringify(options.body),
        }
      : {}),
  });
}

/** A FHIR answer: the status, the content type, no caching, and a valid resource. */
export function expectResource<T extends Resource = Resource>(
  response: LightMyRequestResponse,
  status = 200,
): T {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
  expect(response.headers['cache-control']).toBe('no-store');
  const resource = response.json<T>();
  expectValid(resource);
  return resource;
}

/**
 * An error as a valid OperationOutcome with the status, naming `expression` when given, giving
 * away no stack trace or SQL.
 */
export function expectOutcome(
  response: LightMyRequestResponse,
  status: number,
  expression?: string,
): OperationOutcome {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
  for (const leak of ['stack', 'select ', 'insert ', 'at /'])
    expect(response.body.toLowerCase()).not.toContain(leak);
  const outcome = response.json<OperationOutcome>();
  expect(outcome.resourceType).toBe('OperationOutcome');
  expectValid(outcome);
  expect(outcome.issue[0]?.diagnostics?.length).toBeGreaterThan(0);
  if (expression !== undefined) expect(outcome.issue[0]?.expression).toContain(expression);
  return outcome;
}
