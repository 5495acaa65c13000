import { type SQL, sql } from 'drizzle-orm';
import { TOTAL_COUNT_BOUND } from '@portal/contract';
import { type Db, preparedRows, queryRows } from '../db/database';
import type { SearchPlan } from './name-search';
import { boundedTotal, type PageTotal } from './paging';

/*
 * The SQL of a list's page and total, the same for every table with an `id` primary key:
 * bounded in cost whatever the table's size and however many rows match.
 */

/**
 * How many rows the page query reads along the primary key, at most, before it answers from the
 * filter's own index instead (see {@link pageIdsQuery}).
 */
export const PAGE_WINDOW = 20_000;

/**
 * How many matches a selective search ({@link isSelectiveSearch}) reads from the index at most
 * before it pages by the walk instead (see {@link pageIdsQuery}).
 */
export const FEW_MATCHES = 5_000;

/**
 * How many matches a search's total reads at most ({@link matchedIdsUpToBound}): the count's
 * bound, TOTAL_COUNT_BOUND + 1; for a selective search ({@link isSelectiveSearch}), whose page
 * would read up to {@link FEW_MATCHES} of them from the index anyway, that many, so that one
 * read of the index gives both the total and, when that is all of them, the page.
 */
export function matchesRead(plan: SearchPlan): number {
  return plan === 'index-first' ? FEW_MATCHES : TOTAL_COUNT_BOUND + 1;
}

/**
 * The internal ids of one page (plus one, to know whether another follows), as one query whose
 * cost does not grow with the table or with the number of matches:
 * - without criteria it walks the primary key from the cursor (keyset paging: a page deep in the
 *   list costs what the first page costs);
 * - with criteria it first walks the primary key from the cursor through at most
 *   {@link PAGE_WINDOW} rows, filtering: when matches are common (a 2-letter prefix, a common
 *   3-letter fragment) the page fills within the window and the query stops there;
 * - only when the window holds no full page (the matches are rare: fewer than one in
 *   PAGE_WINDOW / limit rows) is the filter evaluated on its own (materialised, so the planner
 *   answers it from the trigram, prefix or id index) and its matches sorted. Rare matches are
 *   few, so that is cheap too. The second branch is gated by a one-time filter on the first
 *   branch's count, so PostgreSQL never runs it when the window sufficed.
 * `newest` pages from the highest id down (the cursor is then the last id given, exclusive).
 * `index-first` (see {@link isSelectiveSearch}) first reads up to {@link FEW_MATCHES} matches
 * from the filter's index without the walk: when they are all there (fewer than that), it sorts
 * them and the walk never runs (two name fragments rarely fill a page within it); when there are
 * more, it answers as above, so the cost stays bounded however common the fragments.
 * `columns` (default the id) are what each page row carries: a partitioned table's page also
 * carries its partition key, so that the join back to the table reads one partition per row.
 * A search whose total read every match finds its page from them instead (record-pages.ts,
 * `searchPageSql`).
 */
export function pageIdsQuery(
  table: SQL,
  where: SQL | undefined,
  after: number,
  limit: number,
  order: 'oldest' | 'newest' = 'oldest',
  plan: SearchPlan = 'walk',
  columns: SQL = sql`id`,
): SQL {
  const from = order === 'oldest' ? sql`id > ${after}` : after > 0 ? sql`id < ${after}` : sql`true`;
  const direction = order === 'oldest' ? sql`asc` : sql`desc`;
  const take = limit + 1;
  if (!where || plan === 'planner')
    return sql`select ${columns} from ${table} where ${where ?? sql`true`} and ${from} order by id ${direction} limit ${take}`;
  const walk = sql`quick as (
      select ${columns} from (select * from ${table} where ${from} order by id ${direction} limit ${PAGE_WINDOW}) w
      where ${where} order by id ${direction} limit ${take}),
    quick_count as (select count(*) as n from quick),
    matches as materialized (select ${columns} from ${table} where ${where} and ${from})`;
  // One-time filters: PostgreSQL evaluates a branch's condition once, left to right, and runs
  // neither the branch nor a CTE its condition does not reach when it is false.
  const walked = sql`select ${columns} from quick where (select n from quick_count) >= ${take}
      union all
      (select ${columns} from matches where (select n from quick_count) < ${take} order by id ${direction} limit ${take})`;
  if (plan === 'walk')
    return sql`with ${walk}
      select ${columns} from (${walked}) page order by id ${direction} limit ${take}`;
  return sql`with few as materialized (select ${columns} from ${table} where ${where} and ${from} limit ${FEW_MATCHES}),
    few_count as (select count(*) as n from few),
    ${walk}
    select ${columns} from (
      (select ${columns} from few where (select n from few_count) < ${FEW_MATCHES} order by id ${direction} limit ${take})
      union all
      select ${columns} from quick where (select n from few_count) >= ${FEW_MATCHES} and (select n from quick_count) >= ${take}
      union all
      (select ${columns} from matches where (select n from few_count) >= ${FEW_MATCHES} and (select n from quick_count) < ${take} order by id ${direction} limit ${take})
    ) page order by id ${direction} limit ${take}`;
}

/**
 * The number of rows matching `where`, counted up to TOTAL_COUNT_BOUND + 1 and no further: a
 * million-row match costs what a 10,001-row match costs. {@link boundedTotal} reads the answer.
 */
export function countUpToBound(table: SQL, where: SQL | undefined): SQL {
  return sql`select count(*)::int as total from (select 1 from ${table} where ${where ?? sql`true`} limit ${TOTAL_COUNT_BOUND + 1}) bounded`;
}

/**
 * Runs a list's page or count query: prepared when there are no criteria (a fixed text whose
 * plan, a walk along the primary key, does not depend on the values), planned afresh for a
 * search, whose best plan depends on the fragment (see {@link preparedRows}).
 */
export function listRows<T>(db: Db, where: SQL | undefined, query: SQL): Promise<T[]> {
  return where ? queryRows<T>(db, query) : preparedRows<T>(db, query);
}

/**
 * The internal and record ids (`recordId`, e.g. `patient_id`) of the rows matching a search, up
 * to `reads` (default TOTAL_COUNT_BOUND + 1): what a search's total counts, for
 * {@link searchTotal}. `order` (name-search.ts, `prefixReadOrder`) has them read in the order of
 * the index that answers the search, so that the read stops at `reads` there.
 */
export function matchedIdsUpToBound(
  table: SQL,
  recordId: SQL,
  where: SQL,
  reads = TOTAL_COUNT_BOUND + 1,
  order?: SQL,
): SQL {
  return sql`select id, ${recordId} as record_id from ${table} where ${where}${order ? sql` order by ${order}` : sql``} limit ${reads}`;
}

/**
 * A page's total, and for a search the internal ids of the matches read for it (`complete`:
 * every match).
 */
export interface SearchTotal extends PageTotal {
  readonly rowIds: readonly number[];
  readonly complete: boolean;
}

/**
 * A page's total. Without criteria it counts every row ({@link countUpToBound}): how many
 * records there are, which says nothing about any of them. With criteria the total is a count
 * of matches, and a count tells whether records of that name exist (a page past the last
 * match answered `[]` with the matches still counted, so names could be guessed letter by
 * letter without a single record's access log showing it): the matches counted are read by
 * their ids, for the caller to audit with the page ({@link revealedIds}). The search's `plan`
 * says how many matches are read ({@link matchesRead}), and `order` in which order
 * ({@link matchedIdsUpToBound}); the total counts the first TOTAL_COUNT_BOUND + 1 of them.
 * A search of records reads and counts them in its page's statement instead (record-pages.ts,
 * `searchPageSql`); this serves the filtered lists.
 */
export async function searchTotal(
  db: Db,
  table: SQL,
  recordId: SQL,
  where: SQL | undefined,
  plan: SearchPlan = 'walk',
  order?: SQL,
): Promise<SearchTotal> {
  if (!where) {
    const [{ total: counted } = { total: 0 }] = await listRows<{ total: number }>(
      db,
      where,
      countUpToBound(table, where),
    );
    return { ...boundedTotal(counted), matched: [], rowIds: [], complete: false };
  }
  const reads = matchesRead(plan);
  const rows = await queryRows<{ id: string | number; record_id: string }>(
    db,
    matchedIdsUpToBound(table, recordId, where, reads, order),
  );
  const counted = rows.slice(0, TOTAL_COUNT_BOUND + 1);
  return {
    ...boundedTotal(counted.length),
    matched: counted.map((row) => row.record_id),
    rowIds: rows.map((row) => Number(row.id)),
    complete: rows.length < reads,
  };
}

/**
 * The record ids a page's answer reveals, to be audited with it: the rows it shows, then, for a
 * search, the matches its total counts and the one after the page that its next cursor tells
 * of (with a capped total, that one may lie beyond the counted ones). Each id once, the shown
 * ones first. Rule: no answer tells of a match that is not audited.
 */
export function revealedIds(
  shown: readonly string[],
  total: PageTotal,
  peeked: string | undefined,
): string[] {
  if (total.matched.length === 0) return [...shown];
  return [...new Set([...shown, ...total.matched, ...(peeked === undefined ? [] : [peeked])])];
}
