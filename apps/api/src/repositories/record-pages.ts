import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';
import { TOTAL_COUNT_BOUND } from '@portal/contract';
import { type AuditAction, audit, auditInsertSql, type RequestContext } from './audit';
import type { SearchPlan } from './name-search';
import {
  listRows,
  matchedIdsUpToBound,
  matchesRead,
  pageIdsQuery,
  revealedIds,
  searchTotal,
} from './page-queries';
import { boundedTotal, encodeCursor, type JsonText, type Page } from './paging';

/** One page of a list or search of records, as {@link auditedRecordPage} reads it. */
export interface RecordPageQuery {
  /**
   * The page's rows in page order, `limit` + 1 of them when another page follows, each with its
   * row id `id` (the next cursor), its record's id `record_id` and the record as JSON text
   * `record`, built by PostgreSQL in the contract's shape: a statement of its own, or a function
   * given the page's ids (a query of one column, `id`) that reads those rows.
   */
  readonly rows: SQL | ((ids: SQL) => SQL);
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
 * counts and the one the next cursor tells of). A search whose rows are read by id (`rows` a
 * function) is one statement ({@link searchPageSql}); a list, or a page of its own statement,
 * is its total, its page and its audit event, in that order.
 */
export async function auditedRecordPage(
  db: Db,
  context: RequestContext,
  query: RecordPageQuery,
): Promise<Page<JsonText>> {
  const { rows: read, where } = query;
  if (where && typeof read === 'function')
    return auditedSearchPage(db, context, { ...query, rows: read, where });
  type Row = { id: string | number; record_id: string; record: JsonText };
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
      ? query.rows(pageIdsQuery(query.table, query.where, query.after ?? 0, query.limit))
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

/**
 * A search's page as one statement, its total, page and audit event together: one round trip,
 * one commit, and the matches it reads (up to {@link matchesRead}) stay in the database.
 * - `matched`: the total's read ({@link matchedIdsUpToBound}); the first TOTAL_COUNT_BOUND + 1
 *   of them are counted (`counted`, kept in their read order);
 * - `page_ids`: when that read found every match (fewer than it reads at most), the page is
 *   those after the cursor, by id, and the filter's index is not read again; otherwise the
 *   search's own plan finds it ({@link pageIdsQuery}; a selective search that read FEW_MATCHES
 *   walks). One-time filters run one branch, never both;
 * - `shown`: the page's records (`rows`), the one after the page (which only tells that another
 *   follows) not built;
 * - `audited`: the event naming what the answer reveals, in {@link revealedIds}' order: the
 *   rows shown, the counted matches, the one after the page; each once.
 * The answer is the shown rows in order, each with the count and whether another page follows
 * (one row of nulls but those when nothing is shown).
 */
export function searchPageSql(
  context: RequestContext,
  query: RecordPageQuery & { readonly rows: (ids: SQL) => SQL; readonly where: SQL },
): SQL {
  const { rows, where } = query;
  const plan = query.plan ?? 'walk';
  const reads = matchesRead(plan);
  const after = query.after ?? 0;
  const take = query.limit + 1;
  const unread = plan === 'index-first' ? 'walk' : plan;
  return sql`with matched as materialized (${matchedIdsUpToBound(query.table, query.recordId, where, reads, query.readOrder)}),
    complete as materialized (select count(*) < ${reads} as yes from matched),
    counted as materialized (select record_id, row_number() over () as k
      from (select record_id from matched limit ${TOTAL_COUNT_BOUND + 1}) c),
    page_ids as materialized (select id, row_number() over (order by id) as n from (
      (select id from matched where (select yes from complete) and id > ${after} order by id limit ${take})
      union all
      (select id from (${pageIdsQuery(query.table, where, after, query.limit, 'oldest', unread)}) own
        where not (select yes from complete))) p),
    shown as materialized (${rows(sql`select id from page_ids where n <= ${query.limit}`)}),
    revealed as (select array(select record_id from shown order by id)
      || array(select c.record_id from counted c
           where not exists (select 1 from shown s where s.record_id = c.record_id) order by c.k)
      || array(select t.${query.recordId} from ${query.table} t join page_ids p on p.id = t.id
           where p.n = ${take} and not exists (select 1 from counted c where c.record_id = t.${query.recordId}))
      as ids),
    ${auditInsertSql(
      context,
      { action: query.action, recordType: query.recordType },
      sql`(select ids from revealed)`,
    )}
    select (select count(*) from counted)::int as counted,
      exists(select 1 from page_ids where n = ${take}) as further,
      s.id, s.record
    from (select 1) one left join shown s on true
    order by s.id`;
}

/** A search's page by {@link searchPageSql}, with its total and next cursor. */
async function auditedSearchPage(
  db: Db,
  context: RequestContext,
  query: Parameters<typeof searchPageSql>[1],
): Promise<Page<JsonText>> {
  type Row = { counted: number; further: boolean; id: string | number | null; record: JsonText };
  const answer = await queryRows<Row>(db, searchPageSql(context, query));
  context.audited?.({ action: query.action, outcome: 'success' });
  const shown = answer.filter((row) => row.id !== null);
  const last = answer[0]?.further ? shown.at(-1) : undefined;
  return {
    items: shown.map((row) => row.record),
    ...boundedTotal(answer[0]?.counted ?? 0),
    nextCursor: last ? encodeCursor(Number(last.id)) : null,
  };
}
