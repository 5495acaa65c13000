import type { SQL } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';
import { type AuditAction, audit, type RequestContext } from './audit';
import type { SearchPlan } from './name-search';
import { type CountedPlan, countedPlan, listRows, revealedIds, searchTotal } from './page-queries';
import { encodeCursor, type JsonText, type Page } from './paging';

/** One page of a list or search of records, as {@link auditedRecordPage} reads it. */
export interface RecordPageQuery {
  /**
   * The page's rows in page order, `limit` + 1 of them when another page follows, each with its
   * row id `id` (the next cursor), its record's id `record_id` and the record as JSON text
   * `record`, built by PostgreSQL in the contract's shape. A search's page is found from the
   * matches its total read, which runs first: a function given how (see countedPlan).
   */
  readonly rows: SQL | ((plan: SearchPlan | CountedPlan) => SQL);
  /** The cursor's row id (0: the first page), for a page found from the matches read. */
  readonly after?: number;
  /** How the search's page is found (searchFilter), and how many matches its total reads. */
  readonly plan?: SearchPlan;
  /** The order the search's total reads its matches in (searchFilter's `readOrder`). */
  readonly readOrder?: SQL | undefined;
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
  // The total first: a search's page is then found from the matches it read, not from the
  // filter's index again (countedPlan).
  const plan = query.plan ?? 'walk';
  const total = await searchTotal(
    db,
    query.table,
    query.recordId,
    query.where,
    plan,
    query.readOrder,
  );
  const rowsQuery =
    typeof query.rows === 'function'
      ? query.rows(query.where ? countedPlan(total, plan, query.after ?? 0, query.limit) : plan)
      : query.rows;
  const rows =
    query.prepared === false
      ? await queryRows<Row>(db, rowsQuery)
      : await listRows<Row>(db, query.where, rowsQuery);
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
