import { runAdminCommand } from '../../admin';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Resource } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Database, queryRows } from '../../db/database';
import {
  BACKENDS,
  call,
  createTestDatabase,
  createUser,
  newPatient,
  type TestUser,
} from '../../test/harness';
import { expectOutcome, expectResource, fhirCall } from '../test/fhir-harness';
import { expectValid, loadValidator } from '../test/validator';
import { createJob, jobCounts } from './jobs';
import { ExportRunner } from './runner';
import { EXPORT_SOURCES } from './sources';
import { accessToken, createBulkTestApp, registerBackend, type TestBackend } from './test-kit';

interface Manifest {
  transactionTime: string;
  request: string;
  requiresAccessToken: boolean;
  output: { type: string; url: string; count: number }[];
  error: unknown[];
}

beforeAll(loadValidator, 120_000);

describe.each(BACKENDS)('FHIR Bulk Data export on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let rs: TestBackend;
  let es: TestBackend;
  const patientIds: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    app = await createBulkTestApp(database);
    doctor = await createUser(app, database, 'medical_personnel');
    for (let i = 0; i < 3; i++) {
      const body = newPatient();
      const added = await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body });
      expect(added.statusCode, added.body).toBe(201);
      patientIds.push(body.patient.patient_id);
    }
    const booked = await call(app, 'POST', '/patient/add-patient-appointment', {
      token: doctor.token,
      body: { patient_id: patientIds[0], date: '2031-03-04', time: '09:00', topic: 'Check-up' },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const history = await call(app, 'POST', '/patient/add-patient-history', {
      token: doctor.token,
      body: { patient_id: patientIds[0], date: '2026-01-05', time: '08:00', detail: 'Seen' },
    });
    expect(history.statusCode, history.body).toBe(201);
    rs = await registerBackend(database, 'RS384');
    es = await registerBackend(database, 'ES384');
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const get = (url: string, token?: string, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'GET',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
    });
  const pathOf = (url: string) => new URL(url).pathname + new URL(url).search;

  /** Kicks an export off; returns the status URL's path. */
  async function kickOff(token: string, path = '/fhir/R4/$export'): Promise<string> {
    const response = await get(path, token, { prefer: 'respond-async' });
    expect(response.statusCode, response.body).toBe(202);
    return pathOf(response.headers['content-location'] as string);
  }

  /** Polls the status URL as a client does until it stops answering 202. */
  async function poll(token: string, status: string): Promise<LightMyRequestResponse> {
    for (let i = 0; i < 300; i++) {
      const response = await get(status, token);
      if (response.statusCode !== 202) return response;
      expect(response.headers['x-progress']).toEqual(expect.any(String));
      expect(response.headers['retry-after']).toBe('2');
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    throw new Error('the export did not finish');
  }

  /** Every resource of a manifest's files, each line checked by the validator. */
  async function download(token: string, manifest: Manifest): Promise<Map<string, Resource[]>> {
    const files = new Map<string, Resource[]>();
    for (const output of manifest.output) {
      const response = await get(pathOf(output.url), token);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/fhir\+ndjson/);
      const lines = response.body.split('\n');
      expect(lines.pop()).toBe('');
      const resources = lines.map((line) => JSON.parse(line) as Resource);
      for (const resource of resources) {
        expect(resource.resourceType).toBe(output.type);
        expectValid(resource);
      }
      expect(resources).toHaveLength(output.count);
      files.set(output.type, resources);
    }
    return files;
  }

  const auditCount = async (action: string, clientId: string) =>
    Number(
      (
        await queryRows<{ n: string }>(
          database.db,
          sql`select count(*) as n from audit_event where action = ${action}
            and actor_username = ${`backend:${clientId}`}`,
        )
      )[0]!.n,
    );

  it('exports every type as valid NDJSON, audited, for an ES384 client', async () => {
    const token = await accessToken(app, es);
    const status = await kickOff(token);
    const done = await poll(token, status);
    expect(done.statusCode, done.body).toBe(200);
    const manifest = done.json<Manifest>();
    expect(manifest).toMatchObject({
      request: 'http://localhost:80/fhir/R4/$export',
      requiresAccessToken: true,
      error: [],
    });
    expect(Date.parse(manifest.transactionTime)).toBeLessThanOrEqual(Date.now());
    expect(manifest.output.map((o) => o.type)).toEqual([
      'Patient',
      'Observation',
      'AllergyIntolerance',
      'Condition',
      'Appointment',
      'Encounter',
      'DocumentReference',
      'Practitioner',
      'PractitionerRole',
    ]);
    const files = await download(token, manifest);
    const exported = files.get('Patient')!.map((p) => p.id);
    for (const id of patientIds) expect(exported).toContain(id);
    expect(files.get('Condition')!.length).toBeGreaterThanOrEqual(6);
    expect(files.get('Practitioner')!.map((p) => p.id)).toContain(doctor.recordId);
    expect(await auditCount('bulk.export.start', es.clientId)).toBe(1);
    expect(await auditCount('bulk.export.download', es.clientId)).toBe(9);
  });

  it('exports the patient level with _type and _since for an RS384 client', async () => {
    const token = await accessToken(app, rs);
    const status = await kickOff(token, '/fhir/R4/Patient/$export?_type=Patient,Condition');
    const manifest = (await poll(token, status)).json<Manifest>();
    expect(manifest.output.map((o) => o.type)).toEqual(['Patient', 'Condition']);
    await download(token, manifest);

    const later = await kickOff(
      token,
      `/fhir/R4/Patient/$export?_type=Patient&_since=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}&_outputFormat=application%2Ffhir%2Bndjson`,
    );
    const nothing = (await poll(token, later)).json<Manifest>();
    expect(nothing.output).toEqual([]);
  });

  it('answers a poll while the export runs with 202 and its progress', async () => {
    // The Condition batch waits at a gate: the export is certain to be running, its Patient
    // file written, when the status is asked for.
    const source = EXPORT_SOURCES.Condition;
    const read = source.batch.bind(source);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let reached!: () => void;
    const waiting = new Promise<void>((resolve) => (reached = resolve));
    const spy = vi.spyOn(source, 'batch').mockImplementation(async (db, window) => {
      reached();
      await gate;
      return read(db, window);
    });
    try {
      const client = await registerBackend(database, 'ES384', 'Polling system');
      const token = await accessToken(app, client);
      const status = await kickOff(token, '/fhir/R4/$export?_type=Patient,Condition');
      await waiting;
      const [patients] = await queryRows<{ n: string }>(
        database.db,
        sql`select count(*) as n from patient`,
      );
      for (let i = 0; i < 2; i++) {
        const running = await get(status, token);
        expect(running.statusCode, running.body).toBe(202);
        expect(running.headers['x-progress']).toBe(`Patient: ${patients!.n} resources written`);
        expect(running.headers['retry-after']).toBe('2');
      }
      release();
      const done = await poll(token, status);
      expect(done.statusCode, done.body).toBe(200);
      expect(done.json<Manifest>().output.map((o) => o.type)).toEqual(['Patient', 'Condition']);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('exports with a past _since only the patients changed after it', async () => {
    const added: string[] = [];
    for (let i = 0; i < 2; i++) {
      const body = newPatient();
      const response = await call(app, 'POST', '/patient/add-patient', {
        token: doctor.token,
        body,
      });
      expect(response.statusCode, response.body).toBe(201);
      added.push(body.patient.patient_id);
    }
    const [changed, unchanged] = added as [string, string];
    // An instant just after both were written; the change to one comes after it.
    const [last] = await queryRows<{ ms: string | number }>(
      database.db,
      sql`select floor(extract(epoch from max(updated_at)) * 1000) as ms from patient`,
    );
    const since = new Date(Number(last!.ms) + 1);
    while (Date.now() <= since.getTime() + 5) await new Promise((r) => setTimeout(r, 5));
    expectResource(
      await fhirCall(app, 'PUT', `/Patient/${changed}`, {
        token: doctor.token,
        body: { resourceType: 'Patient', name: [{ family: 'Sincechanged', given: ['Malee'] }] },
      }),
    );
    // A problem list entry keeps its own change time: the unchanged patient's new diagnosis
    // goes out, their seed list's diseases do not.
    const diagnosed = await call(app, 'POST', `/patient/${unchanged}/conditions`, {
      token: doctor.token,
      body: { condition_id: 'icd:E11.9' },
    });
    expect(diagnosed.statusCode, diagnosed.body).toBe(201);
    const token = await accessToken(app, rs);
    const status = await kickOff(
      token,
      `/fhir/R4/Patient/$export?_type=Patient,Condition&_since=${encodeURIComponent(since.toISOString())}`,
    );
    const manifest = (await poll(token, status)).json<Manifest>();
    const files = await download(token, manifest);
    expect(files.get('Patient')!.map((p) => p.id)).toEqual([changed]);
    expect(files.get('Patient')![0]).toMatchObject({ name: [{ family: 'Sincechanged' }] });
    const conditions = files.get('Condition')!.map((c) => c.id);
    expect(conditions.sort()).toEqual(
      [`${changed}-I002`, `${changed}-I007`, diagnosed.json<{ id: string }>().id].sort(),
    );
    expect(conditions.some((id) => id!.startsWith(`${unchanged}-`))).toBe(false);
  });

  it('gives a narrower scope only its types', async () => {
    const token = await accessToken(app, rs, 'system/Patient.read');
    const refused = await get('/fhir/R4/$export?_type=Condition', token, {
      prefer: 'respond-async',
    });
    expectOutcome(refused, 403);
    const status = await kickOff(token);
    const manifest = (await poll(token, status)).json<Manifest>();
    expect(manifest.output.map((o) => o.type)).toEqual(['Patient']);
  });

  it.each([
    ['no Prefer: respond-async', '/fhir/R4/$export', {}],
    ['an unknown type', '/fhir/R4/$export?_type=Basic', undefined],
    ['a type the server does not export', '/fhir/R4/$export?_type=AuditEvent', undefined],
    ['a staff type at the patient level', '/fhir/R4/Patient/$export?_type=Practitioner', undefined],
    ['an empty type', '/fhir/R4/$export?_type=Patient,', undefined],
    ['another output format', '/fhir/R4/$export?_outputFormat=text%2Fcsv', undefined],
    ['a _since without a zone', '/fhir/R4/$export?_since=2026-01-01T00:00:00', undefined],
    ['a _since that is no date', '/fhir/R4/$export?_since=yesterday', undefined],
    [
      'a parameter not supported',
      '/fhir/R4/$export?_typeFilter=Patient%3Fgender%3Dmale',
      undefined,
    ],
    [
      '_since twice',
      '/fhir/R4/$export?_since=2026-01-01T00:00:00Z&_since=2026-01-02T00:00:00Z',
      undefined,
    ],
  ])('refuses a kick-off with %s (400)', async (_label, url, headers) => {
    const token = await accessToken(app, rs);
    const response = await get(url, token, headers ?? { prefer: 'respond-async' });
    expectOutcome(response, 400);
  });

  it.each([
    ['/fhir/R4/$export?_type=Basic', '_type'],
    ['/fhir/R4/$export?_since=yesterday', '_since'],
    ['/fhir/R4/$export?_outputFormat=csv', '_outputFormat'],
    ['/fhir/R4/$export?patient=Patient%2F1', 'patient'],
  ])('names the parameter at fault (%s)', async (url, parameter) => {
    const token = await accessToken(app, rs);
    expectOutcome(await get(url, token, { prefer: 'respond-async' }), 400, parameter);
  });

  it('ignores an unsupported parameter under Prefer: handling=lenient', async () => {
    const token = await accessToken(app, rs, 'system/Patient.read');
    const response = await get('/fhir/R4/$export?_typeFilter=x', token, {
      prefer: 'respond-async, handling=lenient',
    });
    expect(response.statusCode).toBe(202);
    await poll(token, pathOf(response.headers['content-location'] as string));
  });

  it('refuses a second export while one runs (429)', async () => {
    const client = await registerBackend(database, 'ES384', 'Busy system');
    await database.db
      .execute(sql`insert into bulk_export_job (client_id, request_url, level, types, expires_at)
      values (${client.clientId}, 'x', 'system', array['Patient'], now() + interval '1 hour')`);
    const response = await get('/fhir/R4/$export', await accessToken(app, client), {
      prefer: 'respond-async',
    });
    expectOutcome(response, 429);
    expect(response.headers['retry-after']).toBe('60');
  });

  it('answers a job left by a stopped instance as failed', async () => {
    const client = await registerBackend(database, 'ES384', 'Orphaned system');
    const [job] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into bulk_export_job (client_id, request_url, level, types, expires_at, updated_at)
        values (${client.clientId}, 'x', 'system', array['Patient'], now() + interval '1 hour',
          now() - interval '10 minutes') returning id`,
    );
    const token = await accessToken(app, client);
    expectOutcome(await get(`/fhir/R4/bulk-status/${job!.id}`, token), 500);
    // A stale job does not hold the client's next export back.
    expect((await get('/fhir/R4/$export', token, { prefer: 'respond-async' })).statusCode).toBe(
      202,
    );
    await app.bulkExport!.idle();
  });

  it("keeps each client's exports to itself, and bulk calls to backend tokens", async () => {
    const token = await accessToken(app, es);
    const status = await kickOff(token, '/fhir/R4/$export?_type=Patient');
    const manifest = (await poll(token, status)).json<Manifest>();
    const file = pathOf(manifest.output[0]!.url);
    const other = await accessToken(app, rs);
    expectOutcome(await get(status, other), 404);
    expectOutcome(await get(file, other), 404);
    expectOutcome(
      await app.inject({
        method: 'DELETE',
        url: status,
        headers: { authorization: `Bearer ${other}` },
      }),
      404,
    );
    const patient = await createUser(app, database, 'patient');
    for (const session of [doctor.token, patient.token, undefined]) {
      for (const url of [status, file, '/fhir/R4/Patient/$export']) {
        expectOutcome(await get(url, session, { prefer: 'respond-async' }), 401);
      }
    }
    expectOutcome(await get('/fhir/R4/bulk-status/not-a-uuid', token), 404);
    expectOutcome(
      await get(`${file.slice(0, -'Patient.ndjson'.length)}Condition.ndjson`, token),
      404,
    );
  });

  it('an export token reads nothing of the FHIR API', async () => {
    const token = await accessToken(app, es);
    for (const path of [
      '/fhir/R4/Patient',
      `/fhir/R4/Patient/${patientIds[0]}`,
      '/fhir/R4/Condition',
    ]) {
      expect((await get(path, token)).statusCode).toBe(401);
    }
  });

  it('stops honouring the tokens of a client once disabled, and again once enabled', async () => {
    const client = await registerBackend(database, 'RS384', 'Soon disabled');
    const token = await accessToken(app, client);
    const status = await kickOff(token, '/fhir/R4/$export?_type=Practitioner');
    await runAdminCommand(database.db, ['disable-backend-client', client.clientId], 30);
    expectOutcome(await get('/fhir/R4/$export', token, { prefer: 'respond-async' }), 401);
    expectOutcome(await get(status, token), 401);
    await runAdminCommand(database.db, ['enable-backend-client', client.clientId], 30);
    await app.bulkExport!.idle();
    expect((await get(status, token)).statusCode).toBe(200);
  });

  it('cancels an export: its files go, audited', async () => {
    const token = await accessToken(app, rs);
    const status = await kickOff(token, '/fhir/R4/$export?_type=Patient');
    const id = status.split('/').at(-1)!;
    const cancelled = await app.inject({
      method: 'DELETE',
      url: status,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(cancelled.statusCode).toBe(202);
    await app.bulkExport!.idle();
    expectOutcome(await get(status, token), 404);
    expect((await jobCounts(database.db, id)).size).toBe(0);
    expect(await auditCount('bulk.export.cancel', rs.clientId)).toBe(1);
  });

  it('sweeps expired exports and their files', async () => {
    const token = await accessToken(app, es);
    const status = await kickOff(token, '/fhir/R4/$export?_type=Patient');
    const manifest = (await poll(token, status)).json<Manifest>();
    const id = status.split('/').at(-1)!;
    const [job] = await queryRows<{ minutes: number }>(
      database.db,
      sql`select extract(epoch from expires_at - now()) / 60 as minutes from bulk_export_job where id = ${id}::uuid`,
    );
    expect(Number(job!.minutes)).toBeGreaterThan(58);
    expect(Number(job!.minutes)).toBeLessThanOrEqual(60);
    await database.db.execute(
      sql`update bulk_export_job set expires_at = now() - interval '1 second' where id = ${id}::uuid`,
    );
    // Expired and not yet swept: already gone for the client.
    expectOutcome(await get(pathOf(manifest.output[0]!.url), token), 404);
    await app.bulkExport!.sweep();
    expect(
      await queryRows(database.db, sql`select 1 from bulk_export_job where id = ${id}::uuid`),
    ).toHaveLength(0);
    expect((await jobCounts(database.db, id)).size).toBe(0);
  });

  it('streams in keyset batches: every row once, across many parts', async () => {
    const runner = new ExportRunner(database.db, EXPORT_SOURCES, 3600, app.log, 2);
    const job = await createJob(
      database.db,
      {
        clientId: rs.clientId,
        requestUrl: 'x',
        level: 'patient',
        types: ['Patient', 'Condition'],
        since: null,
      },
      3600,
    );
    runner.start(job);
    await runner.idle();
    const parts = await queryRows<{ type: string; seq: number; lines: number; ndjson: string }>(
      database.db,
      sql`select type, seq, lines, ndjson from bulk_export_part where job_id = ${job.id}::uuid order by type, seq`,
    );
    const [patients] = await queryRows<{ n: string }>(
      database.db,
      sql`select count(*) as n from patient`,
    );
    const [conditions] = await queryRows<{ n: string }>(
      database.db,
      // The seed's lists and the chart's problem list: both are Conditions.
      sql`select (select count(*) from patient_chronic_disease)
        + (select count(*) from patient_condition) as n`,
    );
    const ids = (type: string) =>
      parts
        .filter((p) => p.type === type)
        .flatMap((p) =>
          p.ndjson
            .trimEnd()
            .split('\n')
            .map((l) => (JSON.parse(l) as Resource).id),
        );
    expect(ids('Patient')).toHaveLength(Number(patients!.n));
    expect(new Set(ids('Patient')).size).toBe(Number(patients!.n));
    expect(new Set(ids('Condition')).size).toBe(Number(conditions!.n));
    expect(parts.filter((p) => p.type === 'Patient').length).toBe(
      Math.ceil(Number(patients!.n) / 2),
    );
    expect(parts.every((p) => p.lines <= 2)).toBe(true);
    const [row] = await queryRows<{ status: string }>(
      database.db,
      sql`select status from bulk_export_job where id = ${job.id}::uuid`,
    );
    expect(row!.status).toBe('completed');
  });

  it('stores a batch as many small parts and downloads them in order, several per read', async () => {
    for (let i = 0; i < 8; i++) {
      const added = await call(app, 'POST', '/patient/add-patient', {
        token: doctor.token,
        body: newPatient(),
      });
      expect(added.statusCode, added.body).toBe(201);
    }
    // One line a part: a batch of 500 rows becomes as many parts, more than one read holds.
    const runner = new ExportRunner(database.db, EXPORT_SOURCES, 3600, app.log, 500, 1);
    const job = await createJob(
      database.db,
      { clientId: rs.clientId, requestUrl: 'x', level: 'system', types: ['Patient'], since: null },
      3600,
    );
    runner.start(job);
    await runner.idle();
    const stored = await queryRows<{ seq: number; lines: number }>(
      database.db,
      sql`select seq, lines from bulk_export_part where job_id = ${job.id}::uuid order by seq`,
    );
    const [patients] = await queryRows<{ n: string }>(
      database.db,
      sql`select count(*) as n from patient`,
    );
    expect(Number(patients!.n)).toBeGreaterThan(8);
    expect(stored.map((p) => p.seq)).toEqual(stored.map((_, i) => i + 1));
    expect(stored.every((p) => p.lines === 1)).toBe(true);
    expect(stored).toHaveLength(Number(patients!.n));
    const response = await get(
      `/fhir/R4/bulk-files/${job.id}/Patient.ndjson`,
      await accessToken(app, rs),
    );
    expect(response.statusCode, response.body).toBe(200);
    const ids = response.body
      .trimEnd()
      .split('\n')
      .map((line) => (JSON.parse(line) as Resource).id);
    const expected = await queryRows<{ patient_id: string }>(
      database.db,
      sql`select patient_id from patient order by patient.id`,
    );
    expect(ids).toEqual(expected.map((r) => r.patient_id));
  });
});
