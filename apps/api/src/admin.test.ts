import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCESS_AWAITING_APPROVAL_MESSAGE } from '@portal/contract';
import { exportJWK, generateKeyPair } from 'jose';
import { adminFailure, runAdminCommand } from './admin';
import { type Database, queryRows } from './db/database';
import { ProblemError } from './errors';
import { addBackendClientCommand, newKeyPair, registerBackend } from './fhir/bulk/test-kit';
import { backendClientActive } from './fhir/smart/clients';
import { patientsRepository } from './repositories/patients';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  GOOD_PASSWORD,
  newPatient,
  patientAddInput,
  unique,
} from './test/harness';

const CODE = /[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;
const TTL_DAYS = 30;

/** The create-employee arguments for a valid employee; override or drop (undefined) any option. */
function employeeArgs(id: string, options: Record<string, string | undefined> = {}): string[] {
  const all: Record<string, string | undefined> = {
    id,
    'first-name': 'Ada',
    'last-name': 'Lovelace',
    position: 'P011',
    email: 'ada.lovelace@gmail.com',
    phone: '0812345678',
    salary: '50000',
    'hire-date': '2026-01-05',
    ...options,
  };
  return [
    'create-employee',
    ...Object.entries(all).flatMap(([name, value]) =>
      value === undefined ? [] : [`--${name}`, value],
    ),
  ];
}

/** The error a command failed with (the test fails if it succeeded). */
async function failure(promise: Promise<string>): Promise<ProblemError> {
  const error = await promise.then(
    (output) => new Error(`expected a failure, got: ${output}`),
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProblemError);
  return error as ProblemError;
}

describe.each(BACKENDS)('runAdminCommand on %s', (backend) => {
  let database: Database;
  let app: Awaited<ReturnType<typeof createTestApp>>['app'];
  const admin = (...argv: string[]) => runAdminCommand(database.db, argv, TTL_DAYS);
  const newEmployeeId = () => `E${String(unique()).padStart(6, '0')}`;
  let emptyListing: string;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    emptyListing = await admin('list-accounts');
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  describe('create-employee', () => {
    it('creates an HR employee (P011) and prints an activation code that registers them', async () => {
      const id = newEmployeeId();
      const output = await admin(...employeeArgs(id));
      expect(output).toContain(`Created employee ${id}.`);
      const code = CODE.exec(output)?.[0];
      expect(code).toBeDefined();
      const until = /valid until (\S+)\)/.exec(output)?.[1];
      const days = (Date.parse(until!) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(TTL_DAYS - 1);
      expect(days).toBeLessThanOrEqual(TTL_DAYS);

      const registered = await call(app, 'POST', '/register', {
        body: {
          username: `ada${unique()}`,
          password: GOOD_PASSWORD,
          role: 'HR',
          id,
          activation_code: code,
        },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      // The two-person rule: the first HR account signs in once approve-access approved it.
      expect(output).toContain(`npm run admin -- approve-access ${id}`);
      const { username } = registered.json<{ username: string }>();
      const logIn = () =>
        call(app, 'POST', '/login', { body: { username, password: GOOD_PASSWORD } });
      const waiting = await logIn();
      expect(waiting.statusCode).toBe(403);
      expect(waiting.json<{ detail: string }>().detail).toBe(ACCESS_AWAITING_APPROVAL_MESSAGE);
      expect(await admin('list-accounts')).toMatch(new RegExp(`${username}\\s+awaiting approval`));
      expect(await admin('approve-access', id.toLowerCase())).toBe(
        `Approved the portal access of ${id} (HR): they can sign in once registered.`,
      );
      expect((await logIn()).statusCode).toBe(200);
      // Approved already: nothing waits any more.
      const again = await failure(admin('approve-access', id));
      expect(again.status).toBe(409);
      expect(again.message).toBe("This employee's access is not waiting for approval");
    });

    it('approve-access answers usage for a missing or malformed id, 404 for an unknown one', async () => {
      expect((await failure(admin('approve-access'))).message).toBe(
        'Usage: npm run admin -- approve-access <E001>',
      );
      expect((await failure(admin('approve-access', 'P001'))).status).toBe(400);
      expect((await failure(admin('approve-access', 'E987654321'))).status).toBe(404);
    });

    it('accepts a position word and normalises the id', async () => {
      const id = newEmployeeId();
      const output = await admin(...employeeArgs(id.toLowerCase(), { position: 'nurse' }));
      expect(output).toContain(`Created employee ${id}.`);
      expect(output).toMatch(CODE);
    });

    it('creates an accountant (P008) without an activation code', async () => {
      const id = newEmployeeId();
      const output = await admin(...employeeArgs(id, { position: 'P008' }));
      expect(output).toContain(`Created employee ${id}.`);
      expect(output).toContain('no activation code was issued');
      expect(output).not.toMatch(CODE);
    });

    it.each<[string, Record<string, string | undefined>]>([
      ['--email', { email: 'ada@yahoo.com' }],
      ['--email', { email: undefined }],
      ['--phone', { phone: 'call me' }],
      ['--salary', { salary: 'lots' }],
      ['--hire-date', { 'hire-date': '2026-02-30' }],
      ['--position', { position: 'janitor' }],
      ['--first-name', { 'first-name': undefined }],
    ])('rejects bad input naming the option %s', async (option, change) => {
      const error = await failure(admin(...employeeArgs(newEmployeeId(), change)));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(new RegExp(`^${option}: `, 'm'));
    });

    it('rejects a bad id naming --id', async () => {
      const error = await failure(admin(...employeeArgs('X12')));
      expect(error.message).toMatch(/^--id: /m);
    });

    it('lists every bad option at once', async () => {
      const error = await failure(
        admin(...employeeArgs(newEmployeeId(), { email: 'nope', salary: '12.5' })),
      );
      expect(error.message).toMatch(/^--email: /m);
      expect(error.message).toMatch(/^--salary: /m);
    });

    it('reads --salary=-1 and refuses the negative salary', async () => {
      const args = employeeArgs(newEmployeeId(), { salary: undefined });
      const error = await failure(admin(...args, '--salary=-1'));
      expect(error.message).toBe('--salary: Salary cannot be negative');
    });

    it('refuses a duplicate employee id', async () => {
      const id = newEmployeeId();
      await admin(...employeeArgs(id));
      const error = await failure(admin(...employeeArgs(id)));
      expect(error.status).toBe(409);
    });

    it('rejects an unknown option', async () => {
      await expect(admin(...employeeArgs(newEmployeeId()), '--colour', 'blue')).rejects.toThrow(
        /colour/,
      );
    });
  });

  describe('activation-code', () => {
    it('issues a new code for an employee, and only the newest one registers', async () => {
      const id = newEmployeeId();
      const first = CODE.exec(await admin(...employeeArgs(id)))![0];
      const output = await admin('activation-code', id);
      expect(output).toMatch(new RegExp(`^Activation code for ${id}: `));
      const second = CODE.exec(output)![0];
      expect(second).not.toBe(first);

      const register = (code: string) =>
        call(app, 'POST', '/register', {
          body: {
            username: `hr${unique()}`,
            password: GOOD_PASSWORD,
            role: 'HR',
            id,
            activation_code: code,
          },
        });
      expect((await register(first)).statusCode).toBe(400);
      expect((await register(second)).statusCode).toBe(201);
    });

    it('issues a code for a patient (lower-case id accepted)', async () => {
      const body = newPatient();
      await patientsRepository.add(
        database.db,
        { actor: null, address: 'test', requestId: 'admin-test' },
        patientAddInput(body),
        TTL_DAYS,
      );
      const id = body.patient.patient_id;
      const output = await admin('activation-code', id.toLowerCase());
      expect(output).toMatch(new RegExp(`^Activation code for ${id}: `));
      const code = CODE.exec(output)![0];
      const registered = await call(app, 'POST', '/register', {
        body: {
          username: `pat${unique()}`,
          password: GOOD_PASSWORD,
          role: 'patient',
          id,
          activation_code: code,
        },
      });
      expect(registered.statusCode, registered.body).toBe(201);
    });

    it('issues a code to a registered record too (a forgotten password): registering with it resets that account', async () => {
      const user = await createUser(app, database, 'patient');
      const output = await admin('activation-code', user.recordId);
      const code = CODE.exec(output)![0];
      const username = `again${unique()}`;
      const registered = await call(app, 'POST', '/register', {
        body: {
          username,
          password: GOOD_PASSWORD,
          role: 'patient',
          id: user.recordId,
          activation_code: code,
        },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      // The same account under its new name: the old session is over, the new login works.
      expect((await call(app, 'GET', '/profile', { token: user.token })).statusCode).toBe(401);
      const login = await call(app, 'POST', '/login', {
        body: { username, password: GOOD_PASSWORD },
      });
      expect(login.statusCode, login.body).toBe(200);
      const accounts = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from app_user u join patient p on p.id = u.patient_id
          where p.patient_id = ${user.recordId}`,
      );
      expect(accounts[0]!.n).toBe(1);
    });

    it('refuses an unknown record', async () => {
      expect((await failure(admin('activation-code', 'E999999999'))).status).toBe(404);
      expect((await failure(admin('activation-code', 'P999999999'))).status).toBe(404);
    });

    it('answers usage for a missing or malformed id', async () => {
      for (const argv of [['activation-code'], ['activation-code', 'X001']]) {
        const error = await failure(admin(...argv));
        expect(error.status).toBe(400);
        expect(error.message).toMatch(/Usage: npm run admin -- activation-code/);
      }
    });
  });

  describe('accounts', () => {
    it('says so when there are no accounts yet', () => {
      expect(emptyListing).toBe('No accounts yet.');
    });

    it('lists accounts with role, record, state, second factor, last login and open sessions', async () => {
      const before = new Date(Date.now() - 60_000).toISOString().slice(0, 16);
      const doctor = await createUser(app, database, 'medical_personnel');
      const patient = await createUser(app, database, 'patient');
      // A patient who registered and never logged in.
      const quiet = newPatient();
      const added = await patientsRepository.add(
        database.db,
        { actor: null, address: 'test', requestId: 'admin-test' },
        patientAddInput(quiet),
        TTL_DAYS,
      );
      const quietName = `quiet${unique()}`;
      const registered = await call(app, 'POST', '/register', {
        body: {
          username: quietName,
          password: GOOD_PASSWORD,
          role: 'patient',
          id: added.patient_id,
          activation_code: added.activation_code,
        },
      });
      expect(registered.statusCode).toBe(201);
      // The doctor has a second factor (set as the confirmed set-up leaves it).
      await database.db.execute(
        sql`update app_user set mfa_enabled_at = now() where username = ${doctor.username}`,
      );
      const output = await admin('list-accounts');
      const lines = output.split('\n');
      expect(lines[0]).toMatch(
        /^USERNAME\s+ROLE\s+RECORD\s+STATE\s+2FA\s+LAST LOGIN \(UTC\)\s+OPEN SESSIONS$/,
      );
      const row = (username: string) => lines.find((l) => l.startsWith(`${username} `));
      const doctorRow = row(doctor.username)?.split(/\s+/) ?? [];
      expect(doctorRow).toEqual([
        doctor.username,
        'medical_personnel',
        doctor.recordId,
        'active',
        'on',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/),
        '1',
      ]);
      // The login of a moment ago, in UTC minutes.
      const lastLogin = doctorRow[5]!.slice(0, 16);
      expect(lastLogin >= before).toBe(true);
      expect(lastLogin <= new Date().toISOString().slice(0, 16)).toBe(true);
      expect(row(patient.username)?.split(/\s+/)).toEqual([
        patient.username,
        'patient',
        patient.recordId,
        'active',
        'off',
        expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}Z$/),
        '1',
      ]);
      expect(row(quietName)?.split(/\s+/)).toEqual([
        quietName,
        'patient',
        added.patient_id,
        'active',
        'off',
        'never',
        '0',
      ]);
    });

    it('lock ends open sessions and blocks login; unlock restores login', async () => {
      const user = await createUser(app, database, 'HR');
      const second = await call(app, 'POST', '/login', {
        body: { username: user.username, password: user.password },
      });
      expect(second.statusCode).toBe(200);
      expect((await call(app, 'GET', '/profile', { token: user.token })).statusCode).toBe(200);

      expect(await admin('lock', user.username)).toBe(
        `Locked ${user.username}; ended 2 open session(s).`,
      );
      expect((await call(app, 'GET', '/profile', { token: user.token })).statusCode).toBe(401);
      const secondToken = second.json<{ token: string }>().token;
      expect((await call(app, 'GET', '/employee', { token: secondToken })).statusCode).toBe(401);
      const refused = await call(app, 'POST', '/login', {
        body: { username: user.username, password: user.password },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ detail: string }>().detail).toMatch(/disabled/);
      const listed = (await admin('list-accounts'))
        .split('\n')
        .find((l) => l.startsWith(`${user.username} `));
      expect(listed?.split(/\s+/).slice(3)).toEqual([
        'locked',
        'off',
        expect.stringMatching(/Z$/),
        '0',
      ]);

      expect(await admin('unlock', user.username)).toBe(`Unlocked ${user.username}.`);
      const again = await call(app, 'POST', '/login', {
        body: { username: user.username, password: user.password },
      });
      expect(again.statusCode).toBe(200);
      const token = again.json<{ token: string }>().token;
      expect((await call(app, 'GET', '/employee', { token })).statusCode).toBe(200);
      // Unlocking does not bring back the sessions the lock ended.
      expect((await call(app, 'GET', '/profile', { token: user.token })).statusCode).toBe(401);
    });

    it('finds the account whatever the case of the username', async () => {
      const user = await createUser(app, database, 'patient');
      expect(await admin('lock', user.username.toUpperCase())).toMatch(/ended 1 open session/);
      expect(
        (
          await call(app, 'POST', '/login', {
            body: { username: user.username, password: user.password },
          })
        ).statusCode,
      ).toBe(403);
      await admin('unlock', user.username.toUpperCase());
      expect(
        (
          await call(app, 'POST', '/login', {
            body: { username: user.username, password: user.password },
          })
        ).statusCode,
      ).toBe(200);
    });

    it.each(['lock', 'unlock'])('%s refuses an unknown username', async (command) => {
      const error = await failure(admin(command, 'nobody.here'));
      expect(error.status).toBe(404);
      expect(error.message).toBe('No account named nobody.here.');
    });

    it.each(['lock', 'unlock'])('%s without a username answers its usage', async (command) => {
      const error = await failure(admin(command));
      expect(error.status).toBe(400);
      expect(error.message).toBe(`Usage: npm run admin -- ${command} <username>`);
    });
  });

  describe('add-backend-client', () => {
    // The JWKS's checks and the token endpoint are tested in fhir/smart/smart.test.ts.
    it.each(['RS384', 'ES384'] as const)(
      'registers a client with an %s key and prints its client_id last',
      async (alg) => {
        const pair = await newKeyPair(alg);
        const output = await addBackendClientCommand(database, 'Lab system', {
          keys: [pair.publicJwk],
        });
        expect(output).toContain('Registered backend client "Lab system" with 1 key(s).');
        expect(output.split('\n').at(-1)).toMatch(/^bk_[A-Za-z0-9_-]{22}$/);
      },
    );

    it('refuses a JWKS holding a private key', async () => {
      const { privateKey } = await generateKeyPair('RS384', { extractable: true });
      const jwks = { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS384' }] };
      const error = await failure(addBackendClientCommand(database, 'Lab system', jwks));
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/^--jwks-file: keys\[0\] holds a private part/);
    });
  });

  describe('backend clients: list, disable, enable', () => {
    it('lists each client with its state, and disabling and enabling are audited', async () => {
      const { clientId } = await registerBackend(database, 'ES384', 'Regional lab');
      const row = (output: string) => output.split('\n').find((l) => l.startsWith(clientId));
      const listed = await admin('list-backend-clients');
      expect(listed.split('\n')[0]).toMatch(/^CLIENT_ID\s+STATE\s+KEYS\s+REGISTERED\s+NAME$/);
      expect(row(listed)).toMatch(/ active +1 +\d{4}-\d\d-\d\dT\d\d:\d\dZ +Regional lab$/);

      expect(await admin('disable-backend-client', clientId)).toBe(
        `Disabled backend client ${clientId}: its tokens and exports are refused from now on.`,
      );
      expect(await backendClientActive(database.db, clientId)).toBe(false);
      expect(row(await admin('list-backend-clients'))).toMatch(/ disabled /);
      expect(await admin('enable-backend-client', clientId)).toBe(
        `Enabled backend client ${clientId}.`,
      );
      expect(await backendClientActive(database.db, clientId)).toBe(true);
      const audited = await queryRows<{ action: string }>(
        database.db,
        sql`select action from audit_event where actor_username = ${`backend:${clientId}`}
          and action like 'backend-client.%' order by id`,
      );
      expect(audited.map((a) => a.action)).toEqual([
        'backend-client.create',
        'backend-client.disable',
        'backend-client.enable',
      ]);
    });

    it.each(['disable-backend-client', 'enable-backend-client'])(
      '%s: an unknown client is a 404, a missing one the usage',
      async (command) => {
        const unknown = await failure(admin(command, 'bk_nosuchclient'));
        expect([unknown.status, unknown.message]).toEqual([
          404,
          'No backend client bk_nosuchclient.',
        ]);
        const missing = await failure(admin(command));
        expect([missing.status, missing.message]).toEqual([
          400,
          `Usage: npm run admin -- ${command} <client_id>`,
        ]);
      },
    );
  });

  it.each([[[]], [['help']], [['--help']]])('prints the usage when asked (%j)', async (argv) => {
    const output = await admin(...argv);
    expect(output).toMatch(/^Administrator's tool for the hospital portal/);
    for (const command of [
      'create-employee',
      'activation-code',
      'list-accounts',
      'lock',
      'unlock',
      'add-backend-client',
      'list-backend-clients',
      'disable-backend-client',
      'enable-backend-client',
    ])
      expect(output).toContain(command);
  });

  it.each([
    [['frobnicate'], /^Unknown command: frobnicate/],
    [['list-accounts', 'extra'], /^list-accounts takes no argument; got: extra/],
    [['lock', 'a', 'b'], /^lock takes one argument; got: a b/],
    [['create-employee', '--no-such-option', 'x'], /--no-such-option/],
    [['audit-partitions', '--ahead'], /^Usage: npm run admin -- audit-partitions/],
    [['verify-audit', 'now'], /^Usage: npm run admin -- verify-audit/],
  ])(
    'refuses an unknown command or a wrong argument (%j): the usage, exit status 2',
    async (argv, message) => {
      const error = await failure(admin(...argv));
      expect(error.status).toBe(400);
      const printed = adminFailure(error);
      expect(printed.status).toBe(2);
      expect(printed.text).toMatch(message);
      expect(printed.text).toContain("Administrator's tool for the hospital portal");
    },
  );

  it('exits 1 without the usage for a failure that is no mistake of the caller', async () => {
    const error = await failure(admin('lock', 'nobody.here'));
    expect(error.status).toBe(404);
    expect(adminFailure(error)).toEqual({ text: 'No account named nobody.here.', status: 1 });
  });
});
