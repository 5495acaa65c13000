/**
 * Test harness for the API: a migrated database per test file (PGlite in memory, or a fresh
 * database on the PostgreSQL server named by TEST_DATABASE_URL), an app on it, and helpers to
 * create records and signed-in users through the real calls.
 */
import type { SessionCache } from '../security/session-cache';
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import {
  addEmployeeRequestSchema,
  addPatientRequestSchema,
  DEFAULT_API_BASE,
  PORTAL_ACCEPT,
  TOTP_STEP_SECONDS,
  totpCode,
} from '@portal/contract';
import type { Role } from '@portal/reference-data';
import { buildApp } from '../app';
import { Mailer } from '../mail/mailer';
import { type Config, loadConfig } from '../config';
import { type Database, type OpenOptions, openDatabase } from '../db/database';
import { MIGRATIONS, type Migration, migrate } from '../db/migrate';
import { employeesRepository } from '../repositories/employees';
import { patientsRepository } from '../repositories/patients';
import type { RequestContext } from '../repositories/audit';
import { adminQuery, databaseUrl } from './server-admin';

/** The engines a data-layer test runs on: always PGlite; the server too when CI names one. */
export const BACKENDS: readonly ('pglite' | 'postgres')[] = process.env['TEST_DATABASE_URL']
  ? ['pglite', 'postgres']
  : ['pglite'];

/** A password that passes the policy. */
export const GOOD_PASSWORD = 'correct-horse-battery-staple';

/** A secret for signing test tokens. */
export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-0123456789';

/** A key for second-factor secrets, for tests that start a server on DATABASE_URL. */
export const TEST_MFA_KEY = 'test-mfa-key-that-is-long-enough-0123456789';

/**
 * Password hashing for tests: argon2id far below the server's minimum (which the settings
 * refuse), so that registering and logging in cost a millisecond. Tests that measure the real
 * cost (the login burst) pass `passwordHashing: OWASP_ARGON2ID`.
 */
export const TEST_PASSWORD_HASHING = { memoryKib: 256, iterations: 1 } as const;

/** Settings for tests: cheap password hashing, no rate limit in the way, quiet. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  const config = loadConfig({
    RATE_LIMIT_PER_MINUTE: '100000',
    LOG_LEVEL: 'silent',
    DEMO_DATA: 'never',
  });
  return {
    ...config,
    passwordHashing: TEST_PASSWORD_HASHING,
    // Test files run two at a time and many requests at once: a pool that refuses rarely.
    hashPool: { size: config.hashPool.size, queue: 1000 },
    ...overrides,
  };
}

/**
 * A migrated, empty database on the given backend; `close` also drops a server database, which
 * is a copy of the template the run migrated once (global-setup.ts). A migration's own test passes the migrations before it, writes data
 * as it was, then migrates: that database is migrated here, from empty.
 */
export async function createTestDatabase(
  backend: 'pglite' | 'postgres' = 'pglite',
  options: OpenOptions = {},
  migrations: readonly Migration[] = MIGRATIONS,
): Promise<Database> {
  if (backend === 'pglite') {
    const database = await openDatabase({ memory: true }, options);
    await migrate(database.db, migrations);
    return database;
  }
  const template = migrations === MIGRATIONS ? inject('postgresTemplate') : '';
  const empty = await createEmptyServerDatabase(template || undefined);
  const database = await openDatabase({ url: empty.url }, options);
  if (!template) await migrate(database.db, migrations);
  return {
    ...database,
    close: async () => {
      await database.close();
      await empty.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server named by TEST_DATABASE_URL, not even migrated (as an
 * operator's new database is), for tests that start servers on it; `drop` removes it. With
 * `template`, a copy of that database instead.
 * Throws when TEST_DATABASE_URL is not set or the server is not there.
 */
export async function createEmptyServerDatabase(template?: string): Promise<{
  url: string;
  drop(): Promise<void>;
}> {
  const adminUrl = process.env['TEST_DATABASE_URL'];
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(
    adminUrl,
    template ? `create database ${name} template ${template}` : `create database ${name}`,
  );
  return {
    url: databaseUrl(adminUrl, name),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** An app on a database, with the delays the login throttle asked for recorded, not slept. */
export async function createTestApp(
  database: Database,
  config: Config = testConfig(),
  options: {
    logger?: object;
    sessionCache?: SessionCache;
    /** Routes a test adds beside the API's own, before the app is ready. */
    extraRoutes?: (app: FastifyInstance) => void;
    /** Where mails go; default: an outbox in a temporary folder of the app's own. */
    mailer?: Mailer;
    /** The clock of second-factor codes and reset links. */
    clock?: () => number;
  } = {},
) {
  const sleeps: number[] = [];
  const mailer =
    options.mailer ??
    new Mailer({
      smtpUrl: undefined,
      from: config.mailFrom,
      outboxDir: join(mkdtempSync(join(tmpdir(), 'portal-outbox-')), 'outbox'),
      log: () => undefined,
    });
  const app = await buildApp({
    mailer,
    ...(options.clock ? { clock: options.clock } : {}),
    config,
    db: database.db,
    jwtSecret: TEST_JWT_SECRET,
    logger: options.logger ?? false,
    ...(options.sessionCache ? { sessionCache: options.sessionCache } : {}),
    ...(database.poolStats ? { databasePool: database.poolStats } : {}),
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  });
  options.extraRoutes?.(app);
  await app.ready();
  return { app, sleeps };
}

/** A request to the API (path relative to /api) with an optional bearer token. */
export function call(
  app: FastifyInstance,
  method: InjectOptions['method'],
  path: string,
  options: {
    token?: string;
    body?: unknown;
    headers?: Record<string, string>;
    /** The caller's address (default 127.0.0.1), for per-address rules such as the throttle. */
    remoteAddress?: string;
  } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url: `${DEFAULT_API_BASE}${path}`,
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: {
      // As the portal's own client asks (a test of a spec client sends its own Accept).
      accept: PORTAL_ACCEPT,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
    ...(options.body !== undefined ? { payload: options.body as InjectOptions['payload'] } : {}),
  });
}

let sequence = 0;
/** A unique number per call within a test file, for ids, usernames and id card numbers. */
export function unique(): number {
  sequence += 1;
  return Number(`${process.pid % 1000}${sequence}`) % 1_000_000;
}

/** A valid add-patient body; override any field of `patient`. */
export function newPatient(overrides: Record<string, unknown> = {}) {
  const n = unique();
  return {
    patient: {
      patient_id: `P${String(n).padStart(6, '0')}`,
      first_name: 'Malee',
      last_name: `Test${n}`,
      age: 42,
      // 1 January, 42 years before this year: the date of birth gives 42 whatever today is.
      date_of_birth: `${new Date().getUTCFullYear() - 42}-01-01`,
      gender: 'female',
      blood_type: 'O',
      email: `malee${n}@gmail.com`,
      health_insurance: 'yes',
      address: '1 Rama IV Road',
      phone_number: '0812345678',
      id_card_number: `IDC${n}`,
      ongoing_treatment: 'none',
      unhealthy_habits: 'none',
      ...overrides,
    },
    patient_chronic_disease: [{ disease_id: 'I002' }, { disease_id: 'I007' }],
    patient_drug_allergy: [{ drug_id: 'R003' }],
  };
}

/** A valid add-employee body; override any field. */
export function newEmployee(overrides: Record<string, unknown> = {}) {
  const n = unique();
  return {
    employee_id: `E${String(n).padStart(6, '0')}`,
    first_name: 'Kanya',
    last_name: `Staff${n}`,
    position_id: 'P002',
    phone_number: '0898765432',
    salary: 42000,
    email: `kanya${n}@hotmail.com`,
    hire_date: '2020-01-15',
    resignation_date: null,
    work_status: 'yes',
    ...overrides,
  };
}

const SYSTEM: RequestContext = { actor: null, address: '127.0.0.1', requestId: 'test-setup' };

/** A signed-in user made through the real calls: record, activation code, register, login. */
export interface TestUser {
  readonly token: string;
  readonly username: string;
  readonly password: string;
  /** The patient or employee id the account is linked to. */
  readonly recordId: string;
  readonly role: Role;
}

const POSITION_FOR_ROLE = { medical_personnel: 'P001', HR: 'P011' } as const;

/**
 * Creates the record behind a user (directly in the database, as the admin tool would),
 * registers an account with its activation code and logs in.
 */
export async function createUser(
  app: FastifyInstance,
  database: Database,
  role: Role,
  /** A staff member's position (default: Doctor for medical personnel, HR for HR). */
  positionId?: string,
): Promise<TestUser> {
  const username = `user${unique()}.${role.toLowerCase()}`;
  let recordId: string;
  let code: string;
  if (role === 'patient') {
    const body = newPatient();
    const created = await patientsRepository.add(database.db, SYSTEM, patientAddInput(body), 30);
    recordId = created.patient_id;
    code = created.activation_code;
  } else {
    const body = newEmployee({ position_id: positionId ?? POSITION_FOR_ROLE[role] });
    const created = await employeesRepository.add(database.db, SYSTEM, employeeAddInput(body), 30);
    recordId = created.employee_id;
    code = created.activation_code!;
    // The second person's approval, as the admin tool gives it for the first accounts.
    await employeesRepository.approveAccess(database.db, SYSTEM, recordId);
  }
  const registered = await call(app, 'POST', '/register', {
    body: { username, password: GOOD_PASSWORD, role, id: recordId, activation_code: code },
  });
  if (registered.statusCode !== 201) throw new Error(`register failed: ${registered.body}`);
  const token = await login(app, username, GOOD_PASSWORD);
  return { token, username, password: GOOD_PASSWORD, recordId, role };
}

/** Logs in and returns the token (throws unless the login succeeds). */
export async function login(
  app: FastifyInstance,
  username: string,
  password: string,
): Promise<string> {
  const response = await call(app, 'POST', '/login', { body: { username, password } });
  if (response.statusCode !== 200)
    throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ token: string }>().token;
}

/** A test body parsed as the add-patient route would parse it. */
export const patientAddInput = (body: unknown) => addPatientRequestSchema.parse(body);
/** A test body parsed as the add-employee route would parse it. */
export const employeeAddInput = (body: unknown) => addEmployeeRequestSchema.parse(body);

/**
 * Turns a second factor on for the signed-in user through the real calls (setup, then confirm
 * with the code of the current step, computed here as an authenticator app would), with the
 * account's password (the test users'). Returns the secret and the recovery codes.
 */
export async function enrolSecondFactor(
  app: FastifyInstance,
  token: string,
  password: string = GOOD_PASSWORD,
): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await call(app, 'POST', '/mfa/setup', { token, body: { password } });
  if (setup.statusCode !== 200) throw new Error(`mfa setup failed: ${setup.body}`);
  const { secret } = setup.json<{ secret: string }>();
  const confirmed = await call(app, 'POST', '/mfa/confirm', {
    token,
    body: { code: await totpCode(secret, Date.now()) },
  });
  if (confirmed.statusCode !== 200) throw new Error(`mfa confirm failed: ${confirmed.body}`);
  return { secret, recoveryCodes: confirmed.json<{ recovery_codes: string[] }>().recovery_codes };
}

/**
 * The code an authenticator app shows `steps` steps from now (0: now; 1: the next 30 s, which
 * the server still accepts, so a test can sign in again without waiting for a new step).
 */
export function codeAt(secret: string, steps = 0): Promise<string> {
  return totpCode(secret, Date.now() + steps * TOTP_STEP_SECONDS * 1000);
}

/**
 * Waits, if need be, until at least `marginMs` are left in the current TOTP step, so that a
 * test about which steps are accepted does not straddle a step's end between computing a code
 * and the server checking it.
 */
export async function awayFromStepEdge(marginMs = 3000): Promise<void> {
  const stepMs = TOTP_STEP_SECONDS * 1000;
  const left = stepMs - (Date.now() % stepMs);
  if (left < marginMs) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
