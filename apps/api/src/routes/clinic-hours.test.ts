import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  isoWeekday,
  type LeaveResponse,
  type Leave,
  type Problem,
  type Schedule,
  SESSION_OVERLAP_MESSAGE,
  SLOT_NOT_FREE_MESSAGE,
  SLOT_RANGE_MESSAGE,
  type Slot,
  NEXT_CURSOR_HEADER,
  tooManyBookingsMessage,
  type UpcomingAppointment,
  type DayAppointment,
} from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import { expectProblem, expectSuccess } from '../test/assertions';
import { bangkok, bookableDay, closeClinic, everyDay, openClinic } from '../test/fixtures';
import { BACKENDS, call, createUser, testConfig, type TestUser } from '../test/harness';

/** Every day of the week, 09:00 to 10:00 Bangkok time, in 30-minute slots. */
const EVERY_MORNING = everyDay('09:00', '10:00', 'D001');

describe.each(BACKENDS)('clinic hours on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let hr: TestUser;
  let doctor: TestUser;
  let nurse: TestUser;
  let patient: TestUser;
  const day = bookableDay;

  beforeAll(async () => {
    ({ database, app, hr, doctor, nurse, patient } = await openClinic(
      backend,
      testConfig({ booking: { maxUpcoming: 3, horizonDays: 56 } }),
    ));
  }, 120_000);

  afterAll(() => closeClinic({ app, database }));

  const putSchedule = (employeeId: string, body: unknown, token = hr.token) =>
    call(app, 'PUT', `/employee/${employeeId}/schedule`, { token, body });

  const slotsOf = async (query: string, token = patient.token) => {
    const response = await call(app, 'GET', `/slots?${query}`, { token });
    expectSuccess(response, 200);
    return response.json<Slot[]>();
  };

  const book = (body: Record<string, unknown>, token = patient.token) =>
    call(app, 'POST', '/profile/appointments', { token, body });

  it("keeps a clinician's sessions and exceptions for HR only", async () => {
    const body = {
      sessions: EVERY_MORNING,
      exceptions: [{ date: day(30) }, { date: day(31), start: '09:30', end: '10:00' }],
    };
    for (const other of [doctor, patient])
      expect((await putSchedule(nurse.recordId, body, other.token)).statusCode).toBe(403);
    const saved = await putSchedule(nurse.recordId, body);
    expectSuccess(saved, 200);
    const read = await call(app, 'GET', `/employee/${nurse.recordId}/schedule`, {
      token: hr.token,
    });
    expectSuccess(read, 200);
    const schedule = read.json<Schedule>();
    expect(schedule.sessions).toHaveLength(7);
    expect(schedule.sessions[0]).toEqual({
      weekday: 1,
      start: '09:00',
      end: '10:00',
      slot_minutes: 30,
      department_id: 'D001',
    });
    expect(schedule.exceptions).toEqual([
      { date: day(30), start: null, end: null },
      { date: day(31), start: '09:30', end: '10:00' },
    ]);
    const [audited] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from audit_event
          where action = 'employee.schedule.update' and ${nurse.recordId} = any(record_ids)`,
    );
    expect(audited!.n).toBe(1);
  });

  it('refuses overlapping sessions, a backwards one and a non-clinician, naming the field', async () => {
    const overlapping = await putSchedule(nurse.recordId, {
      sessions: [EVERY_MORNING[0], { ...EVERY_MORNING[0], start: '09:45', end: '11:00' }],
      exceptions: [],
    });
    expect(expectProblem(overlapping, 400, 'sessions.1.start').errors).toContainEqual({
      field: 'sessions.1.start',
      message: SESSION_OVERLAP_MESSAGE,
    });
    expectProblem(
      await putSchedule(nurse.recordId, {
        sessions: [{ ...EVERY_MORNING[0], start: '10:00', end: '09:00' }],
      }),
      400,
      'sessions.0.end',
    );
    expectProblem(
      await putSchedule(nurse.recordId, {
        sessions: [],
        exceptions: [{ date: day(1), start: '09:00' }],
      }),
      400,
      'exceptions.0.end',
    );
    expectProblem(await putSchedule(hr.recordId, { sessions: EVERY_MORNING }), 400, 'employee_id');
    expect((await putSchedule('E999999', { sessions: [] })).statusCode).toBe(404);
  });

  it('offers the sessions less exceptions, leave and bookings, as instants, to patients and staff', async () => {
    await putSchedule(doctor.recordId, {
      sessions: EVERY_MORNING,
      exceptions: [{ date: day(1) }, { date: day(2), start: '09:30', end: '10:00' }],
    });
    const leave = await call(app, 'POST', `/employee/${doctor.recordId}/leave`, {
      token: hr.token,
      body: { from: day(3), to: day(3), note: 'Conference' },
    });
    expectSuccess(leave, 201);
    const staffBooking = await call(app, 'POST', '/patient/add-patient-appointment', {
      token: doctor.token,
      body: {
        patient_id: patient.recordId,
        date: day(4),
        time: '09:15',
        topic: 'Seen by staff',
        clinician_id: doctor.recordId,
        duration_minutes: 15,
      },
    });
    expectSuccess(staffBooking, 201);
    const query = `clinician_id=${doctor.recordId}&from=${day(0)}&to=${day(6)}&limit=200`;
    const slots = await slotsOf(query);
    const starts = slots.map((s) => s.start);
    const expected = [0, 2, 4, 5, 6].flatMap((n) =>
      n === 2
        ? [bangkok(day(n), '09:00')]
        : n === 4
          ? [bangkok(day(n), '09:30')]
          : [bangkok(day(n), '09:00'), bangkok(day(n), '09:30')],
    );
    expect(starts).toEqual(expected);
    // 09:00 in Bangkok is 02:00 UTC, on the same date.
    expect(slots[0]).toEqual({
      clinician_id: doctor.recordId,
      start: `${day(0)}T02:00:00.000Z`,
      end: `${day(0)}T02:30:00.000Z`,
      department_id: 'D001',
      clinician: {
        first_name: expect.any(String) as string,
        last_name: expect.any(String) as string,
      },
    });
    expect(await slotsOf(query, nurse.token)).toEqual(slots);
    // A department's sessions only: none of the doctor's are Nursing's.
    expect(await slotsOf(`${query}&department_id=D002`)).toEqual([]);
  });

  it('pages the slots and bounds the range', async () => {
    const query = `clinician_id=${doctor.recordId}&from=${day(0)}&to=${day(6)}`;
    const first = await call(app, 'GET', `/slots?${query}&limit=3`, { token: patient.token });
    expectSuccess(first, 200);
    expect(first.json<Slot[]>()).toHaveLength(3);
    const cursor = first.headers[NEXT_CURSOR_HEADER] as string;
    expect(cursor).toBeTruthy();
    const second = await call(app, 'GET', `/slots?${query}&limit=3&cursor=${cursor}`, {
      token: patient.token,
    });
    expect(second.json<Slot[]>()[0]!.start > first.json<Slot[]>()[2]!.start).toBe(true);
    expect(
      expectProblem(
        await call(app, 'GET', `/slots?from=${day(0)}&to=${day(70)}`, { token: patient.token }),
        400,
        'to',
      ).errors,
    ).toContainEqual({ field: 'to', message: SLOT_RANGE_MESSAGE });
    expectProblem(
      await call(app, 'GET', `/slots?from=${day(3)}&to=${day(1)}`, { token: patient.token }),
      400,
      'to',
    );
    expect((await call(app, 'GET', `/slots?from=${day(0)}&to=${day(1)}`)).statusCode).toBe(401);
  });

  it("books a free slot with the patient's reason, which leaves the list and shows on the clinician's day", async () => {
    const start = bangkok(day(5), '09:30');
    const booked = await book({ clinician_id: doctor.recordId, start, reason: 'Knee pain' });
    expectSuccess(booked, 201);
    expect(booked.json<UpcomingAppointment>()).toMatchObject({
      date: day(5),
      time: '09:30:00',
      topic: 'Knee pain',
      status: 'booked',
      duration_minutes: 30,
    });
    const left = await slotsOf(`clinician_id=${doctor.recordId}&from=${day(5)}&to=${day(5)}`);
    expect(left.map((s) => s.start)).toEqual([bangkok(day(5), '09:00')]);
    const today = await call(
      app,
      'GET',
      `/appointments?date=${day(5)}&clinician_id=${doctor.recordId}`,
      { token: doctor.token },
    );
    expectSuccess(today, 200);
    expect(today.json<DayAppointment[]>()).toEqual([
      expect.objectContaining({
        time: '09:30:00',
        topic: 'Knee pain',
        patient_id: patient.recordId,
      }),
    ]);
    // Taken: 409 naming start.
    const again = await book({ clinician_id: doctor.recordId, start, reason: 'Again' });
    expect(expectProblem(again, 409, 'start').detail).toContain(SLOT_NOT_FREE_MESSAGE);
  });

  it('refuses a time that is no slot, one too far ahead, staff, and more than the upcoming limit', async () => {
    const reason = 'Check-up';
    expectProblem(
      await book({ clinician_id: doctor.recordId, start: bangkok(day(6), '09:10'), reason }),
      409,
      'start',
    );
    // On leave, and an exception's day.
    expectProblem(
      await book({ clinician_id: doctor.recordId, start: bangkok(day(3), '09:00'), reason }),
      409,
      'start',
    );
    expectProblem(
      await book({ clinician_id: doctor.recordId, start: bangkok(day(70), '09:00'), reason }),
      400,
      'start',
    );
    expectProblem(
      await book({ clinician_id: doctor.recordId, start: 'tomorrow', reason }),
      400,
      'start',
    );
    expectProblem(
      await book({ clinician_id: doctor.recordId, start: bangkok(day(6), '09:00'), reason: ' ' }),
      400,
      'reason',
    );
    expectProblem(
      await book({ clinician_id: hr.recordId, start: bangkok(day(6), '09:00'), reason }),
      400,
      'clinician_id',
    );
    expect(
      (
        await book(
          { clinician_id: doctor.recordId, start: bangkok(day(6), '09:00'), reason },
          doctor.token,
        )
      ).statusCode,
    ).toBe(403);
    // The patient holds two (staff's and their own); a third is allowed, a fourth is not.
    expectSuccess(
      await book({ clinician_id: doctor.recordId, start: bangkok(day(6), '09:00'), reason }),
      201,
    );
    const fourth = await book({
      clinician_id: doctor.recordId,
      start: bangkok(day(6), '09:30'),
      reason,
    });
    expect(expectProblem(fourth, 409, 'start').detail).toContain(tooManyBookingsMessage(3));
  });

  it('lists the bookings a new leave overlaps for rebooking, cancels none, and withdraws a leave once', async () => {
    const added = await call(app, 'POST', `/employee/${doctor.recordId}/leave`, {
      token: hr.token,
      body: { from: day(5), to: day(6) },
    });
    expectSuccess(added, 201);
    const { leave, affected_appointments } = added.json<LeaveResponse>();
    expect(affected_appointments.map((a) => [a.date, a.time, a.patient_id])).toEqual([
      [day(5), '09:30:00', patient.recordId],
      [day(6), '09:00:00', patient.recordId],
    ]);
    const [{ booked } = { booked: 0 }] = await queryRows<{ booked: number }>(
      database.db,
      sql`select count(*)::int as booked from appointment where status = 'booked'
          and date between ${day(5)}::date and ${day(6)}::date`,
    );
    expect(booked).toBe(2);
    expect(await slotsOf(`clinician_id=${doctor.recordId}&from=${day(5)}&to=${day(6)}`)).toEqual(
      [],
    );
    const path = `/employee/${doctor.recordId}/leave/${leave.leave_id}`;
    const withdrawn = await call(app, 'DELETE', path, { token: hr.token });
    expectSuccess(withdrawn, 200);
    expect(withdrawn.json<Leave>().withdrawn_at).toEqual(expect.any(String));
    expectProblem(await call(app, 'DELETE', path, { token: hr.token }), 409, 'leave_id');
    expect((await call(app, 'DELETE', path, { token: doctor.token })).statusCode).toBe(403);
    expect(
      await slotsOf(`clinician_id=${doctor.recordId}&from=${day(5)}&to=${day(5)}`),
    ).toHaveLength(1);
    const actions = await queryRows<{ action: string }>(
      database.db,
      sql`select action from audit_event where action like 'employee.leave.%' and outcome = 'success'
          order by id`,
    );
    expect(actions.map((a) => a.action)).toEqual([
      'employee.leave.create',
      'employee.leave.create',
      'employee.leave.withdraw',
    ]);
  });

  it('gives exactly one 201 of 30 patients booking one slot at once, the rest 409 naming start', async () => {
    const patients: TestUser[] = [];
    for (let i = 0; i < 30; i++) patients.push(await createUser(app, database, 'patient'));
    const start = bangkok(day(10), '09:00');
    const answers = await Promise.all(
      patients.map((p) => book({ clinician_id: nurse.recordId, start, reason: 'Rush' }, p.token)),
    );
    const statuses = answers.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json<Problem>().errors?.[0]?.field).toBe('start');
    const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from appointment where date = ${day(10)}::date and status = 'booked'`,
    );
    expect(n).toBe(1);
  }, 120_000);
});

describe('the weekday of a date', () => {
  it('is ISO: Monday 1 to Sunday 7', () => {
    expect(isoWeekday('2026-12-07')).toBe(1);
    expect(isoWeekday('2026-12-13')).toBe(7);
  });
});
