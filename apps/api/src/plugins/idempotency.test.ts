import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENT_ENDPOINTS, todayUtc } from '@portal/contract';
import type { Database } from '../db/database';
import { queryRows } from '../db/database';
import { expectProblem, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  login,
  newPatient,
  type TestUser,
  unique,
} from '../test/harness';
import { fhirCall, newPatientResource } from '../fhir/test/fhir-harness';

describe('the calls that take an Idempotency-Key', () => {
  it('are every signed-in write, not the public calls nor the searches', () => {
    expect(IDEMPOTENT_ENDPOINTS).toContain('addAppointment');
    expect(IDEMPOTENT_ENDPOINTS).toContain('patchPatient');
    expect(IDEMPOTENT_ENDPOINTS).toContain('endAccountSession');
    for (const name of ['login', 'register', 'loginMfa', 'searchPatients', 'listPatients'])
      expect(IDEMPOTENT_ENDPOINTS).not.toContain(name);
  });
});

describe.each(BACKENDS)('Idempotency-Key on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let otherDoctor: TestUser;
  let patientId: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    otherDoctor = await createUser(app, database, 'medical_personnel');
    const body = newPatient();
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body }),
      201,
    );
    patientId = body.patient.patient_id;
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const history = (detail: string) => ({
    patient_id: patientId,
    date: todayUtc(),
    time: '08:00',
    detail,
  });
  const addHistory = (token: string, key: string | undefined, body: unknown) =>
    call(app, 'POST', '/patient/add-patient-history', {
      token,
      body,
      ...(key === undefined ? {} : { headers: { 'idempotency-key': key } }),
    });
  const entries = async (detail: string) =>
    Number(
      (
        await queryRows<{ n: string | number }>(
          database.db,
          sql`select count(*) as n from medical_history where detail = ${detail}`,
        )
      )[0]!.n,
    );

  it('answers a retry with the first answer and writes nothing more', async () => {
    const key = `key-${unique()}`;
    const detail = `Replayed ${unique()}`;
    const first = await addHistory(doctor.token, key, history(detail));
    expectSuccess(first, 201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await addHistory(doctor.token, `"${key}"`, history(detail));
    expectSuccess(again, 201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    expect(await entries(detail)).toBe(1);
    // Without a key, the same body is a new action.
    expectSuccess(await addHistory(doctor.token, undefined, history(detail)), 201);
    expect(await entries(detail)).toBe(2);
  });

  it('keeps a refusal too: the same request is refused again the same way', async () => {
    const key = `refused-${unique()}`;
    const body = { ...history('x'), patient_id: 'P0000000' };
    const first = await addHistory(doctor.token, key, body);
    expectProblem(first, 404);
    const again = await addHistory(doctor.token, key, body);
    expect(again.statusCode).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
  });

  it('refuses the same key with another body: 422 naming Idempotency-Key', async () => {
    const key = `mismatch-${unique()}`;
    const detail = `First ${unique()}`;
    expectSuccess(await addHistory(doctor.token, key, history(detail)), 201);
    const other = `Other ${unique()}`;
    expectProblem(await addHistory(doctor.token, key, history(other)), 422, 'Idempotency-Key');
    expect(await entries(other)).toBe(0);
    // Nor may the key name a call of another path.
    expectProblem(
      await call(app, 'POST', '/patient/add-patient-appointment', {
        token: doctor.token,
        headers: { 'idempotency-key': key },
        body: { patient_id: patientId, date: todayUtc(), time: '23:00', topic: 'x' },
      }),
      422,
      'Idempotency-Key',
    );
  });

  it('refuses a key that is not one: 400 naming Idempotency-Key', async () => {
    for (const bad of ['', 'with space', 'x'.repeat(256), 'quote"d', 'ไทย']) {
      const detail = `Bad key ${unique()}`;
      const response = await call(app, 'POST', '/patient/add-patient-history', {
        token: doctor.token,
        body: history(detail),
        headers: { 'idempotency-key': Buffer.from(bad).toString('latin1') },
      });
      expectProblem(response, 400, 'Idempotency-Key');
      expect(await entries(detail)).toBe(0);
    }
  });

  it('writes once when 30 requests with one key arrive at once', async () => {
    const key = `burst-${unique()}`;
    const detail = `Burst ${unique()}`;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => addHistory(doctor.token, key, history(detail))),
    );
    expect(await entries(detail)).toBe(1);
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const fresh = answers.filter((r) => r.statusCode === 201 && !r.headers['idempotent-replayed']);
    expect(fresh).toHaveLength(1);
    for (const busy of answers.filter((r) => r.statusCode === 409)) {
      expectProblem(busy, 409, 'Idempotency-Key');
      expect(busy.headers['retry-after']).toBe('1');
    }
    // Once the first is answered, every retry gets its answer.
    const retry = await addHistory(doctor.token, key, history(detail));
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(fresh[0]!.json());
    expect(await entries(detail)).toBe(1);
  });

  it('never writes twice when the answer is lost between the write’s commit and its keeping', async () => {
    const key = `crash-${unique()}`;
    const detail = `Crash ${unique()}`;
    // The answer cannot be kept (as if the instance died right after the write committed).
    await database.db.execute(
      sql.raw(`create or replace function refuse_idempotency_answer() returns trigger
        language plpgsql as $$ begin
          if new.status is not null then raise exception 'answer not kept'; end if;
          return new; end $$`),
    );
    await database.db.execute(
      sql.raw(`create trigger refuse_idempotency_answer before update on idempotency_key
        for each row execute function refuse_idempotency_answer()`),
    );
    try {
      await addHistory(doctor.token, key, history(detail));
    } finally {
      await database.db.execute(
        sql.raw('drop trigger refuse_idempotency_answer on idempotency_key'),
      );
    }
    expect(await entries(detail)).toBe(1);
    // Long after: the claim's hold has run out, and the person retries with the same key.
    await queryRows(
      database.db,
      sql`update idempotency_key set locked_until = now() - interval '1 second'
          where status is null`,
    );
    const retry = await addHistory(doctor.token, key, history(detail));
    expectProblem(retry, 409, 'Idempotency-Key');
    expect(await entries(detail)).toBe(1);
  });

  it('lets a retry take over a claim whose write never committed, and writes once', async () => {
    const detail = `Abandoned ${unique()}`;
    const done = `done-${unique()}`;
    expectSuccess(await addHistory(doctor.token, done, history(detail)), 201);
    const hash = (key: string) => createHash('sha256').update(key).digest('base64url');
    // Another key's first try claimed it for the same request, then its instance died before
    // the write committed.
    const key = `abandoned-${unique()}`;
    await queryRows(
      database.db,
      sql`insert into idempotency_key (account_id, key_hash, fingerprint, locked_until, expires_at)
          select account_id, ${hash(key)}, fingerprint, now() - interval '1 second',
            now() + interval '1 hour'
          from idempotency_key where key_hash = ${hash(done)}`,
    );
    const retry = await addHistory(doctor.token, key, history(detail));
    expectSuccess(retry, 201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await entries(detail)).toBe(2);
  });

  it('keeps keys per account: another account may use the same key for its own action', async () => {
    const key = `shared-${unique()}`;
    const detail = `Per account ${unique()}`;
    expectSuccess(await addHistory(doctor.token, key, history(detail)), 201);
    const other = await addHistory(otherDoctor.token, key, history(detail));
    expectSuccess(other, 201);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(await entries(detail)).toBe(2);
    // The same account in another session is the same account: its retry is a replay.
    const secondSession = await login(app, doctor.username, doctor.password);
    const replay = await addHistory(secondSession, key, history(detail));
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await entries(detail)).toBe(2);
  });

  it('forgets a key once it expired, and the sweep drops expired keys', async () => {
    const key = `expiring-${unique()}`;
    const detail = `Expiring ${unique()}`;
    expectSuccess(await addHistory(doctor.token, key, history(detail)), 201);
    const [stored] = await queryRows<{ hours: number }>(
      database.db,
      sql`select round(extract(epoch from expires_at - now()) / 3600)::int as hours
          from idempotency_key where expires_at > now() order by expires_at desc limit 1`,
    );
    expect(stored!.hours).toBe(24);
    await queryRows(
      database.db,
      sql`update idempotency_key set expires_at = now() - interval '1 second'`,
    );
    const after = await addHistory(doctor.token, key, history(detail));
    expectSuccess(after, 201);
    expect(after.headers['idempotent-replayed']).toBeUndefined();
    expect(await entries(detail)).toBe(2);
    await queryRows(
      database.db,
      sql`update idempotency_key set expires_at = now() - interval '1 second'`,
    );
    expect(await app.idempotencySweep()).toBeGreaterThan(0);
    const [left] = await queryRows<{ n: string | number }>(
      database.db,
      sql`select count(*) as n from idempotency_key`,
    );
    expect(Number(left!.n)).toBe(0);
  });

  it('keeps the answer encrypted: the database holds no part of it in clear', async () => {
    const key = `sealed-${unique()}`;
    const detail = `Sealed ${unique()}`;
    expectSuccess(await addHistory(doctor.token, key, history(detail)), 201);
    const rows = await queryRows<{ body: string }>(
      database.db,
      sql`select body from idempotency_key where body is not null`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { body } of rows) {
      expect(Buffer.from(body, 'base64').toString('latin1')).not.toContain(detail);
      expect(body).not.toContain(patientId);
    }
  });

  it('answers a FHIR create again to its retry, with its Location, creating one patient', async () => {
    const id = `P7${String(unique()).padStart(6, '0')}`;
    const key = `fhir-${unique()}`;
    const resource = newPatientResource(id);
    const send = () =>
      fhirCall(app, 'POST', '/Patient', {
        token: doctor.token,
        body: resource,
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    expect(first.statusCode, first.body).toBe(201);
    expect(first.headers['content-type']).toMatch(/^application\/fhir\+json/);
    const again = await send();
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.headers['location']).toBe(first.headers['location']);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.json()).toEqual(first.json());
    const [count] = await queryRows<{ n: string | number }>(
      database.db,
      sql`select count(*) as n from patient where patient_id = ${id}`,
    );
    expect(Number(count!.n)).toBe(1);
    const changed = {
      ...resource,
      gender: resource.gender === 'female' ? ('male' as const) : ('female' as const),
    };
    const refused = await fhirCall(app, 'POST', '/Patient', {
      token: doctor.token,
      body: changed,
      headers: { 'idempotency-key': key },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ expression: ['Idempotency-Key'] }],
    });
  });
});
