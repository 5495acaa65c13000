import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/database';
import type { ExportType } from './resource-types';

/** An export as its table keeps it. */
export interface ExportJob {
  readonly id: string;
  readonly clientId: string;
  readonly requestUrl: string;
  readonly level: 'system' | 'patient';
  readonly types: readonly ExportType[];
  readonly since: Date | null;
  readonly status: 'in-progress' | 'completed' | 'failed';
  readonly progress: string | null;
  readonly transactionTime: string;
  readonly updatedAt: Date;
  readonly expiresAt: Date;
}

/** A job that has not moved for this long was left by an instance that stopped. */
export const STALE_AFTER_MS = 120_000;

/** A uuid as the path's job id must be (anything else is no job). */
export const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface JobRow {
  id: string;
  client_id: string;
  request_url: string;
  level: 'system' | 'patient';
  types: ExportType[] | string;
  since: string | Date | null;
  status: ExportJob['status'];
  progress: string | null;
  transaction_time: string;
  updated_at: string | Date;
  expires_at: string | Date;
}

/** A text[] as either driver returns it. */
function textArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  return value
    .replace(/^\{|\}$/g, '')
    .split(',')
    .filter(Boolean);
}

const jobOf = (row: JobRow): ExportJob => ({
  id: row.id,
  clientId: row.client_id,
  requestUrl: row.request_url,
  level: row.level,
  types: textArray(row.types) as ExportType[],
  since: row.since === null ? null : new Date(row.since),
  status: row.status,
  progress: row.progress,
  transactionTime: row.transaction_time,
  updatedAt: new Date(row.updated_at),
  expiresAt: new Date(row.expires_at),
});

const JOB_COLUMNS = sql`id, client_id, request_url, level, types, since, status, progress,
  to_char(transaction_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as transaction_time,
  updated_at, expires_at`;

/** Creates an export job (the caller audits it in the same transaction). */
export async function createJob(
  db: Db,
  job: Pick<ExportJob, 'clientId' | 'requestUrl' | 'level' | 'types' | 'since'>,
  ttlSeconds: number,
): Promise<ExportJob> {
  const [row] = await queryRows<JobRow>(
    db,
    sql`insert into bulk_export_job (client_id, request_url, level, types, since, progress, expires_at)
      values (${job.clientId}, ${job.requestUrl}, ${job.level},
        array[${sql.join(
          job.types.map((t) => sql`${t}`),
          sql`, `,
        )}]::text[],
        ${job.since?.toISOString() ?? null}::timestamptz, 'queued',
        now() + make_interval(secs => ${ttlSeconds}))
      returning ${JOB_COLUMNS}`,
  );
  return jobOf(row!);
}

/** The client's job with this id (a job of another client is no job to it). */
export async function findJob(
  db: Db,
  clientId: string,
  id: string,
): Promise<ExportJob | undefined> {
  if (!JOB_ID.test(id)) return undefined;
  const [row] = await queryRows<JobRow>(
    db,
    sql`select ${JOB_COLUMNS} from bulk_export_job
      where id = ${id}::uuid and client_id = ${clientId} and expires_at > now()`,
  );
  return row && jobOf(row);
}

/**
 * Marks the client's running export failed when its instance left it (no progress for
 * {@link STALE_AFTER_MS}), so that it no longer holds the client's one running export.
 */
export async function failStaleJob(db: Db, clientId: string): Promise<void> {
  await db.execute(
    sql`update bulk_export_job set status = 'failed', error = 'The export stopped', progress = null
      where client_id = ${clientId} and status = 'in-progress'
        and updated_at <= now() - make_interval(secs => ${STALE_AFTER_MS / 1000})`,
  );
}

/** The number of resources written per type, for the manifest. */
export async function jobCounts(db: Db, id: string): Promise<Map<string, number>> {
  const rows = await queryRows<{ type: string; count: number | string }>(
    db,
    sql`select type, sum(lines) as count from bulk_export_part where job_id = ${id}::uuid group by type`,
  );
  return new Map(rows.map((r) => [r.type, Number(r.count)]));
}

/** One stored part of a type's NDJSON: its lines, each ending in a newline. */
export interface NdjsonPart {
  readonly lines: number;
  readonly ndjson: string;
}

/**
 * Appends parts of a type's NDJSON, numbered from `firstSeq`, and marks the job alive, in one
 * statement; false when the job is gone (cancelled or swept), which stops the export. Each part
 * travels as a parameter of its own, so no string larger than a part is ever built.
 */
export async function appendParts(
  db: Db,
  id: string,
  type: string,
  firstSeq: number,
  parts: readonly NdjsonPart[],
  progress: string,
  ttlSeconds: number,
): Promise<boolean> {
  const values = sql.join(
    parts.map((part, i) => sql`(${firstSeq + i}::int, ${part.lines}::int, ${part.ndjson}::text)`),
    sql`, `,
  );
  const rows = await queryRows<{ id: string }>(
    db,
    sql`with job as (
        update bulk_export_job set progress = ${progress}, updated_at = now(),
          expires_at = now() + make_interval(secs => ${ttlSeconds})
        where id = ${id}::uuid and status = 'in-progress' returning id),
      added as (
        insert into bulk_export_part (job_id, type, seq, lines, ndjson)
          select job.id, ${type}, v.seq, v.lines, v.ndjson
          from job, (values ${values}) as v (seq, lines, ndjson)
        returning 1)
      select id from job`,
  );
  return rows.length === 1;
}

/** Marks the job alive without output (a batch that kept nothing); false when it is gone. */
export async function touchJob(db: Db, id: string, progress: string): Promise<boolean> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update bulk_export_job set progress = ${progress}, updated_at = now()
      where id = ${id}::uuid and status = 'in-progress' returning id`,
  );
  return rows.length === 1;
}

/** Ends a job: completed (its files downloadable for ttl from now) or failed. */
export async function finishJob(
  db: Db,
  id: string,
  status: 'completed' | 'failed',
  ttlSeconds: number,
  error?: string,
): Promise<void> {
  await db.execute(
    sql`update bulk_export_job set status = ${status}, error = ${error ?? null},
      progress = null, updated_at = now(), expires_at = now() + make_interval(secs => ${ttlSeconds})
      where id = ${id}::uuid and status = 'in-progress'`,
  );
}

/** Deletes the client's job and its files (cancel); false when there is no such job. */
export async function deleteJob(db: Db, clientId: string, id: string): Promise<boolean> {
  if (!JOB_ID.test(id)) return false;
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from bulk_export_job where id = ${id}::uuid and client_id = ${clientId} returning id`,
  );
  return rows.length === 1;
}

/** Deletes expired jobs and their files; returns how many. */
export async function sweepExpiredJobs(db: Db, now: Date): Promise<number> {
  const rows = await queryRows<{ id: string }>(
    db,
    sql`delete from bulk_export_job where expires_at < ${now.toISOString()}::timestamptz returning id`,
  );
  return rows.length;
}

/** Up to `limit` parts of a type's NDJSON after `afterSeq`, in order. */
export async function nextParts(
  db: Db,
  id: string,
  type: string,
  afterSeq: number,
  limit: number,
): Promise<{ seq: number; ndjson: string }[]> {
  return queryRows<{ seq: number; ndjson: string }>(
    db,
    sql`select seq, ndjson from bulk_export_part
      where job_id = ${id}::uuid and type = ${type} and seq > ${afterSeq}
      order by seq limit ${limit}`,
  );
}
