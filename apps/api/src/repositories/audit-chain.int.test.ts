/**
 * The audit trail's hash chain: every way the API writes events is sealed (an event on its own,
 * an audited read's group-commit statement, a search page's statement), 30 writers at once keep
 * one unbroken chain, and verify-audit finds what a database administrator does by SQL: an
 * event changed, deleted, added by hand, a batch deleted whole; across an archived month too.
 * The hourly publication: the head as a metric, a signed checkpoint file that still matches,
 * and the patient's access log saying when its period was verified. PGlite always, PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogSchema } from '@portal/contract';
import { runAdminCommand } from '../admin';
import { type Database, queryRows } from '../db/database';
import { ProblemError } from '../errors';
import { expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  testConfig,
  type TestUser,
} from '../test/harness';
import { audit, auditedCtes, type RequestContext } from './audit';
import { canonicalEvent, CHECKPOINT_FILE, checkCheckpoints, verifyAuditChain } from './audit-chain';
import { patientsRepository } from './patients';

const KEY = 'test-checkpoint-key-that-is-long-enough-0123';

describe.each(BACKENDS)('the audit chain on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let patient: TestUser;
  let staff: TestUser;
  let dir: string;
  let n = 0;

  const context = (): RequestContext => ({
    actor: null,
    address: 'test',
    requestId: `audit-chain-${backend}-${++n}`,
  });
  const admin = (...argv: string[]) =>
    runAdminCommand(database.db, argv, 30, {
      checkpoints: { file: join(dir, CHECKPOINT_FILE), key: () => KEY },
    });
  /** Runs SQL as a database administrator would: the append-only triggers switched off. */
  const asAdministrator = (...statements: ReturnType<typeof sql>[]) =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (const statement of statements) await tx.execute(statement);
    });
  /** Writes one event through the API's path and answers its id and batch. */
  const oneEvent = async () => {
    const ctx = context();
    await audit(database.db, ctx, {
      action: 'patient.read',
      outcome: 'success',
      recordType: 'patient',
      recordIds: [patient.recordId],
    });
    const [row] = await queryRows<{ id: string; seq: string }>(
      database.db,
      sql`select e.id::text as id, b.seq::text as seq from audit_event e
          join audit_chain_batch b on e.id = any(b.event_ids)
          where e.request_id = ${ctx.requestId}`,
    );
    return { id: row!.id, seq: Number(row!.seq) };
  };
  const brokenAt = async (range: { from?: string; to?: string } = {}) =>
    (await verifyAuditChain(database.db, range)).broken;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    dir = await mkdtemp(join(tmpdir(), 'audit-chain-'));
    ({ app } = await createTestApp(
      database,
      testConfig({ auditCheckpointDir: dir, auditCheckpointKey: KEY }),
    ));
    patient = await createUser(app, database, 'patient');
    staff = await createUser(app, database, 'medical_personnel');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('seals the events of every path: on its own, an audited read, a search page', async () => {
    const before = await verifyAuditChain(database.db);
    expect(before.broken).toBeUndefined();
    // An audited read (the group-commit statement), a search page (one statement), a refusal.
    expectSuccess(
      await call(app, 'GET', `/patient/${patient.recordId}`, { token: staff.token }),
      200,
    );
    expectSuccess(await call(app, 'GET', '/patient?limit=5', { token: staff.token }), 200);
    await call(app, 'GET', '/patient/P999999', { token: staff.token });
    const after = await verifyAuditChain(database.db);
    expect(after.broken).toBeUndefined();
    expect(after.head.seq).toBeGreaterThanOrEqual(before.head.seq + 3);
    const [unsealed] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from audit_event e
          where not exists (select 1 from audit_chain_batch b where e.id = any(b.event_ids))`,
    );
    expect(unsealed!.n).toBe(0);
  });

  it('writes the canonical form the database writes, for any text', async () => {
    const odd = ['ก่อน\nหลัง', '"quoted" \\ back', '😀 astral', '', '12:3'];
    await database.db.execute(
      sql`with ${auditedCtes(sql`insert into audit_event (actor_username, action, record_type,
          record_ids, address, outcome, request_id)
        values (${odd[0]}, 'patient.read', 'patient', ${sql.param([odd[1], odd[2], odd[3]])}::text[],
          ${odd[4]}, 'success', null),
          (null, 'patient.read', 'patient', '{}'::text[], null, 'failure', 'x')`)} select 1`,
    );
    const rows = await queryRows<Parameters<typeof canonicalEvent>[0] & { canonical: string }>(
      database.db,
      sql`select e.id::text as id,
            to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as occurred_at,
            e.actor_user_id::text as actor_user_id, e.actor_username, e.actor_role, e.action,
            e.record_type, e.record_ids, e.address, e.outcome, e.request_id,
            audit_event_canonical(e) as canonical
          from audit_event e order by e.id desc limit 2`,
    );
    for (const row of rows) expect(canonicalEvent(row)).toBe(row.canonical);
    expect(await brokenAt()).toBeUndefined();
  });

  it('keeps one unbroken chain when 30 writers seal at once', async () => {
    const before = await verifyAuditChain(database.db);
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        i % 2 ? oneEvent() : patientsRepository.getJson(database.db, context(), patient.recordId),
      ),
    );
    const after = await verifyAuditChain(database.db);
    expect(after.broken).toBeUndefined();
    // Every event sealed once: the reads may share batches, each event alone is one.
    expect(after.events).toBe(before.events + 30);
    const [gaps] = await queryRows<{ n: number; max: string }>(
      database.db,
      sql`select count(*)::int as n, max(seq)::text as max from audit_chain_batch`,
    );
    expect(Number(gaps!.max)).toBe(gaps!.n);
  });

  it('finds an event changed by SQL, and names its batch', async () => {
    const { id, seq } = await oneEvent();
    await oneEvent();
    await asAdministrator(sql`update audit_event set actor_role = 'HR' where id = ${id}::bigint`);
    const changed = await brokenAt();
    expect(changed?.seq).toBe(seq);
    expect(changed?.reason).toMatch(/changed/);
    await expect(admin('verify-audit')).rejects.toThrow(
      new RegExp(`does not hold from batch ${seq}:`),
    );
    await asAdministrator(sql`update audit_event set actor_role = null where id = ${id}::bigint`);
    expect(await brokenAt()).toBeUndefined();
  });

  it('finds an event deleted by SQL', async () => {
    const { id, seq } = await oneEvent();
    const [kept] = await queryRows<{ occurred_at: string; request_id: string }>(
      database.db,
      sql`select occurred_at::text, request_id from audit_event where id = ${id}::bigint`,
    );
    await asAdministrator(sql`delete from audit_event where id = ${id}::bigint`);
    expect(await brokenAt()).toMatchObject({ seq, reason: `event ${id} is missing (deleted)` });
    await asAdministrator(sql`insert into audit_event (id, occurred_at,
        action, record_type, record_ids, address, outcome, request_id) overriding system value
      values (${id}::bigint, ${kept!.occurred_at}::timestamptz, 'patient.read', 'patient',
        array[${patient.recordId}], 'test', 'success', ${kept!.request_id})`);
    expect(await brokenAt()).toBeUndefined();
  });

  it('finds an event inserted by SQL, in no batch, also with an id already used', async () => {
    await asAdministrator(sql`insert into audit_event (occurred_at, actor_role, action,
        record_type, record_ids, address, outcome)
      values (now() - interval '3 days', 'medical_personnel', 'patient.read', 'patient',
        array[${patient.recordId}], '10.0.0.9', 'success')`);
    expect((await brokenAt())?.reason).toMatch(/is in no batch/);
    await expect(admin('verify-audit')).rejects.toThrow(/is in no batch/);
    await asAdministrator(sql`delete from audit_event where address = '10.0.0.9'`);
    expect(await brokenAt()).toBeUndefined();
    // The same id as a sealed event, a second later: in no batch either.
    const { id } = await oneEvent();
    await asAdministrator(sql`insert into audit_event (id, occurred_at, action, outcome, address)
      overriding system value select id, occurred_at + interval '1 second', action, outcome, '10.0.0.9'
      from audit_event where id = ${id}::bigint`);
    expect((await brokenAt())?.reason).toMatch(new RegExp(`event ${id} .* is in no batch`));
    await asAdministrator(sql`delete from audit_event where address = '10.0.0.9'`);
    expect(await brokenAt()).toBeUndefined();
  });

  it('finds a batch deleted whole, events and all; a period before it still holds', async () => {
    const first = await oneEvent();
    const { id, seq } = await oneEvent();
    await oneEvent();
    const [batch] = await queryRows<{ first_at: string }>(
      database.db,
      sql`select to_char(first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as first_at
          from audit_chain_batch where seq = ${seq}`,
    );
    await asAdministrator(
      sql`create table kept_batch as select * from audit_chain_batch where seq = ${seq}`,
    );
    await asAdministrator(
      sql`create table kept_event as select * from audit_event where id = ${id}::bigint`,
    );
    await asAdministrator(sql`delete from audit_chain_batch where seq = ${seq}`);
    await asAdministrator(sql`delete from audit_event where id = ${id}::bigint`);
    expect(await brokenAt()).toMatchObject({ seq, reason: 'the batch is missing (deleted)' });
    await expect(admin('verify-audit')).rejects.toThrow(
      new RegExp(`does not hold from batch ${seq}: the batch is missing`),
    );
    // The batches before it, asked for alone, hold.
    const earlier = await verifyAuditChain(database.db, { to: batch!.first_at });
    expect(earlier.throughSeq).toBeLessThan(seq);
    expect(earlier.throughSeq).toBeGreaterThanOrEqual(first.seq - 1);
    expect(earlier.broken).toBeUndefined();
    await asAdministrator(sql`insert into audit_chain_batch select * from kept_batch`);
    await asAdministrator(
      sql`insert into audit_event overriding system value select * from kept_event`,
    );
    await asAdministrator(sql`drop table kept_batch`, sql`drop table kept_event`);
    expect(await brokenAt()).toBeUndefined();
  });

  it('checks across an archived month by its links, and wholly once restored', async () => {
    await database.db.execute(sql`select audit_event_make_partition('2025-02-01')`);
    // A month's readings sealed as the API seals (their time set, as written long ago).
    await database.db.execute(
      sql`with ${auditedCtes(sql`insert into audit_event (occurred_at,
        actor_role, action, record_type, record_ids, address, outcome)
      select timestamptz '2025-02-03 10:00:00+00' + i * interval '1 day', 'medical_personnel',
        'patient.read', 'patient', array[${patient.recordId}], 'archive-test', 'success'
      from generate_series(0, 4) i`)} select 1`,
    );
    const [feb] = await queryRows<{ seq: string }>(
      database.db,
      sql`select seq::text as seq from audit_chain_batch where first_at < '2025-03-01'
          order by seq desc limit 1`,
    );
    const out = join(dir, 'archive');
    expect(await admin('archive-audit', '--before', '2025-03', '--out', out)).toMatch(
      /Archived 2025-02: 5 event/,
    );
    const archived = await verifyAuditChain(database.db);
    expect(archived.broken).toBeUndefined();
    expect(archived.archivedBatches).toBeGreaterThanOrEqual(1);
    expect(await admin('verify-audit')).toMatch(/archived months checked by their links only/);
    // The archived month's batch removed: found although its events are elsewhere.
    await asAdministrator(
      sql`create table kept_batch as select * from audit_chain_batch where seq = ${feb!.seq}::bigint`,
    );
    await asAdministrator(sql`delete from audit_chain_batch where seq = ${feb!.seq}::bigint`);
    expect(await brokenAt()).toMatchObject({
      seq: Number(feb!.seq),
      reason: 'the batch is missing (deleted)',
    });
    await asAdministrator(sql`insert into audit_chain_batch select * from kept_batch`);
    await asAdministrator(sql`drop table kept_batch`);
    // Restored: every event recomputed again, the archived month's too.
    await admin('restore-audit', '--file', join(out, 'audit_event_y2025m02.ndjson.gz'));
    const restored = await verifyAuditChain(database.db);
    expect(restored.broken).toBeUndefined();
    expect(restored.archivedBatches).toBe(0);
    // And a restored event changed is found.
    await asAdministrator(sql`update audit_event set outcome = 'failure'
      where address = 'archive-test' and occurred_at = '2025-02-04 10:00:00+00'`);
    expect(
      await brokenAt({ from: '2025-02-01T00:00:00Z', to: '2025-03-01T00:00:00Z' }),
    ).toMatchObject({ seq: Number(feb!.seq) });
    expect((await brokenAt())?.reason).toMatch(/changed/);
    await asAdministrator(sql`update audit_event set outcome = 'success'
      where address = 'archive-test' and occurred_at = '2025-02-04 10:00:00+00'`);
    expect(await brokenAt()).toBeUndefined();
  });

  it('publishes the head hourly: a metric, a signed checkpoint that keeps matching', async () => {
    await oneEvent();
    const published = await app.auditChain.publish();
    expect(published.ok).toBe(true);
    const metrics = await app.metrics.text();
    expect(metrics).toMatch(
      new RegExp(`^portal_audit_chain_head_batch ${published.head.seq}$`, 'm'),
    );
    expect(metrics).toMatch(
      new RegExp(
        `^portal_audit_chain_head_hash_prefix ${parseInt(published.head.hash.slice(0, 12), 16)}$`,
        'm',
      ),
    );
    expect(metrics).toMatch(/^portal_audit_chain_verified 1$/m);
    const file = join(dir, CHECKPOINT_FILE);
    const line = JSON.parse((await readFile(file, 'utf8')).trim().split('\n').at(-1)!) as Record<
      string,
      unknown
    >;
    expect(line).toMatchObject({ seq: published.head.seq, hash: published.head.hash });
    expect(line['hmac_sha256']).toMatch(/^[0-9a-f]{64}$/);
    expect(await checkCheckpoints(database.db, file, KEY)).toEqual({ checked: 1 });
    expect((await checkCheckpoints(database.db, file, `${KEY}-other`)).broken).toMatch(/signature/);
    expect(await admin('verify-audit')).toMatch(/1 checkpoint\(s\) of .* match/);
    // The head's batch rewritten whole by hand, its event changed and its digest and hash
    // recomputed: the chain in the database then holds, the checkpoint kept outside does not.
    const seq = published.head.seq;
    const rewrite = (address: string) =>
      asAdministrator(
        sql`update audit_event set address = ${address}
          where id = (select event_ids[1] from audit_chain_batch where seq = ${seq})`,
        sql`update audit_chain_batch b set digest = (select sha256(convert_to(string_agg(
            audit_event_canonical(e), '' order by e.id, e.occurred_at), 'UTF8'))
          from audit_event e where e.id = any(b.event_ids)) where seq = ${seq}`,
        sql`update audit_chain_batch b set hash = sha256((select p.hash from audit_chain_batch p
          where p.seq = ${seq - 1}) || b.digest) where seq = ${seq}`,
        sql`update audit_chain_head set hash = (select hash from audit_chain_batch where seq = ${seq})`,
      );
    await rewrite('forged');
    expect(await brokenAt()).toBeUndefined();
    expect((await checkCheckpoints(database.db, file, KEY)).broken).toMatch(
      new RegExp(`batch ${seq} has another hash`),
    );
    await expect(admin('verify-audit')).rejects.toThrow(/checkpoints .* do not match/);
    await rewrite('test');
    expect(await checkCheckpoints(database.db, file, KEY)).toEqual({ checked: 1 });
    expect(await brokenAt()).toBeUndefined();
  });

  it('tells the patient when the period of their access log was verified', async () => {
    expectSuccess(
      await call(app, 'GET', `/patient/${patient.recordId}`, { token: staff.token }),
      200,
    );
    const log = async () => {
      const response = await call(app, 'GET', '/profile/access-log?limit=50', {
        token: patient.token,
      });
      expectSuccess(response, 200);
      return accessLogSchema.parse(response.json());
    };
    expect((await log())[0]!.verified_at).toBeNull();
    await app.auditChain.publish();
    const verified = await log();
    expect(verified[0]!.verified_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(verified.every((entry) => entry.verified_at)).toBe(true);
    // A check that finds the chain broken takes the word back.
    const { id } = await oneEvent();
    await asAdministrator(
      sql`update audit_event set address = 'elsewhere' where id = ${id}::bigint`,
    );
    expect((await app.auditChain.publish()).ok).toBe(false);
    expect(await app.metrics.text()).toMatch(/^portal_audit_chain_verified 0$/m);
    const [latest] = await log();
    expect(latest!.verified_at).toBeNull();
    await asAdministrator(sql`update audit_event set address = 'test' where id = ${id}::bigint`);
  });

  it('refuses a malformed period with the usage', async () => {
    for (const argv of [
      ['verify-audit', '--from', 'yesterday'],
      ['verify-audit', '--to', '2026-13-45'],
      ['verify-audit', '--from', '2026-02-01', '--to', '2026-01-01'],
      ['verify-audit', '--since', '2026-01-01'],
    ]) {
      const error = await admin(...argv).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(ProblemError);
      expect((error as ProblemError).status).toBe(400);
    }
  });
});
