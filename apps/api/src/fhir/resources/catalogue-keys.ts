import { type SQL, sql } from 'drizzle-orm';
import { unknownCursor } from '../../repositories/paging';

/**
 * Keyset positions of the catalogue link tables (allergies, chronic diseases), whose key is
 * (patient row id, catalogue id): one number, `patient row id × 1000 + the entry's place in the
 * catalogue`, so that the cursor codec (repositories/paging.ts) carries it like any row id. The catalogues' ids
 * are sorted, so the place orders as the id does, and the primary key index serves the walk.
 */
const SPAN = 1000;

/** The position of (patient row, catalogue entry), or of the end of the patient's entries. */
export function linkKey(ids: readonly string[], patientRowId: number, entryId: string): number {
  const place = ids.indexOf(entryId) + 1;
  return patientRowId * SPAN + (place === 0 ? SPAN - 1 : place);
}

/** The SQL of {@link linkKey} for the rows of table alias `x` (its catalogue column `column`). */
export function linkKeySql(ids: readonly string[], column: SQL): SQL {
  return sql`(x.patient_id * ${SPAN} + coalesce(array_position(array[${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )}]::text[], ${column}), ${SPAN - 1}))`;
}

/** The (patient row id, catalogue id) a position stands for; 400 for one no row can have. */
export function linkPosition(
  ids: readonly string[],
  key: number,
): { rowId: number; entry: string } {
  if (key === 0) return { rowId: 0, entry: '' };
  const rowId = Math.floor(key / SPAN);
  const place = key % SPAN;
  const entry = place === SPAN - 1 ? '\uffff' : ids[place - 1];
  if (entry === undefined) throw unknownCursor();
  return { rowId, entry };
}
