/**
 * The fuzz suite's runner: one app per route group on an in-memory PGlite, with its log
 * captured; records and signed-in users for the bodies to name; and, per route, fast-check
 * sending generated and mutated bodies (most through `inject`, one in ten over real HTTP from
 * a 127.0.0.x address) and checking each answer:
 * - never a status of 500 or more;
 * - every 4xx is application/problem+json, and a 400 names at least one field;
 * - after every 2xx, what the server stored, read back, passes the contract's own request
 *   schemas (so every plausibility rule of the contract holds for stored data);
 * - Object.prototype is untouched; the captured log never holds the planted marker.
 * FUZZ_RUNS sets the bodies per route (100 in `npm test`, 20,000 in `npm run fuzz`); the seed
 * is new each run, so `npm test` covers different bodies each time; FUZZ_SEED (and FUZZ_PATH)
 * replay a run.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { z } from 'zod';
import {
  addAppointmentRequestSchema,
  leaveRequestSchema,
  scheduleRequestSchema,
  scheduleSchema,
  addEmployeeRequestSchema,
  addHistoryRequestSchema,
  addEmployeeResponseSchema,
  addPatientRequestSchema,
  addPatientResponseSchema,
  addDays,
  ageOn,
  appointmentResponseSchema,
  addAddendumRequestSchema,
  addNoteRequestSchema,
  clinicalNoteListSchema,
  clinicalNoteSchema,
  noteEnteredInErrorRequestSchema,
  medicationListSchema,
  medicationSchema,
  prescribeRequestSchema,
  recordVitalsRequestSchema,
  stopMedicationRequestSchema,
  vitalSignsListSchema,
  DEFAULT_API_BASE,
  type Endpoint,
  employeeSchema,
  endpointPath,
  MERGE_PATCH_CONTENT_TYPE,
  PASSWORD_RESET_TOKEN_PATTERN,
  mfaConfirmResponseSchema,
  mfaSetupResponseSchema,
  myContactSchema,
  PORTAL_ACCEPT,
  PROBLEM_CONTENT_TYPE,
  patientRecordSchema,
  problemSchema,
  registerResponseSchema,
  todayUtc,
  hospitalToday,
  tokenResponseSchema,
  upcomingAppointmentSchema,
  usernameSchema,
} from '@portal/contract';
import type { Role } from '@portal/reference-data';
import { buildApp } from '../src/app';
import { catalogueEntries } from '../src/catalogues';
import type { Database } from '../src/db/database';
import { mfaRepository } from '../src/repositories/mfa';
import { passwordResetsRepository } from '../src/repositories/password-resets';
import { resetTokenHash } from '../src/services/password-reset-service';
import { hashPassword } from '../src/security/passwords';
import {
  createTestDatabase,
  createUser,
  enrolSecondFactor,
  newEmployee,
  newPatient,
  TEST_JWT_SECRET,
  TEST_PASSWORD_HASHING,
  testConfig,
  type TestUser,
} from '../src/test/harness';
import {
  dateArbitrary,
  type FieldHints,
  MARKER,
  type Mutation,
  mutate,
  mutationArbitrary,
  validBodies,
} from './bodies';
import {
  bodyEndpoints,
  groupOf,
  NO_BODY,
  requestSchemaOf,
  type RouteGroup,
} from './routes-under-fuzz';

/** Bodies per route: 100 in `npm test` (a new seed each run), the deep run sets more. */
export const FUZZ_RUNS = Math.max(1, Number(process.env['FUZZ_RUNS'] ?? 100));
/** The seed of the whole run: printed, and taken from FUZZ_SEED to replay one. */
export const FUZZ_SEED = process.env['FUZZ_SEED']
  ? Number(process.env['FUZZ_SEED'])
  : Math.floor(Math.random() * 2 ** 31);
const FUZZ_PATH = process.env['FUZZ_PATH'];

/** Each route's own seed, from the run's seed and the route's name (so routes differ). */
function routeSeed(name: string): number {
  let hash = FUZZ_SEED | 0;
  for (const char of name) hash = (Math.imul(hash, 31) + char.charCodeAt(0)) | 0;
  return hash;
}

/** The time a route's run may take: generous, as the suite shares 2 cores with everything. */
export const routeTimeout = () => 120_000 + FUZZ_RUNS * 100;

/** Addresses the fuzzed calls come from; the world's own logins use another. */
const SETUP_ADDRESS = '127.0.0.250';

/** What the log stream saw. */
export interface LogCapture {
  lines: number;
  readonly markerLines: string[];
}

/**
 * A logger for an app under fuzz, at the most a server can log (trace: the marker must not show
 * even there), and what it wrote: the count of lines and those that held the planted marker.
 */
export function captureLog() {
  const log: LogCapture = { lines: 0, markerLines: [] };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      const text = chunk.toString('utf8');
      log.lines += 1;
      if (text.includes(MARKER)) log.markerLines.push(text.slice(0, 600));
      done();
    },
  });
  return { log, logger: { level: 'trace', stream } };
}

/** One route group's app, with the users and records its bodies can name. */
export interface World {
  readonly group: RouteGroup;
  readonly app: FastifyInstance;
  readonly database: Database;
  readonly baseUrl: string;
  readonly log: LogCapture;
  /** A signed-in user per role the group's calls need (kept signed in by the runner). */
  readonly sessions: Map<Role, TestUser>;
  /** Existing patient and employee ids. */
  readonly patientIds: string[];
  readonly employeeIds: string[];
  /**
   * Booked appointments by the call whose paths name them: each booking changes once, so every
   * appointment call gets its own, or the first would leave none booked for the next.
   */
  readonly appointments: Map<string, { patient_id: string; appointment_id: string }[]>;
  /** Signed notes by the call whose paths name them (an entered-in-error mark is once only). */
  readonly notes: Map<string, { patient_id: string; note_id: string }[]>;
  /** Active prescriptions by the call whose paths name them (a stop is once only). */
  readonly medications: Map<string, { patient_id: string; medication_id: string }[]>;
  /** Problem-list and allergy-list entries by the call whose paths name them (`:entry_id`). */
  readonly listEntries: Map<string, { patient_id: string; entry_id: string }[]>;
  /** Patients with no allergy listed, for "no known allergies" to be recorded for. */
  readonly unlistedPatientIds: string[];
  /** Catalogue ids a condition and an allergy may name. */
  readonly conditionIds: string[];
  readonly substanceIds: string[];
  /** Catalogue drugs a prescription may name. */
  readonly drugIds: string[];
  /** Employees a booking may name as its clinician (working doctors and nurses). */
  readonly clinicianIds: string[];
  /**
   * Doctors whose clinic hours the schedule and leave calls set: no other call names them (the
   * update calls may make the others non-clinical, and every schedule would then be refused).
   */
  readonly hoursClinicianIds: string[];
  /** Employees whose portal access waits for approval (asked for by another HR person). */
  readonly pendingAccess: { employee_id: string; position_id: string }[];
  /** Records waiting for registration, with their codes. */
  readonly registrations: { role: Role; id: string; activation_code: string }[];
  /** Accounts whose passwords the login bodies may know. */
  readonly accounts: { username: string; password: string }[];
  /** Logins waiting for their second factor, each with a recovery code that answers it. */
  readonly mfaLogins: { mfa_token: string; code: string }[];
  /** The secret the medical session's last set-up answered (for confirm bodies with its code). */
  mfaPendingSecret: string | null;
  /** Unused recovery codes of the medical session's second factor, once My account's calls turn it on. */
  mfaRecoveryCodes: string[];
  /** Reset links' tokens waiting to be used, each once, for accounts no other call signs in with. */
  readonly resetTokens: string[];
}

/** An answer, from inject or from real HTTP. */
interface Answer {
  readonly status: number;
  readonly contentType: string;
  readonly text: string;
}

/** Builds a group's world: database, app with a captured log, users and records. */
export async function createWorld(group: RouteGroup): Promise<World> {
  const database = await createTestDatabase('pglite');
  const { log, logger } = captureLog();
  const config = testConfig();
  const app = await buildApp({
    // The patient session's own booked visits (for the cancel bodies) stay under the limit of
    // upcoming ones, so that booking bodies reach the write (the limit: clinic-hours.test.ts).
    config: { ...config, booking: { ...config.booking, maxUpcoming: 1000 } },
    db: database.db,
    jwtSecret: TEST_JWT_SECRET,
    logger,
    sleep: async () => undefined,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;

  const sessions = new Map<Role, TestUser>();
  for (const role of ['medical_personnel', 'HR', 'patient'] as const) {
    sessions.set(role, await createUser(app, database, role));
  }
  const world: World = {
    group,
    app,
    database,
    baseUrl: `http://127.0.0.1:${port}`,
    log,
    sessions,
    patientIds: [],
    employeeIds: [],
    appointments: new Map(),
    notes: new Map(),
    medications: new Map(),
    listEntries: new Map(),
    unlistedPatientIds: [],
    conditionIds: [],
    substanceIds: [],
    drugIds: [],
    clinicianIds: [],
    hoursClinicianIds: [],
    pendingAccess: [],
    registrations: [],
    accounts: [],
    mfaLogins: [],
    mfaPendingSecret: null,
    mfaRecoveryCodes: [],
    resetTokens: [],
  };

  // Records through the real calls, as staff would make them.
  const doctor = sessions.get('medical_personnel')!.token;
  const hr = sessions.get('HR')!.token;
  const seeds = group === 'auth' ? 40 : 15;
  for (let i = 0; i < seeds; i += 1) {
    const patient = addPatientResponseSchema.parse(
      await seed(app, doctor, '/patient/add-patient', newPatient()),
    );
    world.patientIds.push(patient.patient_id);
    world.registrations.push({
      role: 'patient',
      id: patient.patient_id,
      activation_code: patient.activation_code,
    });
    const position = (['P001', 'P002', 'P011', 'P003'] as const)[i % 4];
    const employee = addEmployeeResponseSchema.parse(
      await seed(app, hr, '/employee/add-employee', newEmployee({ position_id: position })),
    );
    world.employeeIds.push(employee.employee_id);
    if (position === 'P001' || position === 'P002') world.clinicianIds.push(employee.employee_id);
    if (employee.activation_code) {
      world.registrations.push({
        role: position === 'P011' ? 'HR' : 'medical_personnel',
        id: employee.employee_id,
        activation_code: employee.activation_code,
      });
    }
  }
  if (group === 'employees') {
    for (let i = 0; i < 4; i += 1) {
      const employee = addEmployeeResponseSchema.parse(
        await seed(app, hr, '/employee/add-employee', newEmployee({ position_id: 'P001' })),
      );
      world.hoursClinicianIds.push(employee.employee_id);
    }
  }
  if (group === 'patients') {
    // Booked appointments for each of the cancel, reschedule and status calls to find booked.
    const appointmentCalls = bodyEndpoints()
      .filter(([, endpoint]) => endpoint.path.includes(':appointment_id'))
      .map(([name]) => name);
    for (const call of appointmentCalls) {
      const pool: { patient_id: string; appointment_id: string }[] = [];
      for (let i = 0; i < 60; i += 1) {
        const patientId = world.patientIds[i % world.patientIds.length]!;
        const booked = appointmentResponseSchema.parse(
          await seed(app, doctor, '/patient/add-patient-appointment', {
            patient_id: patientId,
            date: addDays(todayUtc(), 1 + i),
            time: '10:00',
            // Each call's pool books the same days and times: setup books over its own.
            allow_overlap: true,
          }),
        );
        pool.push({ patient_id: patientId, appointment_id: booked.appointment_id! });
      }
      world.appointments.set(call, pool);
    }
    // Signed notes for each of the addendum and entered-in-error calls.
    const noteCalls = bodyEndpoints()
      .filter(([, endpoint]) => endpoint.path.includes(':note_id'))
      .map(([name]) => name);
    for (const call of noteCalls) {
      const pool: { patient_id: string; note_id: string }[] = [];
      for (let i = 0; i < 60; i += 1) {
        const patientId = world.patientIds[i % world.patientIds.length]!;
        const note = clinicalNoteSchema.parse(
          await seed(app, doctor, `/patient/${patientId}/notes`, { text: `Note ${i}` }),
        );
        pool.push({ patient_id: patientId, note_id: note.note_id });
      }
      world.notes.set(call, pool);
    }
    // Catalogue entries the bodies name, and an entry of each list for its PATCH to change.
    const catalogue = (kinds: readonly string[]) =>
      catalogueEntries()
        .filter((e) => kinds.includes(e.kind))
        .sort((a, b) => (a.common_rank ?? Infinity) - (b.common_rank ?? Infinity))
        .slice(0, 40)
        .map((e) => e.id);
    world.conditionIds.push(...catalogue(['condition']));
    world.substanceIds.push(...catalogue(['drug', 'class', 'food', 'environment']));
    world.drugIds.push(...catalogue(['drug']));
    // Active prescriptions for the stop call (overridden, so that none is refused as a duplicate).
    const stopPool: { patient_id: string; medication_id: string }[] = [];
    for (let i = 0; i < 60; i += 1) {
      const patientId = world.patientIds[i % world.patientIds.length]!;
      const prescribed = medicationSchema.parse(
        await seed(app, doctor, `/patient/${patientId}/medications`, {
          drug_id: world.drugIds[i % world.drugIds.length],
          dose: 1,
          unit: 'tablet',
          route: 'oral',
          frequency: 'once_daily',
          duration_days: 30,
          quantity: 30,
          instructions: 'One tablet a day',
          override_reason: 'Seeded for the fuzz suite',
        }),
      );
      stopPool.push({ patient_id: patientId, medication_id: prescribed.id });
    }
    world.medications.set('stopMedication', stopPool);
    for (const [call, list, field, ids] of [
      ['patchCondition', 'conditions', 'condition_id', world.conditionIds],
      ['patchAllergy', 'allergies', 'substance_id', world.substanceIds],
    ] as const) {
      const pool: { patient_id: string; entry_id: string }[] = [];
      for (let i = 0; i < 30; i += 1) {
        const patientId = world.patientIds[i % world.patientIds.length]!;
        const added = (await seed(app, doctor, `/patient/${patientId}/${list}`, {
          [field]: ids[i % ids.length],
        })) as { id: string };
        pool.push({ patient_id: patientId, entry_id: added.id });
      }
      world.listEntries.set(call, pool);
    }
    for (let i = 0; i < 10; i += 1) {
      const body = { ...newPatient(), patient_chronic_disease: [], patient_drug_allergy: [] };
      await seed(app, doctor, '/patient/add-patient', body);
      world.unlistedPatientIds.push(body.patient.patient_id);
    }
  }
  if (group === 'employees') {
    // Access that another HR person asked for, so that the fuzzed session may approve it.
    const requester = (await createUser(app, database, 'HR')).token;
    for (let i = 0; i < 30; i += 1) {
      const position = (['P001', 'P002', 'P011'] as const)[i % 3]!;
      const employee = addEmployeeResponseSchema.parse(
        await seed(
          app,
          requester,
          '/employee/add-employee',
          newEmployee({ position_id: position }),
        ),
      );
      // Kept apart from employeeIds: another route's fuzzed change would ask anew, by the
      // fuzzed session itself, which may then not approve it.
      world.pendingAccess.push({ employee_id: employee.employee_id, position_id: position });
    }
  }
  if (group === 'auth') {
    // A patient's own booking: a patient session (its clinician's hours: openClinicHours).
    sessions.set('patient', await createUser(app, database, 'patient'));
    // The patient's own booked appointments, two days ahead and later (beyond the notice a
    // patient's cancel needs), for the patient's cancel to find booked.
    const own = sessions.get('patient')!.recordId;
    const pool: { patient_id: string; appointment_id: string }[] = [];
    for (let i = 0; i < 60; i += 1) {
      const booked = appointmentResponseSchema.parse(
        await seed(app, doctor, '/patient/add-patient-appointment', {
          patient_id: own,
          date: addDays(todayUtc(), 2 + i),
          time: '10:00',
        }),
      );
      pool.push({ patient_id: own, appointment_id: booked.appointment_id! });
    }
    world.appointments.set('cancelMyAppointment', pool);
    for (const role of ['medical_personnel', 'patient', 'HR'] as const) {
      const user = await createUser(app, database, role);
      world.accounts.push({ username: user.username, password: user.password });
    }
    for (let i = 0; i < 20; i += 1) {
      const user = await createUser(app, database, i % 2 ? 'patient' : 'medical_personnel');
      const { recoveryCodes } = await enrolSecondFactor(app, user.token);
      const answer = await app.inject({
        method: 'POST',
        url: `${DEFAULT_API_BASE}/login`,
        payload: { username: user.username, password: user.password },
        remoteAddress: SETUP_ADDRESS,
      });
      const { mfa_token } = answer.json<{ mfa_token: string }>();
      world.mfaLogins.push({ mfa_token, code: recoveryCodes[0]! });
    }
    // Reset links as a request would have mailed them (the token's hash stored, the token
    // known), for accounts of their own: a confirm ends every session of its account.
    for (let i = 0; i < 5; i += 1) {
      const user = await createUser(app, database, 'patient');
      for (let j = 0; j < 25; j += 1) {
        const token = randomBytes(32).toString('base64url');
        await passwordResetsRepository.create(
          database.db,
          user.username,
          resetTokenHash(token),
          new Date(Date.now() + 3_600_000),
        );
        world.resetTokens.push(token);
      }
    }
    await startMfaSetup(world);
  }
  return world;
}

async function seed(app: FastifyInstance, token: string, path: string, body: unknown) {
  const response = await app.inject({
    method: 'POST',
    url: `${DEFAULT_API_BASE}${path}`,
    headers: { authorization: `Bearer ${token}` },
    payload: body as Record<string, unknown>,
  });
  if (response.statusCode !== 201) throw new Error(`seeding ${path}: ${response.body}`);
  return response.json<unknown>();
}

/** Closes a world's app and database. */
export async function closeWorld(world: World): Promise<void> {
  await world.app.close();
  await world.database.close();
}

/** The role a call is made with: none for public calls, else a role it allows. */
function roleFor(endpoint: Endpoint): Role | undefined {
  if (endpoint.access === 'public') return undefined;
  if (endpoint.access === 'authenticated') return 'medical_personnel';
  if (endpoint.access === 'operator') return undefined;
  return endpoint.access[0];
}

/** The field generators a route's bodies get from its world: ids and codes that exist. */
function worldHints(world: World, name: string): FieldHints {
  const pick = <T>(items: readonly T[], other: fc.Arbitrary<T>): fc.Arbitrary<T> =>
    items.length
      ? fc.oneof(
          { weight: 3, arbitrary: fc.constantFrom(...items) },
          { weight: 1, arbitrary: other },
        )
      : other;
  const newPatientId = fc.stringMatching(/^P9\d{6}$/);
  const newEmployeeId = fc.stringMatching(/^E9\d{6}$/);
  const creates = name === 'addPatient' || name === 'addEmployee';
  const medical = world.sessions.get('medical_personnel');
  return {
    ...(name === 'addAppointment' || name === 'rescheduleAppointment'
      ? { date: dateArbitrary('appointment') }
      : {}),
    clinician_id: pick(world.clinicianIds, newEmployeeId),
    condition_id: pick(world.conditionIds, fc.stringMatching(/^icd:[A-Z]\d{2}(\.\d{1,4})?$/)),
    substance_id: pick(world.substanceIds, fc.stringMatching(/^(rxn|atc|sct):[A-Z0-9]{1,9}$/)),
    drug_id: pick(world.drugIds, fc.stringMatching(/^(rxn|atc):[A-Z0-9]{1,9}$/)),
    ...(name === 'addCondition' ||
    name === 'patchCondition' ||
    name === 'addAllergy' ||
    name === 'patchAllergy'
      ? { onset_date: fc.option(dateArbitrary('onset')) }
      : {}),
    // Clinic hours: a week of sessions one a day (so that they do not overlap), exceptions and
    // leave on days in the contract's range, mostly in order, so that bodies reach the write.
    ...(name === 'putSchedule'
      ? {
          sessions: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }).chain((days) =>
            fc.tuple(
              ...days.map((weekday) =>
                fc
                  .record({
                    start: fc.integer({ min: 0, max: 40 }),
                    length: fc.integer({ min: 1, max: 8 }),
                    slot_minutes: fc.constantFrom(10, 15, 20, 30),
                    department_id: fc.constantFrom('D001', 'D002', null),
                  })
                  .map(({ start, length, ...rest }) => ({
                    weekday,
                    start: `${String(6 + Math.floor(start / 4)).padStart(2, '0')}:${String((start % 4) * 15).padStart(2, '0')}`,
                    end: `${String(6 + Math.floor((start + length) / 4)).padStart(2, '0')}:${String(((start + length) % 4) * 15).padStart(2, '0')}`,
                    ...rest,
                  })),
              ),
            ),
          ),
          date: dateArbitrary('appointment'),
        }
      : {}),
    ...(name === 'bookMyAppointment' && medical
      ? {
          clinician_id: fc.constant(medical.recordId),
          // A slot's start within the next weeks: a day ahead and a quarter hour of it.
          start: fc
            .tuple(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 0, max: 94 }))
            .map(([day, quarter]) =>
              new Date(
                Date.parse(`${addDays(hospitalToday(), day)}T00:00:00+07:00`) + quarter * 900_000,
              ).toISOString(),
            ),
        }
      : {}),
    ...(name === 'confirmPasswordReset'
      ? {
          token: pick(world.resetTokens, fc.stringMatching(PASSWORD_RESET_TOKEN_PATTERN)),
          new_password: fc.oneof(
            fc.constantFrom('Riverside-Morning-42', 'correct horse battery staple'),
            fc.string({ minLength: 12, maxLength: 40 }),
          ),
        }
      : {}),
    ...(name === 'addLeave'
      ? {
          from: fc.integer({ min: 0, max: 20 }).map((d) => addDays(todayUtc(), d)),
          to: fc.integer({ min: 20, max: 60 }).map((d) => addDays(todayUtc(), d)),
        }
      : {}),
    // Set-up asks for the session's own password: the right one, so that the bodies reach the
    // set-up behind it (mutations still send wrong ones; five of those lock the account for a
    // while, as they would a person's, and mfa.test.ts tests the wrong password itself).
    ...(name === 'mfaSetup' && medical ? { password: fc.constant(medical.password) } : {}),
    // A password change names the right current password, and keeps it as the new one, so
    // that the session's password stays what the runner knows.
    ...(name === 'changePassword' && medical
      ? {
          current_password: fc.constant(medical.password),
          new_password: fc.constant(medical.password),
        }
      : {}),
    patient_id: creates ? newPatientId : pick(world.patientIds, newPatientId),
    employee_id: creates ? newEmployeeId : pick(world.employeeIds, newEmployeeId),
    username: pick(
      world.accounts.map((a) => a.username),
      fc.stringMatching(/^[a-z][a-z0-9._]{2,20}$/),
    ),
  };
}

/**
 * Opens the medical session's clinician every day in slots of 15 minutes, as HR would, so that
 * a slot a booking body names is free (the hints pick starts on that grid).
 */
async function openClinicHours(world: World): Promise<void> {
  const hours = await world.app.inject({
    method: 'PUT',
    url: `${DEFAULT_API_BASE}/employee/${world.sessions.get('medical_personnel')!.recordId}/schedule`,
    headers: { authorization: `Bearer ${world.sessions.get('HR')!.token}` },
    payload: {
      sessions: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
        weekday,
        start: '00:00',
        end: '23:45',
        slot_minutes: 15,
      })),
    },
  });
  if (hours.statusCode !== 200) throw new Error(`clinic hours for the fuzz: ${hours.body}`);
}

/** A new set-up for the medical session's account; its secret is kept for confirm bodies. */
async function startMfaSetup(world: World): Promise<void> {
  // Mutated set-up bodies carry wrong passwords, and five of them block the account (as they
  // would a person's): lift the block as the help desk would, so this set-up can start.
  await world.database.db.execute(sql`delete from login_throttle where key = 'account:' ||
    (select id::text from app_user where username = ${world.sessions.get('medical_personnel')!.username})`);
  const response = await world.app.inject({
    method: 'POST',
    url: `${DEFAULT_API_BASE}/mfa/setup`,
    headers: { authorization: `Bearer ${world.sessions.get('medical_personnel')!.token}` },
    payload: { password: world.sessions.get('medical_personnel')!.password },
    remoteAddress: SETUP_ADDRESS,
  });
  world.mfaPendingSecret =
    response.statusCode === 200 ? response.json<{ secret: string }>().secret : null;
}

/** The calls that check the session user's password or a code, and so count failures toward a lock. */
const LOCKING_CALLS = new Set([
  'mfaSetup',
  'changePassword',
  'regenerateRecoveryCodes',
  'disableMfa',
]);

/** Clears an account's password and code failures, as the help desk would after a lock. */
async function liftThrottle(world: World, username: string): Promise<void> {
  await world.database.db.execute(sql`delete from login_throttle where key in (
    'account:' || (select id::text from app_user where username = ${username}),
    'mfa:' || (select id::text from app_user where username = ${username}))`);
}

/** Clears every account's password and code failures (not the addresses'). */
async function liftAccountLocks(world: World): Promise<void> {
  await world.database.db.execute(
    sql`delete from login_throttle where key like 'account:%' or key like 'mfa:%'`,
  );
}

/** Puts a session's known password back (a fuzzed change may have set a strong one of its own). */
async function restorePassword(world: World, user: TestUser): Promise<void> {
  const hash = await hashPassword(user.password, TEST_PASSWORD_HASHING);
  await world.database.db.execute(
    sql`update app_user set password_hash = ${hash} where username = ${user.username}`,
  );
}

/**
 * Turns the medical session's second factor on (set-up and confirm, as a person would), for
 * My account's calls that need one, and keeps its recovery codes for their bodies. The throttle
 * the mutated bodies filled is lifted first, and the password put back, as the help desk would.
 */
async function turnOnMfa(world: World): Promise<void> {
  const medical = world.sessions.get('medical_personnel')!;
  await liftThrottle(world, medical.username);
  // A mutated password change may have set a strong password of its own: back to the known one.
  await restorePassword(world, medical);
  await mfaRepository.resetMfa(world.database.db, medical.username);
  const headers = { authorization: `Bearer ${medical.token}` };
  const setup = await world.app.inject({
    method: 'POST',
    url: `${DEFAULT_API_BASE}/mfa/setup`,
    headers,
    payload: { password: medical.password },
    remoteAddress: SETUP_ADDRESS,
  });
  if (setup.statusCode !== 200) throw new Error(`mfa setup for the fuzz: ${setup.body}`);
  const confirmed = await world.app.inject({
    method: 'POST',
    url: `${DEFAULT_API_BASE}/mfa/confirm`,
    headers,
    payload: { code: currentTotp(setup.json<{ secret: string }>().secret) },
    remoteAddress: SETUP_ADDRESS,
  });
  if (confirmed.statusCode !== 200) throw new Error(`mfa confirm for the fuzz: ${confirmed.body}`);
  world.mfaRecoveryCodes = [...confirmed.json<{ recovery_codes: string[] }>().recovery_codes];
  world.mfaPendingSecret = null;
}

/**
 * The current TOTP code of a base-32 secret, computed synchronously (the bodies are completed
 * inside fast-check's synchronous map): RFC 6238 as an authenticator app computes it.
 */
function currentTotp(secretBase32: string): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secretBase32) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from((bits.match(/.{8}/g) ?? []).map((byte) => Number.parseInt(byte, 2)));
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(Date.now() / 30_000)));
  const mac = createHmac('sha1', key).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

/** Cross-field consistency a real form would have: age from the date of birth, a login's pair. */
function completeBody(world: World, name: string): (body: unknown, choice: number) => unknown {
  return (body, choice) => {
    if (body === null || typeof body !== 'object') return body;
    const b = { ...(body as Record<string, unknown>) };
    if (name === 'addPatient' || name === 'updatePatient' || name === 'patchPatient') {
      if (b['patient'] === undefined) return b;
      const patient = { ...(b['patient'] as Record<string, unknown>) };
      const dob = patient['date_of_birth'];
      if (typeof dob === 'string' && choice % 5 !== 0) {
        patient['age'] = Math.max(0, ageOn(dob, todayUtc()));
      }
      b['patient'] = patient;
    }
    if (name === 'register' && world.registrations.length && choice % 3 !== 0) {
      Object.assign(b, world.registrations[choice % world.registrations.length]);
    }
    if (name === 'login' && world.accounts.length && choice % 4 === 0) {
      Object.assign(b, world.accounts[choice % world.accounts.length]);
      // A client sends a proof of work only when the server asks for one (login-flood.test.ts).
      delete b['proof'];
    }
    if (name === 'loginMfa' && world.mfaLogins.length && choice % 4 === 0) {
      // Each sign-in works once: every one of them gets its turn (not only every fourth).
      Object.assign(b, world.mfaLogins[Math.floor(choice / 4) % world.mfaLogins.length]);
    }
    if (name === 'mfaConfirm' && world.mfaPendingSecret && choice % 3 === 0) {
      b['code'] = currentTotp(world.mfaPendingSecret);
    }
    // A recovery code works once, and only a success spends it (both calls then renew the
    // codes: see fuzzRoute), so bodies name the first unspent one, mutated or not.
    if (
      (name === 'regenerateRecoveryCodes' || name === 'disableMfa') &&
      world.mfaRecoveryCodes.length &&
      choice % 3 === 0
    ) {
      b['code'] = world.mfaRecoveryCodes[0];
    }
    // Blood pressure comes as a pair: most bodies that name one side get the other.
    if (name === 'recordVitals' && choice % 4 !== 0) {
      if (b['systolic'] !== undefined && b['diastolic'] === undefined) b['diastolic'] = 80;
      if (b['diastolic'] !== undefined && b['systolic'] === undefined) b['systolic'] = 120;
    }
    if (name === 'addEmployee' || name === 'updateEmployee') {
      if (b['work_status'] !== 'no' && choice % 3 !== 0) b['resignation_date'] = null;
      else if (typeof b['hire_date'] === 'string' && choice % 3 !== 0) {
        b['resignation_date'] = b['hire_date'];
      }
    }
    return b;
  };
}

/** One fuzz case: a body, its mutations, and how it is sent. */
interface FuzzCase {
  readonly body: unknown;
  readonly mutations: readonly Mutation[];
  readonly viaHttp: boolean;
  readonly address: number;
  readonly contentType: string;
}

/** The counts a route's run ends with. */
export interface RouteCounts {
  sent: number;
  http: number;
  markers: number;
  readonly byStatus: Map<number, number>;
}

/** A one-line summary: sent, 2xx, 4xx by status, ≥500. */
export function formatCounts(route: string, counts: RouteCounts): string {
  const statuses = [...counts.byStatus.entries()].sort(([a], [b]) => a - b);
  const sum = (from: number, to: number) =>
    statuses.filter(([s]) => s >= from && s < to).reduce((n, [, c]) => n + c, 0);
  const list = (from: number, to: number) =>
    statuses
      .filter(([s]) => s >= from && s < to)
      .map(([s, c]) => `${s}×${c}`)
      .join(' ');
  return (
    `fuzz ${route.padEnd(20)} sent ${counts.sent} (http ${counts.http}) · ` +
    `2xx ${sum(200, 300)} [${list(200, 300)}] · 4xx ${sum(400, 500)} [${list(400, 500)}] · ` +
    `≥500 ${sum(500, 600)}${sum(500, 600) ? ` [${list(500, 600)}]` : ''}`
  );
}

function describeBody(text: string): string {
  const shown = text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text;
  return JSON.stringify(shown);
}

/** Sends a body over real HTTP from a 127.0.0.x address. */
function sendHttp(
  world: World,
  method: string,
  url: string,
  headers: Record<string, string>,
  text: string,
  address: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      `${world.baseUrl}${url}`,
      { method, headers, localAddress: address },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

/** Object.prototype and Array.prototype as they are: their own properties and values. */
function prototypeShape(): unknown[] {
  return [Object.prototype, Array.prototype].flatMap((proto) =>
    Reflect.ownKeys(proto).flatMap((key): unknown[] => [key, Reflect.get(proto, key) as unknown]),
  );
}

/** Whether the prototypes still hold exactly what they held (same keys, same values). */
function samePrototypes(before: unknown[]): boolean {
  const now = prototypeShape();
  return now.length === before.length && now.every((v, i) => Object.is(v, before[i]));
}

/**
 * Runs the fuzz property for one route and returns its counts. Throws (with fast-check's seed
 * and path, and the body's JSON text) on the first answer that breaks a property.
 */
export async function fuzzRoute(world: World, name: string, endpoint: Endpoint) {
  const schema = requestSchemaOf(name);
  if (!schema) throw new Error(`No body generator for ${endpoint.method} ${endpoint.path}`);
  const counts: RouteCounts = { sent: 0, http: 0, markers: 0, byStatus: new Map() };
  const role = roleFor(endpoint);
  if (name === 'regenerateRecoveryCodes' || name === 'disableMfa') await turnOnMfa(world);
  if (name === 'bookMyAppointment') await openClinicHours(world);
  const complete = completeBody(world, name);
  const pathParams = fc.oneof(
    fc.constantFrom(
      ...(name === 'recordNoKnownAllergies' ? world.unlistedPatientIds : []),
      ...world.patientIds,
      ...world.employeeIds,
    ),
    fc.stringMatching(/^[PE]9\d{5}$/),
  );
  // The appointment calls' paths name a seeded appointment of its patient, mostly.
  const booked = world.appointments.get(name) ?? [];
  const appointmentParams = booked.length
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...booked) },
        {
          weight: 1,
          arbitrary: fc.record({ patient_id: pathParams, appointment_id: fc.uuid() }),
        },
      )
    : fc.record({ patient_id: pathParams, appointment_id: fc.uuid() });
  const namesAppointment = endpoint.path.includes(':appointment_id');
  // A call on one patient's record (vital signs, notes) names an existing patient, mostly; "no
  // known allergies" one with no allergy listed (the others' lists are seeded, so it is a 409).
  const ownPatients =
    name === 'recordNoKnownAllergies' ? world.unlistedPatientIds : world.patientIds;
  const ownPatientPath =
    endpoint.path.startsWith('/patient/:patient_id/') && ownPatients.length
      ? fc.oneof(
          { weight: 4, arbitrary: fc.constantFrom(...ownPatients) },
          { weight: 1, arbitrary: pathParams },
        )
      : pathParams;
  // The note calls' paths name a seeded note of its patient, mostly.
  const written = world.notes.get(name) ?? [];
  const noteParams = written.length
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...written) },
        { weight: 1, arbitrary: fc.record({ patient_id: pathParams, note_id: fc.uuid() }) },
      )
    : fc.record({ patient_id: pathParams, note_id: fc.uuid() });
  const namesNote = endpoint.path.includes(':note_id');
  // The stop call's path names a seeded prescription of its patient, mostly.
  const prescribed = world.medications.get(name) ?? [];
  const medicationParams = prescribed.length
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...prescribed) },
        { weight: 1, arbitrary: fc.record({ patient_id: pathParams, medication_id: fc.uuid() }) },
      )
    : fc.record({ patient_id: pathParams, medication_id: fc.uuid() });
  const namesMedication = endpoint.path.includes(':medication_id');
  // The list entries' PATCH calls name a seeded entry of its patient, mostly.
  const entries = world.listEntries.get(name) ?? [];
  const entryParams = entries.length
    ? fc.oneof(
        { weight: 4, arbitrary: fc.constantFrom(...entries) },
        { weight: 1, arbitrary: fc.record({ patient_id: pathParams, entry_id: fc.uuid() }) },
      )
    : fc.record({ patient_id: pathParams, entry_id: fc.uuid() });
  const namesEntry = endpoint.path.includes(':entry_id');
  // An approval's (or a refusal's) path and body name the same waiting employee often enough
  // to succeed.
  const approving =
    (name === 'approveEmployeeAccess' || name === 'refuseEmployeeAccess') &&
    world.pendingAccess.length > 0;
  const bodies = fc
    .tuple(validBodies(schema, worldHints(world, name)), fc.nat())
    .map(([body, choice]) => complete(body, choice));
  const arbitrary = fc.record({
    // A call that takes no body gets, besides nothing and {}, a field it does not know holding
    // the marker (else only a rare mutation would carry it, and "no marker logged" would test
    // nothing for the seed).
    body:
      schema === NO_BODY
        ? fc.oneof(
            { weight: 3, arbitrary: bodies },
            { weight: 1, arbitrary: fc.constant<unknown>({ note: `${MARKER} from a client` }) },
          )
        : bodies,
    mutations: fc.oneof(
      { weight: 3, arbitrary: fc.constant([] as Mutation[]) },
      { weight: 7, arbitrary: fc.array(mutationArbitrary, { minLength: 1, maxLength: 3 }) },
    ),
    viaHttp: fc.nat({ max: 9 }).map((n) => n === 0),
    address: fc.integer({ min: 2, max: 240 }),
    contentType: fc.constantFrom(
      ...(name === 'patchPatient'
        ? [
            MERGE_PATCH_CONTENT_TYPE,
            MERGE_PATCH_CONTENT_TYPE,
            MERGE_PATCH_CONTENT_TYPE,
            `${MERGE_PATCH_CONTENT_TYPE}; charset=utf-8`,
          ]
        : [
            'application/json',
            'application/json',
            'application/json',
            'application/json; charset=utf-8',
          ]),
    ),
    param: approving
      ? fc.oneof(pathParams, fc.constantFrom(...world.pendingAccess.map((p) => p.employee_id)))
      : (name === 'putSchedule' || name === 'addLeave') && world.hoursClinicianIds.length > 0
        ? fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom(...world.hoursClinicianIds) },
            { weight: 1, arbitrary: pathParams },
          )
        : ownPatientPath,
    appointment: appointmentParams,
    note: noteParams,
    entry: entryParams,
    medication: medicationParams,
  });
  const before = prototypeShape();

  const violations = new Map<string, ViolationRecord>();
  const logStart = world.log.markerLines.length;
  let run = 0;
  const property = fc.asyncProperty(
    arbitrary,
    async (
      c: FuzzCase & {
        param: string;
        appointment: { patient_id: string; appointment_id: string };
        note: { patient_id: string; note_id: string };
        entry: { patient_id: string; entry_id: string };
        medication: { patient_id: string; medication_id: string };
      },
    ) => {
      const index = run;
      run += 1;
      const waiting = approving && world.pendingAccess.find((p) => p.employee_id === c.param);
      const body =
        waiting && c.body !== null && typeof c.body === 'object' && c.mutations.length === 0
          ? { ...(c.body as Record<string, unknown>), position_id: waiting.position_id }
          : c.body;
      const text = mutate(body, c.mutations);
      if (text.includes(MARKER)) counts.markers += 1;
      const param = namesAppointment
        ? c.appointment.patient_id
        : namesNote
          ? c.note.patient_id
          : namesEntry
            ? c.entry.patient_id
            : namesMedication
              ? c.medication.patient_id
              : c.param;
      const url = `${DEFAULT_API_BASE}${endpointPath(endpoint.path, { patient_id: param, employee_id: param, appointment_id: c.appointment.appointment_id, note_id: c.note.note_id, entry_id: c.entry.entry_id, medication_id: c.medication.medication_id })}`;
      const session = role ? world.sessions.get(role) : undefined;
      const headers: Record<string, string> = {
        // As the portal's own client asks: every refusal is then a problem naming its field.
        accept: PORTAL_ACCEPT,
        'content-type': c.contentType,
        ...(session ? { authorization: `Bearer ${session.token}` } : {}),
      };
      const address = `127.0.0.${c.address}`;
      // Mutated passwords and codes lock the account after five (as they would a person's; the
      // locks are tested in account.test.ts and mfa.test.ts): lifted before each body, so that
      // the valid ones succeed whatever the seed.
      if (LOCKING_CALLS.has(name) && session) await liftThrottle(world, session.username);
      // The same for the sign-in calls, whose accounts are the world's: every account's lock
      // (the addresses' counts stay, so the address lock is still met).
      if (name === 'login' || name === 'loginMfa') await liftAccountLocks(world);
      let answer: Answer;
      // Bodies past the limit go through inject: over a socket the 413 races the upload.
      if (c.viaHttp && text.length < 900_000) {
        counts.http += 1;
        answer = await sendHttp(world, endpoint.method, url, headers, text, address);
      } else {
        const response = await world.app.inject({
          method: endpoint.method,
          url,
          headers,
          payload: text,
          remoteAddress: address,
        });
        answer = {
          status: response.statusCode,
          contentType: String(response.headers['content-type'] ?? ''),
          text: response.body,
        };
      }
      counts.sent += 1;
      counts.byStatus.set(answer.status, (counts.byStatus.get(answer.status) ?? 0) + 1);
      const where = `${endpoint.method} ${endpoint.path} answered ${answer.status} to ${describeBody(text)}`;
      const kinds = [...new Set(c.mutations.map((m) => m.kind))].sort().join('+') || 'unmutated';

      try {
        if (answer.status >= 500) {
          throw new Violation(`≥500 (${answer.status})`, answer.text.slice(0, 300));
        }
        if (answer.status >= 400) checkProblem(answer, text);
        if (answer.status >= 200 && answer.status < 300) {
          await checkStored(world, name, answer, param, role);
          if (name === 'logout') await signInAgain(world, role!);
          if (name === 'changePassword' && session) await restorePassword(world, session);
          // The factor is off now: on again, with new recovery codes, for the next bodies.
          if (name === 'disableMfa') await turnOnMfa(world);
          // The old codes stopped working: the next bodies take the new ones.
          if (name === 'regenerateRecoveryCodes') {
            const renewed = JSON.parse(answer.text) as { recovery_codes: string[] };
            world.mfaRecoveryCodes = [...renewed.recovery_codes];
          }
        }
        if (answer.status === 401 && session) await signInAgain(world, role!);
        if (!samePrototypes(before) || ({} as Record<string, unknown>)['polluted'] !== undefined) {
          throw new Violation('Object.prototype changed', '');
        }
      } catch (error) {
        if (!(error instanceof Violation)) throw error;
        // Replaying one case (FUZZ_PATH): fail, so that fast-check shrinks it.
        if (FUZZ_PATH) throw new Error(`${where}: ${error.key}: ${error.message}`);
        // A 400 without fields is grouped by the body's shape; anything else by what was mutated.
        const key = error.key.startsWith('400 naming') ? error.key : `${error.key} [${kinds}]`;
        const seen = violations.get(key);
        if (!seen)
          violations.set(key, { count: 1, text, detail: error.message, path: String(index) });
        else {
          seen.count += 1;
          if (text.length < seen.text.length)
            Object.assign(seen, { text, detail: error.message, path: String(index) });
        }
      }
    },
  );

  try {
    await fc.assert(property, {
      numRuns: FUZZ_RUNS,
      seed: routeSeed(name),
      ...(FUZZ_PATH ? { path: FUZZ_PATH } : {}),
      // A replayed failure is shrunk, but not for ever: each step is a request.
      interruptAfterTimeLimit: routeTimeout() - 30_000,
      markInterruptAsFailure: false,
    });
  } finally {
    console.log(formatCounts(name, counts));
  }
  const found = [...violations].map(
    ([key, v]) =>
      `${endpoint.method} ${endpoint.path}: ${key} — ${v.count}×; smallest body ${describeBody(v.text)} ` +
      `→ ${v.detail} (replay: FUZZ_SEED=${FUZZ_SEED} FUZZ_PATH=${v.path})`,
  );
  const logged = world.log.markerLines.slice(logStart);
  if (logged.length) {
    found.push(
      `${endpoint.method} ${endpoint.path}: the log held the planted marker in ${logged.length} line(s), as ${JSON.stringify(logged[0])}`,
    );
  }
  for (const line of found) console.log(`  VIOLATION ${line}`);
  return { counts, violations: found };
}

/** A broken property; `key` groups the failures of one kind. */
class Violation extends Error {
  constructor(
    readonly key: string,
    detail: string,
  ) {
    super(detail);
  }
}

/** The failures of one kind a run met: how many, and the smallest body that showed it. */
interface ViolationRecord {
  count: number;
  text: string;
  detail: string;
  path: string;
}

async function signInAgain(world: World, role: Role) {
  const session = world.sessions.get(role)!;
  const response = await world.app.inject({
    method: 'POST',
    url: `${DEFAULT_API_BASE}/login`,
    payload: { username: session.username, password: session.password },
    remoteAddress: SETUP_ADDRESS,
  });
  if (response.statusCode !== 200 || !response.json<{ token?: string }>().token) {
    // The account cannot sign in any more (or wants a code): a fresh user keeps the run going.
    world.sessions.set(role, await createUser(world.app, world.database, role));
    return;
  }
  world.sessions.set(role, {
    ...session,
    token: response.json<{ token: string }>().token,
  });
}

function checkProblem(answer: Answer, text: string) {
  if (!answer.contentType.startsWith(PROBLEM_CONTENT_TYPE)) {
    throw new Violation(
      `${answer.status} as ${answer.contentType}, not ${PROBLEM_CONTENT_TYPE}`,
      answer.text.slice(0, 300),
    );
  }
  const problem = problemSchema.safeParse(JSON.parse(answer.text));
  if (!problem.success)
    throw new Violation(`${answer.status} that is not a problem`, answer.text.slice(0, 300));
  if (problem.data.status !== answer.status)
    throw new Violation("problem status differs from the answer's", answer.text.slice(0, 300));
  if (answer.status === 400 && !problem.data.errors?.some((e) => e.field.length > 0)) {
    throw new Violation(
      `400 naming no field ("${problem.data.detail}") for ${bodyShape(text)}`,
      answer.text.slice(0, 300),
    );
  }
}

/** What kind of body a 400 without fields answered: where its fault lies. */
function bodyShape(text: string): string {
  try {
    JSON.parse(text);
  } catch {
    return 'malformed JSON';
  }
  if (/"(__proto__|constructor)"\s*:/.test(text)) return 'JSON with a __proto__ or constructor key';
  return 'valid JSON';
}

/** The issues of a value under a contract schema: where (for grouping) and the messages. */
function issuesOf(schema: z.ZodType, value: unknown): { paths: string[]; text: string } {
  const result = schema.safeParse(value);
  if (result.success) return { paths: [], text: '' };
  return {
    paths: result.error.issues.map((i) => i.path.join('.')),
    text: result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '),
  };
}

async function readBack(world: World, path: string, role: Role) {
  return world.app.inject({
    method: 'GET',
    url: `${DEFAULT_API_BASE}${path}`,
    headers: { authorization: `Bearer ${world.sessions.get(role)!.token}` },
  });
}

/** Throws when a stored value, read back, fails a contract request schema. */
function expectPlausible(what: string, schema: z.ZodType, value: unknown) {
  const issues = issuesOf(schema, value);
  if (issues.text) {
    throw new Violation(
      `stored implausible ${what} (${[...new Set(issues.paths)].sort().join(', ')})`,
      `${issues.text}; stored: ${JSON.stringify(value).slice(0, 400)}`,
    );
  }
}

/** The patient's latest set of vital signs, read back, against the request's schema. */
async function checkStoredVitals(world: World, patientId: string) {
  const response = await readBack(
    world,
    `/patient/${encodeURIComponent(patientId)}/vitals?limit=1`,
    'medical_personnel',
  );
  if (response.statusCode !== 200) {
    throw new Violation(`stored vitals unreadable (GET ${response.statusCode})`, response.body);
  }
  const [latest] = vitalSignsListSchema.parse(response.json());
  if (!latest) throw new Violation('recorded vitals not stored', '');
  const {
    vital_id: _id,
    bmi: _bmi,
    flags: _flags,
    recorded_by: _by,
    recorded_at: _at,
    ...sent
  } = latest;
  expectPlausible(
    'vitals',
    recordVitalsRequestSchema,
    Object.fromEntries(Object.entries(sent).filter(([, v]) => v !== null)),
  );
}

/** The patient's notes, read back, against the request schemas of a note and an addendum. */
async function checkStoredNotes(world: World, patientId: string) {
  const response = await readBack(
    world,
    `/patient/${encodeURIComponent(patientId)}/notes?status=all&limit=5`,
    'medical_personnel',
  );
  if (response.statusCode !== 200) {
    throw new Violation(`stored notes unreadable (GET ${response.statusCode})`, response.body);
  }
  for (const note of clinicalNoteListSchema.parse(response.json())) {
    expectPlausible('note', addNoteRequestSchema, {
      text: note.text,
      ...(note.appointment_id ? { appointment_id: note.appointment_id } : {}),
    });
    for (const addendum of note.addenda) {
      expectPlausible('addendum', addAddendumRequestSchema, { text: addendum.text });
    }
    if (note.entered_in_error) {
      expectPlausible('entered-in-error reason', noteEnteredInErrorRequestSchema, {
        reason: note.entered_in_error.reason,
      });
    }
  }
}

/** The patient's prescriptions, read back, against the request schemas of a prescription and a stop. */
async function checkStoredMedications(world: World, patientId: string) {
  const response = await readBack(
    world,
    `/patient/${encodeURIComponent(patientId)}/medications`,
    'medical_personnel',
  );
  if (response.statusCode !== 200) {
    throw new Violation(
      `stored prescriptions unreadable (GET ${response.statusCode})`,
      response.body,
    );
  }
  for (const medication of medicationListSchema.parse(response.json())) {
    const { drug_id, dose, unit, route, frequency, duration_days, quantity, instructions } =
      medication;
    expectPlausible('prescription', prescribeRequestSchema, {
      drug_id,
      dose,
      unit,
      route,
      frequency,
      duration_days,
      quantity,
      instructions,
      ...(medication.override_reason ? { override_reason: medication.override_reason } : {}),
    });
    if (medication.stopped) {
      expectPlausible('stop reason', stopMedicationRequestSchema, {
        reason: medication.stopped.reason,
      });
    }
  }
}

/** Checks a stored patient record, read back, against the contract's request schemas. */
function checkPatientRecord(record: z.infer<typeof patientRecordSchema>) {
  const id = record.patient.patient_id;
  expectPlausible('patient', addPatientRequestSchema, {
    patient: record.patient,
    patient_chronic_disease: record.patient_chronic_disease,
    patient_drug_allergy: record.patient_drug_allergy,
  });
  if (record.patient_appointment.date) {
    expectPlausible('appointment', addAppointmentRequestSchema, {
      patient_id: id,
      ...record.patient_appointment,
    });
  }
  for (const { details, ...entry } of record.medical_history) {
    // The record names the text `details`; the request that adds it, `detail` (both the spec's).
    expectPlausible('history', addHistoryRequestSchema, {
      patient_id: id,
      ...entry,
      detail: details,
    });
  }
}

/** A member of a JSON object, when the value is an object. */
const field = (value: unknown, key: string): unknown =>
  value !== null && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;

/** A string member of a JSON object, or undefined. */
const textField = (value: unknown, key: string): string | undefined => {
  const member = field(value, key);
  return typeof member === 'string' ? member : undefined;
};

/** After a 2xx: reads back what the call stored and checks it against the contract. */
async function checkStored(
  world: World,
  name: string,
  answer: Answer,
  param: string,
  role: Role | undefined,
) {
  const json: unknown = answer.text ? JSON.parse(answer.text) : null;
  // A search answers stored records: each is checked as it came. Any other 2xx is read back.
  if (world.group === 'patients') {
    if (Array.isArray(json)) {
      for (const record of json) checkPatientRecord(patientRecordSchema.parse(record));
      return;
    }
    const id =
      textField(json, 'patient_id') ?? textField(field(json, 'patient'), 'patient_id') ?? param;
    const response = await readBack(
      world,
      `/patient/${encodeURIComponent(id)}`,
      'medical_personnel',
    );
    if (response.statusCode !== 200) {
      throw new Violation(`stored record unreadable (GET ${response.statusCode})`, response.body);
    }
    checkPatientRecord(patientRecordSchema.parse(response.json()));
    if (name === 'recordVitals') await checkStoredVitals(world, id);
    if (name === 'addNote' || name === 'addNoteAddendum' || name === 'markNoteEnteredInError') {
      await checkStoredNotes(world, id);
    }
    if (name === 'prescribe' || name === 'stopMedication') await checkStoredMedications(world, id);
  } else if (world.group === 'employees' && (name === 'putSchedule' || name === 'addLeave')) {
    // Clinic hours: the schedule read back, sessions, exceptions and leave, as HR would send them.
    const response = await readBack(world, `/employee/${encodeURIComponent(param)}/schedule`, 'HR');
    if (response.statusCode !== 200) {
      throw new Violation(`stored schedule unreadable (GET ${response.statusCode})`, response.body);
    }
    const schedule = scheduleSchema.parse(response.json());
    expectPlausible('schedule', scheduleRequestSchema, {
      sessions: schedule.sessions,
      exceptions: schedule.exceptions,
    });
    for (const { from, to, note } of schedule.leave)
      expectPlausible('leave', leaveRequestSchema, { from, to, note });
  } else if (world.group === 'employees') {
    if (Array.isArray(json)) {
      for (const e of json)
        expectPlausible('employee', addEmployeeRequestSchema, employeeSchema.parse(e));
      return;
    }
    const id = textField(json, 'employee_id') ?? param;
    const response = await readBack(world, `/employee/${encodeURIComponent(id)}`, 'HR');
    if (response.statusCode !== 200) {
      throw new Violation(`stored record unreadable (GET ${response.statusCode})`, response.body);
    }
    expectPlausible('employee', addEmployeeRequestSchema, employeeSchema.parse(response.json()));
  } else if (name === 'updateMyContact' || name === 'cancelMyAppointment') {
    if (name === 'cancelMyAppointment') upcomingAppointmentSchema.parse(json);
    else myContactSchema.parse(json);
    const own = world.sessions.get('patient')!.recordId;
    const response = await readBack(world, `/patient/${own}`, 'medical_personnel');
    if (response.statusCode !== 200) {
      throw new Violation(`stored record unreadable (GET ${response.statusCode})`, response.body);
    }
    checkPatientRecord(patientRecordSchema.parse(response.json()));
  } else if (name === 'register') {
    const registered = registerResponseSchema.parse(json);
    expectPlausible('username', usernameSchema, registered.username);
  } else if (name === 'mfaSetup') {
    world.mfaPendingSecret = mfaSetupResponseSchema.parse(json).secret;
  } else if (name === 'mfaConfirm') {
    mfaConfirmResponseSchema.parse(json);
    // Off again and a new set-up, so that the session keeps signing in with its password and
    // later confirm bodies have a pending secret to answer.
    await mfaRepository.resetMfa(
      world.database.db,
      world.sessions.get('medical_personnel')!.username,
    );
    await startMfaSetup(world);
  } else if (name === 'regenerateRecoveryCodes') {
    world.mfaRecoveryCodes = [...mfaConfirmResponseSchema.parse(json).recovery_codes];
  } else if (name === 'disableMfa') {
    // Off: no code works any more (the calls answer 409) until the next route turns it on.
    world.mfaRecoveryCodes = [];
  } else if (name === 'loginMfa') {
    tokenResponseSchema.parse(json);
  } else if (name === 'login' || name === 'renew') {
    const token = tokenResponseSchema.parse(json).token;
    const session = role && world.sessions.get(role);
    if (name === 'renew' && session) world.sessions.set(role, { ...session, token });
  }
}

/** The POST/PUT/PATCH endpoints of a group, from the contract's table. */
export function groupEndpoints(group: RouteGroup): [string, Endpoint][] {
  return bodyEndpoints().filter(([, e]) => groupOf(e) === group);
}

/** The log lines that held the marker (none, or the test fails). */
export function expectCleanLog(log: LogCapture, markersSent: number) {
  expect(markersSent, 'requests carrying the marker were sent').toBeGreaterThan(0);
  expect(log.lines, 'the log was captured').toBeGreaterThan(0);
  expect(log.markerLines, 'log lines holding the planted marker').toEqual([]);
}
