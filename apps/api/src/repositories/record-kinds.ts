import { type SQL, sql } from 'drizzle-orm';
import { nextIdAfter, type PageParams } from '@portal/contract';
import { type Db, queryRows } from '../db/database';
import { notFound } from '../errors';
import { audit, type AuditAction, auditedWrite, type RequestContext } from './audit';
import { searchColumns, searchFilter } from './name-search';
import { decodeCursor, type JsonText, type Page } from './paging';
import { auditedRecordPage } from './record-pages';

/*
 * What patients and employees are kept alike: the table is named for the kind (`patient`), its
 * record id column `<kind>_id` holds ids of one letter and digits (`P038`, `E013`), the audit
 * names the kind as the record type, and a missing record is "No patient with ID P404".
 */

/** The records the management sections keep. */
export type RecordKind = 'patient' | 'employee';

/** The first letter of a kind's ids. */
const ID_LETTER: Record<RecordKind, 'P' | 'E'> = { patient: 'P', employee: 'E' };

/** The kind's table and record id column, for SQL (a closed set of names, never input). */
const tableOf = (kind: RecordKind) => sql.raw(kind);
const recordIdOf = (kind: RecordKind) => sql.raw(`${kind}_id`);

/** The 404 of a record that is not there. */
export const noRecord = (kind: RecordKind, id: string) => notFound(`No ${kind} with ID ${id}`);

/**
 * A patient's row id; 404 when there is none. With `lock`, the row stays locked (FOR UPDATE)
 * until the transaction ends: a write that checks what the patient has (their lists, their
 * active prescriptions) before adding to it takes the lock first, so two such writes at once are
 * checked one after the other.
 */
export async function patientRowId(db: Db, patientId: string, lock = false): Promise<number> {
  const [found] = await queryRows<{ id: string | number }>(
    db,
    sql`select id from patient where patient_id = ${patientId} ${lock ? sql`for update` : sql``}`,
  );
  if (!found) throw noRecord('patient', patientId);
  return Number(found.id);
}

/**
 * A patient's row id for a read of part of their record, audited as `action` (a failure when
 * there is no such patient, which is then a 404).
 */
export async function auditedPatientRowId(
  db: Db,
  context: RequestContext,
  action: AuditAction,
  patientId: string,
): Promise<number> {
  const [found] = await queryRows<{ id: string | number }>(
    db,
    sql`select id from patient where patient_id = ${patientId}`,
  );
  await audit(db, context, {
    action,
    recordType: 'patient',
    recordIds: [patientId],
    outcome: found ? 'success' : 'failure',
  });
  if (!found) throw noRecord('patient', patientId);
  return Number(found.id);
}

/**
 * The highest number among a kind's ids of the form `P123` (the add form suggests the next
 * one). Written exactly as the partial expression indexes `patient_id_number` and
 * `employee_id_number` (schema.ts) are, constants and all, so PostgreSQL reads one index entry
 * from its end instead of every row: the same cost at a million records as at ten.
 */
export function highestIdNumberQuery(kind: RecordKind): SQL {
  const column = `${kind}_id`;
  return sql.raw(`select max(substring(${column} from 2)::bigint) as highest
    from ${kind} where ${column} ~ '^${ID_LETTER[kind]}[0-9]{1,15}$'`);
}

/**
 * The id after the highest letter + digits in use (`P038` after `P037`), for the add form to
 * suggest. Ids of another form are left out. Not audited: it reads no record.
 */
export async function nextFreeId(db: Db, kind: RecordKind): Promise<string> {
  const [row] = await queryRows<{ highest: string | number | null }>(
    db,
    highestIdNumberQuery(kind),
  );
  return nextIdAfter(ID_LETTER[kind], Number(row?.highest ?? 0));
}

/** A search's criteria as the spec's search forms send them (`patient_id`, names). */
export type RecordCriteria<K extends RecordKind> = Record<
  `${K}_id` | 'first_name' | 'last_name',
  string
>;

/** How a kind's list and search read their page (see {@link recordPage}). */
export interface RecordPageOf<K extends RecordKind> {
  readonly kind: K;
  /** The page's records, over `from`: each record as one JSON value. */
  readonly record: SQL;
  /** The kind's table under its alias (`patient p`), joined to what `record` names. */
  readonly from: SQL;
  /** The table's alias in `from`. */
  readonly alias: SQL;
  readonly action: AuditAction;
}

/**
 * A page of a kind's records (all of them, or those the criteria match), oldest first, each as
 * the JSON text PostgreSQL built, audited with every record the answer reveals
 * ({@link auditedRecordPage}).
 */
export function recordPage<K extends RecordKind>(
  db: Db,
  context: RequestContext,
  page: PageParams,
  criteria: RecordCriteria<K> | undefined,
  read: RecordPageOf<K>,
): Promise<Page<JsonText>> {
  const { kind, alias } = read;
  const { where, plan, readOrder } = searchFilter(
    searchColumns(recordIdOf(kind)),
    criteria && {
      id: criteria[`${kind}_id`],
      firstName: criteria.first_name,
      lastName: criteria.last_name,
    },
  );
  const after = decodeCursor(page.cursor);
  return auditedRecordPage(db, context, {
    rows: (
      ids,
    ) => sql`select ${alias}.id, ${alias}.${recordIdOf(kind)} as record_id, (${read.record})::text as record
          from ${read.from} join (${ids}) page on page.id = ${alias}.id
          order by ${alias}.id`,
    where,
    after,
    plan,
    readOrder,
    table: tableOf(kind),
    recordId: recordIdOf(kind),
    limit: page.limit,
    action: read.action,
    recordType: kind,
  });
}

/**
 * A record's row, locked until the transaction ends, with the columns `columns` names (as
 * `select` gives them); a 404 when there is none.
 */
export async function lockedRecord<T extends object>(
  tx: Db,
  kind: RecordKind,
  id: string,
  columns: SQL,
): Promise<T> {
  const [row] = await queryRows<T>(
    tx,
    sql`select ${columns} from ${tableOf(kind)} where ${recordIdOf(kind)} = ${id} for update`,
  );
  if (!row) throw noRecord(kind, id);
  return row;
}

/**
 * Adds (`create`) or changes (`update`) a record: `write` and its audit event
 * (`<kind>.<change>`) commit together. A failure goes through `failed`, which names the field a
 * broken unique constraint is about (a 409) or throws the error again.
 */
export async function writeRecord<T>(
  db: Db,
  context: RequestContext,
  { kind, change, id }: { kind: RecordKind; change: 'create' | 'update'; id: string },
  failed: (error: unknown) => Promise<never>,
  write: (tx: Db) => Promise<T>,
): Promise<T> {
  try {
    return await auditedWrite(
      db,
      context,
      { action: `${kind}.${change}`, recordType: kind, recordIds: [id] },
      write,
    );
  } catch (error) {
    return failed(error);
  }
}
