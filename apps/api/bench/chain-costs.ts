/**
 * `npm run bench -- --chain-only`: what the audit trail and its SHA-256 chain cost per core,
 * for docs/scale.md: events per CPU second, the CPU time of this process and of the database's
 * server processes (from /proc) added, so that other load on the machine does not count. One
 * connection, one statement at a time:
 * 1. events written per second in statements of 1 and of 20 events (an audited read alone, and
 *    a group-commit batch under load), with the chain's seal (digest, head, batch row) and
 *    without it (a plain insert), so the seal's share is measured, not guessed;
 * 2. verify-audit: events recomputed and checked per second (read, canonical form, SHA-256);
 * 3. the canonical form and SHA-256 alone in this process: events per second.
 * Each step runs for a bounded time (`seconds`). Commits do not wait for the disk (see
 * eventsInsert): the figures are the work per core. Figures, not asserts.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../src/db/database';
import { auditedCtes } from '../src/repositories/audit';
import { canonicalEvent, verifyAuditChain } from '../src/repositories/audit-chain';

const COLUMNS = sql.raw(
  '(actor_user_id, actor_username, actor_role, action, record_type, record_ids, address, outcome, request_id)',
);

/**
 * `size` events of audited patient reads, as one INSERT … SELECT (into `table`). The statement
 * turns synchronous_commit off for its own transaction (set_config's is_local): its commit does
 * not wait for the disk's flush, so what is timed is the work (CPU), not this machine's fsync
 * latency, which the portal's group commit shares among every event of a batch.
 */
const eventsInsert = (size: number, table = 'audit_event') =>
  sql`insert into ${sql.identifier(table)} ${COLUMNS}
      select null::uuid, 'bench.doctor', 'medical_personnel', 'patient.read', 'patient',
        array['P' || lpad((g % 1000000)::text, 7, '0')], '127.0.0.1', 'success',
        md5(random()::text)
      from generate_series(1, ${size}::int) g,
        (select set_config('synchronous_commit', 'off', true)) no_flush_wait`;

/** Clock ticks per second of /proc/<pid>/stat's utime and stime (Linux's USER_HZ). */
const TICKS = 100;

/**
 * CPU seconds used so far by this process (its threads: PGlite's worker too) and by the
 * PostgreSQL server's processes serving this database (read from /proc: same machine).
 */
async function cpuSeconds(db: Db): Promise<number> {
  const own = process.cpuUsage();
  let server = 0;
  try {
    const backends = await queryRows<{ pid: number }>(
      db,
      sql`select pid from pg_stat_activity where datname = current_database()`,
    );
    for (const { pid } of backends) {
      try {
        const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
        server += (Number(fields[11]) + Number(fields[12])) / TICKS;
      } catch {
        // Not on this machine (or gone): the figure then counts this process alone.
      }
    }
  } catch {
    // PGlite has no pg_stat_activity processes of its own: all is in this process.
  }
  return (own.user + own.system) / 1e6 + server;
}

/**
 * Runs `work` for `seconds`: its rate per CPU second (this process and the database's, so
 * other load on the machine does not count) and per wall second.
 */
async function rate(db: Db, seconds: number, work: () => Promise<number>) {
  const until = performance.now() + seconds * 1000;
  const started = performance.now();
  const cpuBefore = await cpuSeconds(db);
  let done = 0;
  let statements = 0;
  while (performance.now() < until) {
    done += await work();
    statements++;
  }
  const cpu = (await cpuSeconds(db)) - cpuBefore;
  const elapsed = (performance.now() - started) / 1000;
  return {
    perSecond: done / cpu,
    perWallSecond: done / elapsed,
    statementsPerSecond: statements / cpu,
  };
}

export interface ChainCosts {
  readonly rows: readonly { step: string; perSecond: number; note: string }[];
  readonly markdown: string;
}

export async function chainCosts(db: Db, kind: string, seconds = 10): Promise<ChainCosts> {
  const rows: { step: string; perSecond: number; note: string }[] = [];
  // The comparison without the seal writes to a copy of the table (its columns, defaults and
  // indexes), so that the trail itself holds sealed events only and verify-audit passes.
  await db.execute(sql`drop table if exists bench_audit_plain`);
  await db.execute(sql`create table bench_audit_plain (like audit_event including all)`);
  for (const size of [1, 20]) {
    const sealed = await rate(db, seconds, async () => {
      await db.execute(sql`with ${auditedCtes(eventsInsert(size))} select 1`);
      return size;
    });
    const plain = await rate(db, seconds, async () => {
      await db.execute(eventsInsert(size, 'bench_audit_plain'));
      return size;
    });
    rows.push({
      step: `events written, ${size} per statement, sealed into the chain`,
      perSecond: sealed.perSecond,
      note: `${sealed.statementsPerSecond.toFixed(0)} batches per CPU second (${sealed.perWallSecond.toFixed(0)} events per wall second); without the seal ${plain.perSecond.toFixed(0)} events/s (the seal costs ${(100 * (1 - sealed.perSecond / plain.perSecond)).toFixed(0)} %)`,
    });
  }
  await db.execute(sql`drop table bench_audit_plain`);
  const started = performance.now();
  const cpuBefore = await cpuSeconds(db);
  const verified = await verifyAuditChain(db);
  const verifyCpu = (await cpuSeconds(db)) - cpuBefore;
  const verifySeconds = (performance.now() - started) / 1000;
  rows.push({
    step: 'verify-audit: events recomputed and checked',
    perSecond: verified.events / verifyCpu,
    note: `${verified.events} events in ${verified.batches} batches, ${verifySeconds.toFixed(1)} s, ${verified.ok ? 'the chain holds' : 'BROKEN'}`,
  });
  const event = {
    id: '123456789',
    occurred_at: '2026-12-07T14:00:00.000000Z',
    actor_user_id: '3f2b9a52-1a7e-4f0c-9d55-6b1a2b3c4d5e',
    actor_username: 'bench.doctor',
    actor_role: 'medical_personnel',
    action: 'patient.read',
    record_type: 'patient',
    record_ids: ['P0001234'],
    address: '127.0.0.1',
    outcome: 'success',
    request_id: 'b9a4c1e2-6f1d-4d7a-8a3e-2c1b0a9f8e7d',
  };
  const hashed = await rate(db, Math.min(seconds, 5), async () => {
    const hash = createHash('sha256');
    for (let i = 0; i < 1000; i++) hash.update(canonicalEvent({ ...event, id: String(i) }));
    hash.digest();
    return 1000;
  });
  rows.push({
    step: 'canonical form + SHA-256 in Node alone',
    perSecond: hashed.perSecond,
    note: 'one core, no database',
  });
  const markdown = [
    `## The audit chain's costs per core, ${kind}`,
    '',
    '| step | events per CPU second | note |',
    '|---|---:|---|',
    ...rows.map(
      (r) => `| ${r.step} | ${Math.round(r.perSecond).toLocaleString('en')} | ${r.note} |`,
    ),
    '',
  ].join('\n');
  return { rows, markdown };
}
