/**
 * The audit trail's monthly partitions at work: made ahead (also by 30 callers at once), the
 * default partition catching a month without one, append-only on every partition, and the
 * archive → verify → drop → restore cycle through the admin tool, with the patient's access log
 * losing the archived months and showing them again once restored. A failed or corrupted archive
 * drops nothing; a corrupted archive is not restored. PGlite always, PostgreSQL when
 * TEST_DATABASE_URL is set.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessLogSchema } from '@portal/contract';
import { runAdminCommand } from '../admin';
import { type Database, queryRows } from '../db/database';
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
import type { RequestContext } from './audit';
import {
  archiveAuditPartitions,
  ensureAuditPartitions,
  listAuditPartitions,
  monthsBefore,
  partitionName,
} from './audit-partitions';

const CONTEXT: RequestContext = { actor: null, address: 'test', requestId: 'audit-partitions' };

describe.each(BACKENDS)('the audit trail’s partitions on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let patient: TestUser;
  let dir: string;

  const count = async (table: string) =>
    Number(
      (
        await queryRows<{ n: number }>(
          database.db,
          sql`select count(*)::int as n from ${sql.identifier(table)}`,
        )
      )[0]!.n,
    );
  const partitionMonths = async () => (await listAuditPartitions(database.db)).map((p) => p.month);
  const admin = (...argv: string[]) =>
    runAdminCommand(database.db, argv, 30, { auditRetentionMonths: 12 });
  const accessLogMonths = async () => {
    const response = await call(app, 'GET', '/profile/access-log?limit=200', {
      token: patient.token,
    });
    expectSuccess(response, 200);
    return accessLogSchema.parse(response.json()).map((e) => e.occurred_at.slice(0, 7));
  };

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database, testConfig({ auditRetentionMonths: 12 })));
    patient = await createUser(app, database, 'patient');
    dir = await mkdtemp(join(tmpdir(), 'audit-archive-'));
    // A staff member's readings of the patient's record in February (5, a day apart) and March
    // 2025 (3): months that the archive takes away and the restore brings back. Their
    // partitions first (a new database has this month's and the next three only).
    await database.db.execute(sql`select audit_event_make_partition('2025-02-01'),
      audit_event_make_partition('2025-03-01')`);
    await database.db.execute(sql`insert into audit_event (occurred_at, actor_role, action,
        record_type, record_ids, address, outcome)
      select timestamptz '2025-02-03 10:00:00+00' + i * interval '1 day', 'medical_personnel',
             'patient.read', 'patient', array[${patient.recordId}], '10.0.0.9', 'success'
      from generate_series(0, 4) i
      union all
      select timestamptz '2025-03-03 10:00:00+00' + i * interval '1 day', 'medical_personnel',
             'patient.read', 'patient', array[${patient.recordId}], '10.0.0.9', 'success'
      from generate_series(0, 2) i`);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('has this month’s partition and the next three from the start, more with --ahead', async () => {
    const now = new Date();
    const months = await partitionMonths();
    for (let i = 0; i <= 3; i++) expect(months).toContain(monthsBefore(now, -i));
    expect(months).not.toContain(monthsBefore(now, -7));
    expect(await admin('audit-partitions', '--ahead', '7')).toMatch(/^Made \d+ audit partition/);
    expect(await partitionMonths()).toContain(monthsBefore(now, -7));
    // Again: nothing more to make.
    expect(await admin('audit-partitions', '--ahead', '7')).toMatch(/^Made 0 audit partition/);
    await expect(admin('audit-partitions', '--ahead', '-1')).rejects.toThrow(/--ahead/);
    await expect(admin('audit-partitions', '--ahead', 'x')).rejects.toThrow(/--ahead/);
  });

  it('reports months older than AUDIT_RETENTION_MONTHS, archiving nothing itself', async () => {
    expect(await admin('audit-partitions')).toMatch(/Due for archive .*2025-02, 2025-03/);
    await app.auditPartitions.check();
    const metrics = await app.metrics.text();
    expect(metrics).toMatch(/^portal_audit_partitions_due_for_archive [1-9]/m);
    expect(await partitionMonths()).toEqual(expect.arrayContaining(['2025-02', '2025-03']));
  });

  it('lets 30 callers make partitions ahead at once, each made exactly once', async () => {
    const before = (await partitionMonths()).length;
    const made = await Promise.all(
      Array.from({ length: 30 }, () => ensureAuditPartitions(database.db, 30)),
    );
    const after = (await partitionMonths()).length;
    expect(made.reduce((a, b) => a + b, 0)).toBe(after - before);
    expect(after - before).toBeGreaterThan(0);
  });

  it('puts an event of a month without partition into the default one, and moves it when that month gets its partition', async () => {
    await database.db.execute(sql`insert into audit_event (occurred_at, action, outcome)
      values ('2090-06-15 12:00:00+00', 'logout', 'success')`);
    const where = async () =>
      (
        await queryRows<{ part: string }>(
          database.db,
          sql`select tableoid::regclass::text as part from audit_event
              where occurred_at = '2090-06-15 12:00:00+00'`,
        )
      ).map((r) => r.part);
    expect(await where()).toEqual(['audit_event_default']);
    await database.db.execute(sql`select audit_event_make_partition('2090-06-01')`);
    expect(await where()).toEqual(['audit_event_y2090m06']);
    expect(await count('audit_event_default')).toBe(0);
  });

  it('refuses UPDATE, DELETE and TRUNCATE on every partition and on the table', async () => {
    const current = partitionName(monthsBefore(new Date(), 0));
    for (const table of ['audit_event', current, 'audit_event_y2025m02', 'audit_event_default']) {
      const t = sql.identifier(table);
      // The default partition is empty: give it a row, so that UPDATE and DELETE meet one.
      if (table === 'audit_event_default')
        await database.db.execute(sql`insert into audit_event (occurred_at, action, outcome)
          values ('2199-01-01', 'logout', 'success')`);
      const rows = await count(table);
      expect(rows).toBeGreaterThan(0);
      await expect(database.db.execute(sql`update ${t} set outcome = 'failure'`)).rejects.toThrow();
      await expect(database.db.execute(sql`delete from ${t}`)).rejects.toThrow();
      await expect(database.db.execute(sql`truncate ${t}`)).rejects.toThrow();
      expect(await count(table)).toBe(rows);
    }
  });

  it('drops nothing when the archive cannot be written or does not read back as written', async () => {
    const feb = await count('audit_event_y2025m02');
    expect(feb).toBe(5);
    // Cannot be written: the output "directory" is a file.
    const notADir = join(dir, 'a-file');
    await writeFile(notADir, 'x');
    await expect(admin('archive-audit', '--before', '2025-03', '--out', notADir)).rejects.toThrow();
    // Written, then corrupted before the read-back: a byte flipped in the middle.
    const out = join(dir, 'corrupted');
    await expect(
      archiveAuditPartitions(database.db, CONTEXT, '2025-03', out, {
        afterWrite: async (file) => {
          const bytes = await readFile(file);
          bytes.writeUInt8(bytes.readUInt8(bytes.length >> 1) ^ 0xff, bytes.length >> 1);
          await writeFile(file, bytes);
        },
      }),
    ).rejects.toThrow(/was kept/);
    // Written, then cut short.
    await expect(
      archiveAuditPartitions(database.db, CONTEXT, '2025-03', join(dir, 'short'), {
        afterWrite: async (file) => {
          const bytes = await readFile(file);
          await writeFile(file, bytes.subarray(0, bytes.length - 10));
        },
      }),
    ).rejects.toThrow(/was kept/);
    expect(await count('audit_event_y2025m02')).toBe(feb);
    const failures = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from audit_event
          where action = 'audit.archive' and outcome = 'failure' and record_ids = array['2025-02']`,
    );
    expect(failures[0]!.n).toBe(3);
  });

  it('archives the months before --before, verified, then drops them; the access log no longer shows them', async () => {
    expect(await accessLogMonths()).toEqual(expect.arrayContaining(['2025-02', '2025-03']));
    const out = join(dir, 'archive');
    const said = await admin('archive-audit', '--before', '2025-04', '--out', out);
    expect(said).toMatch(/Archived 2025-02: 5 event\(s\) to .*audit_event_y2025m02\.ndjson\.gz/);
    expect(said).toMatch(/Archived 2025-03: 3 event\(s\)/);
    expect(await partitionMonths()).not.toEqual(expect.arrayContaining(['2025-02']));
    expect(await partitionMonths()).not.toContain('2025-03');
    expect((await readdir(out)).sort()).toEqual([
      'audit_event_y2025m02.ndjson.gz',
      'audit_event_y2025m02.ndjson.gz.sha256',
      'audit_event_y2025m03.ndjson.gz',
      'audit_event_y2025m03.ndjson.gz.sha256',
    ]);
    const lines = gunzipSync(await readFile(join(out, 'audit_event_y2025m02.ndjson.gz')))
      .toString()
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines[0]).toEqual({ archive: 'audit_event', version: 1, month: '2025-02', rows: 5 });
    expect(lines.slice(1)).toHaveLength(5);
    expect(lines[1]).toMatchObject({ action: 'patient.read', record_ids: [patient.recordId] });
    const months = await accessLogMonths();
    expect(months).not.toContain('2025-02');
    expect(months).not.toContain('2025-03');
    const audited = await queryRows<{ record_ids: string[] }>(
      database.db,
      sql`select record_ids from audit_event
          where action = 'audit.archive' and outcome = 'success' order by id`,
    );
    expect(audited.map((r) => r.record_ids)).toEqual([['2025-02'], ['2025-03']]);
  });

  it('refuses a corrupted archive, restoring nothing', async () => {
    const file = join(dir, 'archive', 'audit_event_y2025m03.ndjson.gz');
    const copy = join(dir, 'copy.ndjson.gz');
    const bytes = await readFile(file);
    bytes.writeUInt8(bytes.readUInt8(bytes.length >> 1) ^ 0x01, bytes.length >> 1);
    await writeFile(copy, bytes);
    await writeFile(
      `${copy}.sha256`,
      (await readFile(`${file}.sha256`, 'utf8')).replace(
        'audit_event_y2025m03.ndjson.gz',
        'copy.ndjson.gz',
      ),
    );
    await expect(admin('restore-audit', '--file', copy)).rejects.toThrow(
      /does not match its checksum|not a readable audit archive/,
    );
    await expect(admin('restore-audit', '--file', join(dir, 'missing.gz'))).rejects.toThrow(
      /nothing restored/,
    );
    expect(await partitionMonths()).not.toContain('2025-03');
    expect(await accessLogMonths()).not.toContain('2025-03');
  });

  it('restores an archive: the rows come back with their ids and the access log shows them again', async () => {
    const file = join(dir, 'archive', 'audit_event_y2025m02.ndjson.gz');
    expect(await admin('restore-audit', '--file', file)).toBe(
      'Restored 2025-02: 5 event(s) into audit_event_y2025m02.',
    );
    expect(await count('audit_event_y2025m02')).toBe(5);
    const months = await accessLogMonths();
    expect(months.filter((m) => m === '2025-02')).toHaveLength(5);
    expect(months).not.toContain('2025-03');
    // Restored rows are append-only again.
    await expect(database.db.execute(sql`delete from audit_event_y2025m02`)).rejects.toThrow();
    // Twice: refused, nothing doubled.
    await expect(admin('restore-audit', '--file', file)).rejects.toThrow(/already holds 5 events/);
    expect(await count('audit_event_y2025m02')).toBe(5);
    const audited = await queryRows<{ outcome: string }>(
      database.db,
      sql`select outcome from audit_event where action = 'audit.restore' order by id`,
    );
    // The corrupted and missing files were refused before the transaction (no row), then the
    // restore, then the second restore's refusal.
    expect(audited.map((r) => r.outcome)).toEqual(['success', 'failure']);
  });
});
