/**
 * The audit trail's SHA-256 chain (migration 0022): checking it, publishing its head.
 *
 * Each statement that writes audit events seals them as one batch (repositories/audit.ts,
 * auditedCtes): `digest` = sha256 of its events' canonical forms in (id, occurred_at) order,
 * `hash` = sha256(previous batch's hash || digest), the first batch's previous hash 32 zero
 * bytes. {@link verifyAuditChain} recomputes both from the rows, with its own canonical form
 * (not the database's function, which an administrator could change), and names the first batch
 * that does not match: an event edited, deleted, added to a batch, a batch removed or rewritten,
 * or an event in no batch (written by hand). The batches of an archived month keep their
 * place: their links are checked; their events are checked once the month is restored.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdir, open, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';

/** Batches read per statement while verifying (and their events): bounded memory per round. */
const BATCHES_PER_ROUND = 500;
/** Events read per statement while looking for events in no batch. */
const EVENTS_PER_ROUND = 5000;

const GENESIS = Buffer.alloc(32);

/** The columns of an event as the canonical form takes them, each as text. */
interface EventRow {
  id: string;
  occurred_at: string;
  actor_user_id: string | null;
  actor_username: string | null;
  actor_role: string | null;
  action: string;
  record_type: string | null;
  record_ids: (string | null)[] | null;
  address: string | null;
  outcome: string;
  request_id: string | null;
}

/** The columns of {@link EventRow}, read as the canonical form writes them. */
const EVENT_COLUMNS = sql.raw(`e.id::text as id,
  to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as occurred_at,
  e.actor_user_id::text as actor_user_id, e.actor_username, e.actor_role, e.action,
  e.record_type, e.record_ids, e.address, e.outcome, e.request_id`);

const field = (value: string | null): string =>
  value === null ? '-' : `${Buffer.byteLength(value, 'utf8')}:${value}`;

/**
 * One event's canonical form, as audit_event_canonical writes it in SQL: each field as its
 * length in bytes, a colon and its text ('-' for null), in column order; record_ids as its
 * element count, '[', its elements so written, ']'.
 */
export function canonicalEvent(e: EventRow): string {
  const ids =
    e.record_ids === null ? '-' : `${e.record_ids.length}[${e.record_ids.map(field).join('')}]`;
  return [
    field(e.id),
    field(e.occurred_at),
    field(e.actor_user_id),
    field(e.actor_username),
    field(e.actor_role),
    field(e.action),
    field(e.record_type),
    ids,
    field(e.address),
    field(e.outcome),
    field(e.request_id),
  ].join('');
}

/** A batch as stored. */
interface BatchRow {
  seq: string;
  sealed_at: string;
  first_at: string;
  last_at: string;
  event_ids: (string | number)[];
  digest: string;
  hash: string;
}

const BATCH_COLUMNS = sql.raw(`seq::text as seq,
  to_char(sealed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sealed_at,
  to_char(first_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as first_at,
  to_char(last_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as last_at,
  event_ids, encode(digest, 'hex') as digest, encode(hash, 'hex') as hash`);

/** The first thing verify found wrong. */
export interface ChainBreak {
  /** The first batch that does not match (or, for an event in no batch, 0). */
  readonly seq: number;
  readonly reason: string;
  /** The first event time of that batch, when it is there to read. */
  readonly at?: string;
}

/** What a verification checked and found. */
export interface ChainVerification {
  readonly ok: boolean;
  readonly batches: number;
  readonly events: number;
  /** Batches of archived months: their links checked, their events not in the database. */
  readonly archivedBatches: number;
  readonly fromSeq: number;
  readonly throughSeq: number;
  /** The events' period the batches checked cover (null when none was checked). */
  readonly fromAt: string | null;
  readonly throughAt: string | null;
  readonly head: { readonly seq: number; readonly hash: string };
  readonly broken?: ChainBreak;
}

/** Which part of the chain to check: a period of events, or the batches after one. */
export interface VerifyRange {
  /** ISO instants: the batches holding events of [from, to). */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  /** The batches after this one (the hourly check goes on from where it stopped). */
  readonly afterSeq?: number | undefined;
}

/** The months (YYYY-MM) whose partition is archived now, as the trail itself records it. */
async function archivedMonths(tx: Db): Promise<Set<string>> {
  const rows = await queryRows<{ month: string; action: string }>(
    tx,
    sql`select distinct on (record_ids[1]) record_ids[1] as month, action from audit_event
        where action in ('audit.archive', 'audit.restore') and outcome = 'success'
          and record_type = 'audit-partition'
        order by record_ids[1], id desc`,
  );
  return new Set(rows.filter((r) => r.action === 'audit.archive').map((r) => r.month));
}

/** The months (YYYY-MM) from `first` to `last`, ISO instants. */
function monthsOf(first: string, last: string): string[] {
  const months: string[] = [];
  let year = Number(first.slice(0, 4));
  let month = Number(first.slice(5, 7));
  const end = last.slice(0, 7);
  for (;;) {
    const m = `${year}-${String(month).padStart(2, '0')}`;
    months.push(m);
    if (m >= end) return months;
    if (++month > 12) [year, month] = [year + 1, 1];
  }
}

const sha256 = (...parts: Buffer[]) => {
  const hash = createHash('sha256');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

/**
 * Recomputes the chain over `range` in one snapshot (repeatable read) and names the first batch
 * that does not match. With no range: every batch, the head, and every event. The outcome is
 * recorded (audit_chain_verification) for the patients' access logs, unless nothing was checked.
 */
export async function verifyAuditChain(
  db: Db,
  range: VerifyRange = {},
): Promise<ChainVerification> {
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    // The server's hourly check of an hour's batches may take longer than a request's bound.
    await tx.execute(sql`select set_config('statement_timeout', '0', true)`);
    return verifyInSnapshot(tx, range);
  });
  const record = (from: string, through: string, ok: boolean, lastSeq: number) =>
    db.execute(sql`insert into audit_chain_verification
        (from_seq, through_seq, from_at, through_at, ok, first_bad_seq)
      values (${result.fromSeq}, ${lastSeq}, ${from}::timestamptz, ${through}::timestamptz,
        ${ok}, ${ok ? null : (result.broken?.seq ?? null)})`);
  // The batches that matched are verified; from a broken one on, nothing is until a check
  // holds again (the later row wins where they overlap). An event in no batch: nothing is.
  if (result.batches > 0 && result.fromAt && result.throughAt)
    await record(result.fromAt, result.throughAt, true, result.fromSeq + result.batches - 1);
  if (result.broken)
    await record(
      result.broken.seq > 0 ? (result.broken.at ?? '-infinity') : '-infinity',
      'infinity',
      false,
      result.broken.seq,
    );
  return result;
}

async function verifyInSnapshot(tx: Db, range: VerifyRange): Promise<ChainVerification> {
  const [head] = await queryRows<{ seq: string; hash: string }>(
    tx,
    sql`select seq::text as seq, encode(hash, 'hex') as hash from audit_chain_head`,
  );
  const headSeq = Number(head!.seq);
  const one = async (query: ReturnType<typeof sql>) =>
    (await queryRows<{ seq: string | null }>(tx, query))[0]?.seq ?? null;
  let fromSeq = 1;
  if (range.afterSeq !== undefined) fromSeq = range.afterSeq + 1;
  else if (range.from)
    fromSeq = Number(
      (await one(
        sql`select min(seq)::text as seq from audit_chain_batch where last_at >= ${range.from}::timestamptz`,
      )) ?? headSeq + 1,
    );
  const throughSeq = range.to
    ? Number(
        (await one(
          sql`select max(seq)::text as seq from audit_chain_batch where first_at < ${range.to}::timestamptz`,
        )) ?? 0,
      )
    : headSeq;
  const archived = await archivedMonths(tx);

  let batches = 0;
  let events = 0;
  let archivedBatches = 0;
  let fromAt: string | null = null;
  let throughAt: string | null = null;
  const seen = new Set<string>();
  const done = (broken?: ChainBreak): ChainVerification => ({
    ok: !broken,
    batches,
    events,
    archivedBatches,
    fromSeq,
    throughSeq,
    fromAt,
    throughAt,
    head: { seq: headSeq, hash: head!.hash },
    ...(broken ? { broken } : {}),
  });

  let previous = GENESIS;
  if (fromSeq > 1) {
    const [before] = await queryRows<{ hash: string }>(
      tx,
      sql`select encode(hash, 'hex') as hash from audit_chain_batch where seq = ${fromSeq - 1}`,
    );
    if (!before && fromSeq - 1 <= headSeq)
      return done({ seq: fromSeq - 1, reason: 'the batch is missing (deleted)' });
    previous = before ? Buffer.from(before.hash, 'hex') : GENESIS;
  }

  let expected = fromSeq;
  while (expected <= throughSeq) {
    const page = await queryRows<BatchRow>(
      tx,
      sql`select ${BATCH_COLUMNS} from audit_chain_batch
          where seq >= ${expected} and seq <= ${throughSeq}
          order by audit_chain_batch.seq limit ${BATCHES_PER_ROUND}`,
    );
    if (!page.length) return done({ seq: expected, reason: 'the batch is missing (deleted)' });
    const ids = page.flatMap((b) => b.event_ids.map(String));
    const rows = await queryRows<EventRow>(
      tx,
      sql`select ${EVENT_COLUMNS} from audit_event e
          where e.id = any(${sql.param(ids)}::bigint[])
            and e.occurred_at >= ${page.reduce((a, b) => (a < b.first_at ? a : b.first_at), page[0]!.first_at)}::timestamptz
            and e.occurred_at <= ${page.reduce((a, b) => (a > b.last_at ? a : b.last_at), page[0]!.last_at)}::timestamptz`,
    );
    const byId = new Map<string, EventRow[]>();
    for (const row of rows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
    for (const batch of page) {
      const seq = Number(batch.seq);
      if (seq !== expected)
        return done({ seq: expected, reason: 'the batch is missing (deleted)' });
      const mine = batch.event_ids.map(String);
      const found = mine.map((id) => byId.get(id) ?? []);
      const inArchive = monthsOf(batch.first_at, batch.last_at).some((m) => archived.has(m));
      const storedDigest = Buffer.from(batch.digest, 'hex');
      if (inArchive && found.some((f) => f.length === 0)) {
        archivedBatches++;
      } else {
        const missing = mine.find((_, i) => found[i]!.length === 0);
        if (missing)
          return done({ seq, at: batch.first_at, reason: `event ${missing} is missing (deleted)` });
        const twice = mine.find((_, i) => found[i]!.length > 1);
        if (twice)
          return done({
            seq,
            at: batch.first_at,
            reason: `event ${twice} is there more than once`,
          });
        const ordered = found
          .map((f) => f[0]!)
          .sort((a, b) =>
            a.id === b.id
              ? a.occurred_at.localeCompare(b.occurred_at)
              : BigInt(a.id) < BigInt(b.id)
                ? -1
                : 1,
          );
        const digest = sha256(Buffer.from(ordered.map(canonicalEvent).join(''), 'utf8'));
        if (!digest.equals(storedDigest))
          return done({
            seq,
            at: batch.first_at,
            reason: 'its events are not those it sealed (an event was changed)',
          });
        for (const row of ordered) seen.add(`${row.id} ${row.occurred_at}`);
        events += mine.length;
      }
      const hash = sha256(previous, storedDigest);
      if (hash.toString('hex') !== batch.hash)
        return done({
          seq,
          at: batch.first_at,
          reason: 'its hash does not follow from the batch before it',
        });
      previous = hash;
      batches++;
      if (!fromAt || batch.first_at < fromAt) fromAt = batch.first_at;
      if (!throughAt || batch.last_at > throughAt) throughAt = batch.last_at;
      expected++;
    }
  }
  if (!range.to && range.afterSeq === undefined && previous.toString('hex') !== head!.hash)
    return done({ seq: headSeq, reason: 'the head does not match the last batch' });

  // Events of the period in no batch: written around the chain, by hand.
  const lowest = range.from ?? (range.afterSeq === undefined ? null : fromAt);
  if (range.afterSeq !== undefined && !fromAt) return done();
  let after = '0';
  for (;;) {
    const page = await queryRows<{ id: string; occurred_at: string }>(
      tx,
      sql`select e.id::text as id,
            to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as occurred_at
          from audit_event e
          where e.id > ${after}::bigint
            ${lowest ? sql`and e.occurred_at >= ${lowest}::timestamptz` : sql``}
            ${range.to ? sql`and e.occurred_at < ${range.to}::timestamptz` : sql``}
          order by e.id::bigint limit ${EVENTS_PER_ROUND}`,
    );
    for (const row of page) {
      if (seen.has(`${row.id} ${row.occurred_at}`)) continue;
      // Sealed in a batch the range did not check (the neighbours of its first batches), or in
      // an archived month's batch whose other events are in the archive?
      const [sealed] = await queryRows<{ seq: string }>(
        tx,
        sql`select seq::text as seq from audit_chain_batch
            where first_at <= ${row.occurred_at}::timestamptz and last_at >= ${row.occurred_at}::timestamptz
              and event_ids @> array[${row.id}::bigint] limit 1`,
      );
      if (!sealed)
        return done({
          seq: 0,
          reason: `event ${row.id} of ${row.occurred_at} is in no batch (written outside the chain)`,
        });
    }
    if (page.length < EVENTS_PER_ROUND) return done();
    after = page.at(-1)!.id;
  }
}

/** The chain's head as a checkpoint states it. */
export interface Checkpoint {
  readonly seq: number;
  readonly hash: string;
  /** When the head's batch was sealed (null before the first batch). */
  readonly sealed_at: string | null;
  readonly published_at: string;
}

/** The chain's head now. */
export async function auditChainHead(db: Db): Promise<Omit<Checkpoint, 'published_at'>> {
  const [row] = await queryRows<{ seq: string; hash: string; sealed_at: string | null }>(
    db,
    sql`select h.seq::text as seq, encode(h.hash, 'hex') as hash,
          to_char(b.sealed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as sealed_at
        from audit_chain_head h left join audit_chain_batch b on b.seq = h.seq`,
  );
  return { seq: Number(row!.seq), hash: row!.hash, sealed_at: row!.sealed_at };
}

/** The last batch a successful verification reached (0: none yet). */
export async function lastVerifiedSeq(db: Db): Promise<number> {
  const [row] = await queryRows<{ seq: string | null }>(
    db,
    sql`select max(through_seq)::text as seq from audit_chain_verification where ok`,
  );
  return Number(row?.seq ?? 0);
}

/** The file the checkpoints are appended to, one signed JSON line each. */
export const CHECKPOINT_FILE = 'audit-chain-checkpoints.ndjson';

const signatureOf = (checkpoint: Checkpoint, key: string) =>
  createHmac('sha256', key).update(JSON.stringify(checkpoint)).digest('hex');

/**
 * Appends the head to the checkpoint file of `dir`, signed (HMAC-SHA256 of the checkpoint's JSON
 * with `key`), and syncs it: a copy of the head that an operator keeps outside the database.
 */
export async function writeCheckpoint(
  dir: string,
  key: string,
  head: Omit<Checkpoint, 'published_at'>,
  now: Date = new Date(),
): Promise<Checkpoint> {
  const checkpoint: Checkpoint = { ...head, published_at: now.toISOString() };
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const handle = await open(join(dir, CHECKPOINT_FILE), 'a', 0o600);
  try {
    const line = { ...checkpoint, hmac_sha256: signatureOf(checkpoint, key) };
    await handle.write(`${JSON.stringify(line)}\n`);
    await handle.sync();
  } finally {
    await handle.close();
  }
  return checkpoint;
}

/**
 * Checks a checkpoint file against the database: every line's signature, and that the batch it
 * names still has the hash it had. Answers the lines checked, or what is wrong with the first
 * line that fails.
 */
export async function checkCheckpoints(
  db: Db,
  file: string,
  key: string,
): Promise<{ readonly checked: number; readonly broken?: string }> {
  const lines = (await readFile(file, 'utf8')).split('\n').filter(Boolean);
  let checked = 0;
  for (const [i, line] of lines.entries()) {
    let parsed: Checkpoint & { hmac_sha256?: string };
    try {
      parsed = JSON.parse(line) as Checkpoint & { hmac_sha256?: string };
    } catch {
      return { checked, broken: `line ${i + 1} is not JSON` };
    }
    const { hmac_sha256: signature, ...checkpoint } = parsed;
    const expected = Buffer.from(signatureOf(checkpoint, key), 'hex');
    const given = Buffer.from(String(signature ?? ''), 'hex');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      return { checked, broken: `line ${i + 1}: the signature does not match (another key?)` };
    if (checkpoint.seq > 0) {
      const [batch] = await queryRows<{ hash: string }>(
        db,
        sql`select encode(hash, 'hex') as hash from audit_chain_batch where seq = ${checkpoint.seq}`,
      );
      if (batch?.hash !== checkpoint.hash)
        return {
          checked,
          broken: `line ${i + 1}: batch ${checkpoint.seq} ${batch ? 'has another hash than' : 'is gone since'} the checkpoint of ${checkpoint.published_at}`,
        };
    }
    checked++;
  }
  return { checked };
}
