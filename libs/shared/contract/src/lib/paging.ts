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
