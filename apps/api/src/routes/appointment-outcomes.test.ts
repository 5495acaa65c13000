/**
 * An appointment's outcome set back to booked (the same hospital day, with a reason, audited
 * and in the patient's access log), a no-show only from the appointment's start, and a
 * cancellation's two parts: the message for the patient and the note for staff, which nothing
 * the patient receives carries. On each backend.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  type AppointmentResponse,
  type ChartAppointment,
  hospitalToday,
  NO_SHOW_TOO_EARLY_MESSAGE,
  todayUtc,
  UNDO_TOO_LATE_MESSAGE,
} from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import { fhirCall } from '../fhir/test/fhir-harness';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  type TestUser,
  unique,
} from '../test/harness';

describe.each(BACKENDS)('appointment outcomes and cancellations on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let nurse: TestUser;
  let patient: TestUser;

  // Each booking its own hour unless a test names one: an outcome set back to booked is
  // refused over another booked appointment of the patient, which is not what most tests test.
  let slot = 0;
  const nextHour = () => `${String(slot++ % 24).padStart(2, '0')}:00`;

  async function book(date: string, time = nextHour(), of: TestUser = patient): Promise<string> {
    const response = await call(app, 'POST', '/patient/add-patient-appointment', {
      token: nurse.token,
      // Several tests book the same day and time: on purpose here, not a clash to refuse.
      body: { patient_id: of.recordId, date, time, topic: 'Check-up', allow_overlap: true },
    });
    expectSuccess(response, 201);
    return response.json<AppointmentResponse>().appointment_id!;
  }

  const status = (id: string, body: unknown, of: TestUser = patient) =>
    call(app, 'POST', `/patient/${of.recordId}/appointments/${id}/status`, {
      token: nurse.token,
      body,
    });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    nurse = await createUser(app, database, 'medical_personnel', 'P002');
    patient = await createUser(app, database, 'patient');
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('no-show', () => {
    it('is refused before the appointment starts (409 naming status), taken from its start', async () => {
      const later = await book(addDays(todayUtc(), 3));
      const refused = expectProblem(await status(later, { status: 'noshow' }), 409, 'status');
      expect(refused.errors?.[0]?.message).toBe(NO_SHOW_TOO_EARLY_MESSAGE);
      // Attended may be recorded early (a patient seen before their time).
      expectSuccess(await status(later, { status: 'fulfilled' }), 200);
      // Midnight of the hospital's today has begun.
      const started = await book(hospitalToday(), '00:00');
      const missed = await status(started, { status: 'noshow' });
      expectSuccess(missed, 200);
      expect(missed.json<ChartAppointment>()).toMatchObject({ status: 'noshow' });
      expect(missed.json<ChartAppointment>().outcome_recorded_at).not.toBeNull();
    });
  });

  describe('set back to booked', () => {
    it('undoes an outcome with a reason, keeps what was undone, audits it apart', async () => {
      // A patient of their own: the access log names a minute's visit by its weightiest kind.
      const own = await createUser(app, database, 'patient');
      const id = await book(addDays(todayUtc(), -1), '09:00', own);
      expectSuccess(await status(id, { status: 'fulfilled' }, own), 200);
      expectProblem(await status(id, { status: 'booked' }, own), 400, 'reason');
      expectProblem(await status(id, { status: 'booked', reason: '  ' }, own), 400, 'reason');
      const undone = await status(id, { status: 'booked', reason: 'Wrong patient clicked' }, own);
      expectSuccess(undone, 200);
      expect(undone.json<ChartAppointment>()).toMatchObject({
        status: 'booked',
        outcome_recorded_at: null,
      });
      expect(await auditOf(database, undone)).toEqual([
        expect.objectContaining({
          action: 'patient.appointment.status-undo',
          record_ids: [own.recordId],
          outcome: 'success',
        }),
      ]);
      const kept = await queryRows<{ from_status: string; reason: string; changed_by: unknown }>(
        database.db,
        sql`select c.from_status, c.reason, c.changed_by from appointment_status_change c
            join appointment a on a.id = c.appointment_id where a.appointment_id = ${id}::uuid`,
      );
      expect(kept).toEqual([
        {
          from_status: 'fulfilled',
          reason: 'Wrong patient clicked',
          changed_by: expect.anything() as unknown,
        },
      ]);
      // Booked again: it may get its outcome anew.
      expectSuccess(await status(id, { status: 'noshow' }, own), 200);

      const log = await call(app, 'GET', '/profile/access-log?limit=100', {
        token: own.token,
      });
      expectSuccess(log, 200);
      expect(log.json<{ kind: string }[]>().map((e) => e.kind)).toContain(
        'appointment-status-undone',
      );
    });

    it('refuses a booked or cancelled appointment, and an outcome of an earlier day', async () => {
      const booked = await book(addDays(todayUtc(), -1));
      expectProblem(await status(booked, { status: 'booked', reason: 'x' }), 409, 'status');
      const cancelled = await book(addDays(todayUtc(), 5));
      expectSuccess(
        await call(app, 'POST', `/patient/${patient.recordId}/appointments/${cancelled}/cancel`, {
          token: nurse.token,
          body: { reason: 'Closed' },
        }),
        200,
      );
      expectProblem(await status(cancelled, { status: 'booked', reason: 'x' }), 409, 'status');

      const yesterday = await book(addDays(todayUtc(), -2));
      expectSuccess(await status(yesterday, { status: 'noshow' }), 200);
      await database.db.execute(
        sql`update appointment set outcome_recorded_at = now() - interval '1 day'
            where appointment_id = ${yesterday}::uuid`,
      );
      const late = expectProblem(
        await status(yesterday, { status: 'booked', reason: 'Came late' }),
        409,
        'status',
      );
      expect(late.errors?.[0]?.message).toBe(UNDO_TOO_LATE_MESSAGE);
    });

    it('is refused with the clashes over a booking made in its place, unless allowed', async () => {
      const own = await createUser(app, database, 'patient');
      const day = addDays(todayUtc(), -1);
      const first = await book(day, '10:00', own);
      expectSuccess(await status(first, { status: 'fulfilled' }, own), 200);
      // The slot is free again for a booking that does not allow overlaps.
      const again = await call(app, 'POST', '/patient/add-patient-appointment', {
        token: nurse.token,
        body: { patient_id: own.recordId, date: day, time: '10:05', topic: 'Second visit' },
      });
      expectSuccess(again, 201);
      const second = again.json<AppointmentResponse>().appointment_id!;
      const refused = await status(first, { status: 'booked', reason: 'Clicked by mistake' }, own);
      const problem = expectProblem(refused, 409, 'time');
      expect(
        (problem as { clashes?: { appointment_id: string }[] }).clashes?.map(
          (c) => c.appointment_id,
        ),
      ).toEqual([second]);
      const allowed = await status(
        first,
        { status: 'booked', reason: 'Clicked by mistake', allow_overlap: true },
        own,
      );
      expectSuccess(allowed, 200);
      expect(allowed.json<ChartAppointment>().status).toBe('booked');
    });

    it('lets exactly one of 30 simultaneous undos through; the others answer 409', async () => {
      const id = await book(addDays(todayUtc(), -1));
      expectSuccess(await status(id, { status: 'fulfilled' }), 200);
      const responses = await Promise.all(
        Array.from({ length: 30 }, (_, i) => status(id, { status: 'booked', reason: `Slip ${i}` })),
      );
      expect(responses.map((r) => r.statusCode).sort()).toEqual([
        200,
        ...Array<number>(29).fill(409),
      ]);
      const [{ count } = { count: 0 }] = await queryRows<{ count: number }>(
        database.db,
        sql`select count(*)::int as count from appointment_status_change c
            join appointment a on a.id = c.appointment_id where a.appointment_id = ${id}::uuid`,
      );
      expect(count).toBe(1);
    });
  });

  describe('cancellation', () => {
    const cancel = (id: string, body: unknown) =>
      call(app, 'POST', `/patient/${patient.recordId}/appointments/${id}/cancel`, {
        token: nurse.token,
        body,
      });

    it('takes a message for the patient, a note for staff, or both; not neither', async () => {
      const id = await book(addDays(todayUtc(), 6));
      expectProblem(await cancel(id, {}), 400, 'reason');
      expectProblem(await cancel(id, { reason: ' ', staff_note: '' }), 400, 'reason');
      const onlyNote = await cancel(id, { staff_note: 'Rebook with Dr Surasak' });
      expectSuccess(onlyNote, 200);
      expect(onlyNote.json<ChartAppointment>()).toMatchObject({
        status: 'cancelled',
        cancel_reason: null,
        staff_note: 'Rebook with Dr Surasak',
      });
    });

    it('keeps the staff note out of everything the patient receives', async () => {
      const note = `Dr Surasak on leave; please rebook ${unique()}`;
      const id = await book(addDays(todayUtc(), 7));
      const cancelled = await cancel(id, {
        reason: 'The clinic is closed that day',
        staff_note: note,
      });
      expectSuccess(cancelled, 200);
      // Staff see both parts on the chart.
      const chart = await call(app, 'GET', `/patient/${patient.recordId}/appointments?limit=100`, {
        token: nurse.token,
      });
      expect(chart.json<ChartAppointment[]>().find((a) => a.appointment_id === id)).toMatchObject({
        cancel_reason: 'The clinic is closed that day',
        staff_note: note,
      });

      // A cancelled visit is among the patient's past ones, with its reason.
      const mine = await call(app, 'GET', '/profile/appointments?when=past&limit=100', {
        token: patient.token,
      });
      expectSuccess(mine, 200);
      expect(mine.body).toContain('The clinic is closed that day');
      const record = await call(app, 'GET', `/patient/${patient.recordId}`, {
        token: patient.token,
      });
      const everything = await fhirCall(app, 'GET', `/Patient/${patient.recordId}/$everything`, {
        token: patient.token,
      });
      expect(everything.statusCode).toBe(200);
      const appointment = await fhirCall(app, 'GET', `/Appointment?patient=${patient.recordId}`, {
        token: patient.token,
      });
      expect(appointment.statusCode).toBe(200);
      expect(appointment.body).toContain(
        '"cancelationReason":{"text":"The clinic is closed that day"}',
      );
      for (const answer of [mine, record, everything, appointment]) {
        expect(answer.body).not.toContain(note);
        expect(answer.body).not.toContain('staff_note');
      }
    });
  });
});
