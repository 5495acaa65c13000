import { TOTAL_COUNT_BOUND } from '@portal/contract';
import { badRequest } from '../errors';

/*
 * What every list answers: a page, its total and the opaque cursor of the next page.
 */

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

/** The page's total from {@link countUpToBound}: exact, or the bound with `more` set. */
export function boundedTotal(counted: number): { total: number; more: boolean } {
  return counted > TOTAL_COUNT_BOUND
    ? { total: TOTAL_COUNT_BOUND, more: true }
    : { total: counted, more: false };
}
