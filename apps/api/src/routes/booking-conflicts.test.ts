import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  CLINICIAN_BUSY_MESSAGE,
  PATIENT_BUSY_MESSAGE,
  type Problem,
  todayUtc,
} from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import { ALLOW_OVERLAP_EXTENSION } from '../fhir/writes';
import { fhirCall } from '../fhir/test/fhir-harness';
import { expectProblem, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  type TestUser,
} from '../test/harness';

/** Bookings that overlap another booked appointment of the patient or the clinician. */
describe.each(BACKENDS)('booking conflicts on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let nurse: TestUser;
  let day = 20;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    nurse = await createUser(app, database, 'medical_personnel');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** A day no other test of this file books on. */
  const ownDay = () => addDays(todayUtc(), day++);

  async function addPatient(): Promise<string> {
    const body = newPatient();
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body }),
      201,
    );
    return body.patient.patient_id;
  }

  const book = (body: Record<string, unknown>) =>
    call(app, 'POST', '/patient/add-patient-appointment', { token: doctor.token, body });

  async function booked(body: Record<string, unknown>): Promise<string> {
    const response = await book(body);
    expectSuccess(response, 201);
    return response.json<{ appointment_id: string }>().appointment_id;
  }

  const count = async (date: string) =>
    Number(
      (
        await queryRows<{ n: string | number }>(
          database.db,
          sql`select count(*) as n from appointment where date = ${date}::date and status = 'booked'`,
        )
      )[0]!.n,
    );

  it("refuses the same patient's overlapping booking with 409 naming time, with the clash", async () => {
    const patient = await addPatient();
    const date = ownDay();
    const first = await booked({ patient_id: patient, date, time: '09:00', topic: 'Check-up' });
    // Any clinician or none: the patient cannot be in two places.
    const response = await book({
      patient_id: patient,
      date,
      time: '09:10',
      topic: 'Again',
      clinician_id: nurse.recordId,
    });
    const problem = expectProblem(response, 409, 'time');
    expect(problem.errors).toEqual([{ field: 'time', message: PATIENT_BUSY_MESSAGE }]);
    expect(problem.clashes).toEqual([
      {
        field: 'time',
        appointment_id: first,
        date,
        time: '09:00:00',
        duration_minutes: 15,
        clinician: null,
      },
    ]);
    expect(await count(date)).toBe(1);
    // One that starts as the first ends does not overlap.
    await booked({ patient_id: patient, date, time: '09:15', topic: 'Next' });
  });

  it("refuses the same clinician's overlapping booking with 409 naming clinician_id", async () => {
    const [one, two] = [await addPatient(), await addPatient()];
    const date = ownDay();
    const first = await booked({
      patient_id: one,
      date,
      time: '10:00',
      topic: 'Private topic',
      clinician_id: doctor.recordId,
      duration_minutes: 30,
    });
    const response = await book({
      patient_id: two,
      date,
      time: '10:20',
      topic: 'x',
      clinician_id: doctor.recordId,
    });
    const problem = expectProblem(response, 409, 'clinician_id');
    expect(problem.errors).toEqual([{ field: 'clinician_id', message: CLINICIAN_BUSY_MESSAGE }]);
    expect(problem.clashes).toHaveLength(1);
    expect(problem.clashes![0]).toMatchObject({
      field: 'clinician_id',
      appointment_id: first,
      time: '10:00:00',
      duration_minutes: 30,
    });
    expect(problem.clashes![0]!.clinician?.employee_id).toBe(doctor.recordId);
    // Nothing of the other patient's appointment but when it is.
    expect(response.body).not.toContain('Private topic');
    expect(response.body).not.toContain(one);
    expect(await count(date)).toBe(1);
    // Another clinician at that time is free.
    await booked({
      patient_id: two,
      date,
      time: '10:20',
      topic: 'x',
      clinician_id: nurse.recordId,
    });
  });

  it('books over a clash when asked (allow_overlap), with the busy warning', async () => {
    const [one, two] = [await addPatient(), await addPatient()];
    const date = ownDay();
    await booked({
      patient_id: one,
      date,
      time: '11:00',
      topic: 'a',
      clinician_id: doctor.recordId,
    });
    const response = await book({
      patient_id: two,
      date,
      time: '11:00',
      topic: 'b',
      clinician_id: doctor.recordId,
      allow_overlap: true,
    });
    expectSuccess(response, 201);
    expect(response.json<{ warnings: unknown[] }>().warnings).toEqual([
      { code: 'clinician_busy', message: CLINICIAN_BUSY_MESSAGE, field: 'clinician_id' },
    ]);
    expect(await count(date)).toBe(2);
    expectProblem(
      await book({ patient_id: two, date, time: '11:00', topic: 'c', allow_overlap: 'yes' }),
      400,
      'allow_overlap',
    );
  });

  it('lets a cancelled appointment free its time', async () => {
    const patient = await addPatient();
    const date = ownDay();
    const first = await booked({ patient_id: patient, date, time: '12:00', topic: 'a' });
    expectSuccess(
      await call(app, 'POST', `/patient/${patient}/appointments/${first}/cancel`, {
        token: doctor.token,
        body: { reason: 'Unwell' },
      }),
      200,
    );
    await booked({ patient_id: patient, date, time: '12:00', topic: 'b' });
  });

  it('refuses a reschedule into a clash and leaves the appointment booked', async () => {
    const [one, two] = [await addPatient(), await addPatient()];
    const date = ownDay();
    await booked({
      patient_id: one,
      date,
      time: '14:00',
      topic: 'a',
      clinician_id: doctor.recordId,
    });
    const moving = await booked({
      patient_id: two,
      date,
      time: '15:00',
      topic: 'b',
      clinician_id: doctor.recordId,
    });
    const path = `/patient/${two}/appointments/${moving}/reschedule`;
    const refused = await call(app, 'POST', path, {
      token: doctor.token,
      body: { date, time: '14:05' },
    });
    expectProblem(refused, 409, 'clinician_id');
    const [row] = await queryRows<{ status: string }>(
      database.db,
      sql`select status from appointment where appointment_id = ${moving}::uuid`,
    );
    expect(row!.status).toBe('booked');
    // Its own old time is no clash: the appointment it replaces is cancelled first.
    expectSuccess(
      await call(app, 'POST', path, { token: doctor.token, body: { date, time: '15:05' } }),
      200,
    );
    const again = await queryRows<{ appointment_id: string }>(
      database.db,
      sql`select appointment_id::text from appointment where date = ${date}::date and time = '15:05'`,
    );
    const moved = again[0]!.appointment_id;
    expectSuccess(
      await call(app, 'POST', `/patient/${two}/appointments/${moved}/reschedule`, {
        token: doctor.token,
        body: { date, time: '14:05', allow_overlap: true },
      }),
      200,
    );
  });

  it('refuses a FHIR Appointment create that clashes, unless its extension allows it', async () => {
    const patient = await addPatient();
    const date = ownDay();
    const first = await booked({ patient_id: patient, date, time: '08:00', topic: 'a' });
    const resource = {
      resourceType: 'Appointment',
      status: 'booked',
      start: `${date}T08:05:00Z`,
      minutesDuration: 10,
      participant: [{ actor: { reference: `Patient/${patient}` }, status: 'accepted' }],
    };
    const refused = await fhirCall(app, 'POST', '/Appointment', {
      token: doctor.token,
      body: resource,
    });
    expect(refused.statusCode, refused.body).toBe(409);
    const outcome = refused.json<{ issue: { expression?: string[]; diagnostics?: string }[] }>();
    expect(outcome.issue[0]!.expression).toEqual(['Appointment.start']);
    expect(outcome.issue[0]!.diagnostics).toContain(`Appointment/${first}`);
    expect(await count(date)).toBe(1);
    const allowed = await fhirCall(app, 'POST', '/Appointment', {
      token: doctor.token,
      body: { ...resource, extension: [{ url: ALLOW_OVERLAP_EXTENSION, valueBoolean: true }] },
    });
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect(await count(date)).toBe(2);
  });

  it("gives exactly one 201 of 30 bookings at once of one clinician's time", async () => {
    const patients: string[] = [];
    for (let i = 0; i < 30; i++) patients.push(await addPatient());
    const date = ownDay();
    const answers = await Promise.all(
      patients.map((patient, i) =>
        book({
          patient_id: patient,
          date,
          // Every one overlaps every other: 30 minutes each, starting a minute apart.
          time: `16:${String(i).padStart(2, '0')}`,
          topic: 'Rush',
          clinician_id: doctor.recordId,
          duration_minutes: 30,
        }),
      ),
    );
    const statuses = answers.map((r) => r.statusCode).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(29);
    for (const refused of answers.filter((r) => r.statusCode === 409))
      expect(refused.json<Problem>().errors?.[0]?.field).toBe('clinician_id');
    expect(await count(date)).toBe(1);
  }, 60_000);
});
