import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  contactChangeListSchema,
  dayAppointmentListSchema,
  hospitalToday,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENT_REPLAYED_HEADER,
  PATIENT_CANCEL_REASON_MESSAGE,
  PATIENT_CANCEL_TOO_LATE_MESSAGE,
  patientRecordSchema,
  upcomingAppointmentListSchema,
  upcomingAppointmentSchema,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/database';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  testConfig,
  type TestUser,
} from '../test/harness';

/**
 * A patient's own actions: cancelling their booked appointment (until the notice the setting
 * asks for), their two lists of appointments, and their contact details with the chart's
 * history of who changed them.
 */
describe.each(BACKENDS)('patient self-service on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let patient: TestUser;
  let otherPatient: TestUser;
  let minute = 0;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    patient = await createUser(app, database, 'patient');
    otherPatient = await createUser(app, database, 'patient');
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** The doctor's name from their employee record, as the contact history gives it. */
  const doctorName = async () => {
    const [row] = await queryRows<{ name: string }>(
      database.db,
      sql`select first_name || ' ' || last_name as name from employee
          where employee_id = ${doctor.recordId}`,
    );
    return row!.name;
  };

  /** A time of day no other booking of this file takes (the patient cannot be double-booked). */
  const ownTime = () => {
    minute += 20;
    const h = 8 + Math.floor(minute / 60);
    return `${String(h).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;
  };

  async function book(patientId: string, date: string, time = ownTime(), topic = 'Check-up') {
    const response = await call(app, 'POST', '/patient/add-patient-appointment', {
      token: doctor.token,
      body: { patient_id: patientId, date, time, topic, clinician_id: doctor.recordId },
    });
    expectSuccess(response, 201);
    return response.json<{ appointment_id: string }>().appointment_id;
  }

  const cancel = (user: TestUser, appointmentId: string, body: unknown, key?: string) =>
    call(app, 'POST', `/profile/appointments/${appointmentId}/cancel`, {
      token: user.token,
      body,
      ...(key ? { headers: { [IDEMPOTENCY_KEY_HEADER]: key } } : {}),
    });

  const list = async (user: TestUser, query: string) => {
    const response = await call(app, 'GET', `/profile/appointments${query}`, { token: user.token });
    expectSuccess(response, 200);
    return { response, items: upcomingAppointmentListSchema.parse(response.json()) };
  };

  describe('POST /profile/appointments/{id}/cancel', () => {
    it('cancels the patient’s own booked appointment with the reason, audited, and the clinician’s day shows it', async () => {
      const date = addDays(hospitalToday(), 3);
      const id = await book(patient.recordId, date);
      const response = await cancel(patient, id, { reason: 'I feel better' });
      expectSuccess(response, 200);
      expect(upcomingAppointmentSchema.parse(response.json())).toMatchObject({
        appointment_id: id,
        status: 'cancelled',
        cancel_reason: 'I feel better',
      });
      expect(await auditOf(database, response)).toEqual([
        expect.objectContaining({
          action: 'patient.appointment.cancel',
          actor_role: 'patient',
          record_ids: [patient.recordId],
          outcome: 'success',
        }),
      ]);
      const day = await call(
        app,
        'GET',
        `/appointments?date=${date}&clinician_id=${doctor.recordId}`,
        {
          token: doctor.token,
        },
      );
      expectSuccess(day, 200);
      expect(
        dayAppointmentListSchema.parse(day.json()).find((a) => a.appointment_id === id),
      ).toMatchObject({ status: 'cancelled', cancel_reason: 'I feel better' });
    });

    it('refuses with 409 inside the notice, saying to call the clinic, and leaves it booked', async () => {
      // Today, late: always less than 24 hours ahead.
      const id = await book(patient.recordId, hospitalToday(), '23:59');
      const problem = expectProblem(
        await cancel(patient, id, { reason: 'Too busy' }),
        409,
        'appointment_id',
      );
      expect(problem.detail).toContain(PATIENT_CANCEL_TOO_LATE_MESSAGE);
      const { items } = await list(patient, '?when=upcoming&limit=100');
      expect(items.find((a) => a.appointment_id === id)?.status).toBe('booked');
    });

    it('honours the notice the setting asks for', async () => {
      const strict = await createTestApp(
        database,
        testConfig({ patientCancelNoticeHours: 24 * 10 }),
      );
      try {
        const id = await book(patient.recordId, addDays(hospitalToday(), 5));
        const response = await strict.app.inject({
          method: 'POST',
          url: `/api/profile/appointments/${id}/cancel`,
          headers: { authorization: `Bearer ${patient.token}`, accept: 'application/problem+json' },
          payload: { reason: 'Travelling' },
        });
        expectProblem(response, 409, 'appointment_id');
      } finally {
        await strict.app.close();
      }
    });

    it('asks for a reason, and names it', async () => {
      const id = await book(patient.recordId, addDays(hospitalToday(), 4));
      for (const body of [{}, { reason: '   ' }, { reason: null }]) {
        const problem = expectProblem(await cancel(patient, id, body), 400, 'reason');
        expect(problem.errors?.[0]?.message).toBe(PATIENT_CANCEL_REASON_MESSAGE);
      }
      expectProblem(await cancel(patient, id, { reason: 'x'.repeat(501) }), 400, 'reason');
    });

    it("answers 404 for another patient's appointment and 403 to staff", async () => {
      const id = await book(otherPatient.recordId, addDays(hospitalToday(), 4));
      expectProblem(await cancel(patient, id, { reason: 'Not mine' }), 404);
      expectProblem(await cancel(doctor, id, { reason: 'Staff' }), 403);
      expectProblem(await cancel(patient, 'not-a-uuid', { reason: 'x' }), 400, 'appointment_id');
    });

    it('of 30 cancels of one appointment at once, exactly one succeeds; the rest are 409', async () => {
      const id = await book(patient.recordId, addDays(hospitalToday(), 6));
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) => cancel(patient, id, { reason: `Reason ${i}` })),
      );
      const statuses = answers.map((a) => a.statusCode).sort();
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(29);
      for (const refused of answers.filter((a) => a.statusCode === 409))
        expectProblem(refused, 409, 'appointment_id');
    });

    it('answers a retry with the same Idempotency-Key as the first time, once', async () => {
      const id = await book(patient.recordId, addDays(hospitalToday(), 7));
      const key = 'cancel-retry-0123456789abcdef';
      const first = await cancel(patient, id, { reason: 'Retry' }, key);
      expectSuccess(first, 200);
      const again = await cancel(patient, id, { reason: 'Retry' }, key);
      expectSuccess(again, 200);
      expect(again.headers[IDEMPOTENT_REPLAYED_HEADER.toLowerCase()]).toBe('true');
      expect(again.json()).toEqual(first.json());
      // Without the key, it is a new action, refused: the appointment is cancelled already.
      expectProblem(await cancel(patient, id, { reason: 'Retry' }), 409, 'appointment_id');
    });
  });

  describe('GET /profile/appointments?when=', () => {
    it('lists booked ones from today as upcoming and every other one as past, newest first', async () => {
      const owner = await createUser(app, database, 'patient');
      const today = hospitalToday();
      const attended = await book(owner.recordId, today, '00:00', 'Attended today');
      expectSuccess(
        await call(app, 'POST', `/patient/${owner.recordId}/appointments/${attended}/status`, {
          token: doctor.token,
          body: { status: 'fulfilled' },
        }),
        200,
      );
      const soon = await book(owner.recordId, addDays(today, 2), '09:00', 'Soon');
      const later = await book(owner.recordId, addDays(today, 9), '09:00', 'Later');
      const cancelled = await book(owner.recordId, addDays(today, 5), '09:00', 'Cancelled');
      expectSuccess(await cancel(owner, cancelled, { reason: 'Away' }), 200);
      const old = await book(owner.recordId, addDays(today, -20), '09:00', 'Old');

      const upcoming = await list(owner, '?when=upcoming');
      expect(upcoming.items.map((a) => a.appointment_id)).toEqual([soon, later]);
      expect(upcoming.response.headers['x-total-count']).toBe('2');
      // Without `when`, the upcoming list.
      expect((await list(owner, '')).items).toEqual(upcoming.items);

      const past = await list(owner, '?when=past');
      expect(past.items.map((a) => a.appointment_id)).toEqual([cancelled, attended, old]);
      expect(past.items.map((a) => a.status)).toEqual(['cancelled', 'fulfilled', 'booked']);
      expect(past.response.headers['x-total-count']).toBe('3');

      const first = await list(owner, '?when=past&limit=2');
      const cursor = String(first.response.headers['x-next-cursor']);
      expect(first.items).toEqual(past.items.slice(0, 2));
      const second = await list(owner, `?when=past&limit=2&cursor=${cursor}`);
      expect(second.items).toEqual(past.items.slice(2));
      expect(second.response.headers['x-next-cursor']).toBeUndefined();

      // The record's Latest Appointment keeps its rule: the next booked one from now.
      const record = patientRecordSchema.parse(
        (await call(app, 'GET', `/patient/${owner.recordId}`, { token: owner.token })).json(),
      );
      expect(record.patient_appointment).toMatchObject({ date: addDays(today, 2), topic: 'Soon' });
    });

    it('refuses an unknown list, naming when', async () => {
      expectProblem(
        await call(app, 'GET', '/profile/appointments?when=later', { token: patient.token }),
        400,
        'when',
      );
    });
  });

  describe('PATCH /profile/contact', () => {
    const patch = (user: TestUser, body: unknown, type = 'application/json') =>
      call(app, 'PATCH', '/profile/contact', {
        token: user.token,
        body: JSON.stringify(body),
        headers: { 'content-type': type },
      });

    const changes = async () => {
      const response = await call(app, 'GET', `/patient/${patient.recordId}/contact-changes`, {
        token: doctor.token,
      });
      expectSuccess(response, 200);
      return { response, items: contactChangeListSchema.parse(response.json()) };
    };

    it('changes what is sent, audited, and the chart lists who changed what', async () => {
      const response = await patch(patient, {
        phone_number: '081-555-0199',
        email: 'new.address@gmail.com',
      });
      expectSuccess(response, 200);
      expect(response.json()).toMatchObject({
        phone_number: '081-555-0199',
        email: 'new.address@gmail.com',
      });
      expect(await auditOf(database, response)).toEqual([
        expect.objectContaining({
          action: 'patient.contact.update',
          record_ids: [patient.recordId],
          outcome: 'success',
        }),
      ]);
      // As a merge patch: null empties the address.
      expectSuccess(await patch(patient, { address: null }, 'application/merge-patch+json'), 200);
      const record = patientRecordSchema.parse(
        (await call(app, 'GET', `/patient/${patient.recordId}`, { token: patient.token })).json(),
      );
      expect(record.patient).toMatchObject({
        phone_number: '081-555-0199',
        email: 'new.address@gmail.com',
        address: null,
      });

      // A staff edit of the phone is in the same history, by name.
      expectSuccess(
        await call(app, 'PUT', '/patient/update-patient', {
          token: doctor.token,
          body: { patient: { patient_id: patient.recordId, phone_number: '02-555-0100' } },
        }),
        200,
      );
      const { items, response: listed } = await changes();
      expect(items.slice(0, 3)).toEqual([
        expect.objectContaining({
          fields: ['phone_number'],
          changed_by: 'staff',
          name: await doctorName(),
        }),
        expect.objectContaining({ fields: ['address'], changed_by: 'patient', name: null }),
        expect.objectContaining({
          fields: ['phone_number', 'email'],
          changed_by: 'patient',
          name: null,
        }),
      ]);
      expect(await auditOf(database, listed)).toEqual([
        expect.objectContaining({ action: 'patient.contact-change.list', outcome: 'success' }),
      ]);
    });

    it('keeps no change when the values are the same', async () => {
      const before = (await changes()).items.length;
      const record = patientRecordSchema.parse(
        (await call(app, 'GET', `/patient/${patient.recordId}`, { token: patient.token })).json(),
      );
      expectSuccess(await patch(patient, { email: record.patient.email }), 200);
      expect((await changes()).items).toHaveLength(before);
    });

    it('applies the record’s rules, naming the field', async () => {
      expectProblem(await patch(patient, { email: 'someone@example.org' }), 400, 'email');
      expectProblem(await patch(patient, { phone_number: '12' }), 400, 'phone_number');
      expectProblem(await patch(patient, { phone_number: '' }), 400, 'phone_number');
      expectProblem(await patch(patient, {}), 400, 'phone_number');
      expectProblem(await patch(patient, { first_name: 'Mallory' }), 400);
      expectProblem(await patch(patient, { address: 'x'.repeat(2001) }), 400, 'address');
    });

    it('is for patients only; the history for clinicians only', async () => {
      expectProblem(await patch(doctor, { email: 'doc@gmail.com' }), 403);
      expectProblem(
        await call(app, 'GET', `/patient/${patient.recordId}/contact-changes`, {
          token: patient.token,
        }),
        403,
      );
      expectProblem(
        await call(app, 'GET', '/patient/P999999/contact-changes', { token: doctor.token }),
        404,
      );
    });
  });
});
