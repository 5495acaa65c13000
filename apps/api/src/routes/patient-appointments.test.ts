import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, chartAppointmentListSchema, todayUtc } from '@portal/contract';
import type { Database } from '../db/database';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  type TestUser,
} from '../test/harness';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';

/** GET /patient/{patient_id}/appointments, the chart's list, on each backend. */
describe.each(BACKENDS)('GET /patient/:patient_id/appointments on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let patientId: string;

  async function addAppointment(date: string, time: string, topic: string) {
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient-appointment', {
        token: doctor.token,
        body: { patient_id: patientId, date, time, topic },
      }),
      201,
    );
  }

  async function list(query = '') {
    const response = await call(app, 'GET', `/patient/${patientId}/appointments${query}`, {
      token: doctor.token,
    });
    expectSuccess(response, 200);
    return { response, items: chartAppointmentListSchema.parse(response.json()) };
  }

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    const body = newPatient();
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body }),
      201,
    );
    patientId = body.patient.patient_id;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('answers an empty page for a patient without appointments, audited as a read', async () => {
    const { response, items } = await list();
    expect(items).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
    expect(response.headers['x-next-cursor']).toBeUndefined();
    const [event, ...others] = await auditOf(database, response);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      action: 'patient.appointment.read',
      actor_username: doctor.username,
      record_type: 'patient',
      record_ids: [patientId],
      outcome: 'success',
    });
  });

  it('lists past and future appointments, newest first, paging with a cursor', async () => {
    const today = todayUtc();
    await addAppointment(addDays(today, -30), '09:00', 'Past check-up');
    await addAppointment(addDays(today, 7), '10:30', 'Follow-up');
    await addAppointment(addDays(today, 7), '08:15', 'Blood test');
    await addAppointment(addDays(today, 60), '14:00', 'Scan');
    await addAppointment(addDays(today, -2), '16:45', 'Dressing');

    const all = await list();
    expect(all.items.map((a) => a.topic)).toEqual([
      'Scan',
      'Follow-up',
      'Blood test',
      'Dressing',
      'Past check-up',
    ]);
    expect(all.items[1]).toMatchObject({
      date: addDays(today, 7),
      time: '10:30:00',
      topic: 'Follow-up',
      status: 'booked',
    });

    const first = await list('?limit=2');
    expect(first.items.map((a) => a.topic)).toEqual(['Scan', 'Follow-up']);
    expect(first.response.headers['x-total-count']).toBe('5');
    const cursor = String(first.response.headers['x-next-cursor']);
    expect(first.response.headers['link']).toContain('rel="next"');
    const second = await list(`?limit=2&cursor=${cursor}`);
    expect(second.items.map((a) => a.topic)).toEqual(['Blood test', 'Dressing']);
    const third = await list(`?limit=2&cursor=${String(second.response.headers['x-next-cursor'])}`);
    expect(third.items.map((a) => a.topic)).toEqual(['Past check-up']);
    expect(third.response.headers['x-next-cursor']).toBeUndefined();
  });

  it('accepts a lower-case id', async () => {
    const response = await call(app, 'GET', `/patient/${patientId.toLowerCase()}/appointments`, {
      token: doctor.token,
    });
    expectSuccess(response, 200);
    expect(chartAppointmentListSchema.parse(response.json()).length).toBeGreaterThan(0);
  });

  it('answers 404 for an unknown patient and audits the failed read', async () => {
    const response = await call(app, 'GET', '/patient/P999999999/appointments', {
      token: doctor.token,
    });
    expectProblem(response, 404);
    expect((await auditOf(database, response))[0]).toMatchObject({
      action: 'patient.appointment.read',
      record_ids: ['P999999999'],
      outcome: 'failure',
    });
  });

  it('refuses a bad id, a bad limit and a bad cursor, naming the field', async () => {
    for (const [path, field] of [
      ['/patient/X1/appointments', 'patient_id'],
      [`/patient/${patientId}/appointments?limit=0`, 'limit'],
      [`/patient/${patientId}/appointments?cursor=nonsense`, 'cursor'],
    ] as const) {
      const response = await call(app, 'GET', path, { token: doctor.token });
      expectProblem(response, 400);
      expect(JSON.stringify(response.json())).toContain(field);
    }
  });

  it('refuses patients, even for their own record', async () => {
    const patient = await createUser(app, database, 'patient');
    expectProblem(
      await call(app, 'GET', `/patient/${patient.recordId}/appointments`, {
        token: patient.token,
      }),
      403,
    );
  });
});
