import { sql } from 'drizzle-orm';
import {
  type AffectedAppointment,
  type BookedTime,
  DAY_LIST_ACTION,
  freeSlots,
  type LeaveDays,
  type LeaveResponse,
  type Leave,
  NOT_A_CLINICIAN_MESSAGE,
  PATIENT_BUSY_MESSAGE,
  type PageParams,
  type Schedule,
  type ScheduleException,
  SLOT_NOT_FREE_MESSAGE,
  type Slot,
  tooFarAheadMessage,
  tooManyBookingsMessage,
  type UpcomingAppointment,
  wallClock,
  type WeeklySession,
  addDays,
} from '@portal/contract';
import { type Db, queryRows } from '../db/database';
import { badRequest, conflict, notFound, ProblemError } from '../errors';
import {
  authorRowId,
  clinicianRowId,
  HOSPITAL_NOW,
  insertAppointment,
  instantText,
  lockBookings,
  staffJson,
} from './appointments';
import { audit, auditedWrite, type RequestContext } from './audit';
import { boundedTotal, decodeCursor, encodeCursor, type Page } from './paging';

/*
 * Clinic hours: a clinician's weekly sessions, dated exceptions and leave (HR), the free slots
 * they leave (contract: freeSlots) and a patient's booking of one.
 */

/** What a patient's own bookings are bounded by (the settings BOOKING_MAX_UPCOMING and …_DAYS). */
export interface BookingLimits {
  readonly maxUpcoming: number;
  readonly horizonDays: number;
}

/** The employee row of an employee id, or 404. */
async function employeeRow(db: Db, employeeId: string): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    db,
    sql`select id from employee where employee_id = ${employeeId}`,
  );
  if (!row) throw notFound('No such employee');
  return Number(row.id);
}

/** 400 naming `employee_id` unless the employee is an active clinician (a booking may name them). */
async function clinicianRow(tx: Db, employeeId: string): Promise<number> {
  try {
    return (await clinicianRowId(tx, employeeId))!;
  } catch (error) {
    if (error instanceof ProblemError && error.status === 400)
      throw badRequest(`employee_id: ${NOT_A_CLINICIAN_MESSAGE}`, [
        { field: 'employee_id', message: NOT_A_CLINICIAN_MESSAGE },
      ]);
    throw error;
  }
}

/** Leave `l` in the answers' shape. */
const leaveJson = sql`json_build_object('leave_id', l.leave_id, 'from', to_char(l.from_date, 'YYYY-MM-DD'),
  'to', to_char(l.to_date, 'YYYY-MM-DD'), 'note', l.note,
  'recorded_by', ${staffJson(sql`l.recorded_by`)}, 'recorded_at', ${instantText(sql`l.recorded_at`)},
  'withdrawn_at', ${instantText(sql`l.withdrawn_at`)})`;

/** One clinician's hours as freeSlots takes them, over the dates asked for. */
interface Hours {
  sessions: WeeklySession[];
  exceptions: ScheduleException[];
  leave: LeaveDays[];
  booked: BookedTime[];
}

/** The hours of the clinicians (employee rows) over the dates `from` to `to`, by row. */
async function hoursOf(
  db: Db,
  rows: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, Hours>> {
  const hours = new Map<number, Hours>(
    rows.map((row) => [row, { sessions: [], exceptions: [], leave: [], booked: [] }]),
  );
  if (rows.length === 0) return hours;
  const ids = sql`${sql.param([...rows])}::bigint[]`;
  const of = (row: string | number) => hours.get(Number(row))!;
  for (const s of await queryRows<WeeklySession & { employee_id: string | number }>(
    db,
    sql`select employee_id, weekday, to_char(start_time, 'HH24:MI') as start,
          to_char(end_time, 'HH24:MI') as end, slot_minutes, department_id
        from clinician_session where employee_id = any(${ids})`,
  ))
    of(s.employee_id).sessions.push(s);
  for (const e of await queryRows<ScheduleException & { employee_id: string | number }>(
    db,
    sql`select employee_id, to_char(date, 'YYYY-MM-DD') as date,
          to_char(start_time, 'HH24:MI') as start, to_char(end_time, 'HH24:MI') as end
        from clinician_schedule_exception
        where employee_id = any(${ids}) and date between ${from}::date and ${to}::date`,
  ))
    of(e.employee_id).exceptions.push(e);
  for (const l of await queryRows<LeaveDays & { employee_id: string | number }>(
    db,
    sql`select employee_id, to_char(from_date, 'YYYY-MM-DD') as from, to_char(to_date, 'YYYY-MM-DD') as to
        from clinician_leave
        where employee_id = any(${ids}) and withdrawn_at is null
          and from_date <= ${to}::date and to_date >= ${from}::date`,
  ))
    of(l.employee_id).leave.push(l);
  for (const b of await queryRows<BookedTime & { clinician_id: string | number }>(
    db,
    sql`select clinician_id, to_char(date, 'YYYY-MM-DD') as date, to_char(time, 'HH24:MI') as time,
          duration_minutes
        from appointment
        where clinician_id = any(${ids}) and status = 'booked'
          and date between ${from}::date and ${to}::date`,
  ))
    of(b.clinician_id).booked.push(b);
  return hours;
}

/** The instants from which and until which slots are offered: now, and the horizon after it. */
function bookableWindow(limits: BookingLimits, now: number) {
  return { notBefore: now, notAfter: now + limits.horizonDays * 86_400_000 };
}

/** A window of instants narrowed to another's (each bound the tighter). */
function narrowed(
  window: { notBefore: number; notAfter: number },
  within: { notBefore?: number | undefined; notAfter?: number | undefined },
) {
  return {
    notBefore: Math.max(window.notBefore, within.notBefore ?? -Infinity),
    notAfter: Math.min(window.notAfter, within.notAfter ?? Infinity),
  };
}

/**
 * The most slots one GET /slots works out (a bounded range of every clinician could be many
 * more); its total then says "more than" (TOTAL_COUNT_BOUND) and a narrower query finds the rest.
 */
const SLOTS_COMPUTED_MAX = 10_000;

export const clinicHoursRepository = {
  /** A clinician's sessions, exceptions (from today on) and leave not withdrawn; audited. */
  async schedule(db: Db, context: RequestContext, employeeId: string): Promise<Schedule> {
    const row = await employeeRow(db, employeeId);
    const today = wallClock(Date.now()).date;
    const [answer] = await queryRows<{ schedule: Schedule }>(
      db,
      sql`select json_build_object('employee_id', ${employeeId}::text,
          'sessions', coalesce((select json_agg(json_build_object('weekday', s.weekday,
              'start', to_char(s.start_time, 'HH24:MI'), 'end', to_char(s.end_time, 'HH24:MI'),
              'slot_minutes', s.slot_minutes, 'department_id', s.department_id)
              order by s.weekday, s.start_time) from clinician_session s where s.employee_id = ${row}), '[]'),
          'exceptions', coalesce((select json_agg(json_build_object('date', to_char(x.date, 'YYYY-MM-DD'),
              'start', to_char(x.start_time, 'HH24:MI'), 'end', to_char(x.end_time, 'HH24:MI'))
              order by x.date, x.start_time nulls first)
              from clinician_schedule_exception x
              where x.employee_id = ${row} and x.date >= ${today}::date), '[]'),
          'leave', coalesce((select json_agg(${leaveJson} order by l.from_date, l.id)
              from clinician_leave l
              where l.employee_id = ${row} and l.withdrawn_at is null and l.to_date >= ${today}::date), '[]')
        ) as schedule`,
    );
    await audit(db, context, {
      action: 'employee.schedule.read',
      recordType: 'employee',
      recordIds: [employeeId],
      outcome: 'success',
    });
    return answer!.schedule;
  },

  /**
   * Replaces a clinician's weekly sessions and dated exceptions (exceptions before today are
   * kept as they were); audited. Bookings already made stay as they are.
   */
  async replaceSchedule(
    db: Db,
    context: RequestContext,
    employeeId: string,
    body: {
      sessions: readonly WeeklySession[];
      exceptions: readonly ScheduleException[];
    },
  ): Promise<Schedule> {
    await employeeRow(db, employeeId);
    await auditedWrite(
      db,
      context,
      { action: 'employee.schedule.update', recordType: 'employee', recordIds: [employeeId] },
      async (tx) => {
        const row = await clinicianRow(tx, employeeId);
        await lockBookings(tx, null, row);
        const today = wallClock(Date.now()).date;
        await tx.execute(sql`delete from clinician_session where employee_id = ${row}`);
        await tx.execute(
          sql`delete from clinician_schedule_exception where employee_id = ${row} and date >= ${today}::date`,
        );
        for (const s of body.sessions) {
          await tx.execute(
            sql`insert into clinician_session (employee_id, weekday, start_time, end_time, slot_minutes, department_id)
                values (${row}, ${s.weekday}, ${s.start}::time, ${s.end}::time, ${s.slot_minutes},
                  ${s.department_id ?? null})`,
          );
        }
        for (const e of body.exceptions) {
          await tx.execute(
            sql`insert into clinician_schedule_exception (employee_id, date, start_time, end_time)
                values (${row}, ${e.date}::date, ${e.start ?? null}::time, ${e.end ?? null}::time)`,
          );
        }
      },
    );
    return clinicHoursRepository.schedule(db, context, employeeId);
  },

  /**
   * Records a clinician's leave and answers the booked appointments it overlaps, to be rebooked
   * (none is cancelled); audited, and each patient named is told in their access log.
   */
  async addLeave(
    db: Db,
    context: RequestContext,
    employeeId: string,
    body: { from: string; to: string; note?: string | null | undefined },
  ): Promise<LeaveResponse> {
    await employeeRow(db, employeeId);
    return auditedWrite(
      db,
      context,
      { action: 'employee.leave.create', recordType: 'employee', recordIds: [employeeId] },
      async (tx) => {
        const row = await clinicianRow(tx, employeeId);
        // After every booking of the clinician under way: each either is listed or sees the leave.
        await lockBookings(tx, null, row);
        const [added] = await queryRows<{ leave: Leave }>(
          tx,
          sql`with l as (
                insert into clinician_leave (employee_id, from_date, to_date, note, recorded_by)
                values (${row}, ${body.from}::date, ${body.to}::date, ${body.note ?? null},
                  ${authorRowId(context)})
                returning *)
              select ${leaveJson} as leave from l`,
        );
        const affected = await queryRows<AffectedAppointment>(
          tx,
          sql`select a.appointment_id::text as appointment_id, to_char(a.date, 'YYYY-MM-DD') as date,
                to_char(a.time, 'HH24:MI:SS') as time, a.duration_minutes, p.patient_id,
                p.first_name, p.last_name
              from appointment a join patient p on p.id = a.patient_id
              where a.clinician_id = ${row} and a.status = 'booked'
                and a.date between ${body.from}::date and ${body.to}::date
              order by a.date, a.time, a.id`,
        );
        if (affected.length > 0) {
          await audit(tx, context, {
            action: DAY_LIST_ACTION,
            recordType: 'patient',
            recordIds: [...new Set(affected.map((a) => a.patient_id))],
            outcome: 'success',
          });
        }
        return { leave: added!.leave, affected_appointments: affected };
      },
    );
  },

  /** Withdraws a leave (kept, with who withdrew it and when); 409 when already withdrawn. */
  async withdrawLeave(
    db: Db,
    context: RequestContext,
    employeeId: string,
    leaveId: string,
  ): Promise<Leave> {
    return auditedWrite(
      db,
      context,
      { action: 'employee.leave.withdraw', recordType: 'employee', recordIds: [employeeId] },
      async (tx) => {
        const [changed] = await queryRows<{ leave: Leave }>(
          tx,
          sql`with l as (
                update clinician_leave l set withdrawn_at = now(), withdrawn_by = ${authorRowId(context)}
                from employee e
                where e.id = l.employee_id and e.employee_id = ${employeeId}
                  and l.leave_id = ${leaveId}::uuid and l.withdrawn_at is null
                returning l.*)
              select ${leaveJson} as leave from l`,
        );
        if (changed) return changed.leave;
        const [exists] = await queryRows<{ one: number }>(
          tx,
          sql`select 1 as one from clinician_leave l join employee e on e.id = l.employee_id
              where e.employee_id = ${employeeId} and l.leave_id = ${leaveId}::uuid`,
        );
        if (!exists) throw notFound('No such leave for this employee');
        throw conflict('leave_id', 'This leave was withdrawn already');
      },
    );
  },

  /**
   * The free slots from `from` to `to` (hospital dates) of one clinician, of the sessions of one
   * department, or of every active clinician, by start then clinician; only those from now to
   * the booking horizon (and, with `within`, only those starting inside its instants too). One
   * page at a time: the cursor is the count of slots before the page.
   */
  async slots(
    db: Db,
    query: PageParams & {
      from: string;
      to: string;
      clinician_id?: string | undefined;
      department_id?: string | undefined;
    },
    limits: BookingLimits,
    now: number = Date.now(),
    within: { notBefore?: number | undefined; notAfter?: number | undefined } = {},
  ): Promise<Page<Slot>> {
    const skip = decodeCursor(query.cursor);
    const clinicians = await queryRows<{
      id: string | number;
      employee_id: string;
      first_name: string;
      last_name: string;
    }>(
      db,
      sql`select e.id, e.employee_id, e.first_name, e.last_name
          from employee e join position pos on pos.id = e.position_id
          where e.work_status = 'yes' and pos.portal_role = 'medical_personnel'
            and ${query.clinician_id === undefined ? sql`true` : sql`e.employee_id = ${query.clinician_id}`}
            and exists (select 1 from clinician_session s where s.employee_id = e.id
              and ${query.department_id === undefined ? sql`true` : sql`s.department_id = ${query.department_id}`})
          order by e.employee_id`,
    );
    const hours = await hoursOf(
      db,
      clinicians.map((c) => Number(c.id)),
      query.from,
      query.to,
    );
    const all: Slot[] = [];
    every: for (const c of clinicians) {
      const h = hours.get(Number(c.id))!;
      for (const slot of freeSlots({
        ...h,
        from: query.from,
        to: query.to,
        ...narrowed(bookableWindow(limits, now), within),
        departmentId: query.department_id,
      })) {
        all.push({
          clinician_id: c.employee_id,
          start: slot.start,
          end: slot.end,
          department_id: slot.department_id,
          clinician: { first_name: c.first_name, last_name: c.last_name },
        });
        if (all.length > SLOTS_COMPUTED_MAX) break every;
      }
    }
    all.sort((a, b) =>
      a.start === b.start
        ? a.clinician_id.localeCompare(b.clinician_id)
        : a.start.localeCompare(b.start),
    );
    const items = all.slice(skip, skip + query.limit);
    return {
      items,
      ...boundedTotal(all.length),
      nextCursor: skip + query.limit < all.length ? encodeCursor(skip + query.limit) : null,
    };
  },

  /**
   * Books a free slot for the signed-in patient, with their reason as the topic: 409 naming
   * `start` when it is not (or no longer) a free slot of the clinician, when the patient has
   * another booked appointment then, or already holds as many upcoming ones as allowed; 400
   * naming `start` beyond the booking horizon. Under the patient's and the clinician's booking
   * locks, so of any number of bookings of one slot at once exactly one goes through.
   */
  async book(
    db: Db,
    context: RequestContext,
    patientId: string,
    body: { clinician_id: string; start: string; reason: string },
    limits: BookingLimits,
  ): Promise<UpcomingAppointment> {
    const startMs = Date.parse(body.start);
    const now = Date.now();
    if (startMs > now + limits.horizonDays * 86_400_000) {
      const message = tooFarAheadMessage(limits.horizonDays);
      throw badRequest(`start: ${message}`, [{ field: 'start', message }]);
    }
    return auditedWrite(
      db,
      context,
      { action: 'patient.appointment.create', recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const [patient] = await queryRows<{ id: string | number }>(
          tx,
          sql`select id from patient where patient_id = ${patientId}`,
        );
        if (!patient) throw notFound('No such patient');
        const patientRow = Number(patient.id);
        const clinician = (await clinicianRowId(tx, body.clinician_id))!;
        await lockBookings(tx, patientRow, clinician);
        const [{ upcoming } = { upcoming: 0 }] = await queryRows<{ upcoming: number }>(
          tx,
          sql`select count(*)::int as upcoming from appointment a
              where a.patient_id = ${patientRow} and a.status = 'booked'
                and (a.date + a.time) >= ${HOSPITAL_NOW}`,
        );
        if (upcoming >= limits.maxUpcoming)
          throw conflict('start', tooManyBookingsMessage(limits.maxUpcoming));
        const date = wallClock(startMs).date;
        const h = (await hoursOf(tx, [clinician], addDays(date, -1), addDays(date, 1))).get(
          clinician,
        )!;
        const slot = freeSlots({
          ...h,
          from: date,
          to: date,
          ...bookableWindow(limits, now),
        }).find((s) => Date.parse(s.start) === startMs);
        if (!slot) throw conflict('start', SLOT_NOT_FREE_MESSAGE);
        let rowId: number;
        try {
          rowId = await insertAppointment(tx, context, patientRow, {
            date: slot.date,
            time: slot.time,
            topic: body.reason,
            durationMinutes: slot.minutes,
            clinicianRowId: clinician,
          });
        } catch (error) {
          // The patient's own booking then (their lock holds; the clinician's was checked above).
          if (error instanceof ProblemError && error.status === 409)
            throw conflict('start', PATIENT_BUSY_MESSAGE);
          throw error;
        }
        const [answer] = await queryRows<{ appointment: UpcomingAppointment }>(
          tx,
          sql`select json_build_object('date', to_char(a.date, 'YYYY-MM-DD'), 'time', a.time::text,
                'topic', a.topic, 'appointment_id', a.appointment_id, 'status', a.status,
                'duration_minutes', a.duration_minutes,
                'clinician', (select json_build_object('first_name', c.first_name, 'last_name', c.last_name)
                                from employee c where c.id = a.clinician_id),
                'cancel_reason', a.cancel_reason) as appointment
              from appointment a where a.id = ${rowId}`,
        );
        return answer!.appointment;
      },
    );
  },
};
