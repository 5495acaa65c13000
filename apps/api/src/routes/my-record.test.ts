import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AccessLogEntry,
  accessLogSchema,
  addDays,
  todayUtc,
  upcomingAppointmentListSchema,
} from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  type TestUser,
} from '../test/harness';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';

let database: Database;
let app: FastifyInstance;
let doctor: TestUser;
let doctorName: string;
let patient: TestUser;
let otherPatient: TestUser;

async function accessLog(user: TestUser, query = '') {
  const response = await call(app, 'GET', `/profile/access-log${query}`, { token: user.token });
  expectSuccess(response, 200);
  return { response, entries: accessLogSchema.parse(response.json()) };
}

async function addAppointment(patientId: string, date: string, time: string, topic: string) {
  const response = await call(app, 'POST', '/patient/add-patient-appointment', {
    token: doctor.token,
    body: { patient_id: patientId, date, time, topic },
  });
  expectSuccess(response, 201);
}

/** Waits, if need be, until a minute has more than a few seconds left (a visit stays in it). */
async function awayFromMinuteEdge(): Promise<void> {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
}

describe.each(BACKENDS)('my record on %s', (backend) => {
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    patient = await createUser(app, database, 'patient');
    otherPatient = await createUser(app, database, 'patient');
    const [row] = await queryRows<{ name: string }>(
      database.db,
      sql`select first_name || ' ' || last_name as name from employee where employee_id = ${doctor.recordId}`,
    );
    doctorName = row!.name;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('GET /profile/access-log', () => {
    it("lists who opened the patient's record, newest first, naming staff", async () => {
      const before = await accessLog(patient);
      expectSuccess(
        await call(app, 'GET', `/patient/${patient.recordId}`, { token: doctor.token }),
        200,
      );
      expectSuccess(
        await call(app, 'GET', `/patient/${patient.recordId}`, { token: patient.token }),
        200,
      );
      const { entries, response } = await accessLog(patient);
      expect(entries.length).toBe(before.entries.length + 2);
      expect(Number(response.headers['x-total-count'])).toBe(entries.length);
      expect(entries[0]).toMatchObject({ kind: 'viewed', actor: 'you', name: null, role: null });
      expect(entries[1]).toMatchObject({
        kind: 'viewed',
        actor: 'staff',
        name: doctorName,
        role: 'medical_personnel',
      });
      expect(Date.parse(entries[1]!.occurred_at)).toBeLessThanOrEqual(Date.now());
      expect(Date.now() - Date.parse(entries[1]!.occurred_at)).toBeLessThan(60_000);
      const times = entries.map((e) => Date.parse(e.occurred_at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    });

    it('lists changes, appointments, history, searches and refused attempts by others', async () => {
      const { recordId } = patient;
      expectSuccess(
        await call(app, 'PUT', '/patient/update-patient', {
          token: doctor.token,
          body: { patient: { patient_id: recordId, ongoing_treatment: 'physiotherapy' } },
        }),
        200,
      );
      await addAppointment(recordId, addDays(todayUtc(), 3), '09:30', 'Check-up');
      expectSuccess(
        await call(app, 'POST', '/patient/add-patient-history', {
          token: doctor.token,
          body: { patient_id: recordId, date: todayUtc(), time: '08:00', detail: 'Blood test' },
        }),
        201,
      );
      expectSuccess(
        await call(app, 'POST', '/patient/search-patient', {
          token: doctor.token,
          body: { patient_id: recordId },
        }),
        200,
      );
      expectProblem(
        await call(app, 'GET', `/patient/${recordId}`, { token: otherPatient.token }),
        403,
      );
      const { entries } = await accessLog(patient, '?limit=5');
      // Another patient is not named to this one.
      expect(entries[0]).toMatchObject({
        kind: 'refused',
        actor: 'patient',
        name: null,
        role: null,
      });
      // The doctor's visit is one line (or two, should a minute have turned meanwhile), named by
      // its weightiest kind, with every kind and the number of events.
      const staff = entries.slice(1).filter((e) => e.actor === 'staff');
      const kinds = staff.flatMap((e) => e.kinds ?? []);
      for (const kind of ['changed', 'appointment-added', 'history-added', 'listed'] as const)
        expect(kinds).toContain(kind);
      expect(staff.reduce((n, e) => n + (e.count ?? 0), 0)).toBeGreaterThanOrEqual(4);
      expect(staff[0]!.kind).toBe(staff[0]!.kinds![0]);
    });

    it("groups one visit's events (the same person, the same minute) into one line", async () => {
      await awayFromMinuteEdge();
      const chart = patient.recordId;
      expectSuccess(await call(app, 'GET', `/patient/${chart}`, { token: doctor.token }), 200);
      expectSuccess(
        await call(app, 'GET', `/patient/${chart}/appointments`, { token: doctor.token }),
        200,
      );
      expectSuccess(await call(app, 'GET', `/patient/${chart}`, { token: patient.token }), 200);
      const { entries } = await accessLog(patient, '?limit=2');
      expect(entries).toEqual([
        expect.objectContaining({ actor: 'you', kind: 'viewed', count: 1, kinds: ['viewed'] }),
        expect.objectContaining({
          actor: 'staff',
          name: doctorName,
          kind: 'viewed',
          count: 2,
          kinds: ['viewed', 'viewed-appointments'],
        }),
      ]);
    });

    it("shows only the caller's own record", async () => {
      const own = await accessLog(otherPatient);
      // The other patient's refused attempt concerns the first patient's record, not their own.
      expect(own.entries.some((e) => e.kind === 'refused')).toBe(false);
      expect(own.entries.every((e) => e.actor !== 'staff')).toBe(true);
    });

    it('is audited, but the reading is not listed in the log it reads', async () => {
      const first = await accessLog(patient);
      expect(await auditOf(database, first.response)).toEqual([
        expect.objectContaining({
          action: 'patient.access-log.read',
          actor_username: patient.username,
          record_type: 'patient',
          record_ids: [patient.recordId],
          outcome: 'success',
        }),
      ]);
      const second = await accessLog(patient);
      expect(second.entries).toEqual(first.entries);
      expect(second.response.headers['x-total-count']).toBe(
        first.response.headers['x-total-count'],
      );
    });

    it('pages with ?limit= and ?cursor=, each entry exactly once', async () => {
      // Lines alternate between the doctor and the patient, so each event begins a line.
      for (let i = 0; i < 4; i += 1) {
        for (const user of [doctor, patient])
          expectSuccess(
            await call(app, 'GET', `/patient/${patient.recordId}`, { token: user.token }),
            200,
          );
      }
      const all = (await accessLog(patient, '?limit=200')).entries;
      expect(all.length).toBeGreaterThan(5);
      const seen: AccessLogEntry[] = [];
      let query = '?limit=2';
      for (let pages = 0; pages < 50; pages += 1) {
        const { entries, response } = await accessLog(patient, query);
        expect(entries.length).toBeLessThanOrEqual(2);
        expect(Number(response.headers['x-total-count'])).toBe(all.length);
        seen.push(...entries);
        const next = response.headers['x-next-cursor'];
        if (!next) {
          expect(response.headers['link']).toBeUndefined();
          break;
        }
        expect(response.headers['link']).toBe(
          `</api/profile/access-log?limit=2&cursor=${String(next)}>; rel="next"`,
        );
        query = `?limit=2&cursor=${String(next)}`;
      }
      expect(seen).toEqual(all);
    });

    it('refuses a cursor it did not give out and a limit over 200', async () => {
      expectProblem(
        await call(app, 'GET', '/profile/access-log?cursor=nonsense', { token: patient.token }),
        400,
      );
      expectProblem(
        await call(app, 'GET', '/profile/access-log?limit=201', { token: patient.token }),
        400,
      );
    });

    it('refuses staff and anonymous callers', async () => {
      expectProblem(await call(app, 'GET', '/profile/access-log', { token: doctor.token }), 403);
      expectProblem(await call(app, 'GET', '/profile/access-log'), 401);
    });
  });

  describe('GET /profile/appointments', () => {
    it('lists future appointments soonest first, paged, and audits the reading', async () => {
      const owner = await createUser(app, database, 'patient');
      const today = todayUtc();
      await addAppointment(owner.recordId, addDays(today, -2), '10:00', 'Past visit');
      await addAppointment(owner.recordId, addDays(today, 30), '08:15', 'Later');
      await addAppointment(owner.recordId, addDays(today, 1), '14:00', 'Sooner afternoon');
      await addAppointment(owner.recordId, addDays(today, 1), '09:00', 'Sooner morning');
      await addAppointment(otherPatient.recordId, addDays(today, 2), '09:00', 'Not yours');

      const response = await call(app, 'GET', '/profile/appointments', { token: owner.token });
      expectSuccess(response, 200);
      const items = upcomingAppointmentListSchema.parse(response.json());
      expect(items.map(({ date, time, topic }) => ({ date, time, topic }))).toEqual([
        { date: addDays(today, 1), time: '09:00:00', topic: 'Sooner morning' },
        { date: addDays(today, 1), time: '14:00:00', topic: 'Sooner afternoon' },
        { date: addDays(today, 30), time: '08:15:00', topic: 'Later' },
      ]);
      expect(items[0]).toMatchObject({ status: 'booked', duration_minutes: 15, clinician: null });
      expect(response.headers['x-total-count']).toBe('3');
      expect(await auditOf(database, response)).toEqual([
        expect.objectContaining({
          action: 'patient.appointment.list',
          record_ids: [owner.recordId],
          outcome: 'success',
        }),
      ]);

      const first = await call(app, 'GET', '/profile/appointments?limit=2', { token: owner.token });
      const cursor = String(first.headers['x-next-cursor']);
      expect(first.json()).toEqual(items.slice(0, 2));
      const second = await call(app, 'GET', `/profile/appointments?limit=2&cursor=${cursor}`, {
        token: owner.token,
      });
      expect(second.json()).toEqual(items.slice(2));
      expect(second.headers['x-next-cursor']).toBeUndefined();

      const log = await accessLog(owner);
      expect(log.entries[0]).toMatchObject({ kind: 'viewed-appointments', actor: 'you' });
    });

    it('answers an empty list without appointments', async () => {
      const owner = await createUser(app, database, 'patient');
      const response = await call(app, 'GET', '/profile/appointments', { token: owner.token });
      expectSuccess(response, 200);
      expect(response.json()).toEqual([]);
      expect(response.headers['x-total-count']).toBe('0');
    });

    it('refuses staff and anonymous callers', async () => {
      expectProblem(await call(app, 'GET', '/profile/appointments', { token: doctor.token }), 403);
      expectProblem(await call(app, 'GET', '/profile/appointments'), 401);
    });
  });
});
