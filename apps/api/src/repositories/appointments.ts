import { type SQL, sql } from 'drizzle-orm';
import {
  type AppointmentClash,
  APPOINTMENT_ACTIONS,
  type AppointmentOutcome,
  type AppointmentWarning,
  type ChartAppointment,
  type Clinician,
  CLINICIAN_BUSY_MESSAGE,
  DAY_LIST_ACTION,
  type DayAppointment,
  NOT_A_CLINICIAN_MESSAGE,
  notBookedMessage,
  type PageParams,
  PATIENT_BUSY_MESSAGE,
  PATIENT_CANCEL_TOO_LATE_MESSAGE,
  RESCHEDULED_REASON,
  type UpcomingAppointment,
  type RescheduleResponse,
  type AppointmentStatus,
  type AppointmentStatusChange,
  NO_SHOW_TOO_EARLY_MESSAGE,
  NOT_AN_OUTCOME_MESSAGE,
  toTimeWithSeconds,
  UNDO_TOO_LATE_MESSAGE,
} from '@portal/contract';
import { HOSPITAL_TIME_ZONE } from '@portal/reference-data';
import { type Db, queryRows } from '../db/database';
import { ProblemError, badRequest, conflict, notFound } from '../errors';
import { audit, auditedWrite, type RequestContext } from './audit';
import { boundedTotal, decodeCursor, encodeCursor, type Page, unknownCursor } from './paging';
import { countUpToBound } from './page-queries';

/*
 * Appointments beyond the spec's add call: their JSON shape (shared with the record and the
 * chart), the clinician and author of a booking, the busy warning, the state changes (cancel,
 * reschedule, attended / no-show), a clinician's day and the clinicians a booking may name.
 */

/** A staff member (an employee row id) as `{employee_id, first_name, last_name}`, or null. */
export function staffJson(rowId: SQL): SQL {
  return sql`(select json_build_object('employee_id', se.employee_id, 'first_name', se.first_name,
      'last_name', se.last_name) from employee se where se.id = ${rowId})`;
}

/** A timestamptz as the ISO 8601 instant the answers carry (UTC, milliseconds). */
export function instantText(column: SQL): SQL {
  return sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
}

/**
 * Appointment `a` in the chart's shape (chartAppointmentSchema, in its key order): the reschedule
 * links read both ways through the unique index on rescheduled_from.
 */
export const appointmentJson = sql`json_build_object(
  'appointment_id', a.appointment_id, 'date', a.date, 'time', a.time, 'topic', a.topic,
  'duration_minutes', a.duration_minutes, 'status', a.status,
  'clinician', ${staffJson(sql`a.clinician_id`)},
  'cancel_reason', a.cancel_reason, 'staff_note', a.staff_note,
  'rescheduled_from', (select rf.appointment_id from appointment rf where rf.id = a.rescheduled_from),
  'rescheduled_to', (select rt.appointment_id from appointment rt where rt.rescheduled_from = a.id),
  'recorded_by', ${staffJson(sql`a.recorded_by`)},
  'recorded_at', ${instantText(sql`a.recorded_at`)},
  'outcome_recorded_at', ${instantText(sql`a.outcome_recorded_at`)})`;

/** Appointment `a` as its patient reads it (upcomingAppointmentSchema, in its key order). */
export const myAppointmentJson = sql`json_build_object('date', a.date, 'time', a.time,
  'topic', a.topic, 'appointment_id', a.appointment_id, 'status', a.status,
  'duration_minutes', a.duration_minutes,
  'clinician', (select json_build_object('first_name', c.first_name, 'last_name', c.last_name)
                  from employee c where c.id = a.clinician_id),
  'cancel_reason', a.cancel_reason)`;

/**
 * Now on the hospital's clock, as a timestamp without zone: appointments' dates and times are the
 * hospital's wall-clock times, so the Latest rule compares them with this (docs/decisions.md).
 * The zone is the code's constant, written into the SQL as a literal.
 */
export const HOSPITAL_NOW = sql`(now() at time zone ${sql.raw(`'${HOSPITAL_TIME_ZONE}'`)})`;

/**
 * The record's "Latest Appointment" of patient row `p` (latestAppointmentSchema, in its key
 * order): the next booked one from now, else the most recent past one that was not cancelled,
 * else empty date and time. Both halves read the `appointment_latest` index from one end.
 */
export const latestAppointmentJson = (() => {
  const fields = sql`json_build_object('date', a.date, 'time', a.time, 'topic', a.topic,
      'appointment_id', a.appointment_id, 'status', a.status,
      'duration_minutes', a.duration_minutes, 'clinician', ${staffJson(sql`a.clinician_id`)},
      'recorded_by', ${staffJson(sql`a.recorded_by`)}, 'recorded_at', ${instantText(sql`a.recorded_at`)})`;
  return sql`coalesce(
    (select ${fields} from appointment a
       where a.patient_id = p.id and a.status = 'booked' and (a.date + a.time) >= ${HOSPITAL_NOW}
       order by a.date, a.time, a.id limit 1),
    (select ${fields} from appointment a
       where a.patient_id = p.id and a.status <> 'cancelled' and (a.date + a.time) < ${HOSPITAL_NOW}
       order by a.date desc, a.time desc, a.id desc limit 1),
    json_build_object('date', '', 'time', '', 'topic', null))`;
})();

/** The signed-in staff member's employee row, as SQL (null for anyone else): the author. */
export function authorRowId(context: RequestContext): SQL {
  const employeeId = context.actor?.employeeId ?? null;
  return sql`(select id from employee where employee_id = ${employeeId})`;
}

/**
 * The employee row of a booking's clinician: an active employee whose position has the
 * clinical role (reference data: positions' portal roles), locked against a change until the
 * booking commits; 400 on `clinician_id` otherwise. Undefined when no clinician was named.
 */
export async function clinicianRowId(
  tx: Db,
  clinicianId: string | undefined,
): Promise<number | null> {
  if (clinicianId === undefined) return null;
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`select e.id from employee e join position pos on pos.id = e.position_id
        where e.employee_id = ${clinicianId} and e.work_status = 'yes'
          and pos.portal_role = 'medical_personnel'
        for share of e`,
  );
  if (!row) {
    throw badRequest(`clinician_id: ${NOT_A_CLINICIAN_MESSAGE}`, [
      { field: 'clinician_id', message: NOT_A_CLINICIAN_MESSAGE },
    ]);
  }
  return Number(row.id);
}

/**
 * The warnings of a booking that went through: the clinician already has another booked
 * appointment that day overlapping this one (the contract's appointmentsOverlap, in minutes;
 * one that ends as this starts does not count). A warning, not a refusal: a clinic may
 * double-book on purpose.
 */
export async function bookingWarnings(
  tx: Db,
  appointmentRowId: number,
): Promise<AppointmentWarning[]> {
  const minutes = (column: SQL) => sql`(extract(epoch from ${column})::int / 60)`;
  const [busy] = await queryRows<{ busy: boolean }>(
    tx,
    sql`select exists (
        select 1 from appointment a join appointment b
          on b.clinician_id = a.clinician_id and b.date = a.date and b.id <> a.id
        where a.id = ${appointmentRowId} and b.status = 'booked'
          and ${minutes(sql`b.time`)} < ${minutes(sql`a.time`)} + a.duration_minutes
          and ${minutes(sql`a.time`)} < ${minutes(sql`b.time`)} + b.duration_minutes) as busy`,
  );
  return busy?.busy
    ? [{ code: 'clinician_busy', message: CLINICIAN_BUSY_MESSAGE, field: 'clinician_id' }]
    : [];
}

/** What a new appointment is: the spec's fields and the booking's own. */
export interface NewAppointment {
  readonly date: string;
  readonly time: string;
  readonly topic: string | null;
  readonly durationMinutes: number;
  readonly clinicianRowId: number | null;
  readonly rescheduledFrom?: number;
  /** Book even over another booked appointment of the patient or the clinician. */
  readonly allowOverlap?: boolean | undefined;
}

/** The advisory-lock namespaces (first key) under which bookings of one patient / clinician queue. */
const PATIENT_BOOKINGS_LOCK = 715_202_612;
const CLINICIAN_BOOKINGS_LOCK = 715_202_613;

/**
 * Queues this transaction behind every other booking of the patient (when named) and of the
 * clinician (when named) until it ends: the patient's lock first, then the clinician's, always in
 * that order, so two bookings never wait for each other in a circle. A transaction may take
 * them again (a clinician's leave and schedule changes take the clinician's). What it checks
 * after, under READ COMMITTED, sees every booking that held them before it.
 */
export async function lockBookings(
  tx: Db,
  patientRowId: number | null,
  clinicianRowId: number | null,
): Promise<void> {
  const lockKey = (id: number) => id % 2_147_483_647;
  if (patientRowId !== null) {
    await queryRows(
      tx,
      sql`select pg_advisory_xact_lock(${PATIENT_BOOKINGS_LOCK}, ${lockKey(patientRowId)}::int)`,
    );
  }
  if (clinicianRowId !== null) {
    await queryRows(
      tx,
      sql`select pg_advisory_xact_lock(${CLINICIAN_BOOKINGS_LOCK}, ${lockKey(clinicianRowId)}::int)`,
    );
  }
}

/**
 * Refuses with 409 a booking that overlaps another booked appointment of the same patient
 * (`time`) or of the same clinician (`clinician_id`), naming the clashes. The check and the
 * insert that follows hold under any number of bookings at once ({@link lockBookings}): a
 * booking of the same patient or clinician waits, and its check sees this one.
 */
async function refuseOverlap(tx: Db, patientRowId: number, a: NewAppointment): Promise<void> {
  await lockBookings(tx, patientRowId, a.clinicianRowId);
  const minutes = (column: SQL) => sql`(extract(epoch from ${column})::int / 60)`;
  const start = minutes(sql`${toTimeWithSeconds(a.time)}::time`);
  const clinician =
    a.clinicianRowId === null ? sql`null::bigint` : sql`${a.clinicianRowId}::bigint`;
  const clashes = await queryRows<AppointmentClash>(
    tx,
    sql`select case when a.patient_id = ${patientRowId} then 'time' else 'clinician_id' end as field,
          a.appointment_id::text as appointment_id, to_char(a.date, 'YYYY-MM-DD') as date,
          to_char(a.time, 'HH24:MI:SS') as time, a.duration_minutes,
          ${staffJson(sql`a.clinician_id`)} as clinician
        from appointment a
        where a.date = ${a.date}::date and a.status = 'booked'
          and (a.patient_id = ${patientRowId} or a.clinician_id = ${clinician})
          and ${minutes(sql`a.time`)} < ${start} + ${a.durationMinutes}
          and ${start} < ${minutes(sql`a.time`)} + a.duration_minutes
        order by a.time, a.id
        limit 10`,
  );
  if (clashes.length === 0) return;
  const fields = [...new Set(clashes.map((c) => c.field))].sort().reverse();
  const errors = fields.map((field) => ({
    field,
    message: field === 'time' ? PATIENT_BUSY_MESSAGE : CLINICIAN_BUSY_MESSAGE,
  }));
  throw new ProblemError(
    409,
    'Conflict',
    `${errors[0]!.field}: ${errors[0]!.message}`,
    errors,
    undefined,
    { clashes },
  );
}

/**
 * Inserts an appointment booked by the session's staff member now, unless it overlaps another
 * booked appointment of the patient or the clinician and the booking did not allow that (409,
 * {@link refuseOverlap}); returns its row id.
 */
export async function insertAppointment(
  tx: Db,
  context: RequestContext,
  patientRowId: number,
  a: NewAppointment,
): Promise<number> {
  if (!a.allowOverlap) await refuseOverlap(tx, patientRowId, a);
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`insert into appointment (patient_id, date, time, topic, duration_minutes, clinician_id,
          rescheduled_from, recorded_by, recorded_at)
        values (${patientRowId}, ${a.date}::date, ${toTimeWithSeconds(a.time)}::time, ${a.topic},
          ${a.durationMinutes}, ${a.clinicianRowId}::bigint, ${a.rescheduledFrom ?? null}::bigint,
          ${authorRowId(context)}, now())
        returning id`,
  );
  return Number(row!.id);
}

/** One appointment by row id, in the chart's shape. */
export async function appointmentByRowId(db: Db, rowId: number): Promise<ChartAppointment> {
  const [row] = await queryRows<{ appointment: ChartAppointment }>(
    db,
    sql`select ${appointmentJson} as appointment from appointment a where a.id = ${rowId}`,
  );
  return row!.appointment;
}

/** Whether appointment `a` has started, on the hospital's clock. */
const STARTED = sql`(a.date + a.time) <= ${HOSPITAL_NOW}`;

/**
 * Moves a booked appointment of the patient to `status`: a cancellation with its words for the
 * patient and for staff; an outcome with who recorded it and when (a no-show only once the
 * appointment has started). One conditional UPDATE, so of any number of simultaneous changes
 * exactly one finds it booked (PostgreSQL re-reads a row another transaction changed before
 * applying the condition); the others answer 409, and an appointment not of this patient 404.
 * Returns its row id.
 */
async function leaveBooked(
  tx: Db,
  context: RequestContext,
  patientId: string,
  appointmentId: string,
  change:
    | {
        status: 'cancelled';
        reason: string | null;
        staffNote: string | null;
        /** The patient's own cancellation: refused (409) under this many hours before the start. */
        noticeHours?: number;
      }
    | { status: AppointmentOutcome },
): Promise<{ rowId: number; patientRowId: number }> {
  const set =
    change.status === 'cancelled'
      ? sql`cancel_reason = ${change.reason}, staff_note = ${change.staffNote}`
      : sql`outcome_recorded_by = ${authorRowId(context)}, outcome_recorded_at = now()`;
  const noticeHours = change.status === 'cancelled' ? change.noticeHours : undefined;
  const startedIfNoShow =
    change.status === 'noshow'
      ? STARTED
      : noticeHours !== undefined
        ? sql`(a.date + a.time) >= ${HOSPITAL_NOW} + make_interval(hours => ${noticeHours}::int)`
        : sql`true`;
  const [changed] = await queryRows<{ id: string | number; patient_id: string | number }>(
    tx,
    sql`update appointment a set status = ${change.status}, ${set}
        from patient p
        where p.id = a.patient_id and p.patient_id = ${patientId}
          and a.appointment_id = ${appointmentId}::uuid and a.status = 'booked'
          and ${startedIfNoShow}
        returning a.id, a.patient_id`,
  );
  if (changed) return { rowId: Number(changed.id), patientRowId: Number(changed.patient_id) };
  const [current] = await queryRows<{ status: AppointmentStatus }>(
    tx,
    sql`select a.status from appointment a join patient p on p.id = a.patient_id
        where p.patient_id = ${patientId} and a.appointment_id = ${appointmentId}::uuid`,
  );
  if (!current) throw notFound('No such appointment for this patient');
  if (current.status === 'booked' && noticeHours !== undefined)
    throw conflict('appointment_id', PATIENT_CANCEL_TOO_LATE_MESSAGE);
  if (current.status === 'booked') throw conflict('status', NO_SHOW_TOO_EARLY_MESSAGE);
  throw conflict('appointment_id', notBookedMessage(current.status));
}

/**
 * Sets an outcome (attended, no-show) back to booked, on the hospital day it was recorded, with
 * a reason kept beside what was undone. The row is locked first, so of simultaneous requests one
 * finds the outcome and the others find it booked (409).
 */
async function setBackToBooked(
  tx: Db,
  context: RequestContext,
  patientId: string,
  appointmentId: string,
  reason: string,
  allowOverlap: boolean | undefined,
): Promise<number> {
  const [current] = await queryRows<{
    id: string | number;
    status: AppointmentStatus;
    sameDay: boolean | null;
    patientRowId: string | number;
    date: string;
    time: string;
    durationMinutes: number;
    clinicianRowId: string | number | null;
  }>(
    tx,
    sql`select a.id, a.status,
          (a.outcome_recorded_at at time zone ${sql.raw(`'${HOSPITAL_TIME_ZONE}'`)})::date
            = ${HOSPITAL_NOW}::date as "sameDay",
          a.patient_id as "patientRowId", to_char(a.date, 'YYYY-MM-DD') as date,
          to_char(a.time, 'HH24:MI:SS') as time, a.duration_minutes as "durationMinutes",
          a.clinician_id as "clinicianRowId"
        from appointment a join patient p on p.id = a.patient_id
        where p.patient_id = ${patientId} and a.appointment_id = ${appointmentId}::uuid
        for update of a`,
  );
  if (!current) throw notFound('No such appointment for this patient');
  if (current.status !== 'fulfilled' && current.status !== 'noshow')
    throw conflict('status', NOT_AN_OUTCOME_MESSAGE);
  if (!current.sameDay) throw conflict('status', UNDO_TOO_LATE_MESSAGE);
  // Booked again, it takes its time back: refused like any booking over another booked one
  // of the patient or the clinician (booked meanwhile in its place), unless allowed.
  if (!allowOverlap) {
    await refuseOverlap(tx, Number(current.patientRowId), {
      date: current.date,
      time: current.time,
      topic: null,
      durationMinutes: current.durationMinutes,
      clinicianRowId: current.clinicianRowId === null ? null : Number(current.clinicianRowId),
    });
  }
  const rowId = Number(current.id);
  await tx.execute(
    sql`insert into appointment_status_change (appointment_id, from_status, to_status, reason,
          changed_by, outcome_recorded_by, outcome_recorded_at)
        select id, status, 'booked', ${reason}, ${authorRowId(context)}, outcome_recorded_by,
          outcome_recorded_at
        from appointment where id = ${rowId}`,
  );
  await tx.execute(
    sql`update appointment set status = 'booked', outcome_recorded_by = null,
          outcome_recorded_at = null
        where id = ${rowId}`,
  );
  return rowId;
}

/** The appointment calls beyond the spec's add, and a clinician's day. */
export const appointmentsRepository = {
  /**
   * Cancels a booked appointment with a message for the patient and a note for staff (either
   * may be null); answers it as it now is.
   */
  async cancel(
    db: Db,
    context: RequestContext,
    patientId: string,
    appointmentId: string,
    words: { reason?: string | null | undefined; staff_note?: string | null | undefined },
  ): Promise<ChartAppointment> {
    return auditedWrite(
      db,
      context,
      { action: APPOINTMENT_ACTIONS.cancel, recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const { rowId } = await leaveBooked(tx, context, patientId, appointmentId, {
          status: 'cancelled',
          reason: words.reason ?? null,
          staffNote: words.staff_note ?? null,
        });
        return appointmentByRowId(tx, rowId);
      },
    );
  },

  /**
   * The signed-in patient cancels their own booked appointment with a reason, until
   * `noticeHours` before its start on the hospital's clock (later: 409, call the clinic).
   * The same conditional UPDATE as staff's cancel, so of simultaneous cancels one succeeds;
   * audited as staff's is. Answers it in the patient's shape (no staff note).
   */
  async cancelOwn(
    db: Db,
    context: RequestContext,
    patientId: string,
    appointmentId: string,
    reason: string,
    noticeHours: number,
  ): Promise<UpcomingAppointment> {
    return auditedWrite(
      db,
      context,
      { action: APPOINTMENT_ACTIONS.cancel, recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const { rowId } = await leaveBooked(tx, context, patientId, appointmentId, {
          status: 'cancelled',
          reason,
          staffNote: null,
          noticeHours,
        });
        const [row] = await queryRows<{ appointment: UpcomingAppointment }>(
          tx,
          sql`select ${myAppointmentJson} as appointment from appointment a where a.id = ${rowId}`,
        );
        return row!.appointment;
      },
    );
  },

  /**
   * Cancels a booked appointment and books its replacement in one transaction, linked both ways
   * (the new one's rescheduled_from). What the request leaves out is the old one's: clinician,
   * length, topic.
   */
  async reschedule(
    db: Db,
    context: RequestContext,
    patientId: string,
    appointmentId: string,
    input: {
      date: string;
      time: string;
      clinician_id?: string | undefined;
      duration_minutes?: number | undefined;
      topic?: string | null | undefined;
      reason?: string | null | undefined;
      allow_overlap?: boolean | undefined;
    },
  ): Promise<RescheduleResponse> {
    return auditedWrite(
      db,
      context,
      { action: APPOINTMENT_ACTIONS.reschedule, recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const clinician = await clinicianRowId(tx, input.clinician_id);
        const { rowId, patientRowId } = await leaveBooked(tx, context, patientId, appointmentId, {
          status: 'cancelled',
          reason: input.reason ?? RESCHEDULED_REASON,
          staffNote: null,
        });
        const [old] = await queryRows<{
          topic: string | null;
          duration_minutes: number;
          clinician_id: string | number | null;
        }>(
          tx,
          sql`select topic, duration_minutes, clinician_id from appointment where id = ${rowId}`,
        );
        const newRowId = await insertAppointment(tx, context, patientRowId, {
          date: input.date,
          time: input.time,
          topic: input.topic === undefined ? old!.topic : input.topic,
          durationMinutes: input.duration_minutes ?? old!.duration_minutes,
          clinicianRowId:
            input.clinician_id === undefined
              ? old!.clinician_id === null
                ? null
                : Number(old!.clinician_id)
              : clinician,
          rescheduledFrom: rowId,
          allowOverlap: input.allow_overlap,
        });
        return {
          cancelled: await appointmentByRowId(tx, rowId),
          booked: await appointmentByRowId(tx, newRowId),
          warnings: await bookingWarnings(tx, newRowId),
        };
      },
    );
  },

  /**
   * Marks a booked appointment attended (`fulfilled`) or missed (`noshow`, once it has
   * started), or sets such an outcome back to `booked` with a reason (audited apart, so the
   * patient's access log says so).
   */
  async setStatus(
    db: Db,
    context: RequestContext,
    patientId: string,
    appointmentId: string,
    change: {
      status: AppointmentStatusChange;
      reason?: string | null | undefined;
      allow_overlap?: boolean | undefined;
    },
  ): Promise<ChartAppointment> {
    const { status } = change;
    return auditedWrite(
      db,
      context,
      {
        action: status === 'booked' ? APPOINTMENT_ACTIONS.statusUndo : APPOINTMENT_ACTIONS.status,
        recordType: 'patient',
        recordIds: [patientId],
      },
      async (tx) => {
        const rowId =
          status === 'booked'
            ? await setBackToBooked(
                tx,
                context,
                patientId,
                appointmentId,
                change.reason!,
                change.allow_overlap,
              )
            : (await leaveBooked(tx, context, patientId, appointmentId, { status })).rowId;
        return appointmentByRowId(tx, rowId);
      },
    );
  },

  /**
   * One day's appointments, every status, by time (then row id), of one clinician if asked
   * (an unknown one has none), one page at a time: the cursor is the last row's id, whose time
   * must be one of this day's list (else 400, as any cursor the list did not give). Audited as
   * DAY_LIST_ACTION with every patient the page shows.
   */
  async day(
    db: Db,
    context: RequestContext,
    query: PageParams & { date: string; clinician_id?: string | undefined },
  ): Promise<Page<DayAppointment>> {
    const after = decodeCursor(query.cursor);
    const clinician =
      query.clinician_id === undefined
        ? sql`true`
        : sql`a.clinician_id = (select id from employee where employee_id = ${query.clinician_id})`;
    const where = sql`a.date = ${query.date}::date and ${clinician}`;
    let position = sql`true`;
    if (after > 0) {
      const [at] = await queryRows<{ time: string }>(
        db,
        sql`select a.time::text as time from appointment a where a.id + 0 = ${after}::bigint and ${where}`,
      );
      if (!at) throw unknownCursor();
      position = sql`(a.time, a.id) > (${at.time}::time, ${after}::bigint)`;
    }
    const rows = await queryRows<{ id: string | number; row: DayAppointment }>(
      db,
      sql`select a.id, ${appointmentJson}::jsonb || jsonb_build_object('patient_id', p.patient_id,
            'first_name', p.first_name, 'last_name', p.last_name) as row
          from appointment a join patient p on p.id = a.patient_id
          where ${where} and ${position}
          order by a.time, a.id
          limit ${query.limit + 1}`,
    );
    const [{ total: counted } = { total: 0 }] = await queryRows<{ total: number }>(
      db,
      countUpToBound(sql`appointment a`, where),
    );
    const shown = rows.slice(0, query.limit);
    await audit(db, context, {
      action: DAY_LIST_ACTION,
      recordType: 'patient',
      recordIds: [...new Set(shown.map((r) => r.row.patient_id))],
      outcome: 'success',
    });
    const last = rows.length > query.limit ? rows[query.limit - 1] : undefined;
    return {
      items: shown.map((r) => r.row),
      ...boundedTotal(counted),
      nextCursor: last ? encodeCursor(Number(last.id)) : null,
    };
  },

  /**
   * The active clinicians (active employees whose position has the clinical role), by employee
   * row id, one page at a time. Names only, which every clinician sees on the chart anyway; not
   * audited, as no patient's record is read.
   */
  async clinicians(db: Db, page: PageParams): Promise<Page<Clinician>> {
    const after = decodeCursor(page.cursor);
    const where = sql`e.work_status = 'yes' and pos.portal_role = 'medical_personnel'`;
    const rows = await queryRows<{ id: string | number } & Clinician>(
      db,
      sql`select e.id, e.employee_id, e.first_name, e.last_name, pos.name as position_name
          from employee e join position pos on pos.id = e.position_id
          where ${where} and e.id > ${after}
          order by e.id limit ${page.limit + 1}`,
    );
    const [{ total: counted } = { total: 0 }] = await queryRows<{ total: number }>(
      db,
      countUpToBound(sql`employee e join position pos on pos.id = e.position_id`, where),
    );
    const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
    return {
      items: rows
        .slice(0, page.limit)
        .map(({ employee_id, first_name, last_name, position_name }) => ({
          employee_id,
          first_name,
          last_name,
          position_name,
        })),
      ...boundedTotal(counted),
      nextCursor: last ? encodeCursor(Number(last.id)) : null,
    };
  },
};
