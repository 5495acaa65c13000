/**
 * Logs never hold patient data, usernames, passwords or tokens, not even when a real query fails
 * with them as its parameters. The database under the app is broken on
 * purpose (a check constraint that refuses the marker, a renamed table), so the failure is the
 * driver's and Drizzle's own error, whose message carries the SQL and every parameter.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { type Database, openDatabase, queryRows } from './db/database';
import { migrate } from './db/migrate';
import { describeFailure, notFound, startupFailureMessage } from './errors';
import { startServer } from './server';
import {
  BACKENDS,
  call,
  createTestDatabase,
  createUser,
  enrolSecondFactor,
  newPatient,
  TEST_JWT_SECRET,
  testConfig,
  type TestUser,
} from './test/harness';

const MARKER = 'MARKER-7f3a';
const USER_MARKER = 'marker-user-7f3a';
const PASSWORD_MARKER = 'marker-password-7f3a-long';

/** The log lines an app writes, as pino writes them (one JSON object a line). */
function logCapture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  return { lines, stream };
}

describe.each(BACKENDS)('logs of failed queries on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let doctor: TestUser;
  const log = logCapture();

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    app = await buildApp({
      config: testConfig(),
      db: database.db,
      jwtSecret: TEST_JWT_SECRET,
      logger: { level: 'info', stream: log.stream },
      sleep: async () => {},
    });
    await app.ready();
    doctor = await createUser(app, database, 'medical_personnel');
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  /** The failures logged since `from`, parsed. */
  const failuresSince = (from: number) =>
    log.lines
      .slice(from)
      .map((line) => JSON.parse(line) as { msg: string; err?: Record<string, unknown> })
      .filter((entry) => entry.msg === 'request failed');

  it('logs a failed insert of a patient without the patient', async () => {
    // A real constraint violation whose query carries the whole record as parameters.
    await queryRows(
      database.db,
      sql`alter table patient add constraint log_test_refuses_marker check (first_name <> ${sql.raw(`'${MARKER}'`)})`,
    );
    const from = log.lines.length;
    const body = newPatient({
      first_name: MARKER,
      last_name: 'Quillmarker',
      email: 'quill.marker7f3a@gmail.com',
      id_card_number: 'IDCMARK7F3A',
    });
    const response = await call(app, 'POST', '/patient/add-patient', {
      token: doctor.token,
      body,
    });
    expect(response.statusCode, response.body).toBe(500);

    const logged = log.lines.slice(from).join('\n');
    for (const secret of [
      MARKER,
      'Quillmarker',
      'quill.marker7f3a@gmail.com',
      'IDCMARK7F3A',
      body.patient.patient_id,
      doctor.token,
      doctor.token.split('.')[2]!,
      'insert into',
      'params',
    ]) {
      expect(logged, `the log holds ${secret}`).not.toContain(secret);
    }
    // What an operator needs: which request, the error's class, SQLSTATE and constraint.
    const [failure] = failuresSince(from);
    expect(failure?.err).toMatchObject({
      code: '23514',
      constraint: 'log_test_refuses_marker',
    });
    expect(failure?.err?.['type']).toEqual(expect.any(String));
    expect(logged).toContain(response.headers['x-request-id'] as string);
  });

  it('logs a failed login without the username or the password', async () => {
    await queryRows(database.db, sql`alter table app_user rename to app_user_moved_away`);
    try {
      const from = log.lines.length;
      const response = await call(app, 'POST', '/login', {
        body: { username: USER_MARKER, password: PASSWORD_MARKER },
      });
      expect(response.statusCode, response.body).toBe(500);
      const logged = log.lines.slice(from).join('\n');
      expect(logged).toContain('request failed');
      for (const secret of [USER_MARKER, PASSWORD_MARKER, 'select', 'params']) {
        expect(logged, `the log holds ${secret}`).not.toContain(secret);
      }
      expect(failuresSince(from)[0]?.err).toMatchObject({ code: '42P01' });
    } finally {
      await queryRows(database.db, sql`alter table app_user_moved_away rename to app_user`);
    }
  });

  it('logs the second factor’s set-up and sign-in, even a failing one, without secret, codes or mfa_token', async () => {
    const nurse = await createUser(app, database, 'medical_personnel');
    const from = log.lines.length;
    const { secret, recoveryCodes } = await enrolSecondFactor(app, nurse.token);
    const challenge = await call(app, 'POST', '/login', {
      body: { username: nurse.username, password: nurse.password },
    });
    const { mfa_token } = challenge.json<{ mfa_token: string }>();
    await queryRows(database.db, sql`alter table mfa_recovery_code rename to mfa_codes_moved_away`);
    try {
      const failed = await call(app, 'POST', '/login/mfa', {
        body: { mfa_token, code: recoveryCodes[0] },
      });
      expect(failed.statusCode, failed.body).toBe(500);
    } finally {
      await queryRows(
        database.db,
        sql`alter table mfa_codes_moved_away rename to mfa_recovery_code`,
      );
    }
    const logged = log.lines.slice(from).join('\n');
    expect(logged).toContain('request failed');
    for (const hidden of [
      secret,
      mfa_token,
      ...recoveryCodes,
      ...recoveryCodes.map((c) => c.replace('-', '')),
      'params',
    ]) {
      expect(logged, `the log holds ${hidden}`).not.toContain(hidden);
    }
  });

  it('keeps only stack frames: every logged stack line is a code location', () => {
    const stacks = log.lines
      .map((line) => JSON.parse(line) as { err?: { stack?: string } })
      .flatMap((entry) => (entry.err?.stack ? entry.err.stack.split('\n') : []));
    expect(stacks.length).toBeGreaterThan(0);
    for (const line of stacks) expect(line).toMatch(/^ {4}at \S/);
  });
});

// Each test opens embedded databases (PGlite starts in seconds, and in tens of seconds on a
// loaded 2-core machine: CI took 31–33 s here), so these get the built-server tests' limit.
describe('the start-up failure message', { timeout: 90_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-startup-log-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('names the database error, not the demo records it was loading', async () => {
    // A database that refuses the first demo patient: loading the demo data fails at start-up.
    const prepared = await openDatabase({ dataDir });
    await migrate(prepared.db);
    await queryRows(
      prepared.db,
      sql`alter table patient add constraint startup_test_refuses check (first_name <> 'Somchai')`,
    );
    await prepared.close();

    const failure = await startServer(
      testConfig({ dataDir, demoData: 'auto', port: 0, host: '127.0.0.1' }),
      false,
    ).then(
      async (server) => {
        await server.close();
        throw new Error('the server started on a database that refuses the demo data');
      },
      (error: unknown) => error,
    );
    // The raw error holds the records (what main.ts used to print) …
    expect((failure as Error).message).toContain('Somchai');
    // … the message printed holds the SQLSTATE and the constraint only.
    const message = startupFailureMessage(failure);
    expect(message).toMatch(/^Could not start: /);
    expect(message).toContain('23514');
    expect(message).toContain('startup_test_refuses');
    for (const secret of ['Somchai', 'Srisuk', 'Rama IV', 'P001', 'insert into', 'params']) {
      expect(message, `the message holds ${secret}`).not.toContain(secret);
    }
  });

  it('still explains a configuration problem in the operator’s words', () => {
    expect(startupFailureMessage(new Error('JWT_SECRET must be set'))).toBe(
      'Could not start: JWT_SECRET must be set',
    );
  });

  it('prints the admin tool’s own refusals as they are, and never a query’s data', async () => {
    expect(describeFailure(notFound('No account named some.user.'))).toBe(
      'No account named some.user.',
    );
    const database = await createTestDatabase();
    try {
      const failure = await queryRows(
        database.db,
        sql`insert into app_user (username) values (${USER_MARKER})`,
      ).then(
        () => new Error('the insert did not fail'),
        (error: unknown) => error,
      );
      expect((failure as Error).message).toContain(USER_MARKER);
      expect(describeFailure(failure)).toMatch(/^database error \w+, SQLSTATE 23502/);
      expect(describeFailure(failure)).not.toContain(USER_MARKER);
    } finally {
      await database.close();
    }
  });
});
