import { z } from 'zod';

/** Page size when a list call names none. */
export const DEFAULT_PAGE_SIZE = 50;
/** The largest page a list call may ask for. */
export const MAX_PAGE_SIZE = 200;
/** Response header carrying the number of records matching the whole query. */
export const TOTAL_COUNT_HEADER = 'x-total-count';
/** Response header carrying the cursor of the next page (absent on the last page). */
export const NEXT_CURSOR_HEADER = 'x-next-cursor';

/** `?limit=&cursor=` of every list and search call. */
export const pageQuerySchema = z.object({
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(MAX_PAGE_SIZE, { error: `limit is at most ${MAX_PAGE_SIZE}` })
    .default(DEFAULT_PAGE_SIZE),
  cursor: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, { error: 'cursor is not one this API gave out' })
    .optional(),
});

export type PageQuery = z.input<typeof pageQuerySchema>;
/** The paging parameters as the API reads them (limit defaulted, cursor optional). */
export type PageParams = z.output<typeof pageQuerySchema>;

/**
 * Up to this many matching records a list's total (X-Total-Count) is exact; when more match,
 * X-Total-Count holds this number and TOTAL_COUNT_CAPPED_HEADER says `true` ("more than"):
 * counting a million matches exactly would cost more than the page itself.
 */
export const TOTAL_COUNT_BOUND = 1_000;
/** Response header present (`true`) when more records match than X-Total-Count says. */
export const TOTAL_COUNT_CAPPED_HEADER = 'x-total-count-capped';

/**
 * A name fragment this short (1–2 characters) matches the start of a name; a longer one any
 * part of it. Both are index-backed on the server (see docs/api.md, "Paging and search").
 */
export const SHORT_FRAGMENT_LENGTH = 2;

/** The search rule for one name criterion, case-insensitive (the API's, for mocks and tests). */
export function matchesNameFragment(name: string, fragment: string): boolean {
  const value = name.toLowerCase();
  const part = fragment.toLowerCase();
  return part.length <= SHORT_FRAGMENT_LENGTH ? value.startsWith(part) : value.includes(part);
}
