import { type SQL, sql } from 'drizzle-orm';
import { badRequest } from '../errors';

/** A page of records, the total matching the query, and the cursor of the next page. */
export interface Page<T> {
  readonly items: T[];
  readonly total: number;
  readonly nextCursor: string | null;
}

/** Encodes the last row's internal id as an opaque cursor. */
export function encodeCursor(rowId: number): string {
  return Buffer.from(`r${rowId}`).toString('base64url');
}

/** Decodes a cursor this API gave out; 400 (field `cursor`) for anything else. */
export function decodeCursor(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const match = /^r(\d{1,15})$/.exec(Buffer.from(cursor, 'base64url').toString());
  if (!match)
    throw badRequest('The cursor is not one this API gave out', [
      { field: 'cursor', message: 'Unknown cursor' },
    ]);
  return Number(match[1]);
}

/**
 * The internal ids of one page (plus one, to know whether another follows), as a subquery.
 * With search criteria the filter is evaluated on its own first (materialised), so the planner
 * answers it from the trigram or id index; otherwise it would walk the primary key in order,
 * filtering row by row until the page is full, which on a million records with few matches
 * reads them all. Without criteria, walking the primary key is exactly right.
 * `newest` pages from the highest id down (the cursor is then the last id given, exclusive).
 */
export function pageIdsQuery(
  table: SQL,
  where: SQL | undefined,
  after: number,
  limit: number,
  order: 'oldest' | 'newest' = 'oldest',
): SQL {
  const from = order === 'oldest' ? sql`id > ${after}` : after > 0 ? sql`id < ${after}` : sql`true`;
  const direction = order === 'oldest' ? sql`asc` : sql`desc`;
  return where
    ? sql`with matches as materialized (select id from ${table} where ${where} and ${from})
          select id from matches order by id ${direction} limit ${limit + 1}`
    : sql`select id from ${table} where ${from} order by id ${direction} limit ${limit + 1}`;
}

/** `%` `_` and `\` match themselves in a LIKE pattern once escaped. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

/**
 * The WHERE clause of a search: the id's start (ids are upper-case), any part of the first and
 * last names (case-insensitive, backed by trigram indexes); non-empty criteria ANDed;
 * undefined when every criterion is empty.
 */
export function searchCondition(
  columns: { id: SQL; firstName: SQL; lastName: SQL },
  criteria: { id: string; firstName: string; lastName: string },
): SQL | undefined {
  const conditions: SQL[] = [];
  if (criteria.id)
    conditions.push(sql`${columns.id} like ${escapeLike(criteria.id.toUpperCase()) + '%'}`);
  if (criteria.firstName)
    conditions.push(sql`${columns.firstName} ilike ${'%' + escapeLike(criteria.firstName) + '%'}`);
  if (criteria.lastName)
    conditions.push(sql`${columns.lastName} ilike ${'%' + escapeLike(criteria.lastName) + '%'}`);
  return conditions.length ? sql.join(conditions, sql` and `) : undefined;
}

/** Drops the keys whose value is undefined: in an edit, absent means "leave it as it is". */
export function withoutUndefined<T extends Record<string, unknown>>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
