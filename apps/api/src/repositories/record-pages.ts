import type { SQL } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';
import { type AuditAction, audit, type RequestContext } from './audit';
import { listRows, revealedIds, searchTotal } from './page-queries';
import { encodeCursor, type JsonText, type Page } from './paging';

/** One page of a list or search of records, as {@link auditedRecordPage} reads it. */
export interface RecordPageQuery {
  /**
   * The page's rows in page order, `limit` + 1 of them when another page follows, each with its
   * row id `id` (the next cursor), its record's id `record_id` and the record as JSON text
   * `record`, built by PostgreSQL in the contract's shape.
   */
  readonly rows: SQL;
  /** The rows' condition (none: every record); the total counts the same rows. */
  readonly where: SQL | undefined;
  /**
   * Whether the rows' statement is prepared: a list's fixed text whose plan does not depend on
   * its values (the default: prepared exactly when there is no condition, see listRows).
   */
  readonly prepared?: boolean;
  /** The table and record id column the total counts (see searchTotal). */
  readonly table: SQL;
  readonly recordId: SQL;
  readonly limit: number;
  readonly action: AuditAction;
  readonly recordType: 'patient' | 'employee';
}

/**
 * A page of records (patients or employees) as the JSON texts PostgreSQL built, sent as they
 * are (routes' sendJsonPage), with its total and next cursor, audited with every record its
 * answer reveals ({@link revealedIds}: the rows shown and, for a search, every match the total
 * counts and the one the next cursor tells of).
 */
export async function auditedRecordPage(
  db: Db,
  context: RequestContext,
  query: RecordPageQuery,
): Promise<Page<JsonText>> {
  type Row = { id: string | number; record_id: string; record: JsonText };
  const rows =
    query.prepared === false
      ? await queryRows<Row>(db, query.rows)
      : await listRows<Row>(db, query.where, query.rows);
  const total = await searchTotal(db, query.table, query.recordId, query.where);
  const shown = rows.slice(0, query.limit);
  const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
  await audit(db, context, {
    action: query.action,
    recordType: query.recordType,
    recordIds: revealedIds(
      shown.map((r) => r.record_id),
      total,
      rows[query.limit]?.record_id,
    ),
    outcome: 'success',
  });
  return {
    items: shown.map((r) => r.record),
    total: total.total,
    more: total.more,
    nextCursor: last ? encodeCursor(Number(last.id)) : null,
  };
}
