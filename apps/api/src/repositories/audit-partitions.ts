/**
 * The audit trail's monthly partitions (migration 0015): making them ahead, finding the ones
 * due for archive, archiving one to compressed NDJSON and bringing it back.
 *
 * An archive is `audit_event_y2025m01.ndjson.gz` (gzip; a header line, then one JSON object per
 * event as `row_to_json` writes it, ids ascending) beside `audit_event_y2025m01.ndjson.gz.sha256`
 * (`sha256sum` format, so `sha256sum -c` checks it too). A partition is detached and dropped only
 * after its archive has been written, synced, read back whole and found to hold exactly the
 * partition's rows; any failure before that leaves the partition as it was.
 */
import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';
import { ProblemError } from '../errors';
import { auditedWrite, type RequestContext } from './audit';

/** Months made ahead beyond this one, by the server and by default by the admin tool. */
export const AUDIT_PARTITIONS_AHEAD = 3;

/** The most months the admin tool makes ahead in one go (ten years). */
export const MAX_PARTITIONS_AHEAD = 120;

/** Events read from the database, and restored into it, per statement: bounded memory. */
const BATCH_ROWS = 5000;

/** How long detaching a partition may wait for the table's lock before it gives up. */
const DETACH_LOCK_TIMEOUT = '10s';

/** The key of the advisory lock the partition functions of migration 0015 take. */
const PARTITION_LOCK_KEY = 715_202_612;

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;
const PARTITION_NAME = /^audit_event_y(\d{4})m(\d{2})$/;

/** The first line of an archive: what it is, which month, how many events. */
interface ArchiveHeader {
  readonly archive: 'audit_event';
  readonly version: 1;
  readonly month: string;
  readonly rows: number;
}

/** One month's partition. */
export interface AuditPartition {
  /** Its table: audit_event_y2025m01. */
  readonly name: string;
  /** Its month (UTC), YYYY-MM. */
  readonly month: string;
}

/** What archiving one partition did. */
export interface ArchivedPartition extends AuditPartition {
  readonly rows: number;
  readonly file: string;
  readonly sha256: string;
}

/** Whether `text` is a month written YYYY-MM. */
export const isMonth = (text: string): boolean => MONTH.test(text);

/** The partition's table name of a month YYYY-MM (as audit_event_partition_name in SQL). */
export const partitionName = (month: string): string =>
  `audit_event_y${month.slice(0, 4)}m${month.slice(5, 7)}`;

/** The month (UTC) `months` before the month of `now`, as YYYY-MM. */
export function monthsBefore(now: Date, months: number): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));
  return date.toISOString().slice(0, 7);
}

/**
 * Makes this month's partition and the next `ahead` months' where missing; returns how many it
 * made. Safe to call from every instance at once (audit_event_ensure_partitions serialises them).
 */
export async function ensureAuditPartitions(
  db: Db,
  ahead: number = AUDIT_PARTITIONS_AHEAD,
): Promise<number> {
  const [row] = await queryRows<{ made: number }>(
    db,
    sql`select audit_event_ensure_partitions(${ahead}::int) as made`,
  );
  return Number(row?.made ?? 0);
}

/** The monthly partitions there are, oldest first (the default partition is not one of them). */
export async function listAuditPartitions(db: Db): Promise<AuditPartition[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid
        where i.inhparent = 'audit_event'::regclass`,
  );
  return rows
    .map((r) => PARTITION_NAME.exec(r.name))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ name: m[0], month: `${m[1]}-${m[2]}` }))
    .sort((a, b) => a.month.localeCompare(b.month));
}

/**
 * The partitions older than the retention period: every month before the month that began
 * `retentionMonths` months before now's. The server only reports them: archiving needs a place
 * the operator chooses (and keeps), so the admin tool does it.
 */
export async function partitionsDueForArchive(
  db: Db,
  retentionMonths: number,
  now: Date = new Date(),
): Promise<AuditPartition[]> {
  const keepFrom = monthsBefore(now, retentionMonths);
  return (await listAuditPartitions(db)).filter((p) => p.month < keepFrom);
}

/** A stream stage that hashes what passes through it. */
function hashing(hash: ReturnType<typeof createHash>): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

/** The partition's events as archive lines, read in keyset batches (bounded memory). */
async function* archiveLines(tx: Db, partition: AuditPartition, rows: number) {
  const header: ArchiveHeader = {
    archive: 'audit_event',
    version: 1,
    month: partition.month,
    rows,
  };
  yield `${JSON.stringify(header)}\n`;
  const table = sql.identifier(partition.name);
  let after = '0';
  for (;;) {
    const batch = await queryRows<{ id: string; line: string }>(
      tx,
      sql`select p.id::text as id, row_to_json(p)::text as line from ${table} p
          where p.id > ${after}::bigint order by p.id limit ${BATCH_ROWS}`,
    );
    if (!batch.length) return;
    yield `${batch.map((r) => r.line).join('\n')}\n`;
    after = batch.at(-1)!.id;
  }
}

/** What reading an archive back found. */
interface ArchiveContents {
  readonly sha256: string;
  readonly header: ArchiveHeader;
  readonly rows: number;
  readonly idSum: bigint;
}

/** The event id at the start of a row_to_json line of audit_event (its first column). */
const ID_OF_LINE = /^\{"id":(\d+),/;

/**
 * Reads an archive whole, streaming: its checksum, header, how many events and the sum of their
 * ids. `onBatch`, when given, receives the event lines in batches (the restore inserts them).
 */
async function readArchive(
  file: string,
  onBatch?: (lines: string[]) => Promise<void>,
): Promise<ArchiveContents> {
  const hash = createHash('sha256');
  const input = createReadStream(file);
  const tap = hashing(hash);
  const text = createGunzip();
  // A read error of the file ends the reading of its text with it.
  input.on('error', (error) => text.destroy(error));
  input.pipe(tap).pipe(text);
  // Decoded as a stream, so a character split between two chunks stays whole.
  text.setEncoding('utf8');
  let header: ArchiveHeader | undefined;
  let rows = 0;
  let idSum = 0n;
  let batch: string[] = [];
  const take = async (line: string) => {
    if (!header) {
      header = JSON.parse(line) as ArchiveHeader;
      if (header.archive !== 'audit_event' || header.version !== 1 || !isMonth(header.month))
        throw new Error('not an audit archive');
      return;
    }
    const id = ID_OF_LINE.exec(line)?.[1];
    if (!id) throw new Error(`line ${rows + 2} is not an audit event`);
    rows++;
    idSum += BigInt(id);
    if (onBatch) {
      batch.push(line);
      if (batch.length >= BATCH_ROWS) {
        await onBatch(batch);
        batch = [];
      }
    }
  };
  let rest = '';
  for await (const chunk of text as AsyncIterable<string>) {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop()!;
    for (const line of lines) if (line) await take(line);
  }
  if (rest) await take(rest);
  if (!header) throw new Error('the archive is empty');
  if (onBatch && batch.length) await onBatch(batch);
  return { sha256: hash.digest('hex'), header, rows, idSum };
}

/** The checksum recorded beside an archive. */
async function recordedChecksum(file: string): Promise<string> {
  const text = await readFile(`${file}.sha256`, 'utf8');
  const match = /^([0-9a-f]{64}) [ *](.+)$/m.exec(text);
  if (!match || match[2] !== basename(file)) throw new Error(`${file}.sha256 names another file`);
  return match[1]!;
}

/** Writes a file's text through a temporary name and fsync, so it is whole or absent. */
async function writeDurably(path: string, text: string): Promise<void> {
  const temporary = `${path}.part`;
  const handle = await open(temporary, 'w', 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, path);
}

/**
 * Archives one partition and then detaches and drops it, in one transaction that first locks the
 * partition against writes (SHARE), so the archive holds exactly what is dropped. `afterWrite`
 * runs between writing and verifying (tests corrupt the file there).
 */
async function archivePartition(
  db: Db,
  context: RequestContext,
  partition: AuditPartition,
  outDir: string,
  afterWrite?: (file: string) => Promise<void>,
): Promise<ArchivedPartition> {
  const file = join(outDir, `${partition.name}.ndjson.gz`);
  return auditedWrite(
    db,
    context,
    { action: 'audit.archive', recordType: 'audit-partition', recordIds: [partition.month] },
    async (tx) => {
      await mkdir(outDir, { recursive: true, mode: 0o700 });
      const table = sql.identifier(partition.name);
      await tx.execute(sql`lock table ${table} in share mode`);
      const [counted] = await queryRows<{ rows: string; id_sum: string }>(
        tx,
        sql`select count(*)::text as rows, coalesce(sum(id), 0)::text as id_sum from ${table}`,
      );
      const rows = Number(counted!.rows);
      const hash = createHash('sha256');
      const temporary = `${file}.part`;
      try {
        await pipeline(
          Readable.from(archiveLines(tx, partition, rows)),
          createGzip(),
          hashing(hash),
          createWriteStream(temporary, { mode: 0o600 }),
        );
        const handle = await open(temporary, 'r');
        await handle.sync().finally(() => handle.close());
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      const sha256 = hash.digest('hex');
      await writeDurably(`${file}.sha256`, `${sha256}  ${basename(file)}\n`);
      await afterWrite?.(file);

      // Read back: the bytes match the checksum and hold the partition's events exactly.
      let contents: ArchiveContents;
      try {
        contents = await readArchive(file);
      } catch (error) {
        throw new ProblemError(
          500,
          'Archive not verified',
          `${file} could not be read back (${(error as Error).message}); ${partition.name} was kept.`,
        );
      }
      if (
        contents.sha256 !== sha256 ||
        (await recordedChecksum(file)) !== sha256 ||
        contents.rows !== rows ||
        contents.header.rows !== rows ||
        contents.idSum !== BigInt(counted!.id_sum)
      ) {
        throw new ProblemError(
          500,
          'Archive not verified',
          `${file} does not read back as written; ${partition.name} was kept.`,
        );
      }
      await tx.execute(sql.raw(`set local lock_timeout = '${DETACH_LOCK_TIMEOUT}'`));
      await tx.execute(sql`alter table audit_event detach partition ${table}`);
      await tx.execute(sql`drop table ${table}`);
      return { ...partition, rows, file, sha256 };
    },
  );
}

/**
 * Archives every monthly partition before `before` (YYYY-MM) into `outDir`, oldest first, each
 * in its own transaction: a failure stops there, keeping that partition and the later ones.
 */
export async function archiveAuditPartitions(
  db: Db,
  context: RequestContext,
  before: string,
  outDir: string,
  options: { afterWrite?: (file: string) => Promise<void>; now?: Date } = {},
): Promise<ArchivedPartition[]> {
  if (!isMonth(before))
    throw new ProblemError(400, 'Bad Request', '--before: write a month YYYY-MM');
  // The current month takes this instant's events: it is never archived.
  const current = monthsBefore(options.now ?? new Date(), 0);
  if (before > current)
    throw new ProblemError(
      400,
      'Bad Request',
      `--before: ${before} is after this month (${current}); this month's partition is in use`,
    );
  const due = (await listAuditPartitions(db)).filter((p) => p.month < before);
  const done: ArchivedPartition[] = [];
  for (const partition of due)
    done.push(await archivePartition(db, context, partition, outDir, options.afterWrite));
  return done;
}

/**
 * Brings an archived partition back: the file must match its checksum file, and the month's
 * partition must hold no events yet. The month's partition is made (audit_event_make_partition,
 * which also takes back rows of that month from the default partition) and the events inserted
 * with their ids, all in one transaction.
 */
export async function restoreAuditArchive(
  db: Db,
  context: RequestContext,
  file: string,
): Promise<ArchivedPartition> {
  let recorded: string;
  let check: ArchiveContents;
  try {
    recorded = await recordedChecksum(file);
    check = await readArchive(file);
  } catch (error) {
    throw new ProblemError(
      400,
      'Bad Request',
      `--file: ${file} is not a readable audit archive with its .sha256 (${(error as Error).message}); nothing restored`,
    );
  }
  if (check.sha256 !== recorded || check.rows !== check.header.rows)
    throw new ProblemError(
      400,
      'Bad Request',
      `--file: ${file} does not match its checksum; nothing restored`,
    );
  const month = check.header.month;
  const partition: AuditPartition = { name: partitionName(month), month };
  return auditedWrite(
    db,
    context,
    { action: 'audit.restore', recordType: 'audit-partition', recordIds: [month] },
    async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${PARTITION_LOCK_KEY})`);
      await tx.execute(sql`select audit_event_make_partition(${`${month}-01`}::date)`);
      const table = sql.identifier(partition.name);
      const [present] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${table}`,
      );
      if (present!.n > 0)
        throw new ProblemError(
          409,
          'Conflict',
          `${partition.name} already holds ${present!.n} events; nothing restored`,
        );
      // Read a second time while inserting; the checksum is checked again, so a file changed
      // between the two readings is refused (and the transaction rolled back).
      const again = await readArchive(file, async (lines) => {
        await tx.execute(sql`insert into audit_event overriding system value
            select * from json_populate_recordset(null::audit_event, ${`[${lines.join(',')}]`}::json)`);
      });
      const [restored] = await queryRows<{ n: number }>(
        tx,
        sql`select count(*)::int as n from ${table}`,
      );
      if (again.sha256 !== recorded || restored!.n !== check.rows)
        throw new ProblemError(
          400,
          'Bad Request',
          `--file: ${file} changed while it was restored, or holds events of another month; nothing restored`,
        );
      return { ...partition, rows: check.rows, file, sha256: recorded };
    },
  );
}
