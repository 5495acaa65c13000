import { rmSync } from 'node:fs';
import { FHIR_BASE } from '@portal/contract';
import type { FastifyInstance } from 'fastify';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { MARKER } from '../../fuzz/bodies';
import { captureLog, expectCleanLog, FUZZ_RUNS, FUZZ_SEED } from '../../fuzz/fuzz-kit';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { createTestApp, createTestDatabase, createUser, type TestUser } from '../test/harness';
import { PATIENT_EXTENSIONS } from './resources';
import { RESOURCE_TYPES } from './types';
import { COMPUTED_TYPES } from './schedule';
import { expectValid, loadValidator } from './test/validator';
import { appWithFrontends } from './test/fhir-harness';

/** Search queries per run: a fraction of the body fuzzers' (each query is a whole search). */
const RUNS = Math.max(50, Math.round(FUZZ_RUNS / 4));

/** Every type the server reads: the tables' and the computed ones (Schedule, Slot). */
const READ_TYPES = [...RESOURCE_TYPES.values(), ...COMPUTED_TYPES.values()];
const TYPES = [...READ_TYPES.map((t) => t.type), 'Medication', 'metadata', '%24everything'];
const PARAMS = [
  ...new Set(READ_TYPES.flatMap((t) => Object.keys(t.params))),
  '_count',
  '_cursor',
  '_format',
  '_sort',
  'unknown',
  '__proto__',
  'constructor',
];

/**
 * Values near what parameters take, and far from it; some carry the planted marker, which the
 * server's log must never hold (a search value can be a name or an id card number).
 */
/** Control characters (C0, DEL, C1, the line and paragraph separators) and a lone surrogate. */
const CONTROLS = [
  '\u0000',
  '\u0001',
  '\t',
  '\n',
  '\r',
  '\u001F',
  '\u007F',
  '\u0085',
  '\u009F',
  '\u2028',
  '\u2029',
];

const value = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 8 }))
    .map(([a, c, b]) => `${a}${c}${b}`),
  fc.string({ maxLength: 10 }).map((s) => `${s}${MARKER}`),
  fc.constantFrom(`Patient/${MARKER}`, `http://loinc.org|${MARKER}`, `eq${MARKER}`),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    'eq2024',
    'ge2024-02-30',
    'lt0000',
    'le9999-12-31',
    'gt2024-01-01T10:00Z',
    'ne2024-13',
    '2024-01-01T25:61:00+14:00',
    'http://loinc.org|883-9',
    'http://hl7.org/fhir/sid/icd-10|J11.1',
    'http://hl7.org/fhir/sid/icd-10-cm|E11.9',
    'http://snomed.info/sct|716186003',
    'http://www.whocc.no/atc|J01C',
    'E11.9,723',
    'entered-in-error',
    'resolved',
    '|',
    'a|',
    'Patient/P001',
    'P001,P002,,',
    'active',
    'male',
    '0',
    '-1',
    '101',
    '1e3',
    'cjk5',
    'cjk5ODc2NTQz',
    "'; drop table patient; --",
    '%',
    '_',
    '\\',
    'x'.repeat(300),
  ),
  fc.integer().map(String),
);

const query = fc.array(fc.tuple(fc.constantFrom(...PARAMS), value), { maxLength: 5 });

// The definitions take seconds to index, and far longer on a busy machine.
beforeAll(loadValidator, 240_000);

/** Answers checked by the validator, by resource type (each run reports them). */
const validated = new Map<string, number>();
/** The answer's resource (a Bundle's entries too) checked by the independent validator. */
function expectValidAnswer(body: { resourceType: string }): void {
  expectValid(body as never);
  validated.set(body.resourceType, (validated.get(body.resourceType) ?? 0) + 1);
}

describe(`fuzz: FHIR search parameters and write bodies (${RUNS} searches, seed ${FUZZ_SEED})`, () => {
  let database: Database;
  let app: FastifyInstance;
  let users: TestUser[];
  const { log, logger } = captureLog();
  /** Requests sent with the marker in their query or body. */
  let markersSent = 0;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await createTestApp(database, undefined, { logger }));
    users = [
      await createUser(app, database, 'medical_personnel'),
      await createUser(app, database, 'patient'),
      await createUser(app, database, 'HR'),
    ];
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it(
    'answers every search with a Bundle or an OperationOutcome, never a 5xx',
    async () => {
      const statuses = new Map<number, number>();
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...TYPES),
          query,
          fc.nat({ max: users.length - 1 }),
          async (type, params, who) => {
            const search = params
              .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`)
              .join('&');
            if (params.some(([, v]) => v.includes(MARKER))) markersSent += 1;
            const response = await app.inject({
              method: 'GET',
              url: `${FHIR_BASE}/${type}?${search}`,
              headers: { authorization: `Bearer ${users[who]!.token}` },
            });
            statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
            expect(response.statusCode, response.body).toBeLessThan(500);
            expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
            const body = response.json<{ resourceType: string }>();
            expect(['Bundle', 'OperationOutcome', 'CapabilityStatement']).toContain(
              body.resourceType,
            );
            expectValidAnswer(body);
            expect(response.body).not.toMatch(/\bat \/|select |stack/i);
          },
        ),
        { numRuns: RUNS, seed: FUZZ_SEED },
      );
      // Both answers were reached: the fuzz tests searches, not only refusals.
      expect(statuses.get(200) ?? 0).toBeGreaterThan(0);
      expect(statuses.get(400) ?? 0).toBeGreaterThan(0);
    },
    120_000 + RUNS * 200,
  );
  it(
    'answers every write body with a resource or an OperationOutcome, never a 5xx',
    async () => {
      const statuses = new Map<number, number>();
      const valid = {
        Patient: {
          resourceType: 'Patient',
          identifier: [{ system: CODE_SYSTEMS.portalPatientId, value: 'P5000001' }],
          name: [{ family: MARKER, given: ['Body'] }],
          gender: 'male',
          birthDate: '1980-01-01',
          telecom: [
            { system: 'phone', value: '0812345678' },
            { system: 'email', value: 'fuzz@gmail.com' },
          ],
          extension: [
            { url: PATIENT_EXTENSIONS.healthInsurance, valueBoolean: true },
            { url: PATIENT_EXTENSIONS.ongoingTreatment, valueString: `none ${MARKER}` },
            { url: PATIENT_EXTENSIONS.unhealthyHabits, valueString: 'none' },
          ],
        },
        AllergyIntolerance: {
          resourceType: 'AllergyIntolerance',
          patient: { reference: `Patient/${users[1]!.recordId}` },
          code: { coding: [{ system: CODE_SYSTEMS.rxnorm, code: '161' }] },
        },
        Condition: {
          resourceType: 'Condition',
          subject: { reference: `Patient/${users[1]!.recordId}` },
          code: { coding: [{ system: CODE_SYSTEMS.icd10, code: 'B54' }] },
        },
        Appointment: {
          resourceType: 'Appointment',
          status: 'booked',
          start: '2031-01-01T10:00:00Z',
          end: '2031-01-01T10:20:00Z',
          participant: [
            { actor: { reference: `Patient/${users[1]!.recordId}` }, status: 'accepted' },
          ],
        },
      } as const;
      /** A valid body with one element replaced by anything JSON can hold, or anything at all. */
      const body = fc.oneof(
        fc
          .tuple(
            fc.constantFrom(...(Object.keys(valid) as (keyof typeof valid)[])),
            fc.string({ maxLength: 12 }),
            fc.jsonValue({ maxDepth: 3 }),
          )
          .map(([type, key, replacement]) => {
            const copy: Record<string, unknown> = structuredClone(valid[type]);
            const keys = Object.keys(copy).filter((k) => k !== 'resourceType');
            const target = keys[key.length % keys.length]!;
            copy[key.length % 3 === 0 ? key : target] = replacement;
            return { type, payload: JSON.stringify(copy) };
          }),
        fc
          .tuple(fc.constantFrom(...Object.keys(valid)), fc.jsonValue({ maxDepth: 4 }))
          .map(([type, anything]) => ({ type, payload: JSON.stringify(anything) ?? 'null' })),
        fc
          .tuple(fc.constantFrom(...Object.keys(valid)), fc.string({ maxLength: 40 }))
          .map(([type, text]) => ({ type, payload: text })),
      );
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async ({ type, payload }, put) => {
          if (payload.includes(MARKER)) markersSent += 1;
          const response = await app.inject({
            method: put && type === 'Patient' ? 'PUT' : 'POST',
            url: `${FHIR_BASE}/${type}${put && type === 'Patient' ? '/P5000001' : ''}`,
            headers: {
              authorization: `Bearer ${users[0]!.token}`,
              'content-type': 'application/fhir+json',
            },
            payload,
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          expect(response.statusCode, response.body).toBeLessThan(500);
          expect(response.headers['content-type']).toMatch(/^application\/fhir\+json/);
          expect(response.body).not.toMatch(/\bat \/|select |insert |stack/i);
          const answer = response.json<{ resourceType: string }>();
          expect(answer.resourceType).toBe(response.statusCode < 300 ? type : 'OperationOutcome');
          expectValidAnswer(answer);
        }),
        { numRuns: RUNS, seed: FUZZ_SEED },
      );
      expect(
        [...statuses.keys()].some((s) => s < 300),
        JSON.stringify([...statuses]),
      ).toBe(true);
      expect(
        [...statuses.keys()].some((s) => s === 422),
        JSON.stringify([...statuses]),
      ).toBe(true);
    },
    120_000 + RUNS * 300,
  );

  it('refuses a control character in every search parameter of every type: 400 naming it', async () => {
    let refused = 0;
    const roles = ['medical_personnel', 'patient', 'HR'] as const;
    for (const type of READ_TYPES) {
      // A user the type is for, so the answer is about the value, not the role.
      const reader = users[roles.findIndex((role) => type.roles.includes(role))]!;
      for (const name of [...Object.keys(type.params), '_count', '_cursor', '_format']) {
        for (const control of CONTROLS) {
          // At the start, inside a value the parameter takes, and alone.
          for (const text of [`${control}P001`, `P0${control}01`, control]) {
            const response = await app.inject({
              method: 'GET',
              url: `${FHIR_BASE}/${type.type}?${name}=${encodeURIComponent(text)}`,
              headers: { authorization: `Bearer ${reader.token}` },
            });
            expect(response.statusCode, `${type.type}?${name} ${JSON.stringify(text)}`).toBe(400);
            const outcome = response.json<{
              resourceType: string;
              issue: { expression?: string[] }[];
            }>();
            expect(outcome.resourceType).toBe('OperationOutcome');
            expect(outcome.issue[0]?.expression).toEqual([name]);
            refused += 1;
          }
        }
      }
    }
    expect(refused).toBeGreaterThan(1000);
    // Some 1,500 searches, more with each parameter a type offers.
  }, 480_000);

  it(
    'answers every path under the base with FHIR, whatever its shape and method, never a page',
    async () => {
      const { app: withPages, root } = await appWithFrontends(database);
      // Not `..`: a client resolves it before sending, and the path is then not under the base.
      const segment = fc.oneof(
        fc.constantFrom(
          ...READ_TYPES.map((t) => t.type),
          'Group',
          'Medication',
          'P001',
          'E001',
          users[1]!.recordId,
          '1',
          '_history',
          '$everything',
          '$export',
          '$foo',
          '$validate',
          'metadata',
          '_search',
          'bulk-status',
          'bulk-files',
          '.well-known',
          '%00',
          '%20',
          '_history%2F1',
        ),
        fc.stringMatching(/^[A-Za-z0-9$_.-]{1,12}$/),
      );
      const statuses = new Map<number, number>();
      try {
        await fc.assert(
          fc.asyncProperty(
            fc.array(segment, { minLength: 0, maxLength: 5 }),
            fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'),
            fc.nat({ max: users.length - 1 }),
            async (segments, method, who) => {
              const response = await withPages.inject({
                method,
                url: `${FHIR_BASE}/${segments.join('/')}`,
                headers: {
                  authorization: `Bearer ${users[who]!.token}`,
                  ...(method === 'POST' || method === 'PUT' || method === 'PATCH'
                    ? { 'content-type': 'application/fhir+json' }
                    : {}),
                },
                ...(method === 'POST' || method === 'PUT' || method === 'PATCH'
                  ? { payload: '{}' }
                  : {}),
              });
              statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
              const where = `${method} /${segments.join('/')}: ${response.body.slice(0, 200)}`;
              expect(response.statusCode, where).toBeLessThan(500);
              expect(response.body, where).not.toMatch(/<html|<title|<!doctype/i);
              if (method === 'HEAD' || method === 'OPTIONS' || response.statusCode === 202) return;
              expect(response.headers['content-type'], where).toMatch(
                /^application\/(fhir\+)?json/,
              );
              if (response.statusCode >= 400) expectValidAnswer(response.json());
            },
          ),
          { numRuns: RUNS, seed: FUZZ_SEED },
        );
      } finally {
        await withPages.close();
        rmSync(root, { recursive: true, force: true });
      }
      expect(statuses.get(404) ?? 0).toBeGreaterThan(0);
      expect(statuses.get(405) ?? 0).toBeGreaterThan(0);
    },
    120_000 + RUNS * 200,
  );

  it('logged neither a search value nor a body element (the planted marker) meanwhile', () => {
    expectCleanLog(log, markersSent);
  });

  it('validated every answer: Bundles, resources written and OperationOutcomes', () => {
    expect(validated.get('Bundle') ?? 0).toBeGreaterThan(0);
    expect(validated.get('OperationOutcome') ?? 0).toBeGreaterThan(0);
    expect(
      ['Patient', 'AllergyIntolerance', 'Condition', 'Appointment'].some((t) => validated.has(t)),
      JSON.stringify([...validated]),
    ).toBe(true);
  });
});
