/**
 * Migration 0015 (the audit trail partitioned by month) on a database that already holds audit
 * events over several months: every row is kept with its id, lands in its month's partition,
 * the indexes the queries use are on every partition, and new events continue the ids.
 * PGlite always, PostgreSQL when TEST_DATABASE_URL is set.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, createTestDatabase } from '../test/harness';
import { type Database, queryRows } from './database';
import { MIGRATIONS, migrate } from './migrate';

const THIS_ONE = '0015_audit_partitioning.sql';

describe.each(BACKENDS)('migration 0015 on an audit trail with data, on %s', (backend) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(
      backend,
      {},
      MIGRATIONS.filter((m) => m.name < THIS_ONE),
    );
    // 40 events over four months of 2025 (UTC), the last one a microsecond before June.
    await database.db.execute(sql`insert into audit_event (occurred_at, action, record_type,
        record_ids, outcome, address)
      select timestamptz '2025-02-01 00:00:00+00' + (i % 4) * interval '1 month' + i * interval '1 hour',
             'patient.read', 'patient', array['P' || lpad((i % 3)::text, 3, '0')], 'success', '10.0.0.1'
      from generate_series(0, 38) i
      union all
      select timestamptz '2025-05-31 23:59:59.999999+00', 'login', null, null, 'failure', null`);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('keeps every row and id, each in its month, and continues the ids after them', async () => {
    const before = await queryRows<{ id: string; occurred_at: string }>(
      database.db,
      sql`select id::text, occurred_at::text from audit_event order by id`,
    );
    expect(before).toHaveLength(40);
    expect((await migrate(database.db))[0]).toBe(THIS_ONE);

    const after = await queryRows<{ id: string; occurred_at: string; part: string }>(
      database.db,
      sql`select id::text, occurred_at::text, tableoid::regclass::text as part
          from audit_event order by id`,
    );
    expect(after.map(({ id, occurred_at }) => ({ id, occurred_at }))).toEqual(before);
    const partsOf = new Map<string, number>();
    for (const row of after) partsOf.set(row.part, (partsOf.get(row.part) ?? 0) + 1);
    expect(Object.fromEntries(partsOf)).toEqual({
      audit_event_y2025m02: 10,
      audit_event_y2025m03: 10,
      audit_event_y2025m04: 10,
      audit_event_y2025m05: 10,
    });

    const [next] = await queryRows<{ id: string }>(
      database.db,
      sql`insert into audit_event (action, outcome) values ('logout', 'success') returning id::text`,
    );
    expect(Number(next!.id)).toBe(Math.max(...before.map((r) => Number(r.id))) + 1);
  });

  it('has the queries’ indexes and the append-only triggers on every partition', async () => {
    const partitions = await queryRows<{ name: string }>(
      database.db,
      sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
          where i.inhparent = 'audit_event'::regclass order by 1`,
    );
    // The four months with rows, this month and the next three, and the default.
    expect(partitions.length).toBeGreaterThanOrEqual(9);
    expect(partitions.map((p) => p.name)).toContain('audit_event_default');
    for (const { name } of partitions) {
      const indexes = await queryRows<{ def: string }>(
        database.db,
        sql`select indexdef as def from pg_indexes where tablename = ${name}`,
      );
      const defs = indexes.map((i) => i.def).join('\n');
      expect(defs).toMatch(/UNIQUE INDEX .* USING btree \(id, occurred_at\)/);
      expect(defs).toMatch(/USING btree \(occurred_at\)/);
      expect(defs).toMatch(/USING btree \(actor_user_id, occurred_at\)/);
      expect(defs).toMatch(/USING gin \(record_ids\) WHERE \(record_type = 'patient'::text\)/);
      const triggers = await queryRows<{ tgname: string }>(
        database.db,
        sql`select tgname from pg_trigger where tgrelid = ${name}::regclass and not tgisinternal
            order by 1`,
      );
      expect(triggers.map((t) => t.tgname)).toEqual([
        'audit_event_no_truncate',
        'audit_event_no_update_or_delete',
      ]);
    }
  });
});
