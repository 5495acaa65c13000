import { type SQL, sql } from 'drizzle-orm';
import { SHORT_FRAGMENT_LENGTH } from '@portal/contract';

/*
 * A search by id and names: its WHERE clause, and which way its page is found (page-queries.ts).
 */

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
 * intersects. Two fragments must both match, so few rows do: too few, often, to fill a page
 * within the walk's PAGE_WINDOW rows, which are then read for nothing (docs/performance.md).
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
 * A search's total is read first, and its page is found from the matches it read whenever they
 * tell it (record-pages.ts, `searchPageSql`); these plans find the other pages.
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
 * The order in which a search's total reads its matches (page-queries.ts,
 * `matchedIdsUpToBound`), for a search by one criterion that a btree index on the start of the
 * value answers: an id's start, or one name fragment of SHORT_FRAGMENT_LENGTH characters or
 * fewer. It is that index's own order (`~<~`, the `text_pattern_ops` order of
 * `patient_patient_id_key` and `patient_first_name_prefix` and the others), so PostgreSQL reads
 * the matches from the index and stops at the count's bound. Without it PostgreSQL read the table
 * from wherever its sequential scan began (PostgreSQL starts a scan of a large table where a
 * concurrent one is) and filtered each row: at 1,000,000 patients 20,000 rows computing
 * `lower(first_name)` for "so", and up to the whole table for an id's start whose rows lie
 * elsewhere ("P09": 895,079 rows). Undefined otherwise: the trigram index has no order, and with
 * two criteria an order by one would read every match of that one.
 */
export function prefixReadOrder(
  columns: { id: SQL; firstName: SQL; lastName: SQL },
  criteria: { id: string; firstName: string; lastName: string },
): SQL | undefined {
  const given = [criteria.id, criteria.firstName, criteria.lastName].filter((c) => c.length > 0);
  if (given.length !== 1) return undefined;
  if (criteria.id) return sql`${columns.id} using ~<~`;
  const [column, fragment] = criteria.firstName
    ? [columns.firstName, criteria.firstName]
    : [columns.lastName, criteria.lastName];
  return fragment.length <= SHORT_FRAGMENT_LENGTH ? sql`lower(${column}) using ~<~` : undefined;
}

/**
 * A search's WHERE clause ({@link searchCondition}), how its page is found
 * ({@link SearchPlan}, for {@link pageIdsQuery}) and the order its total reads the matches in
 * ({@link prefixReadOrder}); no clause without criteria.
 */
export function searchFilter(
  columns: { id: SQL; firstName: SQL; lastName: SQL },
  criteria: { id: string; firstName: string; lastName: string } | undefined,
): { where: SQL | undefined; plan: SearchPlan; readOrder?: SQL | undefined } {
  if (!criteria) return { where: undefined, plan: 'walk' };
  return {
    where: searchCondition(columns, criteria),
    plan: isSelectiveSearch(criteria)
      ? 'index-first'
      : isPlannedSearch(criteria)
        ? 'planner'
        : 'walk',
    readOrder: prefixReadOrder(columns, criteria),
  };
}
