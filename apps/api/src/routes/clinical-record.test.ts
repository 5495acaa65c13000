/**
 * The clinical record: authors from the session, appointments with a clinician, a length and a
 * status (cancel, reschedule, attended / no-show, the Latest rule), a clinician's day, allergy
 * reactions and severities, and the summary view of the patient list and search.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  type AppointmentResponse,
  type ChartAppointment,
  CLINICIAN_BUSY_MESSAGE,
  type DayAppointment,
  hospitalNow,
  hospitalToday,
  type PatientRecord,
  patientRecordSchema,
  type RescheduleResponse,
  todayUtc,
  upcomingAppointmentListSchema,
} from '@portal/contract';
import { type Database } from '../db/database';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newEmployee,
  newPatient,
  type TestUser,
  unique,
} from '../test/harness';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';

let database: Database;
let app: FastifyInstance;
let doctor: TestUser;
let nurse: TestUser;
let hr: TestUser;
let patient: TestUser;

/** A day of its own for a test, ahead of today (appointments of other tests stay off it). */
function ownDay(): string {
  return addDays(todayUtc(), 30 + (unique() % 3000));
}

async function addPatient(
  body: { patient: { patient_id: string } } & Record<string, unknown> = newPatient(),
): Promise<string> {
  const response = await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body });
  expectSuccess(response, 201);
  return body.patient.patient_id;
}

async function book(
  patientId: string,
  fields: Record<string, unknown>,
  token = doctor.token,
): Promise<AppointmentResponse> {
  const response = await call(app, 'POST', '/patient/add-patient-appointment', {
    token,
    body: { patient_id: patientId, time: '09:00', topic: 'Check-up', ...fields },
  });
  expectSuccess(response, 201);
  return response.json<AppointmentResponse>();
}

async function record(patientId: string): Promise<PatientRecord> {
  const response = await call(app, 'GET', `/patient/${patientId}`, { token: doctor.token });
  expectSuccess(response, 200);
  return response.json<PatientRecord>();
}

// A reschedule is a booking, which the matrix by position gives the nurse, not the doctor.
const act = (patientId: string, appointmentId: string, what: string, body: unknown) =>
  call(app, 'POST', `/patient/${patientId}/appointments/${appointmentId}/${what}`, {
    token: what === 'reschedule' ? nurse.token : doctor.token,
    body,
  });

describe.each(BACKENDS)('the clinical record on %s', (backend) => {
  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    nurse = await createUser(app, database, 'medical_personnel', 'P002');
    hr = await createUser(app, database, 'HR');
    patient = await createUser(app, database, 'patient');
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('who and when', () => {
    it('takes the author of an appointment and a history entry from the session, never the body', async () => {
      const id = await addPatient();
      const claimed = { employee_id: nurse.recordId, first_name: 'Someone', last_name: 'Else' };
      const appointment = await book(id, {
        date: ownDay(),
        recorded_by: claimed,
        recorded_at: '2000-01-01T00:00:00.000Z',
      });
      expect(appointment.recorded_by?.employee_id).toBe(doctor.recordId);
      expect(Date.now() - Date.parse(appointment.recorded_at!)).toBeLessThan(60_000);
      const history = await call(app, 'POST', '/patient/add-patient-history', {
        token: doctor.token,
        body: {
          patient_id: id,
          date: todayUtc(),
          time: '08:00',
          detail: 'Seen',
          recorded_by: claimed,
          recorded_at: '2000-01-01T00:00:00.000Z',
        },
      });
      expectSuccess(history, 201);
      const [entry] = (await record(id)).medical_history;
      expect(entry!.recorded_by).toEqual({
        employee_id: doctor.recordId,
        first_name: 'Kanya',
        last_name: expect.any(String) as string,
      });
      expect(entry!.recorded_at).not.toBe('2000-01-01T00:00:00.000Z');
      const chart = await call(app, 'GET', `/patient/${id}/appointments`, { token: doctor.token });
      expect(chart.json<ChartAppointment[]>()[0]!.recorded_by?.employee_id).toBe(doctor.recordId);
    });
  });

  describe('booking with a clinician and a length', () => {
    it('names the clinician and the length, 15 minutes by default', async () => {
      const id = await addPatient();
      const plain = await book(id, { date: ownDay() });
      expect(plain).toMatchObject({ duration_minutes: 15, status: 'booked', clinician: null });
      const withClinician = await book(id, {
        date: ownDay(),
        clinician_id: nurse.recordId.toLowerCase(),
        duration_minutes: 45,
      });
      expect(withClinician).toMatchObject({
        duration_minutes: 45,
        clinician: { employee_id: nurse.recordId },
        warnings: [],
      });
    });

    it('refuses a clinician who is not an active clinical employee, naming clinician_id', async () => {
      const id = await addPatient();
      const resigned = newEmployee({
        position_id: 'P001',
        work_status: 'no',
        resignation_date: '2024-01-01',
      });
      expectSuccess(
        await call(app, 'POST', '/employee/add-employee', { token: hr.token, body: resigned }),
        201,
      );
      const porter = newEmployee({ position_id: 'P010' });
      expectSuccess(
        await call(app, 'POST', '/employee/add-employee', { token: hr.token, body: porter }),
        201,
      );
      for (const clinician of [hr.recordId, resigned.employee_id, porter.employee_id, 'E999999']) {
        const response = await call(app, 'POST', '/patient/add-patient-appointment', {
          token: doctor.token,
          body: { patient_id: id, date: ownDay(), time: '09:00', clinician_id: clinician },
        });
        expectProblem(response, 400, 'clinician_id');
      }
      expect((await record(id)).patient_appointment.date).toBe('');
    });

    it.each([[4], [481], ['an hour']])('refuses a length of %j', async (minutes) => {
      const id = await addPatient();
      const response = await call(app, 'POST', '/patient/add-patient-appointment', {
        token: doctor.token,
        body: { patient_id: id, date: ownDay(), time: '09:00', duration_minutes: minutes },
      });
      expectProblem(response, 400, 'duration_minutes');
    });

    it("warns, and still books, when asked to book over the clinician's booking", async () => {
      const date = ownDay();
      const [first, second] = [await addPatient(), await addPatient()];
      await book(first, {
        date,
        time: '10:00',
        clinician_id: doctor.recordId,
        duration_minutes: 30,
      });
      const overlapping = await book(second, {
        date,
        time: '10:20',
        clinician_id: doctor.recordId,
        allow_overlap: true,
      });
      expect(overlapping.warnings).toEqual([
        { code: 'clinician_busy', message: CLINICIAN_BUSY_MESSAGE, field: 'clinician_id' },
      ]);
      expect(overlapping.status).toBe('booked');
      // Touching is not overlapping (10:20 for 15 minutes ends at 10:35); another clinician is
      // not busy.
      const after = await book(second, { date, time: '10:35', clinician_id: doctor.recordId });
      expect(after.warnings).toEqual([]);
      const other = await book(second, { date, time: '10:00', clinician_id: nurse.recordId });
      expect(other.warnings).toEqual([]);
    });

    it('keeps the spec call working with its four fields', async () => {
      const id = await addPatient();
      const response = await call(app, 'POST', '/patient/add-patient-appointment', {
        token: doctor.token,
        body: { patient_id: id, date: ownDay(), time: '11:00', topic: 'Spec client' },
      });
      expectSuccess(response, 201);
      expect(response.json()).toMatchObject({
        patient_id: id,
        time: '11:00:00',
        topic: 'Spec client',
      });
    });
  });

  describe('the Latest Appointment', () => {
    it('is the next booked one from now, else the most recent past one, never a cancelled one', async () => {
      const id = await addPatient();
      const past = await book(id, { date: addDays(todayUtc(), -30), topic: 'Past' });
      const soon = await book(id, { date: addDays(todayUtc(), 3), topic: 'Soon' });
      await book(id, { date: addDays(todayUtc(), 60), topic: 'Later' });
      expect((await record(id)).patient_appointment.topic).toBe('Soon');
      // Who booked it and when, as the chart's appointments carry them (the contract's schema
      // keeps them: it strips what it does not know).
      expect(soon.recorded_by?.employee_id).toBe(doctor.recordId);
      expect(patientRecordSchema.parse(await record(id)).patient_appointment).toMatchObject({
        recorded_by: soon.recorded_by,
        recorded_at: soon.recorded_at,
      });

      expectSuccess(
        await act(id, soon.appointment_id!, 'cancel', { reason: 'Feeling better' }),
        200,
      );
      expect((await record(id)).patient_appointment.topic).toBe('Later');

      const later = (await record(id)).patient_appointment.appointment_id!;
      expectSuccess(await act(id, later, 'cancel', { reason: 'Moved away' }), 200);
      const latest = (await record(id)).patient_appointment;
      expect(latest).toMatchObject({ topic: 'Past', appointment_id: past.appointment_id });

      expectSuccess(await act(id, past.appointment_id!, 'cancel', { reason: 'Never came' }), 200);
      expect((await record(id)).patient_appointment).toEqual({ date: '', time: '', topic: null });
    });

    it('reads the hospital’s clock: an appointment an hour ago there is past, though still ahead in UTC', async () => {
      const id = await addPatient();
      // An hour ago in Bangkok (UTC+7) is six hours ahead of now as UTC's wall clock reads.
      const hourAgo = hospitalNow(new Date(Date.now() - 3_600_000));
      await book(id, { date: hourAgo.date, time: hourAgo.time.slice(0, 5), topic: 'Hour ago' });
      await book(id, { date: addDays(hospitalToday(), 30), topic: 'Next month' });
      expect((await record(id)).patient_appointment.topic).toBe('Next month');
      const next = (await record(id)).patient_appointment.appointment_id!;
      expectSuccess(await act(id, next, 'cancel', { reason: 'Moved away' }), 200);
      expect((await record(id)).patient_appointment.topic).toBe('Hour ago');
    });
  });

  describe('cancel, reschedule, attended and no-show', () => {
    it('cancels a booked appointment once, with a reason; then 409', async () => {
      const id = await addPatient();
      const booked = await book(id, { date: ownDay() });
      expectProblem(await act(id, booked.appointment_id!, 'cancel', {}), 400, 'reason');
      const cancelled = await act(id, booked.appointment_id!, 'cancel', { reason: ' Ill ' });
      expectSuccess(cancelled, 200);
      expect(cancelled.json()).toMatchObject({ status: 'cancelled', cancel_reason: 'Ill' });
      expect(await auditOf(database, cancelled)).toEqual([
        expect.objectContaining({
          action: 'patient.appointment.cancel',
          record_ids: [id],
          outcome: 'success',
        }),
      ]);
      expectProblem(await act(id, booked.appointment_id!, 'cancel', { reason: 'Again' }), 409);
      expectProblem(await act(id, booked.appointment_id!, 'status', { status: 'fulfilled' }), 409);
    });

    it("answers 404 for another patient's appointment or an unknown one", async () => {
      const [one, other] = [await addPatient(), await addPatient()];
      const booked = await book(one, { date: ownDay() });
      expectProblem(await act(other, booked.appointment_id!, 'cancel', { reason: 'x' }), 404);
      expectProblem(
        await act(one, '00000000-0000-4000-8000-000000000000', 'cancel', { reason: 'x' }),
        404,
      );
      expectProblem(await act(one, 'not-an-id', 'cancel', { reason: 'x' }), 400, 'appointment_id');
    });

    it('reschedules: cancels the old one and books the new, linked both ways', async () => {
      const id = await addPatient();
      const old = await book(id, {
        date: ownDay(),
        clinician_id: nurse.recordId,
        duration_minutes: 30,
        topic: 'Scan',
      });
      const newDate = ownDay();
      const response = await act(id, old.appointment_id!, 'reschedule', {
        date: newDate,
        time: '15:00',
      });
      expectSuccess(response, 200);
      const { cancelled, booked, warnings } = response.json<RescheduleResponse>();
      expect(cancelled).toMatchObject({
        appointment_id: old.appointment_id,
        status: 'cancelled',
        cancel_reason: 'Rescheduled',
        rescheduled_to: booked.appointment_id,
      });
      expect(booked).toMatchObject({
        date: newDate,
        time: '15:00:00',
        status: 'booked',
        topic: 'Scan',
        duration_minutes: 30,
        clinician: { employee_id: nurse.recordId },
        rescheduled_from: old.appointment_id,
        recorded_by: { employee_id: nurse.recordId },
      });
      expect(warnings).toEqual([]);
      expectProblem(
        await act(id, old.appointment_id!, 'reschedule', { date: newDate, time: '16:00' }),
        409,
      );
    });

    it('marks a booked appointment attended or missed, only from booked', async () => {
      const id = await addPatient();
      const a = await book(id, { date: addDays(todayUtc(), -1) });
      const b = await book(id, { date: addDays(todayUtc(), -2) });
      const attended = await act(id, a.appointment_id!, 'status', { status: 'fulfilled' });
      expectSuccess(attended, 200);
      expect(attended.json()).toMatchObject({ status: 'fulfilled' });
      expectSuccess(await act(id, b.appointment_id!, 'status', { status: 'noshow' }), 200);
      expectProblem(await act(id, a.appointment_id!, 'status', { status: 'noshow' }), 409);
      expectProblem(
        await act(id, b.appointment_id!, 'status', { status: 'cancelled' }),
        400,
        'status',
      );
    });

    it.each(['cancel', 'status', 'reschedule'])(
      'lets exactly one of 30 simultaneous %s requests through; the others answer 409',
      async (what) => {
        const id = await addPatient();
        const booked = await book(id, { date: ownDay() });
        const body =
          what === 'cancel'
            ? { reason: 'Same time' }
            : what === 'status'
              ? { status: 'fulfilled' }
              : { date: ownDay(), time: '12:00' };
        const responses = await Promise.all(
          Array.from({ length: 30 }, () => act(id, booked.appointment_id!, what, body)),
        );
        const statuses = responses.map((r) => r.statusCode).sort();
        expect(statuses).toEqual([200, ...Array<number>(29).fill(409)]);
        const chart = await call(app, 'GET', `/patient/${id}/appointments`, {
          token: doctor.token,
        });
        // A reschedule booked exactly one replacement.
        expect(chart.json<ChartAppointment[]>()).toHaveLength(what === 'reschedule' ? 2 : 1);
      },
    );
  });

  describe("the patient's own list", () => {
    it('lists a cancellation among past visits, with its status, reason and the clinician by name', async () => {
      const soon = await book(patient.recordId, {
        date: addDays(todayUtc(), 2),
        clinician_id: doctor.recordId,
      });
      expectSuccess(
        await act(patient.recordId, soon.appointment_id!, 'cancel', { reason: 'Clinic closed' }),
        200,
      );
      const upcoming = await call(app, 'GET', '/profile/appointments', { token: patient.token });
      expect(
        upcomingAppointmentListSchema
          .parse(upcoming.json())
          .some((a) => a.appointment_id === soon.appointment_id),
        'a cancelled visit is no longer upcoming',
      ).toBe(false);
      const response = await call(app, 'GET', '/profile/appointments?when=past', {
        token: patient.token,
      });
      const items = upcomingAppointmentListSchema.parse(response.json());
      const shown = items.find((a) => a.appointment_id === soon.appointment_id);
      expect(shown).toEqual({
        date: addDays(todayUtc(), 2),
        time: '09:00:00',
        topic: 'Check-up',
        appointment_id: soon.appointment_id,
        status: 'cancelled',
        duration_minutes: 15,
        clinician: { first_name: 'Kanya', last_name: expect.any(String) as string },
        cancel_reason: 'Clinic closed',
      });
      // A patient's list names the clinician, not their employee id.
      expect(JSON.stringify(response.json())).not.toContain(doctor.recordId);
    });
  });

  describe("a clinician's day", () => {
    it('lists the day by time, of one clinician if asked, paged, audited per patient shown', async () => {
      const date = ownDay();
      const patients = [await addPatient(), await addPatient(), await addPatient()];
      await book(patients[0]!, { date, time: '11:00', clinician_id: doctor.recordId });
      await book(patients[1]!, { date, time: '09:00', clinician_id: doctor.recordId });
      await book(patients[2]!, { date, time: '10:00', clinician_id: doctor.recordId });
      await book(patients[2]!, { date, time: '09:30', clinician_id: nurse.recordId });
      const cancelled = await book(patients[0]!, {
        date,
        time: '08:00',
        clinician_id: doctor.recordId,
      });
      await act(patients[0]!, cancelled.appointment_id!, 'cancel', { reason: 'x' });

      const day = (query: string) =>
        call(app, 'GET', `/appointments?date=${date}${query}`, { token: doctor.token });
      const all = await day('');
      expectSuccess(all, 200);
      expect(all.json<DayAppointment[]>().map((a) => a.time)).toEqual([
        '08:00:00',
        '09:00:00',
        '09:30:00',
        '10:00:00',
        '11:00:00',
      ]);

      const first = await day(`&clinician_id=${doctor.recordId}&limit=2`);
      expectSuccess(first, 200);
      const page1 = first.json<DayAppointment[]>();
      expect(page1.map((a) => [a.time, a.status, a.patient_id])).toEqual([
        ['08:00:00', 'cancelled', patients[0]],
        ['09:00:00', 'booked', patients[1]],
      ]);
      expect(page1[1]).toMatchObject({
        first_name: 'Malee',
        duration_minutes: 15,
        clinician: { employee_id: doctor.recordId },
      });
      expect(first.headers['x-total-count']).toBe('4');
      expect(await auditOf(database, first)).toEqual([
        expect.objectContaining({
          action: 'patient.appointment.day-list',
          actor_username: doctor.username,
          record_type: 'patient',
          record_ids: [patients[0], patients[1]],
          outcome: 'success',
        }),
      ]);
      const cursor = String(first.headers['x-next-cursor']);
      const second = await day(`&clinician_id=${doctor.recordId}&limit=2&cursor=${cursor}`);
      expect(second.json<DayAppointment[]>().map((a) => [a.time, a.patient_id])).toEqual([
        ['10:00:00', patients[2]],
        ['11:00:00', patients[0]],
      ]);
      expect(second.headers['x-next-cursor']).toBeUndefined();
      expect((await auditOf(database, second))[0]!.record_ids).toEqual([patients[2], patients[0]]);

      // A cursor from another day's list is not one this list gave out.
      expectProblem(
        await call(app, 'GET', `/appointments?date=${ownDay()}&cursor=${cursor}`, {
          token: doctor.token,
        }),
        400,
        'cursor',
      );
      expectProblem(await call(app, 'GET', '/appointments', { token: doctor.token }), 400, 'date');
    });

    it('lists the active clinicians', async () => {
      const response = await call(app, 'GET', '/clinicians?limit=200', { token: doctor.token });
      expectSuccess(response, 200);
      const ids = response.json<{ employee_id: string }[]>().map((c) => c.employee_id);
      expect(ids).toEqual(expect.arrayContaining([doctor.recordId, nurse.recordId]));
      expect(ids).not.toContain(hr.recordId);
    });
  });

  describe('allergies with reaction and severity', () => {
    it('stores them on add and update; the spec {drug_id} alone still works', async () => {
      const body = newPatient();
      const id = await addPatient({
        ...body,
        patient_drug_allergy: [{ drug_id: 'R003', reaction: 'Hives', severity: 'severe' }],
      });
      expect((await record(id)).patient_drug_allergy).toEqual([
        { drug_id: 'R003', reaction: 'Hives', severity: 'severe' },
      ]);
      const updated = await call(app, 'PUT', '/patient/update-patient', {
        token: doctor.token,
        body: {
          patient: { patient_id: id },
          patient_drug_allergy: [{ drug_id: 'R001' }, { drug_id: 'R002', severity: 'mild' }],
        },
      });
      expectSuccess(updated, 200);
      expect(updated.json<PatientRecord>().patient_drug_allergy).toEqual([
        { drug_id: 'R001', reaction: null, severity: null },
        { drug_id: 'R002', reaction: null, severity: 'mild' },
      ]);
      const bad = await call(app, 'PUT', '/patient/update-patient', {
        token: doctor.token,
        body: {
          patient: { patient_id: id },
          patient_drug_allergy: [{ drug_id: 'R001', severity: 'deadly' }],
        },
      });
      expectProblem(bad, 400, 'patient_drug_allergy.0.severity');
    });
  });

  describe('?view=summary', () => {
    it('answers summaries on the list and the search, and audits them as such', async () => {
      const body = newPatient();
      const id = await addPatient(body);
      const search = await call(app, 'POST', '/patient/search-patient?view=summary', {
        token: doctor.token,
        body: { patient_id: id },
      });
      expectSuccess(search, 200);
      expect(search.json()).toEqual([
        {
          patient_id: id,
          first_name: body.patient.first_name,
          last_name: body.patient.last_name,
          age: body.patient.age,
          gender: body.patient.gender,
          date_of_birth: body.patient.date_of_birth,
          has_drug_allergies: true,
        },
      ]);
      expect((await auditOf(database, search))[0]).toMatchObject({
        action: 'patient.search.summary',
        record_ids: [id],
      });
      const list = await call(app, 'GET', '/patient?view=summary&limit=3', { token: doctor.token });
      expectSuccess(list, 200);
      for (const item of list.json<Record<string, unknown>[]>())
        expect(Object.keys(item).sort()).toEqual(
          [
            'age',
            'date_of_birth',
            'first_name',
            'gender',
            'has_drug_allergies',
            'last_name',
            'patient_id',
          ].sort(),
        );
      expect((await auditOf(database, list))[0]).toMatchObject({ action: 'patient.list.summary' });

      // Without the view (or with full) the spec's records, audited as before.
      for (const query of ['', '?view=full']) {
        const full = await call(app, 'POST', `/patient/search-patient${query}`, {
          token: doctor.token,
          body: { patient_id: id },
        });
        expect(full.json<PatientRecord[]>()[0]!.patient.id_card_number).toBe(
          body.patient.id_card_number,
        );
        expect((await auditOf(database, full))[0]).toMatchObject({ action: 'patient.search' });
      }
      expectProblem(
        await call(app, 'GET', '/patient?view=everything', { token: doctor.token }),
        400,
        'view',
      );
    });
  });
});
