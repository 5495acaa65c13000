import { type SQL, sql } from 'drizzle-orm';
import { SHORT_FRAGMENT_LENGTH, TOTAL_COUNT_BOUND } from '@portal/contract';
import { type Db, preparedRows, queryRows } from '../db/database';
import { badRequest } from '../errors';

/** A page of records, the total matching the query, and the cursor of the next page. */
export interface Page<T> {
  readonly items: T[];
  /** Exact up to TOTAL_COUNT_BOUND; when `more`, more than that many match. */
  readonly total: number;
  readonly more?: boolean;
  readonly nextCursor: string | null;
}

/** A value as JSON text, built by PostgreSQL in the contract's shape, to be sent as it is. */
export type JsonText = string & { readonly __jsonText: true };

/** Encodes the last row's internal id as an opaque cursor. */
export function encodeCursor(rowId: number): string {
  return Buffer.from(`r${rowId}`).toString('base64url');
}

/**
 * 400 naming `cursor`: one this API did not give out, or gave out for rows the caller cannot
 * see. Both answer alike, so a cursor cannot tell whether a row it names exists.
 */
export const unknownCursor = () =>
  badRequest('The cursor is not one this API gave out', [
    { field: 'cursor', message: 'Unknown cursor' },
  ]);

/** Decodes a cursor this API gave out; 400 (field `cursor`) for anything else. */
export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = /^r(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match) throw unknownCursor();
  return Number(match[1]);
}

/** Where a page of appointments starts: the (date, time, id) of the last one given. */
export interface AppointmentPosition {
  readonly date: string;
  readonly time: string;
  readonly id: number;
}

/**
 * The position of a cursor among one patient's appointments, or undefined without a cursor;
 * 400 ({@link unknownCursor}) when the id is not one of that patient's appointments. Only the
 * patient's own rows are read: `c.id + 0` keeps the primary key from locating the cursor's row,
 * so the patient's index (`appointment_latest`) is the way in, and an id of another patient's
 * appointment costs and answers exactly what an id nobody has does. (Placing the page by the
 * cursor's row, whoever's it was, told a patient whether an appointment id existed and where
 * it fell.)
 */
export async function appointmentPosition(
  db: Db,
  patientRowId: number,
  after: number,
): Promise<AppointmentPosition | undefined> {
  if (after === 0) return undefined;
  const [row] = await queryRows<{ date: string; time: string; id: string | number }>(
    db,
    appointmentPositionQuery(patientRowId, after),
  );
  if (!row) throw unknownCursor();
  return { date: row.date, time: row.time, id: Number(row.id) };
}

/** The query of {@link appointmentPosition} (its test reads the plan). */
export function appointmentPositionQuery(patientRowId: number, after: number): SQL {
  return sql`select c.date::text as date, c.time::text as time, c.id from appointment c
      where c.patient_id = ${patientRowId} and c.id + 0 = ${after}::bigint`;
}

/**
 * The condition of an appointment page after (soonest first) or before (newest first) a
 * position; `true` on the first page.
 */
export function afterPosition(
  position: AppointmentPosition | undefined,
  direction: 'later' | 'earlier',
): SQL {
  if (!position) return sql`true`;
  const at = sql`(${position.date}::date, ${position.time}::time, ${position.id}::bigint)`;
  return direction === 'later'
    ? sql`(a.date, a.time, a.id) > ${at}`
    : sql`(a.date, a.time, a.id) < ${at}`;
}

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
 * The record ids (`recordId`, e.g. `patient_id`) of the rows matching a search, up to
 * TOTAL_COUNT_BOUND + 1: what a search's total counts, for {@link searchTotal}.
 */
export function matchedIdsUpToBound(table: SQL, recordId: SQL, where: SQL): SQL {
  return sql`select ${recordId} as record_id from ${table} where ${where} limit ${TOTAL_COUNT_BOUND + 1}`;
}

/** A page's total and the records whose existence the page's answer reveals. */
export interface PageTotal {
  readonly total: number;
  readonly more: boolean;
  /**
   * The records a search's total counts (up to TOTAL_COUNT_BOUND + 1); empty for a list
   * without criteria, whose total names no one.
   */
  readonly matched: readonly string[];
}

/**
 * A page's total. Without criteria it counts every row ({@link countUpToBound}): how many
 * records there are, which says nothing about any of them. With criteria the total is a count
 * of matches, and a count tells whether records of that name exist (a page past the last
 * match answered `[]` with the matches still counted, so names could be guessed letter by
 * letter without a single record's access log showing it): the matches counted are read by
 * their ids, for the caller to audit with the page ({@link revealedIds}).
 */
export async function searchTotal(
  db: Db,
  table: SQL,
  recordId: SQL,
  where: SQL | undefined,
): Promise<PageTotal> {
  if (!where) {
    const [{ total: counted } = { total: 0 }] = await listRows<{ total: number }>(
      db,
      where,
      countUpToBound(table, where),
    );
    return { ...boundedTotal(counted), matched: [] };
  }
  const rows = await queryRows<{ record_id: string }>(
    db,
    matchedIdsUpToBound(table, recordId, where),
  );
  return { ...boundedTotal(rows.length), matched: rows.map((row) => row.record_id) };
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

/** The page's total from {@link countUpToBound}: exact, or the bound with `more` set. */
export function boundedTotal(counted: number): { total: number; more: boolean } {
  return counted > TOTAL_COUNT_BOUND
    ? { total: TOTAL_COUNT_BOUND, more: true }
    : { total: counted, more: false };
}

/** `%` `_` and `\` match themselves in a LIKE pattern once escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * The WHERE clause of a search: the id's start (ids are upper-case, btree `text_pattern_ops`
 * index); for a name fragment of SHORT_FRAGMENT_LENGTH characters or fewer, the start of the
 * first or last name (btree index on `lower(name) text_pattern_ops`: a 1–2 letter fragment
 * gives the trigram index nothing to look up); for a longer one, any part of the name
 * (case-insensitive, trigram GIN index). Non-empty criteria ANDed; undefined when every
 * criterion is empty. The contract's `matchesNameFragment` states the same rule.
 */
export function searchCondition(
  columns: { id: SQL; firstName: SQL; lastName: SQL },
  criteria: { id: string; firstName: string; lastName: string },
): SQL | undefined {
  const conditions: SQL[] = [];
  if (criteria.id)
    conditions.push(sql`${columns.id} like ${escapeLike(criteria.id.toUpperCase()) + '%'}`);
  const name = (column: SQL, fragment: string) =>
    fragment.length <= SHORT_FRAGMENT_LENGTH
      ? sql`lower(${column}) like ${escapeLike(fragment.toLowerCase()) + '%'}`
      : sql`${column} ilike ${'%' + escapeLike(fragment) + '%'}`;
  if (criteria.firstName) conditions.push(name(columns.firstName, criteria.firstName));
  if (criteria.lastName) conditions.push(name(columns.lastName, criteria.lastName));
  return conditions.length ? sql.join(conditions, sql` and `) : undefined;
}

/**
 * Whether a search's matches are few enough to read them all from the index and sort them,
 * rather than walk the primary key first ({@link pageIdsQuery}): a first AND a last name of
 * more than SHORT_FRAGMENT_LENGTH characters each, which the trigram index over both names
 * intersects. Two fragments must both match, so few rows do (issue 15: "som" AND "sae" match
 * 1,263 of 1,000,000 patients, too few to fill a page within the walk's 20,000 rows, which then
 * cost 19 ms for nothing; read from the index, the matches cost about 10 ms at that scale).
 */
export function isSelectiveSearch(criteria: { firstName: string; lastName: string }): boolean {
  return (
    criteria.firstName.length > SHORT_FRAGMENT_LENGTH &&
    criteria.lastName.length > SHORT_FRAGMENT_LENGTH
  );
}

/**
 * How {@link pageIdsQuery} finds a search's page:
 * - `walk`: along the primary key first, then the filter's own index (the default);
 * - `index-first`: the filter's index first, up to {@link FEW_MATCHES} ({@link isSelectiveSearch});
 * - `planner`: one query, `where … order by id limit`, whose plan PostgreSQL chooses from the
 *   fragment's statistics ({@link isPlannedSearch}).
 */
export type SearchPlan = 'walk' | 'index-first' | 'planner';

/**
 * Whether PostgreSQL itself should choose how to find a search's page: one name fragment of more
 * than SHORT_FRAGMENT_LENGTH characters and nothing else. Its statistics of the name column tell a
 * common fragment (it then walks the primary key and stops at the page's end) from a rare one (it
 * then reads the matches from the trigram index and sorts them), where the walk first read its
 * 20,000 rows for nothing before the index answered. Two fragments are not left to it: their
 * estimates multiply, and it walked tens of thousands of rows for a pair the index-first path
 * ({@link isSelectiveSearch}) reads in a few (docs/performance.md has the figures).
 */
export function isPlannedSearch(criteria: {
  id: string;
  firstName: string;
  lastName: string;
}): boolean {
  const fragments = [criteria.firstName, criteria.lastName].filter((f) => f.length > 0);
  return !criteria.id && fragments.length === 1 && fragments[0]!.length > SHORT_FRAGMENT_LENGTH;
}

/**
 * A search's WHERE clause ({@link searchCondition}) and how its page is found
 * ({@link SearchPlan}), for {@link pageIdsQuery}; no clause without criteria.
 */
export function searchFilter(
  columns: { id: SQL; firstName: SQL; lastName: SQL },
  criteria: { id: string; firstName: string; lastName: string } | undefined,
): { where: SQL | undefined; plan: SearchPlan } {
  if (!criteria) return { where: undefined, plan: 'walk' };
  return {
    where: searchCondition(columns, criteria),
    plan: isSelectiveSearch(criteria)
      ? 'index-first'
      : isPlannedSearch(criteria)
        ? 'planner'
        : 'walk',
  };
}

/** Drops the keys whose value is undefined: in an edit, absent means "leave it as it is". */
export function withoutUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * The highest number among a table's ids of the form `P123` / `E123` (the add forms suggest the
 * next one). Written exactly as the partial expression indexes `patient_id_number` and
 * `employee_id_number` (schema.ts), so PostgreSQL reads one index entry from its end instead of
 * every row: the same cost at a million records as at ten.
 */
export function highestIdNumberQuery(prefix: 'P' | 'E') {
  return prefix === 'P'
    ? sql`select max(substring(patient_id from 2)::bigint) as highest
          from patient where patient_id ~ '^P[0-9]{1,15}$'`
    : sql`select max(substring(employee_id from 2)::bigint) as highest
          from employee where employee_id ~ '^E[0-9]{1,15}$'`;
}
