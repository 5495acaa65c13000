import { sql } from 'drizzle-orm';
import {
  ACCESS_LOG_READ_ACTION,
  APPOINTMENTS_READ_ACTION,
  type AccessActor,
  type AccessLogEntry,
  accessKindOf,
  type PageParams,
  todayUtc,
  type UpcomingAppointment,
} from '@portal/contract';
import { isRole } from '@portal/reference-data';
import { type Db, queryRows } from '../db/database';
import { notFound } from '../errors';
import { audit, type RequestContext } from './audit';
import {
  type Page,
  afterPosition,
  appointmentPosition,
  boundedTotal,
  countUpToBound,
  decodeCursor,
  encodeCursor,
  pageIdsQuery,
} from './query-kit';

/** The internal row id of a patient, or a 404 (a patient account always has its record). */
async function patientRowId(db: Db, patientId: string): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`select id from patient where patient_id = ${patientId}`,
  );
  if (!row) throw notFound(`No patient with ID ${patientId}`);
  return Number(row.id);
}

/**
 * The audit events that concern one patient's record: the record id is one of the event's
 * `record_ids` (GIN index `audit_event_patient_record_ids`, partial on record_type 'patient').
 * The patient's own readings of this log are left out (see ACCESS_LOG_READ_ACTION).
 */
function concernsRecord(patientId: string) {
  return sql`record_type = 'patient' and record_ids @> array[${patientId}]::text[]
             and action <> ${ACCESS_LOG_READ_ACTION}`;
}

/**
 * The ids of one page of a patient's access log, newest first, as a subquery: the filter is
 * answered from the GIN index on its own (materialised), then the matches are sorted by id.
 * (Without the fence the planner may walk the primary key backwards, filtering row by row,
 * which for a patient with few events among millions reads the whole table.)
 */
export function accessLogPageIds(patientId: string, after: number, limit: number) {
  return pageIdsQuery(sql`audit_event`, concernsRecord(patientId), after, limit, 'newest');
}

interface AccessRow {
  id: string | number;
  occurred_at: string;
  action: string;
  outcome: string;
  actor_user_id: string | null;
  actor_role: string | null;
  actor_patient_row: string | number | null;
  first_name: string | null;
  last_name: string | null;
}

/** Who acted, as the patient sees it. */
function actorOf(row: AccessRow, ownRowId: number): AccessActor {
  if (row.actor_user_id === null) return 'system';
  if (row.actor_patient_row !== null && Number(row.actor_patient_row) === ownRowId) return 'you';
  if (row.actor_role === 'patient') return 'patient';
  return 'staff';
}

/** What a signed-in patient may read about their own record beyond the record itself. */
export const myRecordRepository = {
  /**
   * The patient's appointments from today (UTC) on, soonest first, one page at a time. The
   * cursor is the last appointment's row id; the next page starts after its (date, time, id),
   * and a cursor naming no appointment of this patient is a 400 ({@link appointmentPosition}).
   */
  async upcomingAppointments(
    db: Db,
    context: RequestContext,
    patientId: string,
    page: PageParams,
  ): Promise<Page<UpcomingAppointment>> {
    const after = decodeCursor(page.cursor);
    const rowId = await patientRowId(db, patientId);
    const position = await appointmentPosition(db, rowId, after);
    const today = todayUtc();
    const upcoming = sql`a.patient_id = ${rowId} and a.date >= ${today}::date`;
    const rows = await queryRows<{ id: string | number } & UpcomingAppointment>(
      db,
      sql`select a.id, a.date::text as date, a.time::text as time, a.topic
          from appointment a
          where ${upcoming} and ${afterPosition(position, 'later')}
          order by a.date, a.time, a.id
          limit ${page.limit + 1}`,
    );
    const [{ total: counted } = { total: 0 }] = await queryRows<{ total: number }>(
      db,
      countUpToBound(sql`appointment a`, upcoming),
    );
    await audit(db, context, {
      action: APPOINTMENTS_READ_ACTION,
      recordType: 'patient',
      recordIds: [patientId],
      outcome: 'success',
    });
    const items = rows.slice(0, page.limit).map(({ date, time, topic }) => ({ date, time, topic }));
    const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
    return {
      items,
      ...boundedTotal(counted),
      nextCursor: last ? encodeCursor(Number(last.id)) : null,
    };
  },

  /**
   * Every access to the patient's record, newest first, one page at a time (keyset on the
   * event id, the cursor being the last id given). Staff are named from the employee record
   * behind their account; other patients are not named. The reading is audited as
   * ACCESS_LOG_READ_ACTION, which the log itself leaves out.
   */
  async accessLog(
    db: Db,
    context: RequestContext,
    patientId: string,
    page: PageParams,
  ): Promise<Page<AccessLogEntry>> {
    const after = decodeCursor(page.cursor);
    const ownRowId = await patientRowId(db, patientId);
    const where = concernsRecord(patientId);
    const rows = await queryRows<AccessRow>(
      db,
      sql`select e.id,
                 to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at,
                 e.action, e.outcome, e.actor_user_id, e.actor_role,
                 u.patient_id as actor_patient_row, emp.first_name, emp.last_name
          from audit_event e
          join (${accessLogPageIds(patientId, after, page.limit)}) page on page.id = e.id
          left join app_user u on u.id = e.actor_user_id
          left join employee emp on emp.id = u.employee_id
          order by e.id desc`,
    );
    const [{ total: counted } = { total: 0 }] = await queryRows<{ total: number }>(
      db,
      countUpToBound(sql`audit_event`, where),
    );
    await audit(db, context, {
      action: ACCESS_LOG_READ_ACTION,
      recordType: 'patient',
      recordIds: [patientId],
      outcome: 'success',
    });
    const items = rows.slice(0, page.limit).map((row): AccessLogEntry => {
      const actor = actorOf(row, ownRowId);
      const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
      return {
        occurred_at: row.occurred_at,
        kind: accessKindOf(row.action, row.outcome),
        actor,
        name: actor === 'staff' && name ? name : null,
        role: actor === 'staff' && isRole(row.actor_role) ? row.actor_role : null,
      };
    });
    const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
    return {
      items,
      ...boundedTotal(counted),
      nextCursor: last ? encodeCursor(Number(last.id)) : null,
    };
  },
};
