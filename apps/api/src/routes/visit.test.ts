/**
 * The visit's records: vital signs (any subset, implausible values refused naming the field,
 * values outside the adult ranges flagged, the body mass index computed, paged newest first)
 * and signed notes (signed with author, time and content hash when saved, never edited,
 * addenda with their own signature, entered in error with a reason and kept). Both audited and
 * in the patient's access log. On each backend.
 */
import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accessLogSchema,
  addDays,
  type AppointmentResponse,
  BLOOD_PRESSURE_PAIR_MESSAGE,
  type ClinicalNote,
  DIASTOLIC_BELOW_SYSTOLIC_MESSAGE,
  NOTE_ALREADY_IN_ERROR_MESSAGE,
  NOTE_APPOINTMENT_MESSAGE,
  TAKEN_AT_FUTURE_MESSAGE,
  todayUtc,
  VITAL_WHOLE_MESSAGE,
  vitalRangeMessage,
  VITALS_EMPTY_MESSAGE,
  type VitalSigns,
} from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  type TestUser,
} from '../test/harness';

const sha256 = (value: unknown) =>
  createHash('sha256').update(JSON.stringify(value), 'utf8').digest('hex');

describe.each(BACKENDS)('vital signs and signed notes on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let nurse: TestUser;
  let patient: TestUser;
  let other: TestUser;

  const vitals = (of: TestUser, body: unknown, by: TestUser = nurse) =>
    call(app, 'POST', `/patient/${of.recordId}/vitals`, { token: by.token, body });
  const note = (of: TestUser, body: unknown, by: TestUser = doctor) =>
    call(app, 'POST', `/patient/${of.recordId}/notes`, { token: by.token, body });
  const notes = (of: TestUser, query = '') =>
    call(app, 'GET', `/patient/${of.recordId}/notes${query}`, { token: nurse.token });

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel', 'P001');
    nurse = await createUser(app, database, 'medical_personnel', 'P002');
    patient = await createUser(app, database, 'patient');
    other = await createUser(app, database, 'patient');
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  describe('vital signs', () => {
    it('records a whole set by a nurse: BMI computed, flags, author and time', async () => {
      const own = await createUser(app, database, 'patient');
      const response = await vitals(own, {
        systolic: 152,
        diastolic: 95,
        pulse: 88,
        respiratory_rate: 16,
        temperature_c: 37.04,
        spo2: 94,
        weight_kg: 80,
        height_cm: 175,
      });
      expectSuccess(response, 201);
      const set = response.json<VitalSigns>();
      expect(set).toMatchObject({
        systolic: 152,
        diastolic: 95,
        pulse: 88,
        respiratory_rate: 16,
        temperature_c: 37,
        spo2: 94,
        weight_kg: 80,
        height_cm: 175,
        bmi: 26.1,
        recorded_by: { employee_id: nurse.recordId },
      });
      expect(set.flags).toEqual([
        { field: 'systolic', level: 'high' },
        { field: 'diastolic', level: 'high' },
        { field: 'spo2', level: 'low' },
        { field: 'bmi', level: 'high' },
      ]);
      // Taken now when the body does not say.
      expect(Math.abs(Date.parse(set.taken_at) - Date.now())).toBeLessThan(60_000);
      expect(await auditOf(database, response)).toEqual([
        expect.objectContaining({
          action: 'patient.vitals.create',
          record_ids: [own.recordId],
          outcome: 'success',
        }),
      ]);
    });

    it('takes any non-empty subset; flags low values; no BMI without both', async () => {
      const response = await vitals(patient, { pulse: 48, temperature_c: '35.2' });
      expectSuccess(response, 201);
      expect(response.json<VitalSigns>()).toMatchObject({
        pulse: 48,
        temperature_c: 35.2,
        systolic: null,
        weight_kg: null,
        bmi: null,
        flags: [
          { field: 'pulse', level: 'low' },
          { field: 'temperature_c', level: 'low' },
        ],
      });
      const normal = await vitals(patient, { systolic: 118, diastolic: 76 }, doctor);
      expectSuccess(normal, 201);
      expect(normal.json<VitalSigns>().flags).toEqual([]);
    });

    it('refuses implausible values with 400 naming the field', async () => {
      const cases: [Record<string, unknown>, string, string][] = [
        [{}, 'systolic', VITALS_EMPTY_MESSAGE],
        [{ pulse: null, spo2: '' }, 'systolic', VITALS_EMPTY_MESSAGE],
        [{ systolic: 120 }, 'diastolic', BLOOD_PRESSURE_PAIR_MESSAGE],
        [{ diastolic: 80 }, 'systolic', BLOOD_PRESSURE_PAIR_MESSAGE],
        [{ systolic: 80, diastolic: 90 }, 'diastolic', DIASTOLIC_BELOW_SYSTOLIC_MESSAGE],
        [{ systolic: 400, diastolic: 80 }, 'systolic', vitalRangeMessage('systolic')],
        [{ pulse: 0 }, 'pulse', vitalRangeMessage('pulse')],
        [{ pulse: 72.5 }, 'pulse', VITAL_WHOLE_MESSAGE],
        [{ respiratory_rate: 1 }, 'respiratory_rate', vitalRangeMessage('respiratory_rate')],
        [{ temperature_c: 60 }, 'temperature_c', vitalRangeMessage('temperature_c')],
        [{ spo2: 101 }, 'spo2', vitalRangeMessage('spo2')],
        [{ weight_kg: 1e308 }, 'weight_kg', vitalRangeMessage('weight_kg')],
        [{ height_cm: -0 }, 'height_cm', vitalRangeMessage('height_cm')],
        [{ pulse: 70, taken_at: '2099-01-01T00:00:00Z' }, 'taken_at', TAKEN_AT_FUTURE_MESSAGE],
      ];
      for (const [body, field, message] of cases) {
        const problem = expectProblem(await vitals(patient, body), 400, field);
        expect(problem.errors?.find((e) => e.field === field)?.message, field).toBe(message);
      }
      expectProblem(await vitals(patient, { pulse: 'fast' }), 400, 'pulse');
      expectProblem(await vitals(patient, { pulse: 70, taken_at: 'yesterday' }), 400, 'taken_at');
      expectProblem(
        await call(app, 'POST', '/patient/P999999/vitals', {
          token: nurse.token,
          body: { pulse: 70 },
        }),
        404,
      );
    });

    it('lists the sets most recently taken first, one page at a time', async () => {
      const own = await createUser(app, database, 'patient');
      const days = [3, 1, 2];
      for (const [i, ago] of days.entries()) {
        expectSuccess(
          await vitals(own, {
            weight_kg: 70 + i,
            taken_at: `${addDays(todayUtc(), -ago)}T08:00:00+07:00`,
          }),
          201,
        );
      }
      const first = await call(app, 'GET', `/patient/${own.recordId}/vitals?limit=2`, {
        token: doctor.token,
      });
      expectSuccess(first, 200);
      expect(first.json<VitalSigns[]>().map((v) => v.weight_kg)).toEqual([71, 72]);
      expect(first.headers['x-total-count']).toBe('3');
      const cursor = String(first.headers['x-next-cursor']);
      const second = await call(
        app,
        'GET',
        `/patient/${own.recordId}/vitals?limit=2&cursor=${cursor}`,
        { token: doctor.token },
      );
      expect(second.json<VitalSigns[]>().map((v) => v.weight_kg)).toEqual([70]);
      expect(second.json<VitalSigns[]>()[0]!.taken_at).toBe(
        `${addDays(todayUtc(), -3)}T01:00:00.000Z`,
      );
      expect(await auditOf(database, second)).toEqual([
        expect.objectContaining({ action: 'patient.vitals.read', record_ids: [own.recordId] }),
      ]);
      // A cursor of another patient's list is not one this list gave out.
      expectProblem(
        await call(app, 'GET', `/patient/${patient.recordId}/vitals?cursor=${cursor}`, {
          token: doctor.token,
        }),
        400,
        'cursor',
      );
    });

    it('keeps a set as it was recorded: the database refuses changes and deletes', async () => {
      await expect(
        database.db.execute(sql`update vital_signs set pulse = 99 where pulse is not null`),
      ).rejects.toThrow();
      await expect(database.db.execute(sql`delete from vital_signs`)).rejects.toThrow();
    });
  });

  describe('signed notes', () => {
    it('signs a note with its author, time and the hash of what was signed', async () => {
      const booked = await call(app, 'POST', '/patient/add-patient-appointment', {
        token: nurse.token,
        body: { patient_id: patient.recordId, date: addDays(todayUtc(), 1), time: '10:00' },
      });
      const appointmentId = booked.json<AppointmentResponse>().appointment_id!;
      const text = 'S: cough for 3 days\nO: chest clear\nA: viral URTI\nP: fluids, review';
      const response = await note(patient, { text, appointment_id: appointmentId });
      expectSuccess(response, 201);
      const signed = response.json<ClinicalNote>();
      expect(signed).toMatchObject({
        text,
        appointment_id: appointmentId,
        status: 'current',
        addenda: [],
        entered_in_error: null,
        signature: { signed_by: { employee_id: doctor.recordId } },
      });
      expect(Math.abs(Date.parse(signed.signature.signed_at) - Date.now())).toBeLessThan(60_000);
      expect(signed.signature.content_hash).toBe(
        sha256({
          note_id: signed.note_id,
          patient_id: patient.recordId,
          appointment_id: appointmentId,
          signed_by: doctor.recordId,
          signed_at: signed.signature.signed_at,
          text,
        }),
      );
      expect(await auditOf(database, response)).toEqual([
        expect.objectContaining({ action: 'patient.note.create', record_ids: [patient.recordId] }),
      ]);
    });

    it("refuses an empty text and another patient's appointment", async () => {
      expectProblem(await note(patient, { text: ' \u200b ' }), 400, 'text');
      expectProblem(await note(patient, {}), 400, 'text');
      const booked = await call(app, 'POST', '/patient/add-patient-appointment', {
        token: nurse.token,
        body: { patient_id: other.recordId, date: addDays(todayUtc(), 2), time: '11:00' },
      });
      const problem = expectProblem(
        await note(patient, {
          text: 'x',
          appointment_id: booked.json<AppointmentResponse>().appointment_id,
        }),
        400,
        'appointment_id',
      );
      expect(problem.errors?.[0]?.message).toBe(NOTE_APPOINTMENT_MESSAGE);
    });

    it('amends by addenda, each signed by its own author; never edits the note', async () => {
      const own = await createUser(app, database, 'patient');
      const written = (await note(own, { text: 'Plan: review in 2 weeks' })).json<ClinicalNote>();
      const added = await call(
        app,
        'POST',
        `/patient/${own.recordId}/notes/${written.note_id}/addenda`,
        { token: nurse.token, body: { text: 'Patient phoned: better' } },
      );
      expectSuccess(added, 201);
      const amended = added.json<ClinicalNote>();
      expect(amended.text).toBe('Plan: review in 2 weeks');
      expect(amended.signature).toEqual(written.signature);
      expect(amended.addenda).toHaveLength(1);
      const [addendum] = amended.addenda;
      expect(addendum!.signature.signed_by?.employee_id).toBe(nurse.recordId);
      expect(addendum!.signature.content_hash).toBe(
        sha256({
          addendum_id: addendum!.addendum_id,
          note_id: written.note_id,
          signed_by: nurse.recordId,
          signed_at: addendum!.signature.signed_at,
          text: 'Patient phoned: better',
        }),
      );
      await expect(
        database.db.execute(
          sql`update clinical_note set text = 'changed' where note_id = ${written.note_id}::uuid`,
        ),
      ).rejects.toThrow();
      await expect(
        database.db.execute(
          sql`delete from clinical_note_addendum where addendum_id = ${addendum!.addendum_id}::uuid`,
        ),
      ).rejects.toThrow();
      expectProblem(
        await call(app, 'POST', `/patient/${other.recordId}/notes/${written.note_id}/addenda`, {
          token: nurse.token,
          body: { text: 'x' },
        }),
        404,
      );
    });

    it('hides a note entered in error from the default list and keeps it', async () => {
      const own = await createUser(app, database, 'patient');
      const kept = (await note(own, { text: 'Right patient' })).json<ClinicalNote>();
      const wrong = (await note(own, { text: 'Wrong patient' })).json<ClinicalNote>();
      const path = `/patient/${own.recordId}/notes/${wrong.note_id}/entered-in-error`;
      expectProblem(await call(app, 'POST', path, { token: nurse.token, body: {} }), 400, 'reason');
      const marked = await call(app, 'POST', path, {
        token: nurse.token,
        body: { reason: 'Written in the wrong chart' },
      });
      expectSuccess(marked, 200);
      expect(marked.json<ClinicalNote>()).toMatchObject({
        status: 'entered-in-error',
        text: 'Wrong patient',
        entered_in_error: {
          reason: 'Written in the wrong chart',
          by: { employee_id: nurse.recordId },
        },
      });
      expect(await auditOf(database, marked)).toEqual([
        expect.objectContaining({ action: 'patient.note.entered-in-error' }),
      ]);
      const again = expectProblem(
        await call(app, 'POST', path, { token: nurse.token, body: { reason: 'Again' } }),
        409,
        'note_id',
      );
      expect(again.errors?.[0]?.message).toBe(NOTE_ALREADY_IN_ERROR_MESSAGE);
      expectProblem(
        await call(app, 'POST', `/patient/${own.recordId}/notes/${wrong.note_id}/addenda`, {
          token: nurse.token,
          body: { text: 'x' },
        }),
        409,
        'note_id',
      );
      const current = await notes(own);
      expect(current.json<ClinicalNote[]>().map((n) => n.note_id)).toEqual([kept.note_id]);
      const all = await notes(own, '?status=all');
      expect(all.json<ClinicalNote[]>().map((n) => n.note_id)).toEqual([
        wrong.note_id,
        kept.note_id,
      ]);
      expect(await auditOf(database, all)).toEqual([
        expect.objectContaining({ action: 'patient.notes.read', record_ids: [own.recordId] }),
      ]);
      const [row] = await queryRows<{ text: string; status: string }>(
        database.db,
        sql`select text, status from clinical_note where note_id = ${wrong.note_id}::uuid`,
      );
      expect(row).toEqual({ text: 'Wrong patient', status: 'entered-in-error' });
      expectProblem(await notes(own, '?status=deleted'), 400, 'status');
    });

    it('signs a note once for a retry with the same Idempotency-Key', async () => {
      const own = await createUser(app, database, 'patient');
      const send = () =>
        call(app, 'POST', `/patient/${own.recordId}/notes`, {
          token: doctor.token,
          body: { text: 'Sent twice by a flaky network' },
          headers: { 'idempotency-key': `note-${own.recordId}` },
        });
      const first = await send();
      const retry = await send();
      expectSuccess(first, 201);
      expectSuccess(retry, 201);
      expect(retry.headers['idempotent-replayed']).toBe('true');
      expect(retry.json<ClinicalNote>().note_id).toBe(first.json<ClinicalNote>().note_id);
      expect((await notes(own)).json<ClinicalNote[]>()).toHaveLength(1);
    });

    it('pages the notes newest first', async () => {
      const own = await createUser(app, database, 'patient');
      for (const text of ['one', 'two', 'three']) expectSuccess(await note(own, { text }), 201);
      const first = await notes(own, '?limit=2');
      expect(first.json<ClinicalNote[]>().map((n) => n.text)).toEqual(['three', 'two']);
      const second = await notes(own, `?limit=2&cursor=${String(first.headers['x-next-cursor'])}`);
      expect(second.json<ClinicalNote[]>().map((n) => n.text)).toEqual(['one']);
    });
  });

  it("shows in the patient's access log who recorded vitals and wrote a note", async () => {
    const own = await createUser(app, database, 'patient');
    expectSuccess(await vitals(own, { pulse: 70 }), 201);
    expectSuccess(await note(own, { text: 'Seen' }), 201);
    const response = await call(app, 'GET', '/profile/access-log?limit=10', { token: own.token });
    expectSuccess(response, 200);
    const entries = accessLogSchema.parse(response.json());
    const kinds = entries.flatMap((e) => e.kinds ?? [e.kind]);
    expect(kinds).toContain('vitals-recorded');
    expect(kinds).toContain('note-written');
    for (const entry of entries.filter((e) =>
      (e.kinds ?? [e.kind]).some((k) => k === 'vitals-recorded' || k === 'note-written'),
    )) {
      expect(entry).toMatchObject({ actor: 'staff', role: 'medical_personnel' });
      expect(entry.name).toBeTruthy();
    }
  });
});
