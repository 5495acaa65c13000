/**
 * The clinical actions' matrix by position, on the server: each call an endpoint ties to an
 * action, made by a Doctor and by a Nurse, with the status each must get written out here (not
 * derived from the contract's table, so a wrong entry there fails this test), and every action
 * of the matrix through a route of the test's own tied to it (the calls that diagnose and
 * prescribe are not there yet, and the refusal must hold for them from the start). The seed's
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
  readonly path: (patientId: string, appointmentId: string, noteId: string) => string;
  readonly body: unknown;
}

/** What a Doctor and a Nurse may do, written out here: only a Doctor diagnoses and prescribes. */
const BY_ACTION: Record<(typeof CLINICAL_ACTIONS)[number], Readonly<Record<Position, number>>> = {
  read: { doctor: 200, nurse: 200 },
  diagnose: { doctor: 200, nurse: 403 },
  prescribe: { doctor: 200, nurse: 403 },
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
    path: (p, _a, n) => `/patient/${p}/notes/${n}/addenda`,
    body: { text: 'Result came back normal' },
  },
  markNoteEnteredInError: {
    expected: { doctor: 200, nurse: 200 },
    action: 'write_note',
    path: (p, _a, n) => `/patient/${p}/notes/${n}/entered-in-error`,
    body: { reason: 'Wrong patient' },
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
      const note = await call(app, 'POST', `/patient/${patientId}/notes`, {
        token: users.doctor.token,
        body: { text: 'Seen today' },
      });
      expectSuccess(note, 201);
      const noteId = note.json<{ note_id: string }>().note_id;
      const response = await call(app, 'POST', row.path(patientId, appointmentId, noteId), {
        token: users[who].token,
        body: row.body,
      });
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
