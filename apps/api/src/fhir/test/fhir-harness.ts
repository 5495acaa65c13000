/** What the FHIR tests share: calls under /fhir/R4 and the checks of an OperationOutcome. */
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { OperationOutcome, Patient, Resource } from '@medplum/fhirtypes';
import { FHIR_BASE } from '@portal/contract';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../app';
import { type Database, queryRows } from '../../db/database';
import { TEST_JWT_SECRET, testConfig, unique } from '../../test/harness';
import { PATIENT_EXTENSIONS } from '../resources';
import { expectValid } from './validator';

/**
 * The app with the three web apps' pages installed (a stand-in build: each app's index.html),
 * as the server runs with a build: a path no route takes falls through to a page there.
 */
export async function appWithFrontends(
  database: Database,
): Promise<{ app: FastifyInstance; root: string }> {
  const root = mkdtempSync(join(tmpdir(), 'portal-fhir-pages-'));
  for (const dir of ['public-and-patient', 'clinical', 'hr']) {
    mkdirSync(join(root, dir));
    writeFileSync(join(root, dir, 'index.html'), `<!doctype html><title>${dir}</title>`);
  }
  const app = await buildApp({
    config: testConfig(),
    db: database.db,
    jwtSecret: TEST_JWT_SECRET,
    logger: false,
    staticRoot: root,
  });
  await app.ready();
  return { app, root };
}

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

/** A Patient resource as an information system would send it. */
export function newPatientResource(patientId: string): Patient {
  const n = unique();
  return {
    resourceType: 'Patient',
    identifier: [
      { system: CODE_SYSTEMS.portalPatientId, value: patientId },
      {
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code: 'NI' }] },
        value: `FH${n}`,
      },
    ],
    name: [{ family: `Writer${n}`, given: ['Napat'] }],
    gender: 'female',
    birthDate: '1990-05-17',
    telecom: [
      { system: 'phone', value: '0812345678' },
      { system: 'email', value: `napat${n}@gmail.com` },
    ],
    address: [{ line: ['9 Sukhumvit Road', 'Bangkok'] }],
    extension: [
      { url: PATIENT_EXTENSIONS.healthInsurance, valueBoolean: true },
      { url: PATIENT_EXTENSIONS.ongoingTreatment, valueString: 'none' },
      { url: PATIENT_EXTENSIONS.unhealthyHabits, valueString: 'none' },
    ],
  };
}

/**
 * The plan of a query as text, sequential scans ruled out (a test's tables are tiny, where a
 * scan would win): which indexes a search's page reads.
 */
export function queryPlan(database: Database, query: SQL): Promise<string> {
  return database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const rows = await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${query}`);
    return rows.map((row) => row['QUERY PLAN']).join('\n');
  });
}
