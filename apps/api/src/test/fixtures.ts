/**
 * Set-up the route tests and the FHIR tests of the same feature share: one clinic (a fresh
 * database and app with HR, a Doctor, a Nurse and a patient), a prescription's body and a
 * patient without allergies (prescribing), and weekly sessions and days to book in (clinic
 * hours).
 */
import type { FastifyInstance } from 'fastify';
import { addDays, hospitalToday } from '@portal/contract';
import type { Config } from '../config';
import type { Database } from '../db/database';
import { expectSuccess } from './assertions';
import {
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  testConfig,
  type TestUser,
} from './harness';

/** A fresh database and app and the people a clinical test acts as. */
export interface Clinic {
  readonly database: Database;
  readonly app: FastifyInstance;
  readonly hr: TestUser;
  /** A Doctor (position P001): diagnoses and prescribes. */
  readonly doctor: TestUser;
  /** A Nurse (position P002): neither diagnoses nor prescribes. */
  readonly nurse: TestUser;
  readonly patient: TestUser;
}

/** A clinic on `backend`, its app built with `config` (the test default). */
export async function openClinic(
  backend: Parameters<typeof createTestDatabase>[0],
  config: Config = testConfig(),
): Promise<Clinic> {
  const database = await createTestDatabase(backend);
  const { app } = await createTestApp(database, config);
  return {
    database,
    app,
    hr: await createUser(app, database, 'HR'),
    doctor: await createUser(app, database, 'medical_personnel', 'P001'),
    nurse: await createUser(app, database, 'medical_personnel', 'P002'),
    patient: await createUser(app, database, 'patient'),
  };
}

/** Closes what {@link openClinic} opened (either may be absent when its set-up failed). */
export async function closeClinic(clinic: Partial<Pick<Clinic, 'app' | 'database'>>) {
  await clinic.app?.close();
  await clinic.database?.close();
}

// --- Prescribing ---------------------------------------------------------------------------

/** What the patient reads on a prescription of {@link prescription}. */
export const PRESCRIPTION_INSTRUCTIONS = 'One capsule three times a day after meals';

/** The body of a prescription of a catalogue drug: 500 mg by mouth three times a day for 7 days. */
export const prescription = (drugId: string, extra: Record<string, unknown> = {}) => ({
  drug_id: drugId,
  dose: 500,
  unit: 'mg',
  route: 'oral',
  frequency: 'three_times_daily',
  duration_days: 7,
  quantity: 21,
  instructions: PRESCRIPTION_INSTRUCTIONS,
  ...extra,
});

/** A new patient with no allergy at all (the harness's patients are allergic to R003). */
export async function allergyFreePatient(app: FastifyInstance, by: TestUser): Promise<string> {
  const body = { ...newPatient(), patient_drug_allergy: [] };
  expectSuccess(await call(app, 'POST', '/patient/add-patient', { token: by.token, body }), 201);
  return body.patient.patient_id;
}

// --- Clinic hours --------------------------------------------------------------------------

/** Every day of the week, `start` to `end` Bangkok time in 30-minute slots, of a department or none. */
export const everyDay = (start: string, end: string, department_id?: string) =>
  [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
    weekday,
    start,
    end,
    slot_minutes: 30,
    ...(department_id ? { department_id } : {}),
  }));

/** The ISO instant of a Bangkok wall-clock time (UTC+7, no daylight saving). */
export const bangkok = (date: string, time: string) =>
  new Date(Date.parse(`${date}T${time}:00+07:00`)).toISOString();

/** The hospital date `n` days after the day after tomorrow: no slot on it is already past. */
export const bookableDay = (n: number) => addDays(hospitalToday(), 2 + n);
