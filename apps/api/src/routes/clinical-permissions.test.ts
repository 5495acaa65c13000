/**
 * The clinical actions' matrix by position, on the server: each call an endpoint ties to an
 * action, made by a Doctor and by a Nurse, with the status each must get written out here (not
 * derived from the contract's table, so a wrong entry there fails this test), and every action
 * of the matrix through a route of the test's own tied to it (so that the refusal holds for any
 * call an action is tied to, whatever its route does). The seed's
 * own calls stay open to every medical personnel.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  type AppointmentResponse,
  CLINICAL_ACTIONS,
  ENDPOINTS,
  todayUtc,
} from '@portal/contract';
import type { Database } from '../db/database';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  type TestUser,
  unique,
} from '../test/harness';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';

type Position = 'doctor' | 'nurse';

interface Row {
  /** The status for a Doctor and for a Nurse. */
  readonly expected: Readonly<Record<Position, number>>;
  /** The action a refusal names. */
  readonly action: string;
  readonly path: (patientId: string, appointmentId: string, entries: Entries) => string;
  readonly body: unknown;
  /** POST unless said otherwise. */
  readonly method?: 'POST' | 'PATCH';
}

/** A condition and an allergy of the patient, which the PATCH rows change. */
interface Entries {
  readonly condition: string;
  readonly allergy: string;
  /** Another new patient, with nothing on either list. */
  readonly bare: string;
  /** A signed note of the patient (the note rows' paths). */
  readonly note?: string;
  /** An active prescription of the patient (metformin; the stop row's path). */
  readonly medication?: string;
}

/** What a Doctor and a Nurse may do, written out here: only a Doctor diagnoses and prescribes. */
const BY_ACTION: Record<(typeof CLINICAL_ACTIONS)[number], Readonly<Record<Position, number>>> = {
  read: { doctor: 200, nurse: 200 },
  diagnose: { doctor: 200, nurse: 403 },
  prescribe: { doctor: 200, nurse: 403 },
  record_allergy: { doctor: 200, nurse: 200 },
  record_vitals: { doctor: 200, nurse: 200 },
  write_note: { doctor: 200, nurse: 200 },
  book: { doctor: 200, nurse: 200 },
  cancel: { doctor: 200, nurse: 200 },
  set_status: { doctor: 200, nurse: 200 },
};

// By endpoint name: every endpoint the contract ties to an action has a row.
const MATRIX: Record<string, Row> = {
  cancelAppointment: {
    expected: { doctor: 200, nurse: 200 },
    action: 'cancel',
    path: (p, a) => `/patient/${p}/appointments/${a}/cancel`,
    body: { reason: 'The patient called' },
  },
  rescheduleAppointment: {
    expected: { doctor: 200, nurse: 200 },
    action: 'book',
    path: (p, a) => `/patient/${p}/appointments/${a}/reschedule`,
    // Both positions move an appointment to the same time: booking it twice is on purpose here.
    body: { date: addDays(todayUtc(), 40), time: '10:00', allow_overlap: true },
  },
  setAppointmentStatus: {
    expected: { doctor: 200, nurse: 200 },
    action: 'set_status',
    path: (p, a) => `/patient/${p}/appointments/${a}/status`,
    body: { status: 'fulfilled' },
  },
  recordVitals: {
    expected: { doctor: 201, nurse: 201 },
    action: 'record_vitals',
    path: (p) => `/patient/${p}/vitals`,
    body: { systolic: 120, diastolic: 80, pulse: 72 },
  },
  addNote: {
    expected: { doctor: 201, nurse: 201 },
    action: 'write_note',
    path: (p) => `/patient/${p}/notes`,
    body: { text: 'S: cough\nO: clear chest' },
  },
  addNoteAddendum: {
    expected: { doctor: 201, nurse: 201 },
    action: 'write_note',
    path: (p, _a, e) => `/patient/${p}/notes/${e.note ?? ''}/addenda`,
    body: { text: 'Result came back normal' },
  },
  markNoteEnteredInError: {
    expected: { doctor: 200, nurse: 200 },
    action: 'write_note',
    path: (p, _a, e) => `/patient/${p}/notes/${e.note ?? ''}/entered-in-error`,
    body: { reason: 'Wrong patient' },
  },
  prescribe: {
    expected: { doctor: 201, nurse: 403 },
    action: 'prescribe',
    path: (p) => `/patient/${p}/medications`,
    body: {
      drug_id: 'rxn:5640',
      dose: 400,
      unit: 'mg',
      route: 'oral',
      frequency: 'three_times_daily',
      duration_days: 5,
      quantity: 15,
      instructions: 'After meals',
    },
  },
  stopMedication: {
    expected: { doctor: 200, nurse: 403 },
    action: 'prescribe',
    path: (p, _a, e) => `/patient/${p}/medications/${e.medication ?? ''}/stop`,
    body: { reason: 'Blood sugar controlled by diet' },
  },
  addCondition: {
    expected: { doctor: 201, nurse: 403 },
    action: 'diagnose',
    path: (p) => `/patient/${p}/conditions`,
    body: { condition_id: 'icd:J11.1', onset_date: '2024-01-10' },
  },
  patchCondition: {
    expected: { doctor: 200, nurse: 403 },
    action: 'diagnose',
    method: 'PATCH',
    path: (p, _, e) => `/patient/${p}/conditions/${e.condition}`,
    body: { clinical_status: 'resolved' },
  },
  addAllergy: {
    expected: { doctor: 201, nurse: 201 },
    action: 'record_allergy',
    path: (p) => `/patient/${p}/allergies`,
    body: { substance_id: 'atc:J01C', reaction: 'Hives' },
  },
  recordNoKnownAllergies: {
    expected: { doctor: 200, nurse: 200 },
    action: 'record_allergy',
    path: (_p, _a, e) => `/patient/${e.bare}/allergies/none`,
    body: {},
  },
  patchAllergy: {
    expected: { doctor: 200, nurse: 200 },
    action: 'record_allergy',
    method: 'PATCH',
    path: (p, _, e) => `/patient/${p}/allergies/${e.allergy}`,
    body: { clinical_status: 'resolved' },
  },
};

describe.each(BACKENDS)('the clinical actions by position on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  const users = {} as Record<Position, TestUser>;
  let patientId: string;

  async function book(token: string): Promise<string> {
    const response = await call(app, 'POST', '/patient/add-patient-appointment', {
      token,
      body: {
        patient_id: patientId,
        date: addDays(todayUtc(), 30 + (unique() % 3000)),
        time: '09:00',
      },
    });
    expectSuccess(response, 201);
    return response.json<AppointmentResponse>().appointment_id!;
  }

  /** A new patient with one condition (influenza) and one allergy (paracetamol), and another. */
  async function listedPatient(): Promise<Entries & { patientId: string }> {
    const body = { ...newPatient(), patient_chronic_disease: [], patient_drug_allergy: [] };
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: users.nurse.token, body }),
      201,
    );
    const id = body.patient.patient_id;
    const condition = await call(app, 'POST', `/patient/${id}/conditions`, {
      token: users.doctor.token,
      body: { condition_id: 'icd:J11.1' },
    });
    expectSuccess(condition, 201);
    const allergy = await call(app, 'POST', `/patient/${id}/allergies`, {
      token: users.doctor.token,
      body: { substance_id: 'rxn:161' },
    });
    expectSuccess(allergy, 201);
    const bare = { ...newPatient(), patient_chronic_disease: [], patient_drug_allergy: [] };
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: users.nurse.token, body: bare }),
      201,
    );
    return {
      patientId: id,
      condition: condition.json<{ id: string }>().id,
      allergy: allergy.json<{ id: string }>().id,
      bare: bare.patient.patient_id,
    };
  }

  /** A patient's two lists and prescriptions as a Nurse reads them. */
  async function lists(id: string): Promise<unknown> {
    const read = async (list: string) =>
      (
        await call(app, 'GET', `/patient/${id}/${list}`, { token: users.nurse.token })
      ).json<unknown>();
    return [await read('conditions'), await read('allergies'), await read('medications')];
  }

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database, undefined, {
      extraRoutes: (server) => {
        for (const action of CLINICAL_ACTIONS)
          server.post(
            `/api/test-action/${action}`,
            { config: { access: ['medical_personnel'], action } },
            async () => ({ done: action }),
          );
      },
    }));
    users.doctor = await createUser(app, database, 'medical_personnel', 'P001');
    users.nurse = await createUser(app, database, 'medical_personnel', 'P002');
    const body = newPatient();
    expectSuccess(
      await call(app, 'POST', '/patient/add-patient', { token: users.nurse.token, body }),
      201,
    );
    patientId = body.patient.patient_id;
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('has a row for every endpoint tied to an action, and none for another', () => {
    const tied = Object.entries(ENDPOINTS)
      .filter(([, endpoint]) => 'action' in endpoint)
      .map(([name]) => name);
    expect(tied.sort()).toEqual(Object.keys(MATRIX).sort());
  });

  describe.each(Object.entries(MATRIX))('%s', (name, row) => {
    it.each(['doctor', 'nurse'] as const)('answers a %s as the matrix says', async (who) => {
      const appointmentId = await book(users.nurse.token);
      // A patient of its own, with a condition and an allergy a Doctor recorded (none listed
      // but those, so that an allergy or "no known allergies" may be added), and a signed note.
      const listed = await listedPatient();
      const note = await call(app, 'POST', `/patient/${listed.patientId}/notes`, {
        token: users.doctor.token,
        body: { text: 'Seen today' },
      });
      expectSuccess(note, 201);
      const prescribed = await call(app, 'POST', `/patient/${listed.patientId}/medications`, {
        token: users.doctor.token,
        body: {
          drug_id: 'rxn:6809',
          dose: 500,
          unit: 'mg',
          route: 'oral',
          frequency: 'twice_daily',
          duration_days: 30,
          quantity: 60,
          instructions: 'With meals',
        },
      });
      expectSuccess(prescribed, 201);
      const entries = {
        ...listed,
        note: note.json<{ note_id: string }>().note_id,
        medication: prescribed.json<{ id: string }>().id,
      };
      const before = await lists(listed.patientId);
      const response = await call(
        app,
        row.method ?? 'POST',
        row.path(
          name.includes('ppointment') ? patientId : listed.patientId,
          appointmentId,
          entries,
        ),
        { token: users[who].token, body: row.body },
      );
      const expected = row.expected[who];
      if (expected === 403) {
        const problem = expectProblem(response, 403);
        expect(problem.action).toBe(row.action);
        expect(problem.detail).toMatch(/^Your position may not /);
        expect(await auditOf(database, response)).toEqual([
          expect.objectContaining({ action: 'access.denied', outcome: 'denied' }),
        ]);
        // Refused before anything was written: the appointment is still booked.
        const chart = await call(app, 'GET', `/patient/${patientId}/appointments?limit=100`, {
          token: users.nurse.token,
        });
        const stored = chart
          .json<{ appointment_id: string; status: string }[]>()
          .find((a) => a.appointment_id === appointmentId);
        expect(stored?.status).toBe('booked');
        expect(await lists(listed.patientId)).toEqual(before);
      } else {
        expectSuccess(response, expected);
      }
    });
  });

  describe.each(Object.entries(BY_ACTION))('the action %s', (action, expected) => {
    it.each(['doctor', 'nurse'] as const)('answers a %s as the matrix says', async (who) => {
      const response = await call(app, 'POST', `/test-action/${action}`, {
        token: users[who].token,
      });
      if (expected[who] === 403) {
        expect(expectProblem(response, 403).action).toBe(action);
        expect(await auditOf(database, response)).toEqual([
          expect.objectContaining({ action: 'access.denied', outcome: 'denied' }),
        ]);
      } else {
        expectSuccess(response, expected[who]);
      }
    });
  });

  it('says the refusal in Thai to a Thai client', async () => {
    const response = await call(app, 'POST', '/test-action/prescribe', {
      token: users.nurse.token,
      headers: { 'accept-language': 'th' },
    });
    expect(expectProblem(response, 403).detail).toMatch(/^ตำแหน่งของคุณไม่มีสิทธิ์/);
  });

  it("keeps the seed's own calls open to both positions", async () => {
    for (const who of ['doctor', 'nurse'] as const) {
      await book(users[who].token);
      expectSuccess(
        await call(app, 'POST', '/patient/add-patient-history', {
          token: users[who].token,
          body: { patient_id: patientId, date: todayUtc(), time: '08:00', detail: 'Seen' },
        }),
        201,
      );
    }
  });

  it('follows the position held now, not the one the session began with', async () => {
    const former = await createUser(app, database, 'medical_personnel', 'P002');
    const attempt = () => call(app, 'POST', '/test-action/prescribe', { token: former.token });
    expectProblem(await attempt(), 403);
    await database.db.execute(
      sql`update employee set position_id = 'P001' where employee_id = ${former.recordId}`,
    );
    expectSuccess(await attempt(), 200);
  });
});
