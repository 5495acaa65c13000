/**
 * Accounts through the real HTTP layer: registration with activation codes, login and its
 * token, the login throttle, leavers, renewal, logout and expiry.
 */
import { sql } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dictionary } from '@zxcvbn-ts/language-common';
import {
  SESSION_ENDED_BY_HOSPITAL,
  SESSION_ENDED_BY_HOSPITAL_MESSAGE,
  WRONG_CREDENTIALS_MESSAGE,
} from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import type { RequestContext } from '../repositories/audit';
import { employeesRepository } from '../repositories/employees';
import { patientsRepository } from '../repositories/patients';
import {
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  employeeAddInput,
  GOOD_PASSWORD,
  login,
  newEmployee,
  newPatient,
  patientAddInput,
  TEST_JWT_SECRET,
  testConfig,
  unique,
} from '../test/harness';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];
type Problem = {
  status: number;
  detail: string;
  errors?: { field: string; message: string }[];
};
type Claims = {
  sub: string;
  sid: string;
  role: string;
  name?: string;
  iat: number;
  exp: number;
  patient_id?: string;
  employee_id?: string;
};

const SYSTEM: RequestContext = { actor: null, address: '127.0.0.1', requestId: 'auth-setup' };

let database: Database;
let app: App;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp(database));
});

afterAll(async () => {
  await app.close();
  await database.close();
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The claims of a token (its payload, base64url JSON). */
function claimsOf(token: string): Claims {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as Claims;
}

/** A token with the session claims of `token`, signed as the server signs, with exp as given. */
async function signLike(token: string, exp: number, secret = TEST_JWT_SECRET): Promise<string> {
  const { sub, sid, role, patient_id, employee_id } = claimsOf(token);
  return new SignJWT({
    sub,
    sid,
    role,
    ...(patient_id ? { patient_id } : {}),
    ...(employee_id ? { employee_id } : {}),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('hospital-portal')
    .setAudience('hospital-portal')
    .setIssuedAt(exp - 1800)
    .setExpirationTime(exp)
    .sign(new TextEncoder().encode(secret));
}

/** A patient record without an account, made as the clinical app would, with its code. */
async function patientRecord(): Promise<{ id: string; code: string }> {
  const created = await patientsRepository.add(
    database.db,
    SYSTEM,
    patientAddInput(newPatient()),
    30,
  );
  return { id: created.patient_id, code: created.activation_code };
}

/** An employee record without an account (a nurse unless told), with its code. */
async function employeeRecord(
  overrides: Record<string, unknown> = {},
): Promise<{ id: string; code: string }> {
  const created = await employeesRepository.add(
    database.db,
    SYSTEM,
    employeeAddInput(newEmployee({ position_id: 'P002', ...overrides })),
    30,
  );
  if (!created.activation_code) throw new Error('no activation code was issued');
  // A second person's approval, as the admin tool gives it (the two-person rule).
  await employeesRepository.approveAccess(database.db, SYSTEM, created.employee_id);
  return { id: created.employee_id, code: created.activation_code };
}

const username = (prefix = 'user') => `${prefix}${unique()}`;

/** A signed-in nurse (P002): record, registration and login through the real calls. */
async function signedInNurse() {
  const record = await employeeRecord();
  const name = username('nurse');
  const registered = await call(app, 'POST', '/register', {
    body: {
      username: name,
      password: GOOD_PASSWORD,
      role: 'medical_personnel',
      id: record.id,
      activation_code: record.code,
    },
  });
  expect(registered.statusCode).toBe(201);
  return { ...record, username: name, token: await login(app, name, GOOD_PASSWORD) };
}

async function auditEvents(where: ReturnType<typeof sql>) {
  return queryRows<{
    action: string;
    outcome: string;
    actor_user_id: string | null;
    actor_username: string | null;
    request_id: string;
  }>(
    database.db,
    sql`select action, outcome, actor_user_id, actor_username, request_id from audit_event
        where ${where} order by id`,
  );
}

describe('POST /register', () => {
  /** Registration refusals count against the caller's address; keep them off 127.0.0.1. */
  const address = '10.1.0.1';
  const register = (body: Record<string, unknown>) =>
    call(app, 'POST', '/register', { body, remoteAddress: address });

  /** Every refusal for "not a record waiting for this registration" reads the same. */
  const notEligibleDetails: string[] = [];
  async function expectNotEligible(body: Record<string, unknown>) {
    const response = await register(body);
    expect(response.statusCode).toBe(400);
    const problem = response.json<Problem>();
    expect(problem.errors?.map((e) => e.field)).toEqual(['activation_code']);
    expect(response.body).not.toContain(String(body['activation_code']));
    notEligibleDetails.push(problem.detail);
  }

  it('creates the account (201 {username, role, id}) and the new user can log in', async () => {
    const record = await patientRecord();
    const name = username('reg');
    const response = await register({
      username: name,
      password: GOOD_PASSWORD,
      role: 'patient',
      id: record.id,
      activation_code: record.code,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ username: name, role: 'patient', id: record.id });
    const loggedIn = await call(app, 'POST', '/login', {
      body: { username: name, password: GOOD_PASSWORD },
    });
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json<{ role: string }>().role).toBe('patient');
  });

  it('registers staff as the role their position grants', async () => {
    const nurse = await employeeRecord({ position_id: 'P002' });
    const hr = await employeeRecord({ position_id: 'P011' });
    const nurseName = username('nurse');
    const hrName = username('hr');
    expect(
      (
        await register({
          username: nurseName,
          password: GOOD_PASSWORD,
          role: 'medical_personnel',
          id: nurse.id,
          activation_code: nurse.code,
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await register({
          username: hrName,
          password: GOOD_PASSWORD,
          role: 'HR',
          id: hr.id,
          activation_code: hr.code,
        })
      ).statusCode,
    ).toBe(201);
    const profile = await call(app, 'GET', '/profile', {
      token: await login(app, hrName, GOOD_PASSWORD),
    });
    expect(profile.json()).toEqual({
      username: hrName,
      role: 'HR',
      patient_id: null,
      employee_id: hr.id,
    });
  });

  it('accepts the code however it is typed (lower case, no dashes)', async () => {
    const record = await patientRecord();
    const response = await register({
      username: username(),
      password: GOOD_PASSWORD,
      role: 'patient',
      id: record.id,
      activation_code: record.code.replace(/-/g, '').toLowerCase(),
    });
    expect(response.statusCode).toBe(201);
  });

  it('refuses a wrong code, and the right one still works afterwards', async () => {
    const record = await patientRecord();
    const wrong = record.code.startsWith('ABCD') ? 'WXYZ-WXYZ-WXYZ' : 'ABCD-EFGH-JKMN';
    const body = { username: username(), password: GOOD_PASSWORD, role: 'patient', id: record.id };
    await expectNotEligible({ ...body, activation_code: wrong });
    expect((await register({ ...body, activation_code: record.code })).statusCode).toBe(201);
  });

  it('refuses an expired code', async () => {
    const record = await patientRecord();
    await database.db.execute(
      sql`update activation_code set expires_at = now() - interval '1 minute'
          where patient_id = (select id from patient where patient_id = ${record.id})`,
    );
    await expectNotEligible({
      username: username(),
      password: GOOD_PASSWORD,
      role: 'patient',
      id: record.id,
      activation_code: record.code,
    });
  });

  it("refuses another record's code", async () => {
    const mine = await patientRecord();
    const theirs = await patientRecord();
    await expectNotEligible({
      username: username(),
      password: GOOD_PASSWORD,
      role: 'patient',
      id: mine.id,
      activation_code: theirs.code,
    });
  });

  it('refuses an id that names no record', async () => {
    const record = await patientRecord();
    await expectNotEligible({
      username: username(),
      password: GOOD_PASSWORD,
      role: 'patient',
      id: 'P999999999',
      activation_code: record.code,
    });
  });

  it('refuses a code that was already used', async () => {
    const record = await patientRecord();
    const body = { password: GOOD_PASSWORD, role: 'patient', id: record.id };
    expect(
      (await register({ ...body, username: username(), activation_code: record.code })).statusCode,
    ).toBe(201);
    // Take the account away again, so that only the used code stands in the way.
    await database.db.execute(
      sql`delete from app_user where patient_id = (select id from patient where patient_id = ${record.id})`,
    );
    await expectNotEligible({ ...body, username: username(), activation_code: record.code });
    // Control: with a fresh code from the clinical app, the same registration works.
    const doctor = await createUser(app, database, 'medical_personnel');
    const reissued = await call(app, 'POST', `/patient/${record.id}/activation-code`, {
      token: doctor.token,
    });
    expect(reissued.statusCode).toBe(201);
    const fresh = reissued.json<{ activation_code: string }>().activation_code;
    expect(
      (await register({ ...body, username: username(), activation_code: fresh })).statusCode,
    ).toBe(201);
  });

  it('registers a record only once: a new code resets that account instead of making a second', async () => {
    const record = await patientRecord();
    const body = { password: GOOD_PASSWORD, role: 'patient', id: record.id };
    expect(
      (await register({ ...body, username: username(), activation_code: record.code })).statusCode,
    ).toBe(201);
    // The clinical app issues a code for a registered patient too (a forgotten password)...
    const doctor = await createUser(app, database, 'medical_personnel');
    const reissue = await call(app, 'POST', `/patient/${record.id}/activation-code`, {
      token: doctor.token,
    });
    expect(reissue.statusCode).toBe(201);
    const second = reissue.json<{ activation_code: string }>().activation_code;
    // ...with which the person registers again: the same account takes the new details.
    const renamed = username();
    expect(
      (await register({ ...body, username: renamed, activation_code: second })).statusCode,
    ).toBe(201);
    await login(app, renamed, GOOD_PASSWORD);
    const [row] = await queryRows<{ id: string }>(
      database.db,
      sql`select id from patient where patient_id = ${record.id}`,
    );
    const [{ accounts } = { accounts: -1 }] = await queryRows<{ accounts: number }>(
      database.db,
      sql`select count(*)::int as accounts from app_user
          where patient_id = ${Number(row!.id)}`,
    );
    expect(accounts).toBe(1);
  });

  it('refuses role patient with an employee id, and staff roles with a patient id (400 on id)', async () => {
    const employee = await employeeRecord();
    const patient = await patientRecord();
    for (const body of [
      { role: 'patient', id: employee.id, activation_code: employee.code },
      { role: 'medical_personnel', id: patient.id, activation_code: patient.code },
      { role: 'HR', id: patient.id, activation_code: patient.code },
    ]) {
      const response = await register({ ...body, username: username(), password: GOOD_PASSWORD });
      expect(response.statusCode).toBe(400);
      expect(response.json<Problem>().errors?.map((e) => e.field)).toEqual(['id']);
    }
  });

  it("refuses medical_personnel on an HR employee's record; HR works", async () => {
    const hr = await employeeRecord({ position_id: 'P011' });
    const body = { password: GOOD_PASSWORD, id: hr.id, activation_code: hr.code };
    await expectNotEligible({ ...body, username: username(), role: 'medical_personnel' });
    expect((await register({ ...body, username: username(), role: 'HR' })).statusCode).toBe(201);
  });

  it("refuses HR on a nurse's record; medical_personnel works", async () => {
    const nurse = await employeeRecord({ position_id: 'P002' });
    const body = { password: GOOD_PASSWORD, id: nurse.id, activation_code: nurse.code };
    await expectNotEligible({ ...body, username: username(), role: 'HR' });
    expect(
      (await register({ ...body, username: username(), role: 'medical_personnel' })).statusCode,
    ).toBe(201);
  });

  it('refuses an employee who has resigned; back at work, the same code works', async () => {
    const nurse = await employeeRecord();
    await database.db.execute(
      sql`update employee set work_status = 'no', resignation_date = '2024-06-30'
          where employee_id = ${nurse.id}`,
    );
    const body = {
      password: GOOD_PASSWORD,
      role: 'medical_personnel',
      id: nurse.id,
      activation_code: nurse.code,
    };
    await expectNotEligible({ ...body, username: username() });
    await database.db.execute(
      sql`update employee set work_status = 'yes', resignation_date = null
          where employee_id = ${nurse.id}`,
    );
    expect((await register({ ...body, username: username() })).statusCode).toBe(201);
  });

  it('refuses an employee whose position has no portal access', async () => {
    const nurse = await employeeRecord();
    await database.db.execute(
      sql`update employee set position_id = 'P003' where employee_id = ${nurse.id}`,
    );
    const body = {
      password: GOOD_PASSWORD,
      role: 'medical_personnel',
      id: nurse.id,
      activation_code: nurse.code,
    };
    await expectNotEligible({ ...body, username: username() });
    await database.db.execute(
      sql`update employee set position_id = 'P002' where employee_id = ${nurse.id}`,
    );
    expect((await register({ ...body, username: username() })).statusCode).toBe(201);
  });

  it('gives the same message for every refusal above', () => {
    expect(notEligibleDetails.length).toBeGreaterThanOrEqual(8);
    expect(new Set(notEligibleDetails).size).toBe(1);
    expect(notEligibleDetails[0]).not.toBe('');
  });

  it('refuses a username taken in another case (409 on username); the code is kept', async () => {
    const first = await patientRecord();
    const second = await patientRecord();
    const n = unique();
    expect(
      (
        await register({
          username: `Alice${n}`,
          password: GOOD_PASSWORD,
          role: 'patient',
          id: first.id,
          activation_code: first.code,
        })
      ).statusCode,
    ).toBe(201);
    const body = {
      password: GOOD_PASSWORD,
      role: 'patient',
      id: second.id,
      activation_code: second.code,
    };
    const duplicate = await register({ ...body, username: `alice${n}` });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json<Problem>().errors?.map((e) => e.field)).toEqual(['username']);
    expect((await register({ ...body, username: `bob${n}` })).statusCode).toBe(201);
  });

  describe('password policy', () => {
    async function expectPasswordRefused(password: string, name = username()) {
      const record = await patientRecord();
      const response = await register({
        username: name,
        password,
        role: 'patient',
        id: record.id,
        activation_code: record.code,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json<Problem>().errors?.map((e) => e.field)).toEqual(['password']);
      // The refusal did not use up the code.
      const retry = await register({
        username: name,
        password: GOOD_PASSWORD,
        role: 'patient',
        id: record.id,
        activation_code: record.code,
      });
      expect(retry.statusCode).toBe(201);
    }

    async function expectPasswordAccepted(password: string) {
      const record = await patientRecord();
      const name = username();
      const response = await register({
        username: name,
        password,
        role: 'patient',
        id: record.id,
        activation_code: record.code,
      });
      expect(response.statusCode).toBe(201);
      expect(
        (await call(app, 'POST', '/login', { body: { username: name, password } })).statusCode,
      ).toBe(200);
    }

    it('refuses 11 characters and accepts 12', async () => {
      await expectPasswordRefused('k9#Lm2@Qx7!');
      await expectPasswordAccepted('k9#Lm2@Qx7!z');
    });

    it('refuses 129 characters and accepts 128', async () => {
      const long = 'Zq8!vN3#pL6@'.repeat(11);
      await expectPasswordRefused(long.slice(0, 129));
      await expectPasswordAccepted(long.slice(0, 128));
    });

    it('refuses a common password', async () => {
      for (const common of ['password1234', 'qwertyuiop12']) {
        expect(dictionary['passwords-common']).toContain(common);
        await expectPasswordRefused(common);
      }
    });

    it('refuses a password containing the username, in any case', async () => {
      const name = username('kanya');
      await expectPasswordRefused(`My-${name.toUpperCase()}-pass`, name);
    });
  });

  it('stores activation codes only as hashes', async () => {
    const record = await patientRecord();
    const employee = await employeeRecord();
    const rows = await queryRows<Record<string, unknown>>(
      database.db,
      sql`select * from activation_code`,
    );
    expect(rows.length).toBeGreaterThan(0);
    const stored = JSON.stringify(rows).toUpperCase();
    for (const code of [record.code, employee.code]) {
      expect(stored).not.toContain(code.toUpperCase());
      expect(stored).not.toContain(code.replace(/-/g, '').toUpperCase());
    }
  });
});

describe('POST /login', () => {
  const address = '10.5.0.1';

  it('answers {token, role} with the claims of the session in the token', async () => {
    const patient = await createUser(app, database, 'patient');
    const response = await call(app, 'POST', '/login', {
      body: { username: patient.username, password: patient.password },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; role: string }>();
    expect(Object.keys(body).sort()).toEqual(['role', 'token']);
    expect(body.role).toBe('patient');
    const claims = claimsOf(body.token);
    expect(claims.role).toBe('patient');
    expect(claims.patient_id).toBe(patient.recordId);
    expect(claims.employee_id).toBeUndefined();
    // Who is signed in, for the top bar: the name on the patient's record.
    const [record] = await queryRows<{ name: string }>(
      database.db,
      sql`select first_name || ' ' || last_name as name from patient
          where patient_id = ${patient.recordId}`,
    );
    expect(claims.name).toBe(record!.name);
    expect(claims.exp - claims.iat).toBe(30 * 60);
    expect(Math.abs(claims.iat - nowSeconds())).toBeLessThan(60);
    const [session] = await queryRows<{ user_id: string; username: string }>(
      database.db,
      sql`select s.user_id, u.username from session s join app_user u on u.id = s.user_id
          where s.id = ${claims.sid}`,
    );
    expect(session).toEqual({ user_id: claims.sub, username: patient.username });

    for (const role of ['medical_personnel', 'HR'] as const) {
      const staff = await createUser(app, database, role);
      const staffClaims = claimsOf(staff.token);
      expect(staffClaims.role).toBe(role);
      expect(staffClaims.employee_id).toBe(staff.recordId);
      expect(staffClaims.patient_id).toBeUndefined();
      const [employee] = await queryRows<{ name: string }>(
        database.db,
        sql`select first_name || ' ' || last_name as name from employee
            where employee_id = ${staff.recordId}`,
      );
      expect(staffClaims.name).toBe(employee!.name);
      expect(typeof staffClaims.sid).toBe('string');
      expect(staffClaims.sub).not.toBe(claims.sub);
    }
  });

  it('answers a wrong password and an unknown user alike (401)', async () => {
    const user = await createUser(app, database, 'patient');
    const wrongPassword = await call(app, 'POST', '/login', {
      body: { username: user.username, password: 'not-the-password-at-all' },
      remoteAddress: address,
    });
    const unknownUser = await call(app, 'POST', '/login', {
      body: { username: `nobody${unique()}`, password: GOOD_PASSWORD },
      remoteAddress: address,
    });
    expect(wrongPassword.statusCode).toBe(401);
    expect(unknownUser.statusCode).toBe(401);
    expect(wrongPassword.json<Problem>().detail).toBe(WRONG_CREDENTIALS_MESSAGE);
    expect(unknownUser.json()).toEqual(wrongPassword.json());
    expect(wrongPassword.body).not.toContain('token');
  });

  it('reads the username case-insensitively', async () => {
    const user = await createUser(app, database, 'patient');
    const token = await login(app, user.username.toUpperCase(), user.password);
    const profile = await call(app, 'GET', '/profile', { token });
    expect(profile.json<{ username: string }>().username).toBe(user.username);
  });

  it('refuses a locked account (403, no token) and ends its open sessions', async () => {
    const user = await createUser(app, database, 'patient');
    await database.db.execute(
      sql`update app_user set locked_at = now() where username = ${user.username}`,
    );
    const response = await call(app, 'POST', '/login', {
      body: { username: user.username, password: user.password },
      remoteAddress: address,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).not.toHaveProperty('token');
    expect((await call(app, 'GET', '/profile', { token: user.token })).statusCode).toBe(401);
  });

  it('stores passwords as argon2id hashes', async () => {
    const user = await createUser(app, database, 'HR');
    const [row] = await queryRows<{ password_hash: string }>(
      database.db,
      sql`select password_hash from app_user where username = ${user.username}`,
    );
    expect(row!.password_hash.startsWith('$argon2id$')).toBe(true);
    expect(row!.password_hash).not.toContain(user.password);
  });

  it('audits failed logins as failure and successful ones as success', async () => {
    const user = await createUser(app, database, 'patient');
    const failed = await call(app, 'POST', '/login', {
      body: { username: user.username, password: 'not-the-password-at-all' },
      remoteAddress: address,
    });
    const succeeded = await call(app, 'POST', '/login', {
      body: { username: user.username, password: user.password },
      remoteAddress: address,
    });
    const failedEvents = await auditEvents(
      sql`request_id = ${String(failed.headers['x-request-id'])}`,
    );
    expect(failedEvents).toEqual([
      expect.objectContaining({
        action: 'login',
        outcome: 'failure',
        actor_username: user.username,
        actor_user_id: null,
      }),
    ]);
    const successEvents = await auditEvents(
      sql`request_id = ${String(succeeded.headers['x-request-id'])}`,
    );
    expect(successEvents).toEqual([
      expect.objectContaining({
        action: 'login',
        outcome: 'success',
        actor_user_id: claimsOf(succeeded.json<{ token: string }>().token).sub,
      }),
    ]);
  });
});

describe('login throttle', () => {
  /** Five failures per account block it; a failure past the second slows the next answers. */
  let throttled: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    throttled = await createTestApp(
      database,
      testConfig({
        throttle: {
          maxFailuresPerAccount: 5,
          maxFailuresPerAddress: 1000,
          windowSeconds: 900,
          blockSeconds: 900,
          slowdownMs: 500,
        },
      }),
    );
  });
  afterAll(async () => {
    await throttled.app.close();
  });

  const attempt = (target: App, name: string, password: string, remoteAddress: string) =>
    call(target, 'POST', '/login', { body: { username: name, password }, remoteAddress });

  it('slows repeated failures, then blocks the account (429 with retry-after), even for the right password', async () => {
    const user = await createUser(app, database, 'patient');
    const address = '10.2.0.1';
    const before = throttled.sleeps.length;
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await attempt(throttled.app, user.username, 'wrong-password-123', address)).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    expect(throttled.sleeps.slice(before)).toEqual([500, 1000]);

    const blocked = await attempt(throttled.app, user.username, 'wrong-password-123', address);
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(900);

    const right = await attempt(throttled.app, user.username, user.password, address);
    expect(right.statusCode).toBe(429);
    expect(right.json()).not.toHaveProperty('token');
    // The block holds on the ordinary app as well: it is kept in the database.
    expect((await attempt(app, user.username, user.password, '10.2.0.9')).statusCode).toBe(429);

    // Another account from the same address is not held back by this account's block.
    const other = await createUser(app, database, 'patient');
    expect((await attempt(throttled.app, other.username, other.password, address)).statusCode).toBe(
      200,
    );
  });

  it('caps the slowdown at 4 seconds', async () => {
    const steep = await createTestApp(
      database,
      testConfig({
        throttle: {
          maxFailuresPerAccount: 10,
          maxFailuresPerAddress: 1000,
          windowSeconds: 900,
          blockSeconds: 900,
          slowdownMs: 2000,
        },
      }),
    );
    try {
      const name = `nobody${unique()}`;
      for (let i = 0; i < 6; i++) {
        expect((await attempt(steep.app, name, 'wrong-password-123', '10.2.1.1')).statusCode).toBe(
          401,
        );
      }
      expect(steep.sleeps).toEqual([2000, 4000, 4000]);
    } finally {
      await steep.app.close();
    }
  });

  it('blocks every account from an address past the per-address limit', async () => {
    const byAddress = await createTestApp(
      database,
      testConfig({
        throttle: {
          maxFailuresPerAccount: 1000,
          maxFailuresPerAddress: 3,
          windowSeconds: 900,
          blockSeconds: 900,
          slowdownMs: 500,
        },
      }),
    );
    try {
      const user = await createUser(app, database, 'patient');
      const address = '10.3.0.1';
      for (let i = 0; i < 3; i++) {
        const response = await attempt(
          byAddress.app,
          `nobody${unique()}`,
          'wrong-password-123',
          address,
        );
        expect(response.statusCode).toBe(401);
      }
      const blocked = await attempt(byAddress.app, user.username, user.password, address);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.headers['retry-after']).toBeDefined();
      expect(
        (await attempt(byAddress.app, user.username, user.password, '10.3.0.2')).statusCode,
      ).toBe(200);
    } finally {
      await byAddress.app.close();
    }
  });

  it("clears the account's failures after a successful login", async () => {
    const user = await createUser(app, database, 'patient');
    const address = '10.4.0.1';
    for (let i = 0; i < 4; i++) {
      expect(
        (await attempt(throttled.app, user.username, 'wrong-password-123', address)).statusCode,
      ).toBe(401);
    }
    expect((await attempt(throttled.app, user.username, user.password, address)).statusCode).toBe(
      200,
    );
    // Counting afresh: four more failures are not five in a row, so nothing is blocked...
    const before = throttled.sleeps.length;
    for (let i = 0; i < 4; i++) {
      expect(
        (await attempt(throttled.app, user.username, 'wrong-password-123', address)).statusCode,
      ).toBe(401);
    }
    // ...and the slowdown starts over too.
    expect(throttled.sleeps.slice(before)).toEqual([500]);
    expect((await attempt(throttled.app, user.username, user.password, address)).statusCode).toBe(
      200,
    );
  });
});

describe('leavers', () => {
  it('lose their sessions and their login when HR sets work_status to no; yes restores the login', async () => {
    const hr = await createUser(app, database, 'HR');
    const nurse = await signedInNurse();
    const secondToken = await login(app, nurse.username, GOOD_PASSWORD);
    expect((await call(app, 'GET', '/patient', { token: nurse.token })).statusCode).toBe(200);

    const left = await call(app, 'PUT', '/employee/update-employee', {
      token: hr.token,
      body: { employee_id: nurse.id, work_status: 'no', resignation_date: '2025-06-30' },
    });
    expect(left.statusCode).toBe(200);
    expect(left.json()).toMatchObject({ work_status: 'no', sessions_revoked: 2 });

    for (const token of [nurse.token, secondToken]) {
      expect((await call(app, 'GET', '/patient', { token })).statusCode).toBe(401);
      expect((await call(app, 'GET', '/profile', { token })).statusCode).toBe(401);
      expect((await call(app, 'POST', '/renew', { token })).statusCode).toBe(401);
    }
    const refused = await call(app, 'POST', '/login', {
      body: { username: nurse.username, password: GOOD_PASSWORD },
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).not.toHaveProperty('token');

    const back = await call(app, 'PUT', '/employee/update-employee', {
      token: hr.token,
      body: { employee_id: nurse.id, work_status: 'yes' },
    });
    expect(back.statusCode).toBe(200);
    // A return to work gives access again once a second HR person approves it.
    const waiting = await call(app, 'POST', '/login', {
      body: { username: nurse.username, password: GOOD_PASSWORD },
    });
    expect(waiting.statusCode).toBe(403);
    const hr2 = await createUser(app, database, 'HR');
    const approved = await call(app, 'POST', `/employee/${nurse.id}/approve-access`, {
      token: hr2.token,
      body: { position_id: 'P002' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const token = await login(app, nurse.username, GOOD_PASSWORD);
    expect((await call(app, 'GET', '/patient', { token })).statusCode).toBe(200);
    // The sessions ended when they left stay ended.
    expect((await call(app, 'GET', '/profile', { token: nurse.token })).statusCode).toBe(401);
  });
});

describe('a 401 says when the hospital ended the session', () => {
  const SESSION_ENDED = 'Your session has ended. Please log in again.';
  const problemOf = async (token: string) => {
    const response = await call(app, 'GET', '/profile', { token });
    expect(response.statusCode).toBe(401);
    return response.json<{ detail: string; session_ended?: string }>();
  };
  /** The same token with one character of its signature changed. */
  const tampered = (token: string) =>
    token.slice(0, -2) + (token.at(-2) === 'A' ? 'B' : 'A') + token.at(-1)!;

  it("HR sets work_status to no: by_hospital to the session's own token, and to no other", async () => {
    const hr = await createUser(app, database, 'HR');
    const nurse = await signedInNurse();
    const left = await call(app, 'PUT', '/employee/update-employee', {
      token: hr.token,
      body: { employee_id: nurse.id, work_status: 'no', resignation_date: '2025-06-30' },
    });
    expect(left.statusCode).toBe(200);

    expect(await problemOf(nurse.token)).toMatchObject({
      detail: SESSION_ENDED_BY_HOSPITAL_MESSAGE,
      session_ended: SESSION_ENDED_BY_HOSPITAL,
    });
    const renew = await call(app, 'POST', '/renew', { token: nurse.token });
    expect(renew.json()).toMatchObject({ session_ended: SESSION_ENDED_BY_HOSPITAL });
    // Without a correctly signed, unexpired token of that session, nothing is told.
    for (const token of [tampered(nurse.token), await signLike(nurse.token, nowSeconds() - 60)]) {
      const problem = await problemOf(token);
      expect(problem.detail).toBe(SESSION_ENDED);
      expect(problem).not.toHaveProperty('session_ended');
    }
  });

  it('an account locked by an administrator: by_hospital', async () => {
    const user = await createUser(app, database, 'patient');
    await database.db.execute(
      sql`update app_user set locked_at = now() where id = ${claimsOf(user.token).sub}`,
    );
    expect(await problemOf(user.token)).toMatchObject({
      session_ended: SESSION_ENDED_BY_HOSPITAL,
    });
  });

  it('an expired token and a session past its limit: no session_ended; a logout: signed_out', async () => {
    const user = await createUser(app, database, 'patient');
    const expired = await problemOf(await signLike(user.token, nowSeconds() - 60));
    expect(expired).toEqual(expect.objectContaining({ detail: SESSION_ENDED }));
    expect(expired).not.toHaveProperty('session_ended');

    const other = await login(app, user.username, user.password);
    await database.db.execute(
      sql`update session set absolute_expires_at = now() - interval '1 second'
          where id = ${claimsOf(other).sid}`,
    );
    expect(await problemOf(other)).not.toHaveProperty('session_ended');

    expect((await call(app, 'POST', '/logout', { token: user.token })).statusCode).toBe(204);
    const loggedOut = await problemOf(user.token);
    expect(loggedOut.detail).toBe(SESSION_ENDED);
    // Its own tab knows already; another tab of it, on another computer, learns why.
    expect(loggedOut.session_ended).toBe('signed_out');
  });
});

describe('POST /renew', () => {
  it('answers a new token for the same session, lasting at least as long', async () => {
    const user = await createUser(app, database, 'patient');
    const old = claimsOf(user.token);
    const response = await call(app, 'POST', '/renew', { token: user.token });
    expect(response.statusCode).toBe(200);
    const body = response.json<{ token: string; role: string }>();
    expect(body.role).toBe('patient');
    const renewed = claimsOf(body.token);
    expect(renewed.sid).toBe(old.sid);
    expect(renewed.sub).toBe(old.sub);
    expect(renewed.patient_id).toBe(user.recordId);
    expect(renewed.exp).toBeGreaterThanOrEqual(old.exp);
    const profile = await call(app, 'GET', '/profile', { token: body.token });
    expect(profile.statusCode).toBe(200);
    expect(profile.json<{ username: string }>().username).toBe(user.username);
  });

  it('refuses a revoked token (401)', async () => {
    const user = await createUser(app, database, 'medical_personnel');
    expect((await call(app, 'POST', '/logout', { token: user.token })).statusCode).toBe(204);
    expect((await call(app, 'POST', '/renew', { token: user.token })).statusCode).toBe(401);
  });

  it('never extends a token past the end of its session', async () => {
    const user = await createUser(app, database, 'HR');
    const { sid } = claimsOf(user.token);
    await database.db.execute(
      sql`update session set absolute_expires_at = now() + interval '5 minutes' where id = ${sid}`,
    );
    const [row] = await queryRows<{ ends: number }>(
      database.db,
      sql`select extract(epoch from absolute_expires_at)::float8 as ends from session where id = ${sid}`,
    );
    const response = await call(app, 'POST', '/renew', { token: user.token });
    expect(response.statusCode).toBe(200);
    expect(claimsOf(response.json<{ token: string }>().token).exp).toBe(Math.floor(row!.ends));
  });

  it('refuses a session past its absolute limit (401)', async () => {
    const user = await createUser(app, database, 'patient');
    await database.db.execute(
      sql`update session set absolute_expires_at = now() - interval '1 second'
          where id = ${claimsOf(user.token).sid}`,
    );
    expect((await call(app, 'POST', '/renew', { token: user.token })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/profile', { token: user.token })).statusCode).toBe(401);
  });
});

describe('POST /logout', () => {
  it('ends this session only (204), and is audited', async () => {
    const user = await createUser(app, database, 'medical_personnel');
    const other = await login(app, user.username, user.password);
    const response = await call(app, 'POST', '/logout', { token: user.token });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');

    expect((await call(app, 'GET', '/profile', { token: user.token })).statusCode).toBe(401);
    expect((await call(app, 'GET', '/patient', { token: user.token })).statusCode).toBe(401);
    expect((await call(app, 'POST', '/renew', { token: user.token })).statusCode).toBe(401);
    expect((await call(app, 'POST', '/logout', { token: user.token })).statusCode).toBe(401);

    expect((await call(app, 'GET', '/patient', { token: other })).statusCode).toBe(200);

    const events = await auditEvents(sql`request_id = ${String(response.headers['x-request-id'])}`);
    expect(events).toEqual([
      expect.objectContaining({
        action: 'logout',
        outcome: 'success',
        actor_user_id: claimsOf(user.token).sub,
      }),
    ]);
  });
});

describe('token expiry', () => {
  it('refuses a token whose exp has passed, though the same claims unexpired are accepted', async () => {
    const user = await createUser(app, database, 'patient');
    const expired = await signLike(user.token, nowSeconds() - 60);
    const current = await signLike(user.token, nowSeconds() + 600);
    expect((await call(app, 'GET', '/profile', { token: current })).statusCode).toBe(200);
    const refused = await call(app, 'GET', '/profile', { token: expired });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses a token the server issued once its configured lifetime is over', async () => {
    const shortLived = await createTestApp(database, testConfig({ tokenTtlSeconds: 2 }));
    try {
      const user = await createUser(app, database, 'patient');
      const token = await login(shortLived.app, user.username, user.password);
      const claims = claimsOf(token);
      expect(claims.exp - claims.iat).toBe(2);
      expect((await call(shortLived.app, 'GET', '/profile', { token })).statusCode).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 3100));
      expect((await call(shortLived.app, 'GET', '/profile', { token })).statusCode).toBe(401);
    } finally {
      await shortLived.app.close();
    }
  });
});
