/**
 * The authorization matrix: every API route × every kind of caller, with the status each must
 * get. The statuses are written out here, not derived from the endpoint table, so a wrong access
 * rule in the contract fails this test; and a route without a row (or a row without a route)
 * fails it too.
 */
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { queryRows } from '../db/database';
import type { RequestContext } from '../repositories/audit';
import { employeesRepository } from '../repositories/employees';
import { clinicalListsRepository } from '../repositories/clinical-lists';
import { patientsRepository } from '../repositories/patients';
import { prescriptionsRepository } from '../repositories/prescriptions';
import { visitRepository } from '../repositories/visit';
import {
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  employeeAddInput,
  enrolSecondFactor,
  GOOD_PASSWORD,
  login,
  newEmployee,
  newPatient,
  patientAddInput,
  TEST_JWT_SECRET,
  type TestUser,
  unique,
} from '../test/harness';

/** Who calls. */
const PERSONAS = [
  'none', // no token at all
  'patient', // a patient; a route naming a patient names their own record
  'otherPatient', // the same patient, aimed at another patient's record
  'medical', // a doctor
  'hr', // an HR employee
  'tampered', // a real token with one character of its signature changed
  'foreignSecret', // a real session's claims signed with another secret
  'expired', // a real session's claims, properly signed, with exp in the past
  'revoked', // a real token after POST /logout
] as const;
type Persona = (typeof PERSONAS)[number];

/** The token faults; each is tried with a token of every role. */
const FAULTS = ['tampered', 'foreignSecret', 'expired', 'revoked'] as const;
type Fault = (typeof FAULTS)[number];

type Statuses = readonly [
  none: number,
  patient: number,
  otherPatient: number,
  medical: number,
  hr: number,
  tampered: number,
  foreignSecret: number,
  expired: number,
  revoked: number,
];

/** What a request is aimed at: a patient and an employee record. */
interface Target {
  readonly patientId: string;
  readonly employeeId: string;
}

interface Request {
  readonly path: string;
  readonly body?: unknown;
  /** The body's media type, when not JSON. */
  readonly contentType?: string;
}

interface Row {
  readonly expected: Statuses;
  /** A valid request: allowed callers get a 2xx. */
  readonly request: (target: Target) => Request | Promise<Request>;
}

const SYSTEM: RequestContext = { actor: null, address: '127.0.0.1', requestId: 'matrix-setup' };

/** A new booked appointment of the patient (directly, as setup), by its id. */
async function bookedAppointment(patientId: string): Promise<string> {
  const booked = await patientsRepository.addAppointment(database.db, SYSTEM, {
    patient_id: patientId,
    date: '2031-05-04',
    time: '09:30',
    topic: null,
    duration_minutes: 15,
    // One per caller, all at one time: the setup books over its own bookings.
    allow_overlap: true,
  });
  return booked.appointment_id!;
}

/** A fresh note of the patient, written by the system (the path of the note calls). */
async function signedNote(patientId: string): Promise<string> {
  return (await visitRepository.addNote(database.db, SYSTEM, patientId, { text: 'Seen' })).note_id;
}

/** A new patient with nothing on the seed's lists (directly, as setup), by its id. */
async function unlistedPatient(): Promise<string> {
  const body = { ...newPatient(), patient_chronic_disease: [], patient_drug_allergy: [] };
  return (await patientsRepository.add(database.db, SYSTEM, patientAddInput(body), 30)).patient_id;
}

/** A prescription to be taken as written, each call's own. */
const PRESCRIPTION = {
  drug_id: 'rxn:6809',
  dose: 500,
  unit: 'mg',
  route: 'oral',
  frequency: 'twice_daily',
  duration_days: 30,
  quantity: 60,
  instructions: 'With meals',
} as const;

/** An active prescription of a new patient (directly, as setup): its patient and its id. */
async function activePrescription(): Promise<string> {
  const fresh = await unlistedPatient();
  const given = await prescriptionsRepository.prescribe(database.db, SYSTEM, fresh, PRESCRIPTION);
  return `${fresh}/medications/${given.id}`;
}

/** A new condition and a new allergy of the patient (directly, as setup), by their ids. */
async function listEntry(patientId: string, list: 'conditions' | 'allergies'): Promise<string> {
  if (list === 'conditions') {
    return (
      await clinicalListsRepository.addCondition(database.db, SYSTEM, patientId, {
        condition_id: 'icd:J11.1',
      })
    ).id;
  }
  const fresh = await unlistedPatient();
  const added = await clinicalListsRepository.addAllergy(database.db, SYSTEM, fresh, {
    substance_id: 'rxn:161',
  });
  return `${fresh}/allergies/${added.id}`;
}

let database: Database;
let app: Awaited<ReturnType<typeof createTestApp>>['app'];
let fixtures: {
  patient: TestUser;
  otherPatient: TestUser;
  medical: TestUser;
  hr: TestUser;
  /** A patient without an account (so a new activation code can be issued for it). */
  unregisteredPatientId: string;
  /** A working doctor without an account. */
  unregisteredEmployeeId: string;
  faulty: Record<Fault, Record<'patient' | 'medical_personnel' | 'HR', string>>;
};

// prettier-ignore
const MATRIX: Record<string, Row> = {
  //                                                  none patient other medical HR  tampered foreign expired revoked
  'POST /api/register': {
    expected:                                        [201, 201,    201,  201,    201, 201,     201,    201,    201],
    request: async () => {
      const created = await patientsRepository.add(
        database.db,
        SYSTEM,
        patientAddInput(newPatient()),
        30,
      );
      return {
        path: '/register',
        body: {
          username: `matrix${unique()}`,
          password: GOOD_PASSWORD,
          role: 'patient',
          id: created.patient_id,
          activation_code: created.activation_code,
        },
      };
    },
  },
  'POST /api/login': {
    expected:                                        [200, 200,    200,  200,    200, 200,     200,    200,    200],
    request: () => ({
      path: '/login',
      body: { username: fixtures.medical.username, password: fixtures.medical.password },
    }),
  },
  // Each request signs in a new account with a second factor up to its code (the mfa_token
  // works once), and answers it with one of that account's recovery codes.
  'POST /api/login/mfa': {
    expected:                                        [200, 200,    200,  200,    200, 200,     200,    200,    200],
    request: () => mfaLoginRequest(),
  },
  // Access is checked before the body: a signed-in caller gets to the body, which here holds no
  // password (400 naming `password`); mfa.test.ts sets up with the right one (200).
  'POST /api/mfa/setup': {
    expected:                                        [401, 400,    400,  400,    400, 401,     401,    401,    401],
    request: () => ({ path: '/mfa/setup' }),
  },
  // Access is checked before the code: a signed-in caller gets to the code, which here matches
  // no secret of theirs (400 naming `code`). The fixtures' accounts must keep signing in with a
  // password alone; mfa.test.ts confirms a real code (200).
  'POST /api/mfa/confirm': {
    expected:                                        [401, 400,    400,  400,    400, 401,     401,    401,    401],
    request: () => ({ path: '/mfa/confirm', body: { code: '000000' } }),
  },
  // My account: every signed-in caller, on their own account only. The bodies are empty, so a
  // signed-in caller gets to validation (400) without a password or code counted against it;
  // account.test.ts makes the calls with the right ones.
  'GET /api/account': {
    expected:                                        [401, 200,    200,  200,    200, 401,     401,    401,    401],
    request: () => ({ path: '/account' }),
  },
  'POST /api/account/password': {
    expected:                                        [401, 400,    400,  400,    400, 401,     401,    401,    401],
    request: () => ({ path: '/account/password', body: {} }),
  },
  'GET /api/account/sessions': {
    expected:                                        [401, 200,    200,  200,    200, 401,     401,    401,    401],
    request: () => ({ path: '/account/sessions' }),
  },
  // A session id that is no open session of the caller's (account.test.ts ends real ones).
  'DELETE /api/account/sessions/:session_id': {
    expected:                                        [401, 404,    404,  404,    404, 401,     401,    401,    401],
    request: () => ({ path: '/account/sessions/00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/account/sessions/end-others': {
    expected:                                        [401, 200,    200,  200,    200, 401,     401,    401,    401],
    request: () => ({ path: '/account/sessions/end-others' }),
  },
  // An empty body: a signed-in caller gets to validation (400 naming `locale`);
  // account.test.ts sets a real one.
  'PUT /api/account/locale': {
    expected:                                        [401, 400,    400,  400,    400, 401,     401,    401,    401],
    request: () => ({ path: '/account/locale', body: {} }),
  },
  'POST /api/account/mfa/disable': {
    expected:                                        [401, 400,    400,  400,    400, 401,     401,    401,    401],
    request: () => ({ path: '/account/mfa/disable', body: {} }),
  },
  'POST /api/account/mfa/recovery-codes': {
    expected:                                        [401, 400,    400,  400,    400, 401,     401,    401,    401],
    request: () => ({ path: '/account/mfa/recovery-codes', body: {} }),
  },
  'POST /api/renew': {
    expected:                                        [401, 200,    200,  200,    200, 401,     401,    401,    401],
    request: () => ({ path: '/renew' }),
  },
  'POST /api/logout': {
    expected:                                        [401, 204,    204,  204,    204, 401,     401,    401,    401],
    request: () => ({ path: '/logout' }),
  },
  'GET /api/profile': {
    expected:                                        [401, 200,    200,  200,    200, 401,     401,    401,    401],
    request: () => ({ path: '/profile' }),
  },
  'GET /api/session': {
    expected:                                        [401, 200,    200,  200,    200, 401,     401,    401,    401],
    request: () => ({ path: '/session' }),
  },
  // No record id in the path: every patient gets their own (so "other" is answered too, with
  // the other patient's own list); staff and anonymous callers are refused.
  'GET /api/profile/appointments': {
    expected:                                        [401, 200,    200,  403,    403, 401,     401,    401,    401],
    request: () => ({ path: '/profile/appointments?limit=5' }),
  },
  'GET /api/profile/access-log': {
    expected:                                        [401, 200,    200,  403,    403, 401,     401,    401,    401],
    request: () => ({ path: '/profile/access-log?limit=5' }),
  },
  'GET /api/profile/medications': {
    expected:                                        [401, 200,    200,  403,    403, 401,     401,    401,    401],
    request: () => ({ path: '/profile/medications' }),
  },
  'GET /api/profile/record.pdf': {
    expected:                                        [401, 200,    200,  403,    403, 401,     401,    401,    401],
    request: () => ({ path: '/profile/record.pdf?locale=th' }),
  },
  // Public: the same answer whoever asks (a fresh name each time, clear of its throttle).
  'POST /api/password-reset': {
    expected:                                        [202, 202,    202,  202,    202, 202,     202,    202,    202],
    request: () => ({ path: '/password-reset', body: { username: `matrix${unique()}` } }),
  },
  // Public: a made-up link is refused on its token alone, whoever sends it.
  'POST /api/password-reset/confirm': {
    expected:                                        [400, 400,    400,  400,    400, 400,     400,    400,    400],
    request: () => ({
      path: '/password-reset/confirm',
      body: { token: 'A'.repeat(43), new_password: GOOD_PASSWORD },
    }),
  },
  'GET /api/patient': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: () => ({ path: '/patient?limit=5' }),
  },
  'GET /api/catalogues/conditions': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: () => ({ path: '/catalogues/conditions?q=diab&limit=3' }),
  },
  'GET /api/catalogues/substances': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: () => ({ path: '/catalogues/substances?q=pen&kind=class&limit=3' }),
  },
  'GET /api/patient/next-id': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: () => ({ path: '/patient/next-id' }),
  },
  'GET /api/patient/:patient_id': {
    expected:                                        [401, 200,    403,  200,    403, 401,     401,    401,    401],
    request: (t) => ({ path: `/patient/${t.patientId}` }),
  },
  'GET /api/patient/:patient_id/appointments': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: (t) => ({ path: `/patient/${t.patientId}/appointments?limit=5` }),
  },
  'GET /api/patient/:patient_id/vitals': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: (t) => ({ path: `/patient/${t.patientId}/vitals?limit=5` }),
  },
  'POST /api/patient/:patient_id/vitals': {
    expected:                                        [401, 403,    403,  201,    403, 401,     401,    401,    401],
    request: (t) => ({ path: `/patient/${t.patientId}/vitals`, body: { pulse: 72 } }),
  },
  'GET /api/patient/:patient_id/notes': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: (t) => ({ path: `/patient/${t.patientId}/notes?limit=5` }),
  },
  'POST /api/patient/:patient_id/notes': {
    expected:                                        [401, 403,    403,  201,    403, 401,     401,    401,    401],
    request: (t) => ({ path: `/patient/${t.patientId}/notes`, body: { text: 'Seen' } }),
  },
  // Each request writes a fresh note, so an allowed caller finds it current.
  'POST /api/patient/:patient_id/notes/:note_id/addenda': {
    expected:                                        [401, 403,    403,  201,    403, 401,     401,    401,    401],
    request: async (t) => ({
      path: `/patient/${t.patientId}/notes/${await signedNote(t.patientId)}/addenda`,
      body: { text: 'Later' },
    }),
  },
  'POST /api/patient/:patient_id/notes/:note_id/entered-in-error': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: async (t) => ({
      path: `/patient/${t.patientId}/notes/${await signedNote(t.patientId)}/entered-in-error`,
      body: { reason: 'Wrong patient' },
    }),
  },
  'POST /api/patient/search-patient': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: (t) => ({ path: '/patient/search-patient', body: { patient_id: t.patientId } }),
  },
  'POST /api/patient/add-patient': {
    expected:                                        [401, 403,    403,  201,    403, 401,     401,    401,    401],
    request: () => ({ path: '/patient/add-patient', body: newPatient() }),
  },
  'PUT /api/patient/update-patient': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: (t) => ({
      path: '/patient/update-patient',
      body: { patient: { patient_id: t.patientId, ongoing_treatment: 'physiotherapy' } },
    }),
  },
  'PATCH /api/patient/:patient_id': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: (t) => ({
      path: `/patient/${t.patientId}`,
      body: { patient: { ongoing_treatment: 'physiotherapy' } },
      contentType: 'application/merge-patch+json',
    }),
  },
  'POST /api/patient/add-patient-appointment': {
    expected:                                        [401, 403,    403,  201,    403, 401,     401,    401,    401],
    request: (t) => ({
      path: '/patient/add-patient-appointment',
      body: { patient_id: t.patientId, date: '2031-05-04', time: '09:30', topic: 'check-up' },
    }),
  },
  // The appointment calls: each request books a fresh appointment, so an allowed caller finds it
  // booked (200) and a refused one is refused before the appointment is looked at.
  'POST /api/patient/:patient_id/appointments/:appointment_id/cancel': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: async (t) => ({
      path: `/patient/${t.patientId}/appointments/${await bookedAppointment(t.patientId)}/cancel`,
      body: { reason: 'The patient called' },
    }),
  },
  // A reschedule is a booking, which the matrix by position gives doctors and nurses (the
  // medical persona is a doctor; clinical-permissions.test.ts tries each position).
  'POST /api/patient/:patient_id/appointments/:appointment_id/reschedule': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: async (t) => ({
      path: `/patient/${t.patientId}/appointments/${await bookedAppointment(t.patientId)}/reschedule`,
      body: { date: '2031-05-05', time: '10:00' },
    }),
  },
  'POST /api/patient/:patient_id/appointments/:appointment_id/status': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: async (t) => ({
      path: `/patient/${t.patientId}/appointments/${await bookedAppointment(t.patientId)}/status`,
      body: { status: 'fulfilled' },
    }),
  },
  // The problem and allergy lists: a patient reads their own; the writes are medical (a Doctor
  // diagnoses; clinical-permissions.test.ts tries each position).
  'GET /api/patient/:patient_id/conditions': {
    expected:                                        [401, 200,    403,  200,    403, 401,     401,    401,    401],
    request: (t) => ({ path: `/patient/${t.patientId}/conditions` }),
  },
  'POST /api/patient/:patient_id/conditions': {
    expected:                                        [401, 403,    403,  201,    403, 401,     401,    401,    401],
    request: (t) => ({
      path: `/patient/${t.patientId}/conditions`,
      body: { condition_id: 'icd:J11.1', onset_date: '2024-01-02' },
    }),
  },
  'PATCH /api/patient/:patient_id/conditions/:entry_id': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: async (t) => ({
      path: `/patient/${t.patientId}/conditions/${await listEntry(t.patientId, 'conditions')}`,
      body: { clinical_status: 'resolved' },
    }),
  },
  // Prescriptions: a patient reads their own; prescribing and stopping are a Doctor's (the
  // medical persona is one; clinical-permissions.test.ts shows a Nurse refused). Each write is
  // for a new patient with no allergy, so that an allowed caller meets no check.
  'GET /api/patient/:patient_id/medications': {
    expected:                                        [401, 200,    403,  200,    403, 401,     401,    401,    401],
    request: (t) => ({ path: `/patient/${t.patientId}/medications` }),
  },
  'POST /api/patient/:patient_id/medications': {
    expected:                                        [401, 403,    403,  201,    403, 401,     401,    401,    401],
    request: async () => ({
      path: `/patient/${await unlistedPatient()}/medications`,
      body: PRESCRIPTION,
    }),
  },
  'POST /api/patient/:patient_id/medications/:medication_id/stop': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: async () => ({
      path: `/patient/${await activePrescription()}/stop`,
      body: { reason: 'Controlled by diet' },
    }),
  },
  'GET /api/patient/:patient_id/allergies': {
    expected:                                        [401, 200,    403,  200,    403, 401,     401,    401,    401],
    request: (t) => ({ path: `/patient/${t.patientId}/allergies` }),
  },
  'POST /api/patient/:patient_id/allergies': {
    expected:                                        [401, 403,    403,  201,    403, 401,     401,    401,    401],
    request: async () => ({
      path: `/patient/${await unlistedPatient()}/allergies`,
      body: { substance_id: 'atc:J01C', reaction: 'Hives' },
    }),
  },
  'POST /api/patient/:patient_id/allergies/none': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: async () => ({ path: `/patient/${await unlistedPatient()}/allergies/none`, body: {} }),
  },
  'PATCH /api/patient/:patient_id/allergies/:entry_id': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: async () => ({
      path: `/patient/${await listEntry('', 'allergies')}`,
      body: { clinical_status: 'resolved' },
    }),
  },
  'GET /api/appointments': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: () => ({ path: '/appointments?date=2031-05-04&limit=5' }),
  },
  'GET /api/clinicians': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: () => ({ path: '/clinicians?limit=5' }),
  },
  'POST /api/patient/add-patient-history': {
    expected:                                        [401, 403,    403,  201,    403, 401,     401,    401,    401],
    request: (t) => ({
      path: '/patient/add-patient-history',
      body: { patient_id: t.patientId, date: '2024-02-03', time: '14:00', detail: 'blood test' },
    }),
  },
  'POST /api/patient/:patient_id/activation-code': {
    expected:                                        [401, 403,    403,  201,    403, 401,     401,    401,    401],
    request: (t) => ({ path: `/patient/${t.patientId}/activation-code` }),
  },
  'GET /api/employee': {
    expected:                                        [401, 403,    403,  403,    200, 401,     401,    401,    401],
    request: () => ({ path: '/employee?limit=5' }),
  },
  'GET /api/employee/next-id': {
    expected:                                        [401, 403,    403,  403,    200, 401,     401,    401,    401],
    request: () => ({ path: '/employee/next-id' }),
  },
  'GET /api/employee/:employee_id': {
    expected:                                        [401, 403,    403,  403,    200, 401,     401,    401,    401],
    request: (t) => ({ path: `/employee/${t.employeeId}` }),
  },
  'POST /api/employee/search-employee': {
    expected:                                        [401, 403,    403,  403,    200, 401,     401,    401,    401],
    request: (t) => ({ path: '/employee/search-employee', body: { employee_id: t.employeeId } }),
  },
  'POST /api/employee/add-employee': {
    expected:                                        [401, 403,    403,  403,    201, 401,     401,    401,    401],
    request: () => ({ path: '/employee/add-employee', body: newEmployee() }),
  },
  'PUT /api/employee/update-employee': {
    expected:                                        [401, 403,    403,  403,    200, 401,     401,    401,    401],
    request: (t) => ({
      path: '/employee/update-employee',
      body: { employee_id: t.employeeId, phone_number: '0811112222' },
    }),
  },
  'POST /api/employee/:employee_id/activation-code': {
    expected:                                        [401, 403,    403,  403,    201, 401,     401,    401,    401],
    request: (t) => ({ path: `/employee/${t.employeeId}/activation-code` }),
  },
  // Clinic hours (HR): a clinician's schedule and leave; empty bodies reach validation, and
  // E001 is no clinician of this database (404).
  'GET /api/employee/:employee_id/schedule': {
    expected:                                        [401, 403,    403,  403,    404, 401,     401,    401,    401],
    request: () => ({ path: '/employee/E001/schedule' }),
  },
  'PUT /api/employee/:employee_id/schedule': {
    expected:                                        [401, 403,    403,  403,    400, 401,     401,    401,    401],
    request: () => ({ path: '/employee/E001/schedule', body: {} }),
  },
  'POST /api/employee/:employee_id/leave': {
    expected:                                        [401, 403,    403,  403,    400, 401,     401,    401,    401],
    request: () => ({ path: '/employee/E001/leave', body: {} }),
  },
  'DELETE /api/employee/:employee_id/leave/:leave_id': {
    expected:                                        [401, 403,    403,  403,    404, 401,     401,    401,    401],
    request: () => ({ path: '/employee/E001/leave/00000000-0000-4000-8000-000000000000' }),
  },
  'POST /api/employee/:employee_id/refuse-access': {
    expected:                                        [401, 403,    403,  403,    400, 401,     401,    401,    401],
    request: () => ({ path: '/employee/E001/refuse-access', body: {} }),
  },
  // Who changed a patient's contact details: clinicians only.
  'GET /api/patient/:patient_id/contact-changes': {
    expected:                                        [401, 403,    403,  200,    403, 401,     401,    401,    401],
    request: (t) => ({ path: `/patient/${t.patientId}/contact-changes` }),
  },
  // Free slots: anyone signed in (no range asked for: 400 naming it).
  'GET /api/slots': {
    expected:                                        [401, 400,    400,  400,    400, 401,     401,    401,    401],
    request: () => ({ path: '/slots' }),
  },
  // A patient's own actions: empty bodies reach validation; staff are refused.
  'PATCH /api/profile/contact': {
    expected:                                        [401, 400,    400,  403,    403, 401,     401,    401,    401],
    request: () => ({ path: '/profile/contact', body: {} }),
  },
  'POST /api/profile/appointments': {
    expected:                                        [401, 400,    400,  403,    403, 401,     401,    401,    401],
    request: () => ({ path: '/profile/appointments', body: {} }),
  },
  'POST /api/profile/appointments/:appointment_id/cancel': {
    expected:                                        [401, 400,    400,  403,    403, 401,     401,    401,    401],
    request: () => ({ path: '/profile/appointments/00000000-0000-4000-8000-000000000000/cancel', body: {} }),
  },
  'GET /api/employee/access-approvals': {
    expected:                                        [401, 403,    403,  403,    200, 401,     401,    401,    401],
    request: () => ({ path: '/employee/access-approvals' }),
  },
  // Each request approves a new doctor whose access waits (asked for by the admin tool, so any
  // HR person may approve it).
  'POST /api/employee/:employee_id/approve-access': {
    expected:                                        [401, 403,    403,  403,    200, 401,     401,    401,    401],
    request: async () => {
      const created = await employeesRepository.add(
        database.db,
        SYSTEM,
        employeeAddInput(newEmployee({ position_id: 'P001' })),
        30,
      );
      return {
        path: `/employee/${created.employee_id}/approve-access`,
        body: { position_id: 'P001' },
      };
    },
  },
  'GET /api/health': {
    expected:                                        [200, 200,    200,  200,    200, 200,     200,    200,    200],
    request: () => ({ path: '/health' }),
  },
  'GET /api/ready': {
    expected:                                        [200, 200,    200,  200,    200, 200,     200,    200,    200],
    request: () => ({ path: '/ready' }),
  },
  'GET /api/openapi.json': {
    expected:                                        [200, 200,    200,  200,    200, 200,     200,    200,    200],
    request: () => ({ path: '/openapi.json' }),
  },
  // The callers here are on loopback: without a token they may read the metrics; a session
  // token is not the metrics token (routes/metrics.test.ts covers other addresses).
  'GET /api/metrics': {
    expected:                                        [200, 403,    403,  403,    403, 403,     403,    403,    403],
    request: () => ({ path: '/metrics' }),
  },
};

/** A login of a new account with a second factor, waiting for its code; and a recovery code. */
async function mfaLoginRequest(): Promise<Request> {
  const user = await createUser(app, database, 'medical_personnel');
  const { recoveryCodes } = await enrolSecondFactor(app, user.token);
  const answer = await call(app, 'POST', '/login', {
    body: { username: user.username, password: user.password },
  });
  const { mfa_token } = answer.json<{ mfa_token: string }>();
  return { path: '/login/mfa', body: { mfa_token, code: recoveryCodes[0] } };
}

const OTHER_SECRET = 'another-secret-that-is-long-enough-9876543210';

/** The claims of a token (its payload, base64url JSON). */
function claimsOf(token: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** A token with a session's claims, signed as the server signs, with the given secret and exp. */
async function signLike(token: string, secret: string, exp: number): Promise<string> {
  const { iat: _iat, exp: _exp, iss: _iss, aud: _aud, ...claims } = claimsOf(token);
  return new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('hospital-portal')
    .setAudience('hospital-portal')
    .setIssuedAt(exp - 1800)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

/** The token with one character in the middle of its signature changed. */
function tamperSignature(token: string): string {
  const [header, payload, signature] = token.split('.') as [string, string, string];
  const i = Math.floor(signature.length / 2);
  const replacement = signature[i] === 'A' ? 'B' : 'A';
  return `${header}.${payload}.${signature.slice(0, i)}${replacement}${signature.slice(i + 1)}`;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** Every faulty token for one user, each checked to be a working token but for its fault. */
async function faultyTokensOf(user: TestUser): Promise<Record<Fault, string>> {
  const valid = await login(app, user.username, user.password);
  const sameSecretFuture = await signLike(valid, TEST_JWT_SECRET, nowSeconds() + 600);
  const revoked = await login(app, user.username, user.password);
  // Controls: without the fault, each of these tokens is accepted.
  for (const token of [valid, sameSecretFuture, revoked]) {
    expect((await call(app, 'GET', '/profile', { token })).statusCode).toBe(200);
  }
  expect((await call(app, 'POST', '/logout', { token: revoked })).statusCode).toBe(204);
  return {
    tampered: tamperSignature(valid),
    foreignSecret: await signLike(valid, OTHER_SECRET, nowSeconds() + 600),
    expired: await signLike(valid, TEST_JWT_SECRET, nowSeconds() - 60),
    revoked,
  };
}

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp(database));
  const [patient, otherPatient, medical, hr] = [
    await createUser(app, database, 'patient'),
    await createUser(app, database, 'patient'),
    await createUser(app, database, 'medical_personnel'),
    await createUser(app, database, 'HR'),
  ];
  const unregisteredPatient = await patientsRepository.add(
    database.db,
    SYSTEM,
    patientAddInput(newPatient()),
    30,
  );
  const unregisteredEmployee = await employeesRepository.add(
    database.db,
    SYSTEM,
    employeeAddInput(newEmployee({ position_id: 'P001' })),
    30,
  );
  fixtures = {
    patient,
    otherPatient,
    medical,
    hr,
    unregisteredPatientId: unregisteredPatient.patient_id,
    unregisteredEmployeeId: unregisteredEmployee.employee_id,
    faulty: {
      tampered: { patient: '', medical_personnel: '', HR: '' },
      foreignSecret: { patient: '', medical_personnel: '', HR: '' },
      expired: { patient: '', medical_personnel: '', HR: '' },
      revoked: { patient: '', medical_personnel: '', HR: '' },
    },
  };
  for (const user of [patient, medical, hr]) {
    const tokens = await faultyTokensOf(user);
    for (const fault of FAULTS) fixtures.faulty[fault][user.role] = tokens[fault];
  }
});

afterAll(async () => {
  await app.close();
  await database.close();
});

/** The target of a persona's request: own record, somebody else's, or a record staff work on. */
function targetOf(persona: Persona): Target {
  const employeeId = fixtures.unregisteredEmployeeId;
  if (persona === 'patient') return { patientId: fixtures.patient.recordId, employeeId };
  if (persona === 'otherPatient') return { patientId: fixtures.otherPatient.recordId, employeeId };
  return { patientId: fixtures.unregisteredPatientId, employeeId };
}

/** The tokens a persona calls with: none, a fresh login, or a faulty token of each role. */
async function tokensOf(persona: Persona): Promise<{ label: string; token?: string }[]> {
  const fresh = async (user: TestUser) => [
    { label: user.role, token: await login(app, user.username, user.password) },
  ];
  switch (persona) {
    case 'none':
      return [{ label: 'no token' }];
    case 'patient':
    case 'otherPatient':
      return fresh(fixtures.patient);
    case 'medical':
      return fresh(fixtures.medical);
    case 'hr':
      return fresh(fixtures.hr);
    default:
      return Object.entries(fixtures.faulty[persona]).map(([role, token]) => ({
        label: `${role}'s token`,
        token,
      }));
  }
}

describe('authorization matrix', () => {
  it('has exactly one row per registered API route', () => {
    const registered = app.apiRoutes.map((r) => `${r.method} ${r.url}`).sort();
    expect(new Set(registered).size).toBe(registered.length);
    expect(Object.keys(MATRIX).sort()).toEqual(registered);
  });

  it.each(Object.entries(MATRIX))('%s', async (route, row) => {
    const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
    const expected: string[] = [];
    const actual: string[] = [];
    const deniedRequestIds: string[] = [];
    for (const [index, persona] of PERSONAS.entries()) {
      for (const { label, token } of await tokensOf(persona)) {
        const request = await row.request(targetOf(persona));
        const response = await call(app, method, request.path, {
          ...(token ? { token } : {}),
          ...(request.body !== undefined ? { body: request.body } : {}),
          ...(request.contentType ? { headers: { 'content-type': request.contentType } } : {}),
        });
        expected.push(`${persona} (${label}): ${row.expected[index]}`);
        actual.push(`${persona} (${label}): ${response.statusCode}`);
        if (response.statusCode >= 400) {
          expect(response.headers['content-type']).toContain('application/problem+json');
          expect(response.json<{ status: number }>().status).toBe(response.statusCode);
        }
        if (response.statusCode === 403) {
          deniedRequestIds.push(String(response.headers['x-request-id']));
        }
      }
    }
    expect(actual).toEqual(expected);

    // Every refusal of a signed-in user is in the audit trail as denied.
    for (const requestId of deniedRequestIds) {
      const events = await queryRows<{ outcome: string }>(
        database.db,
        sql`select outcome from audit_event where request_id = ${requestId}`,
      );
      expect(events.map((e) => e.outcome)).toContain('denied');
    }
  });
});
