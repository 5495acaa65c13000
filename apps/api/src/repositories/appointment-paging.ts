import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/database';
import { unknownCursor } from './paging';

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
