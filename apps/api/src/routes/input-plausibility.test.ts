/**
 * What a client can send that the database cannot store, or that
 * makes no sense, is refused by the contract with a 400 naming the field, on every POST and PUT
 * route, and never reaches PostgreSQL (where it used to answer 500: 22021 for a NUL byte, 22008
 * for year 0000). Runs on PGlite and, with TEST_DATABASE_URL, on the PostgreSQL server.
 */
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type z } from 'zod';
import {
  addAddendumRequestSchema,
  addAppointmentRequestSchema,
  addNoteRequestSchema,
  noteEnteredInErrorRequestSchema,
  prescribeRequestSchema,
  recordVitalsRequestSchema,
  stopMedicationRequestSchema,
  addAllergyRequestSchema,
  addConditionRequestSchema,
  addEmployeeRequestSchema,
  addHistoryRequestSchema,
  addPatientRequestSchema,
  type AddPatientResponse,
  addDays,
  bookSlotRequestSchema,
  hospitalToday,
  leaveRequestSchema,
  scheduleRequestSchema,
  appointmentDateSchema,
  checkEmployeeDates,
  hireDateSchema,
  historyDateSchema,
  patientFieldsSchema,
  resignationDateSchema,
  ENDPOINTS,
  type Endpoint,
  loginRequestSchema,
  passwordResetConfirmSchema,
  passwordResetRequestSchema,
  patchAllergyRequestSchema,
  patchConditionRequestSchema,
  myContactRequestSchema,
  type PatientRecord,
  registerRequestSchema,
  searchEmployeeRequestSchema,
  searchPatientRequestSchema,
  updateEmployeeRequestSchema,
  updatePatientRequestSchema,
  todayUtc,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/database';
import { entryForSeedCode } from '../catalogues';
import { loadDemoData } from '../db/demo-data';
import { migrate } from '../db/migrate';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  GOOD_PASSWORD,
  newEmployee,
  TEST_PASSWORD_HASHING,
  newPatient,
  type TestUser,
  unique,
} from '../test/harness';
import { expectProblem } from '../test/assertions';

type Leaf = string | number | boolean | null;
type Json = Leaf | Json[] | { [key: string]: Json };

/** Every leaf of a JSON body with its path, as the API names a field (`patient.first_name`). */
function leaves(value: Json, path: string[] = []): { path: string[]; value: Leaf }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, String(i)]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  }
  return [{ path, value }];
}

/** A copy of `body` with the leaf at `path` replaced. */
function withLeaf(body: Json, path: string[], replacement: Json): Json {
  const copy = structuredClone(body) as Record<string, Json>;
  let parent: Record<string, Json> = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string, Json>;
  parent[path.at(-1)!] = replacement;
  return copy;
}

/** The field names of an object schema, one level down into nested objects (`patient.*`). */
function contractFields(schema: z.ZodType): string[] {
  // A discriminated union (registration, by role): the fields of every branch.
  const options = (schema as unknown as { options?: z.ZodType[] }).options;
  if (options) return [...new Set(options.flatMap(contractFields))];
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) throw new Error('not an object schema');
  return Object.entries(shape).flatMap(([key, field]) =>
    (field as unknown as { shape?: unknown }).shape
      ? contractFields(field).map((inner) => `${key}.${inner}`)
      : [key],
  );
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

describe.each(BACKENDS)('input plausibility on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  let hr: TestUser;
  /** A signed-in patient, who changes their own contact details. */
  let patient: TestUser;
  /** A patient and an employee that the update routes change. */
  let patientBody: ReturnType<typeof newPatient>;
  let employeeBody: ReturnType<typeof newEmployee>;
  /** An appointment of that patient (a note's), and notes to amend and mark in error. */
  let appointmentId: string;
  const noteIds: string[] = [];
  let nextNote = 0;
  /** Prescriptions of that patient to stop, one per accepted body. */
  const medicationIds: string[] = [];
  let nextMedication = 0;
  /** A condition and an allergy of that patient that the PATCH routes change. */
  let conditionPath: string;
  let allergyPath: string;
  let substanceId: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    hr = await createUser(app, database, 'HR');
    patient = await createUser(app, database, 'patient');
    patientBody = newPatient();
    const added = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body: patientBody,
    });
    expect(added.statusCode, added.body).toBe(201);
    const booked = await call(app, 'POST', '/patient/add-patient-appointment', {
      token: doctor.token,
      body: { patient_id: patientBody.patient.patient_id, date: '2026-01-05', time: '07:00' },
    });
    appointmentId = booked.json<{ appointment_id: string }>().appointment_id;
    for (let i = 0; i < 40; i += 1) {
      const written = await call(app, 'POST', `/patient/${patientBody.patient.patient_id}/notes`, {
        token: doctor.token,
        body: { text: `Note ${i}` },
      });
      expect(written.statusCode, written.body).toBe(201);
      noteIds.push(written.json<{ note_id: string }>().note_id);
    }
    for (let i = 0; i < 10; i += 1) {
      const prescribed = await call(
        app,
        'POST',
        `/patient/${patientBody.patient.patient_id}/medications`,
        {
          token: doctor.token,
          body: {
            drug_id: 'rxn:6809',
            dose: 500,
            unit: 'mg',
            route: 'oral',
            frequency: 'twice_daily',
            duration_days: 30,
            quantity: 60,
            instructions: 'With meals',
            override_reason: 'Set up for the test',
          },
        },
      );
      expect(prescribed.statusCode, prescribed.body).toBe(201);
      medicationIds.push(prescribed.json<{ id: string }>().id);
    }
    employeeBody = newEmployee({ position_id: 'P005' });
    const hired = await call(app, 'POST', '/employee/add-employee', {
      token: hr.token,
      body: employeeBody,
    });
    expect(hired.statusCode, hired.body).toBe(201);
    // Two substances, one for the add and one already listed for the PATCH.
    const substance = entryForSeedCode('R004');
    const other = entryForSeedCode('R005');
    substanceId = substance.id;
    const patientPath = `/patient/${patientBody.patient.patient_id}`;
    const condition = await call(app, 'POST', `${patientPath}/conditions`, {
      token: doctor.token,
      body: { condition_id: 'icd:J11.1' },
    });
    expect(condition.statusCode, condition.body).toBe(201);
    conditionPath = `${patientPath}/conditions/${condition.json<{ id: string }>().id}`;
    const allergy = await call(app, 'POST', `${patientPath}/allergies`, {
      token: doctor.token,
      body: { substance_id: other.id },
    });
    expect(allergy.statusCode, allergy.body).toBe(201);
    allergyPath = `${patientPath}/allergies/${allergy.json<{ id: string }>().id}`;
    // A clinician with hours, whose free slot the patient's booking takes.
    patient = await createUser(app, database, 'patient');
    const hours = await call(app, 'PUT', `/employee/${doctor.recordId}/schedule`, {
      token: hr.token,
      body: {
        sessions: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          weekday,
          start: '08:00',
          end: '12:00',
          slot_minutes: 30,
        })),
      },
    });
    expect(hours.statusCode, hours.body).toBe(200);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** One body route: the contract's schema and a body it accepts. */
  interface BodyRoute {
    readonly endpoint: Endpoint;
    /** The path, where the endpoint's has parameters. */
    readonly path?: () => string;
    readonly schema: z.ZodType;
    readonly token?: () => string;
    readonly body: () => Json;
    /** Fields of the contract that the base body leaves out on purpose. */
    readonly omitted?: readonly string[];
  }

  const ROUTES: Record<string, BodyRoute> = {
    register: {
      endpoint: ENDPOINTS.register,
      schema: registerRequestSchema,
      body: () => ({
        username: `someone${unique()}`,
        password: GOOD_PASSWORD,
        role: 'patient',
        id: 'P999999',
        activation_code: 'ABCD-EFGH-JKMN',
      }),
    },
    login: {
      endpoint: ENDPOINTS.login,
      schema: loginRequestSchema,
      body: () => ({ username: doctor.username, password: GOOD_PASSWORD }),
      // A proof of work is asked for only while logins flood the server (login-flood.test.ts).
      omitted: ['proof'],
    },
    requestPasswordReset: {
      endpoint: ENDPOINTS.requestPasswordReset,
      schema: passwordResetRequestSchema,
      body: () => ({ username: `someone${unique()}` }),
    },
    confirmPasswordReset: {
      endpoint: ENDPOINTS.confirmPasswordReset,
      schema: passwordResetConfirmSchema,
      body: () => ({ token: 'A'.repeat(43), new_password: GOOD_PASSWORD }),
    },
    searchPatients: {
      endpoint: ENDPOINTS.searchPatients,
      schema: searchPatientRequestSchema,
      token: () => doctor.token,
      body: () => ({ patient_id: 'P0', first_name: 'Mal', last_name: 'Test' }),
    },
    addPatient: {
      endpoint: ENDPOINTS.addPatient,
      schema: addPatientRequestSchema,
      token: () => doctor.token,
      body: () => newPatient(),
    },
    updatePatient: {
      endpoint: ENDPOINTS.updatePatient,
      schema: updatePatientRequestSchema,
      token: () => doctor.token,
      body: () => patientBody,
    },
    addAppointment: {
      endpoint: ENDPOINTS.addAppointment,
      schema: addAppointmentRequestSchema,
      token: () => doctor.token,
      body: () => ({
        patient_id: patientBody.patient.patient_id,
        time: '09:30',
        date: '2026-01-05',
        topic: 'Follow-up\nbring the X-rays',
        clinician_id: doctor.recordId,
        duration_minutes: 30,
        allow_overlap: true,
      }),
    },
    addHistory: {
      endpoint: ENDPOINTS.addHistory,
      schema: addHistoryRequestSchema,
      token: () => doctor.token,
      body: () => ({
        patient_id: patientBody.patient.patient_id,
        time: '14:00:00',
        date: '2025-02-03',
        detail: 'Flu;\tprescribed rest',
      }),
    },
    addCondition: {
      endpoint: ENDPOINTS.addCondition,
      path: () => `/patient/${patientBody.patient.patient_id}/conditions`,
      schema: addConditionRequestSchema,
      token: () => doctor.token,
      body: () => ({
        condition_id: 'icd:J11.1',
        onset_date: '2020-03-01',
        clinical_status: 'active',
        verification_status: 'provisional',
        note: 'Diet;\tmetformin\nreview in March',
      }),
    },
    patchCondition: {
      endpoint: ENDPOINTS.patchCondition,
      path: () => conditionPath,
      schema: patchConditionRequestSchema,
      token: () => doctor.token,
      body: () => ({
        onset_date: '2019-12-01',
        clinical_status: 'inactive',
        verification_status: 'confirmed',
        error_reason: 'Not an error\nafter all',
        note: 'Controlled',
      }),
    },
    addAllergy: {
      endpoint: ENDPOINTS.addAllergy,
      path: () => `/patient/${patientBody.patient.patient_id}/allergies`,
      schema: addAllergyRequestSchema,
      token: () => doctor.token,
      body: () => ({
        substance_id: substanceId,
        reaction: 'Hives',
        severity: 'mild',
        criticality: 'low',
        onset_date: '2015-06-01',
      }),
    },
    patchAllergy: {
      endpoint: ENDPOINTS.patchAllergy,
      path: () => allergyPath,
      schema: patchAllergyRequestSchema,
      token: () => doctor.token,
      body: () => ({
        reaction: 'Swollen lips',
        severity: 'severe',
        criticality: 'high',
        onset_date: '2016-01-01',
        clinical_status: 'active',
        verification_status: 'unconfirmed',
        error_reason: 'Not an error',
      }),
    },
    searchEmployees: {
      endpoint: ENDPOINTS.searchEmployees,
      schema: searchEmployeeRequestSchema,
      token: () => hr.token,
      body: () => ({ employee_id: 'E0', first_name: 'Kan', last_name: 'Staff' }),
    },
    addEmployee: {
      endpoint: ENDPOINTS.addEmployee,
      schema: addEmployeeRequestSchema,
      token: () => hr.token,
      body: () => newEmployee({ resignation_date: '2025-06-30', work_status: 'no' }),
    },
    recordVitals: {
      endpoint: ENDPOINTS.recordVitals,
      schema: recordVitalsRequestSchema,
      token: () => doctor.token,
      path: () => `/patient/${patientBody.patient.patient_id}/vitals`,
      body: () => ({
        systolic: 128,
        diastolic: 84,
        pulse: 76,
        respiratory_rate: 14,
        temperature_c: 36.8,
        spo2: 98,
        weight_kg: 64.5,
        height_cm: 162,
        taken_at: new Date(Date.now() - 3_600_000).toISOString(),
      }),
    },
    addNote: {
      endpoint: ENDPOINTS.addNote,
      schema: addNoteRequestSchema,
      token: () => doctor.token,
      path: () => `/patient/${patientBody.patient.patient_id}/notes`,
      body: () => ({ text: 'S: headache\n\tO: BP normal', appointment_id: appointmentId }),
    },
    addNoteAddendum: {
      endpoint: ENDPOINTS.addNoteAddendum,
      schema: addAddendumRequestSchema,
      token: () => doctor.token,
      path: () => `/patient/${patientBody.patient.patient_id}/notes/${noteIds[0]}/addenda`,
      body: () => ({ text: 'Seen again:\tbetter' }),
    },
    markNoteEnteredInError: {
      endpoint: ENDPOINTS.markNoteEnteredInError,
      schema: noteEnteredInErrorRequestSchema,
      token: () => doctor.token,
      // Once per note: each body marks the next of the notes written for it.
      path: () =>
        `/patient/${patientBody.patient.patient_id}/notes/${noteIds[(nextNote += 1)]}/entered-in-error`,
      body: () => ({ reason: 'Wrong chart;\nsee the other note' }),
    },
    prescribe: {
      endpoint: ENDPOINTS.prescribe,
      schema: prescribeRequestSchema,
      token: () => doctor.token,
      path: () => `/patient/${patientBody.patient.patient_id}/medications`,
      // Past the patient's amoxicillin allergy and the metformin set up above: overridden.
      body: () => ({
        drug_id: 'rxn:723',
        dose: 0.5,
        unit: 'g',
        route: 'oral',
        frequency: 'three_times_daily',
        duration_days: 7,
        quantity: 21,
        instructions: 'ทานหลังอาหาร\nวันละ 3 ครั้ง',
        override_reason: 'Tested and tolerated;\nsee the note',
      }),
    },
    stopMedication: {
      endpoint: ENDPOINTS.stopMedication,
      schema: stopMedicationRequestSchema,
      token: () => doctor.token,
      // Once per prescription: each body stops the next of those set up for it.
      path: () =>
        `/patient/${patientBody.patient.patient_id}/medications/${medicationIds[nextMedication++]}/stop`,
      body: () => ({ reason: 'Stomach upset;\nswitched' }),
    },
    updateMyContact: {
      endpoint: ENDPOINTS.updateMyContact,
      schema: myContactRequestSchema,
      token: () => patient.token,
      body: () => ({
        phone_number: '081-555-0123',
        email: `contact${unique()}@gmail.com`,
        address: '5 Soi Ari\nPhaya Thai, Bangkok',
      }),
    },
    updateEmployee: {
      endpoint: ENDPOINTS.updateEmployee,
      schema: updateEmployeeRequestSchema,
      token: () => hr.token,
      body: () => ({
        ...employeeBody,
        resignation_date: '2025-06-30',
        work_status: 'no',
      }),
    },
    putSchedule: {
      endpoint: ENDPOINTS.putSchedule,
      schema: scheduleRequestSchema,
      token: () => hr.token,
      path: () => `/employee/${doctor.recordId}/schedule`,
      body: () => ({
        sessions: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          weekday,
          start: '08:00',
          end: '12:00',
          slot_minutes: 30,
          department_id: weekday === 1 ? 'D001' : null,
        })),
        exceptions: [
          { date: '2030-01-07', start: '09:00', end: '10:00' },
          { date: '2030-01-08', start: null, end: null },
        ],
      }),
    },
    addLeave: {
      endpoint: ENDPOINTS.addLeave,
      schema: leaveRequestSchema,
      token: () => hr.token,
      path: () => `/employee/${doctor.recordId}/leave`,
      body: () => ({ from: '2030-02-04', to: '2030-02-08', note: 'Conference (CME)' }),
    },
    bookMyAppointment: {
      endpoint: ENDPOINTS.bookMyAppointment,
      schema: bookSlotRequestSchema,
      token: () => patient.token,
      body: () => ({
        clinician_id: doctor.recordId,
        start: new Date(Date.parse(`${addDays(hospitalToday(), 3)}T08:30:00+07:00`)).toISOString(),
        reason: 'Knee pain\nsince May',
      }),
    },
  };

  const send = (route: BodyRoute, body: Json) =>
    call(app, route.endpoint.method, route.path?.() ?? route.endpoint.path, {
      ...(route.token ? { token: route.token() } : {}),
      body,
    });

  /** A 400 problem that names `field`, whatever else it names. */
  function expectRefused(response: LightMyRequestResponse, field: string) {
    expectProblem(response, 400, field);
  }

  describe.each(Object.entries(ROUTES))('%s', (_, route) => {
    it('has a base body that covers every field of the contract and is accepted', async () => {
      const body = route.body();
      const sent = leaves(body).map((leaf) => leaf.path.filter((k) => !/^\d+$/.test(k)).join('.'));
      for (const field of contractFields(route.schema)) {
        if (route.omitted?.includes(field)) continue;
        // A list field (diseases, allergies) is sent as items; their own fields count for it.
        const covered = sent.some((s) => s === field || s.startsWith(`${field}.`));
        expect(covered, `the base body leaves out ${field}`).toBe(true);
      }
      const response = await send(route, body);
      if (route.endpoint === ENDPOINTS.register) {
        // A made-up activation code: the body passes validation and fails on the code alone.
        expectProblem(response, 400, 'activation_code');
      } else if (route.endpoint === ENDPOINTS.confirmPasswordReset) {
        // A made-up link: the body passes validation and fails on the token alone.
        expectProblem(response, 400, 'token');
      } else {
        expect(response.statusCode, response.body).toBeLessThan(300);
      }
    });

    it('refuses a NUL byte in every field with 400 naming it', async () => {
      const body = route.body();
      for (const { path, value } of leaves(body)) {
        const text = String(value);
        const field = path.join('.');
        const poisoned = `${text.slice(0, 1)}\u0000${text.slice(1)}`;
        const response = await send(route, withLeaf(body, path, poisoned));
        expect(response.statusCode, `${field}: ${response.body}`).toBe(400);
        expectRefused(response, field);
      }
    });

    it('refuses year 0000, 0001 and 9999 in every date field with 400 naming it', async () => {
      const body = route.body();
      const dates = leaves(body).filter(
        (leaf) => typeof leaf.value === 'string' && ISO_DATE.test(leaf.value),
      );
      for (const { path } of dates) {
        for (const date of ['0000-01-01', '0001-01-01', '9999-12-31']) {
          const response = await send(route, withLeaf(body, path, date));
          expect(response.statusCode, `${path.join('.')} ${date}: ${response.body}`).toBe(400);
          expectRefused(response, path.join('.'));
        }
      }
    });
  });

  it('refuses a right-to-left override in every name, id card and contact field (400 naming it)', async () => {
    const refused: string[] = [];
    for (const [name, route] of Object.entries(ROUTES)) {
      const body = route.body();
      const oneLine = leaves(body).filter(({ path }) =>
        /(^|_)name$|^id_card_number$|^email$|^phone_number$/.test(path.at(-1) ?? ''),
      );
      for (const { path, value } of oneLine) {
        // "Smith\u202Egnp.exe" shows as "Smithexe.png" wherever the stored name is shown.
        const text = String(value);
        const spoofed = `${text.slice(0, 1)}\u202E${text.slice(1)}`;
        const response = await send(route, withLeaf(body, path, spoofed));
        expect(response.statusCode, `${name} ${path.join('.')}: ${response.body}`).toBe(400);
        expectRefused(response, path.join('.'));
        refused.push(`${name} ${path.join('.')}`);
      }
    }
    expect(refused).toEqual(
      expect.arrayContaining([
        'addPatient patient.first_name',
        'addPatient patient.last_name',
        'addEmployee last_name',
        'searchPatients last_name',
      ]),
    );
  });

  it('has date fields in every route that stores a date', () => {
    const dated = Object.entries(ROUTES)
      .filter(([, route]) =>
        leaves(route.body()).some((l) => typeof l.value === 'string' && ISO_DATE.test(l.value)),
      )
      .map(([name]) => name);
    expect(dated.sort()).toEqual(
      [
        'addAllergy',
        'addAppointment',
        'addCondition',
        'addEmployee',
        'patchAllergy',
        'patchCondition',
        'addHistory',
        'addPatient',
        'addLeave',
        'putSchedule',
        'updateEmployee',
        'updatePatient',
      ].sort(),
    );
  });

  it('refuses a login password with a control character (a trailing NUL used to log in)', async () => {
    // scrypt (PBKDF2-HMAC) pads a short key with zero bytes: "secret\0" hashed like "secret".
    for (const password of [`${GOOD_PASSWORD}\u0000`, `${GOOD_PASSWORD}\u0000\u0000`]) {
      const response = await call(app, 'POST', '/login', {
        body: { username: doctor.username, password },
        remoteAddress: '127.0.0.40',
      });
      expectRefused(response, 'password');
    }
  });

  it('refuses control characters in a new password (400 naming password)', async () => {
    for (const password of [`${GOOD_PASSWORD}\u0000`, `tab\tinside-${GOOD_PASSWORD}`]) {
      const response = await send(ROUTES['register']!, {
        ...(ROUTES['register']!.body() as object),
        password,
      });
      expectRefused(response, 'password');
    }
  });

  it.each([
    ['GET', `/patient/P001%00`, 'patient_id'],
    ['GET', `/employee/E001%00`, 'employee_id'],
    ['POST', `/patient/P001%00/activation-code`, 'patient_id'],
    ['POST', `/employee/E001%00/activation-code`, 'employee_id'],
    ['GET', `/patient?cursor=abc%00`, 'cursor'],
    ['GET', `/patient?limit=1%00`, 'limit'],
    ['GET', `/employee?cursor=%00`, 'cursor'],
    ['POST', `/patient/search-patient?cursor=a%00b`, 'cursor'],
    ['POST', `/employee/search-employee?limit=%00`, 'limit'],
    ['GET', `/catalogues/conditions?q=diab%00`, 'q'],
    ['GET', `/catalogues/substances?q=pen&kind=class%00`, 'kind'],
  ] as const)('refuses a NUL byte in %s %s (400 naming %s)', async (method, path, field) => {
    const token = path.startsWith('/employee') ? hr.token : doctor.token;
    const response = await call(app, method, path, {
      token,
      ...(method === 'POST' ? { body: {} } : {}),
    });
    expectRefused(response, field);
  });

  describe('text that is not really text', () => {
    it.each([
      ['zero-width spaces', '\u200B\u200B\u200B'],
      ['a byte-order mark and a word joiner', '\uFEFF\u2060'],
      ['direction marks and a Hangul filler', '\u200E\u200F\u3164'],
    ])('reads a required field of %s as blank: 400 Required', async (_, invisible) => {
      for (const field of ['first_name', 'last_name', 'ongoing_treatment', 'unhealthy_habits']) {
        const response = await call(app, 'POST', '/patient/add-patient', {
          token: doctor.token,
          body: newPatient({ [field]: invisible }),
        });
        const problem = expectProblem(response, 400, `patient.${field}`);
        expect(problem.errors?.find((e) => e.field === `patient.${field}`)?.message).toBe(
          'Required',
        );
      }
    });

    it('refuses a lone surrogate in a name, an address and a topic', async () => {
      const patient = await call(app, 'POST', '/patient/add-patient', {
        token: doctor.token,
        body: newPatient({ first_name: 'Ma\uD800lee', address: '1 Rama \uDC00IV Road' }),
      });
      const problem = expectProblem(patient, 400, 'patient.first_name');
      expect(problem.errors?.map((e) => e.field)).toContain('patient.address');
      const appointment = await send(ROUTES['addAppointment']!, {
        ...(ROUTES['addAppointment']!.body() as object),
        topic: 'Check-up \uD83D',
      });
      expectRefused(appointment, 'topic');
    });

    it('refuses a control character in a one-line field but keeps line breaks in free text', async () => {
      const oneLine = await call(app, 'POST', '/patient/add-patient', {
        token: doctor.token,
        body: newPatient({ first_name: 'Ma\nlee' }),
      });
      expectRefused(oneLine, 'patient.first_name');
      const freeText = await call(app, 'POST', '/patient/add-patient', {
        token: doctor.token,
        body: newPatient({ address: '1 Rama IV Road\r\nBangkok\t10500' }),
      });
      expect(freeText.statusCode, freeText.body).toBe(201);
      const { patient_id } = freeText.json<AddPatientResponse>();
      const stored = await call(app, 'GET', `/patient/${patient_id}`, { token: doctor.token });
      expect(stored.json<PatientRecord>().patient.address).toBe('1 Rama IV Road\nBangkok\t10500');
    });

    it('stores names in NFC, so a name typed decomposed is found composed', async () => {
      const body = newPatient({ first_name: 'Rene\u0301e' });
      const added = await call(app, 'POST', '/patient/add-patient', {
        token: doctor.token,
        body,
      });
      expect(added.statusCode, added.body).toBe(201);
      const found = await call(app, 'POST', '/patient/search-patient', {
        token: doctor.token,
        body: { first_name: 'Ren\u00E9e', last_name: body.patient.last_name },
      });
      expect(found.json<PatientRecord[]>().map((r) => r.patient.first_name)).toEqual([
        'Ren\u00E9e',
      ]);
    });
  });

  describe('id card numbers', () => {
    it('answers 409 naming id_card_number for one that differs only in case', async () => {
      const card = `Ab-${unique()}x`;
      const first = await call(app, 'POST', '/patient/add-patient', {
        token: doctor.token,
        body: newPatient({ id_card_number: card }),
      });
      expect(first.statusCode, first.body).toBe(201);
      const clash = await call(app, 'POST', '/patient/add-patient', {
        token: doctor.token,
        body: newPatient({ id_card_number: card.toUpperCase() }),
      });
      expectProblem(clash, 409, 'patient.id_card_number');

      const edit = await call(app, 'PUT', '/patient/update-patient', {
        token: doctor.token,
        body: {
          patient: {
            patient_id: patientBody.patient.patient_id,
            id_card_number: card.toLowerCase(),
          },
        },
      });
      expectProblem(edit, 409, 'patient.id_card_number');
    });

    it('keeps an id card number as typed', async () => {
      const card = `Mixed-${unique()}Case`;
      const added = await call(app, 'POST', '/patient/add-patient', {
        token: doctor.token,
        body: newPatient({ id_card_number: card }),
      });
      const { patient_id } = added.json<AddPatientResponse>();
      const stored = await call(app, 'GET', `/patient/${patient_id}`, { token: doctor.token });
      expect(stored.json<PatientRecord>().patient.id_card_number).toBe(card);
    });
  });

  describe('age and date of birth', () => {
    it('refuses an age that the date of birth cannot give on add', async () => {
      const response = await call(app, 'POST', '/patient/add-patient', {
        token: doctor.token,
        body: newPatient({ age: 120, date_of_birth: '2024-01-01' }),
      });
      expectProblem(response, 400, 'patient.age');
    });

    it('refuses an update whose age disagrees with the stored date of birth (and back)', async () => {
      const { patient_id } = patientBody.patient; // 42, born 42 years before this year
      const ageOnly = await call(app, 'PUT', '/patient/update-patient', {
        token: doctor.token,
        body: { patient: { patient_id, age: 90 } },
      });
      expectProblem(ageOnly, 400, 'patient.age');
      const birthOnly = await call(app, 'PUT', '/patient/update-patient', {
        token: doctor.token,
        body: { patient: { patient_id, date_of_birth: '2020-05-05' } },
      });
      expectProblem(birthOnly, 400, 'patient.date_of_birth');

      const stored = await call(app, 'GET', `/patient/${patient_id}`, { token: doctor.token });
      const { age, date_of_birth } = stored.json<PatientRecord>().patient;
      expect({ age, date_of_birth }).toEqual({
        age: patientBody.patient.age,
        date_of_birth: patientBody.patient.date_of_birth,
      });
    });

    it('accepts an update that changes both together', async () => {
      const { patient_id } = patientBody.patient;
      const year = new Date().getUTCFullYear();
      const response = await call(app, 'PUT', '/patient/update-patient', {
        token: doctor.token,
        body: { patient: { patient_id, age: 30, date_of_birth: `${year - 30}-01-01` } },
      });
      expect(response.statusCode, response.body).toBe(200);
      const restore = await call(app, 'PUT', '/patient/update-patient', {
        token: doctor.token,
        body: {
          patient: { patient_id, age: 42, date_of_birth: patientBody.patient.date_of_birth },
        },
      });
      expect(restore.statusCode, restore.body).toBe(200);
    });
  });

  it('stored nothing of what it refused', async () => {
    const response = await call(app, 'GET', `/patient/${patientBody.patient.patient_id}`, {
      token: doctor.token,
    });
    const record = response.json<PatientRecord>();
    expect(JSON.stringify(record)).not.toMatch(/\\u0000|\\ud8|\\udc|0000-01-01|9999-12-31/i);
    expect(record.patient.first_name).toBe(patientBody.patient.first_name);
  });
});

describe.each(BACKENDS)(
  'migration 0003 (id card numbers without regard to case) on %s',
  (backend) => {
    let database: Database;

    beforeAll(async () => {
      database = await createTestDatabase(backend);
      // Back to the schema before 0003: the case-sensitive unique index, 0003 not applied.
      await database.db.execute(sql`drop index patient_id_card_number_key`);
      await database.db.execute(
        sql`create unique index patient_id_card_number_key on patient (id_card_number)`,
      );
      await database.db.execute(
        sql`delete from schema_migration where name = '0003_id_card_case_insensitive.sql'`,
      );
    });

    afterAll(async () => {
      await database?.close();
    });

    const insertPatient = (patientId: string, card: string) =>
      database.db.execute(sql`insert into patient (patient_id, first_name, last_name, age,
        date_of_birth, gender, email, health_insurance, phone_number, id_card_number,
        ongoing_treatment, unhealthy_habits)
      values (${patientId}, 'Old', 'Record', 40, '1986-01-01', 'male', 'old@gmail.com', 'no',
        '0812345678', ${card}, 'none', 'none')`);

    it('stops, changing nothing, while two patients hold one card in different cases', async () => {
      await insertPatient('P900001', 'ab-1234');
      await insertPatient('P900002', 'AB-1234');
      await insertPatient('P900003', 'CD-5678');
      const failure = await migrate(database.db).then(
        () => undefined,
        (error: { cause?: { message?: string } }) => error,
      );
      expect(failure?.cause?.message).toBe(
        'Patients share an ID card number that differs only in case: P900001, P900002',
      );
      const applied = await queryRows<{ name: string }>(
        database.db,
        sql`select name from schema_migration where name like '0003%'`,
      );
      expect(applied).toEqual([]);
    });

    it('applies once they are corrected, and then refuses a case clash (23505 on the index)', async () => {
      await database.db.execute(
        sql`update patient set id_card_number = 'AB-1235' where patient_id = 'P900002'`,
      );
      expect(await migrate(database.db)).toEqual(['0003_id_card_case_insensitive.sql']);
      await expect(insertPatient('P900004', 'cd-5678')).rejects.toMatchObject({
        cause: { code: '23505', constraint: 'patient_id_card_number_key' },
      });
    });
  },
);

describe.each(BACKENDS)('the demo data on %s', (backend) => {
  let database: Database;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    await loadDemoData(database.db, TEST_PASSWORD_HASHING);
  });

  afterAll(async () => {
    await database?.close();
  });

  it('loads after migration 0003 and is plausible by the contract’s rules', async () => {
    const patients = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select patient_id, first_name, last_name, age, date_of_birth::text, gender, blood_type,
            email, health_insurance, address, phone_number, id_card_number, ongoing_treatment,
            unhealthy_habits from patient`,
    );
    expect(patients.length).toBeGreaterThan(0);
    for (const p of patients) {
      expect(patientFieldsSchema.safeParse(p).error?.issues ?? [], String(p['patient_id'])).toEqual(
        [],
      );
    }
    const dates = async (query: ReturnType<typeof sql>) =>
      (await queryRows<{ d: string }>(database.db, query)).map((r) => r.d);
    for (const d of await dates(sql`select date::text as d from appointment`))
      expect(appointmentDateSchema.safeParse(d).success, d).toBe(true);
    for (const d of await dates(sql`select date::text as d from medical_history`))
      expect(historyDateSchema.safeParse(d).success, d).toBe(true);
    const staff = await queryRows<{
      work_status: 'yes' | 'no';
      hire_date: string;
      resignation_date: string | null;
    }>(database.db, sql`select work_status, hire_date::text, resignation_date::text from employee`);
    for (const e of staff) {
      expect(hireDateSchema.safeParse(e.hire_date).success, e.hire_date).toBe(true);
      if (e.resignation_date)
        expect(resignationDateSchema.safeParse(e.resignation_date).success).toBe(true);
      expect(checkEmployeeDates(e)).toEqual([]);
    }
  });

  it('has a clinic today, clinicians, lengths, cancellations and authors', async () => {
    const today = await queryRows<{ status: string; clinician: string | null }>(
      database.db,
      sql`select a.status, e.employee_id as clinician from appointment a
          left join employee e on e.id = a.clinician_id where a.date = ${todayUtc()}::date`,
    );
    expect(today.length).toBeGreaterThanOrEqual(8);
    expect(today.every((a) => a.clinician !== null)).toBe(true);
    expect(today.map((a) => a.status)).toEqual(expect.arrayContaining(['booked', 'cancelled']));
    const [counts] = await queryRows<{
      cancelled: number;
      without_clinician: number;
      lengths: number;
      authored_history: number;
      unauthored_history: number;
      reactions: number;
    }>(
      database.db,
      sql`select
        (select count(*)::int from appointment where status = 'cancelled' and cancel_reason is not null) as cancelled,
        (select count(*)::int from appointment where clinician_id is null or recorded_by is null) as without_clinician,
        (select count(distinct duration_minutes)::int from appointment) as lengths,
        (select count(*)::int from medical_history where recorded_by is not null) as authored_history,
        (select count(*)::int from medical_history where recorded_by is null) as unauthored_history,
        (select count(*)::int from patient_drug_allergy where severity is not null) as reactions`,
    );
    expect(counts).toMatchObject({ without_clinician: 0 });
    expect(counts!.cancelled).toBeGreaterThan(0);
    expect(counts!.lengths).toBeGreaterThan(1);
    expect(counts!.authored_history).toBeGreaterThan(counts!.unauthored_history);
    expect(counts!.reactions).toBeGreaterThan(0);
    // Every clinician of the demo appointments may be one (active, clinical).
    const [wrong] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from appointment a join employee e on e.id = a.clinician_id
          join position pos on pos.id = e.position_id
          where e.work_status <> 'yes' or pos.portal_role is distinct from 'medical_personnel'`,
    );
    expect(wrong!.n).toBe(0);
  });
});
