import { sql } from 'drizzle-orm';
import {
  ACCESS_KIND_PRIORITY,
  ACCESS_LOG_READ_ACTION,
  APPOINTMENTS_READ_ACTION,
  type AccessActor,
  type AccessKind,
  type AccessLogEntry,
  hospitalToday,
  accessKindOf,
  type MyAppointmentList,
  type PageParams,
  TOTAL_COUNT_BOUND,
  type UpcomingAppointment,
} from '@portal/contract';
import { isRole } from '@portal/reference-data';
import { type Db, preparedRows, queryRows, withGenericPlans } from '../db/database';
import { audit, type RequestContext } from './audit';
import { type Page, boundedTotal, decodeCursor, encodeCursor } from './paging';
import { afterPosition, appointmentPosition } from './appointment-paging';
import { myAppointmentJson } from './appointments';
import { countUpToBound, pageIdsQuery } from './page-queries';
import { patientRowId } from './record-kinds';

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
 * which for a patient with few events among millions reads the whole table.) `columns` are
 * what each page row carries (default the id and its occurred_at, the partition key: a join
 * back on both reads each row from its month's partition alone). The log's page and its visit
 * count take every column they show or group by from that read, so no event is read twice (at
 * a hundred million events in one month the join back by key cost 4 ms of the count's 6).
 */
export function accessLogPageIds(
  patientId: string,
  after: number,
  limit: number,
  columns = sql`id, occurred_at`,
) {
  return pageIdsQuery(
    sql`audit_event`,
    concernsRecord(patientId),
    after,
    limit,
    'newest',
    // A patient's events are few among millions (the partitions' GIN indexes find them at
    // once); the walk through the newest events would read thousands of rows in vain first.
    'index-first',
    columns,
  );
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

/** Events read per batch of the access log, as a multiple of the page size. */
const VISIT_BATCH_FACTOR = 4;
/** Batches of events the access log reads at most for one page. */
const VISIT_BATCH_ROUNDS = 5;

/** One line of the access log being built: its entry and the last (oldest) event in it. */
interface Visit {
  entry: AccessLogEntry & { count: number; kinds: AccessKind[] };
  readonly key: string;
  lastEventId: number;
}

/** Who acted, and in which minute (UTC): events with the same key one after another are one visit. */
function visitKey(row: AccessRow): string {
  return `${row.actor_user_id ?? 'system'} ${row.occurred_at.slice(0, 16)}`;
}

/**
 * Adds events (newest first) to the lines built so far: an event of the same person in the
 * same minute as the line before joins it (its count, its kinds, the weightiest kind naming
 * the line); any other starts a line.
 */
function groupVisits(visits: Visit[], rows: readonly AccessRow[], ownRowId: number): void {
  for (const row of rows) {
    const kind = accessKindOf(row.action, row.outcome);
    const key = visitKey(row);
    const current = visits.at(-1);
    if (current && current.key === key) {
      current.entry.count += 1;
      if (!current.entry.kinds.includes(kind)) {
        current.entry.kinds = [...current.entry.kinds, kind].sort(
          (a, b) => ACCESS_KIND_PRIORITY.indexOf(a) - ACCESS_KIND_PRIORITY.indexOf(b),
        );
        current.entry.kind = current.entry.kinds[0]!;
      }
      current.lastEventId = Number(row.id);
      continue;
    }
    const actor = actorOf(row, ownRowId);
    const name = [row.first_name, row.last_name].filter(Boolean).join(' ');
    visits.push({
      key,
      lastEventId: Number(row.id),
      entry: {
        occurred_at: row.occurred_at,
        kind,
        actor,
        name: actor === 'staff' && name ? name : null,
        role: actor === 'staff' && isRole(row.actor_role) ? row.actor_role : null,
        count: 1,
        kinds: [kind],
      },
    });
  }
}

/** The columns of audit_event a line of the log is made from ({@link accessLogPageIds}). */
const LOG_COLUMNS = sql`id, occurred_at, action, outcome, actor_user_id, actor_role`;

/**
 * How many lines the log has: the visits among its newest TOTAL_COUNT_BOUND + 1 events (the
 * same page-id query as the log's, so it costs what a page costs); with more events than that,
 * `more` says the lines counted are a floor.
 */
async function visitTotal(db: Db, patientId: string): Promise<{ total: number; more: boolean }> {
  const [row] = await preparedRows<{ lines: number; events: number }>(
    db,
    sql`select count(*) filter (where starts)::int as lines, count(*)::int as events from (
          select row_number() over w = 1
                 or e.actor_user_id is distinct from lag(e.actor_user_id) over w
                 or date_trunc('minute', e.occurred_at) <> lag(date_trunc('minute', e.occurred_at)) over w
                 as starts
          from (${accessLogPageIds(patientId, 0, TOTAL_COUNT_BOUND, LOG_COLUMNS)}) e
          window w as (order by e.id desc)) visits`,
  );
  const events = row?.events ?? 0;
  return { total: row?.lines ?? 0, more: events > TOTAL_COUNT_BOUND };
}

/**
 * For each instant, when the audit chain was last checked over it (audit_chain_verification)
 * and found intact; null when never, or when the latest check over it found the chain broken.
 * The instants are the log's, to the millisecond: a check covers an instant when its batches'
 * period, to the millisecond, holds it.
 */
async function verifiedAt(db: Db, instants: readonly string[]): Promise<(string | null)[]> {
  if (!instants.length) return [];
  const rows = await queryRows<{ verified_at: string | null }>(
    db,
    sql`select (select case when v.ok then to_char(v.verified_at at time zone 'UTC',
                  'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end
                from audit_chain_verification v
                where date_trunc('milliseconds', v.from_at) <= t.at
                  and date_trunc('milliseconds', v.through_at) >= t.at
                order by v.id desc limit 1) as verified_at
        from unnest(${sql.param([...instants])}::timestamptz[]) with ordinality t(at, n)
        order by t.n`,
  );
  return rows.map((row) => row.verified_at);
}

/** What a signed-in patient may read about their own record beyond the record itself. */
export const myRecordRepository = {
  /**
   * One of the patient's two lists of appointments ({@link MY_APPOINTMENT_LISTS}), each with the
   * clinician's name and a cancelled one's reason, one page at a time: `upcoming`, the booked
   * ones from the hospital's today on, soonest first; `past`, every other one, newest first (an
   * appointment attended today is past, however late its time). The cursor is the last
   * appointment's row id; the next page starts after its (date, time, id), and a cursor naming
   * no appointment of this patient is a 400 ({@link appointmentPosition}).
   */
  async appointments(
    db: Db,
    context: RequestContext,
    patientId: string,
    page: PageParams & { when: MyAppointmentList },
  ): Promise<Page<UpcomingAppointment>> {
    const after = decodeCursor(page.cursor);
    const rowId = await patientRowId(db, patientId);
    const position = await appointmentPosition(db, rowId, after);
    const upcoming = sql`a.status = 'booked' and a.date >= ${hospitalToday()}::date`;
    const listed =
      page.when === 'upcoming'
        ? sql`a.patient_id = ${rowId} and ${upcoming}`
        : sql`a.patient_id = ${rowId} and not (${upcoming})`;
    const [direction, order] =
      page.when === 'upcoming'
        ? (['later', sql`a.date, a.time, a.id`] as const)
        : (['earlier', sql`a.date desc, a.time desc, a.id desc`] as const);
    const rows = await queryRows<{ id: string | number; appointment: UpcomingAppointment }>(
      db,
      sql`select a.id, ${myAppointmentJson} as appointment
          from appointment a
          where ${listed} and ${afterPosition(position, direction)}
          order by ${order}
          limit ${page.limit + 1}`,
    );
    const [{ total: counted } = { total: 0 }] = await queryRows<{ total: number }>(
      db,
      countUpToBound(sql`appointment a`, listed),
    );
    await audit(db, context, {
      action: APPOINTMENTS_READ_ACTION,
      recordType: 'patient',
      recordIds: [patientId],
      outcome: 'success',
    });
    const items = rows.slice(0, page.limit).map((row) => row.appointment);
    const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
    return {
      items,
      ...boundedTotal(counted),
      nextCursor: last ? encodeCursor(Number(last.id)) : null,
    };
  },

  /**
   * Every access to the patient's record, newest first, one page of lines at a time. One
   * visit's events (the same person, one after another within the same minute: opening a chart
   * reads the record and its appointments) are one line with their count, named by its
   * weightiest kind ({@link groupVisits}). Keyset on the event id: the cursor is the last event
   * of the last line given. Staff are named from the employee record behind their account;
   * other patients are not named. The reading is audited as ACCESS_LOG_READ_ACTION, which the
   * log itself leaves out.
   */
  async accessLog(
    db: Db,
    context: RequestContext,
    patientId: string,
    page: PageParams,
  ): Promise<Page<AccessLogEntry>> {
    const ownRowId = await patientRowId(db, patientId);
    // The log's statements read the audit trail's partitions: generic plans (withGenericPlans).
    const { shown, more, total } = await withGenericPlans(db, async (tx) => {
      let after = decodeCursor(page.cursor);
      const visits: Visit[] = [];
      // Events are read in batches until a line beyond the page has begun (so the page's last
      // line is whole) or none are left; a bounded number of batches, so one enormous visit
      // costs no more than that (it then continues on the next page as a line of its own).
      const batch = page.limit * VISIT_BATCH_FACTOR;
      let exhausted = false;
      for (let round = 0; round < VISIT_BATCH_ROUNDS && visits.length <= page.limit; round++) {
        const rows = await preparedRows<AccessRow>(
          tx,
          sql`select e.id,
                     to_char(e.occurred_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as occurred_at,
                     e.action, e.outcome, e.actor_user_id, e.actor_role,
                     u.patient_id as actor_patient_row, emp.first_name, emp.last_name
              from (${accessLogPageIds(patientId, after, batch, LOG_COLUMNS)}) e
              left join app_user u on u.id = e.actor_user_id
              left join employee emp on emp.id = u.employee_id
              order by e.id desc`,
        );
        groupVisits(visits, rows, ownRowId);
        if (rows.length <= batch) {
          exhausted = true;
          break;
        }
        after = Number(rows.at(-1)!.id);
      }
      // Without a line beyond the page, the last one may still go on: it is shown whole only
      // when no events are left (or when it is the page's only line).
      const complete =
        visits.length > page.limit || exhausted || visits.length <= 1
          ? visits
          : visits.slice(0, -1);
      const shown = complete.slice(0, page.limit);
      return {
        shown,
        more: visits.length > shown.length || !exhausted,
        total: await visitTotal(tx, patientId),
      };
    });
    const lastShown = shown.at(-1);
    const verified = await verifiedAt(
      db,
      shown.map((visit) => visit.entry.occurred_at),
    );
    await audit(db, context, {
      action: ACCESS_LOG_READ_ACTION,
      recordType: 'patient',
      recordIds: [patientId],
      outcome: 'success',
    });
    return {
      items: shown.map((visit, i) => ({ ...visit.entry, verified_at: verified[i] ?? null })),
      ...total,
      nextCursor: more && lastShown ? encodeCursor(lastShown.lastEventId) : null,
    };
  },
};
