/**
 * Several stateless instances on one database behave as one: a token from one works
 * on the other, a logout, a leaver or a change of position made through one ends the session on
 * the other, the login lock counts across both, and one can stop mid-request while the other
 * keeps answering.
 *
 * On PostgreSQL (TEST_DATABASE_URL; CI sets it, so a missing server fails the run) the two are
 * real servers started by `startServer` — what `npm start` runs — at the same moment, on one
 * new database, with DEMO_DATA=always. On PGlite, which one process at a time may open, the two
 * are apps built and listening in this process on one shared in-memory database: the same
 * checks, for what does not depend on the engine. On PostgreSQL each instance keeps session
 * checks in memory (security/session-cache.ts): a change is refused at once by the instance that
 * made it and within 1 s by the other, whichever process made it.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { Config } from './config';
import { type Database, queryRows } from './db/database';
import { DEMO_PASSWORD, loadDemoData } from './db/demo-data';
import { startupFailureMessage } from './errors';
import { type RunningServer, startServer } from './server';
import {
  BACKENDS,
  createEmptyServerDatabase,
  createTestDatabase,
  newPatient,
  TEST_JWT_SECRET,
  TEST_MFA_KEY,
  testConfig,
} from './test/harness';
import { type HttpAnswer, httpCall } from './test/http';

/** One instance of the API: where it listens and how it stops (gracefully). */
interface Instance {
  readonly url: URL;
  readonly db: Database['db'];
  close(): Promise<void>;
}

/**
 * Settings of both instances: the shared secret, the demo data forced, and a login slowdown
 * long enough (2 s from the fourth failure) to hold a login in flight while an instance stops.
 */
function instanceConfig(databaseUrl?: string): Config {
  const base = testConfig();
  return testConfig({
    databaseUrl,
    publicUrl: 'http://127.0.0.1',
    jwtSecret: TEST_JWT_SECRET,
    mfaEncryptionKey: TEST_MFA_KEY,
    demoData: 'always',
    port: 0,
    host: '127.0.0.1',
    throttle: { ...base.throttle, slowdownMs: 2000 },
  });
}

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

async function count(db: Database['db'], table: 'patient' | 'employee' | 'app_user') {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row!.n;
}

/** Two servers started at once on one new PostgreSQL database, as `npm start` starts them. */
async function startTwoServers(): Promise<{
  a: RunningServer;
  b: RunningServer;
  drop(): Promise<void>;
}> {
  const empty = await createEmptyServerDatabase();
  const started = await Promise.allSettled([
    startServer(instanceConfig(empty.url), false),
    startServer(instanceConfig(empty.url), false),
  ]);
  const servers = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const failed = started.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
  if (failed.length) {
    for (const server of servers) await server.close();
    await empty.drop();
    throw new Error(
      `a server did not start: ${failed.map((e) => startupFailureMessage(e)).join('; ')}`,
    );
  }
  return { a: servers[0]!, b: servers[1]!, drop: () => empty.drop() };
}

describe.each(BACKENDS)('two instances on one database (%s)', (backend) => {
  let a: Instance;
  let b: Instance;
  const cleanup: (() => Promise<void>)[] = [];
  /** Postgres only: whether each server said it loaded the demo data. */
  let demoLoaded: boolean[] = [];

  beforeAll(async () => {
    if (backend === 'postgres') {
      const servers = await startTwoServers();
      cleanup.push(() => servers.drop());
      const asInstance = (server: RunningServer): Instance => {
        let closed = false;
        cleanup.push(async () => {
          if (!closed) await server.close();
        });
        return {
          url: new URL(server.url),
          db: server.database.db,
          close: async () => {
            closed = true;
            await server.close();
          },
        };
      };
      a = asInstance(servers.a);
      b = asInstance(servers.b);
      demoLoaded = [servers.a.demoLoaded, servers.b.demoLoaded];
      return;
    }
    const database = await createTestDatabase('pglite');
    cleanup.push(() => database.close());
    await loadDemoData(database.db, testConfig().passwordHashing);
    const listening = async (): Promise<Instance> => {
      const app = await buildApp({
        config: instanceConfig(),
        db: database.db,
        jwtSecret: TEST_JWT_SECRET,
        logger: false,
      });
      const url = await app.listen({ port: 0, host: '127.0.0.1' });
      let closed = false;
      // Closed before the shared database (cleanup runs in reverse order).
      const close = async () => {
        if (closed) return;
        closed = true;
        app.beginShutdown();
        await app.close();
      };
      cleanup.push(close);
      return { url: new URL(url), db: database.db, close };
    };
    a = await listening();
    b = await listening();
  });

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step();
  });

  const on = (
    instance: Instance,
    method: string,
    path: string,
    options: { token?: string; body?: unknown } = {},
  ): Promise<HttpAnswer> => httpCall(instance.url, method, path, options);

  const logIn = async (instance: Instance, username: string, password = DEMO_PASSWORD) => {
    const answer = await on(instance, 'POST', '/login', { body: { username, password } });
    expect(answer.status, answer.body).toBe(200);
    return (JSON.parse(answer.body) as { token: string }).token;
  };

  // Two processes cannot open one embedded database (its folder is locked), so starting together
  // is a PostgreSQL server's case: the test is declared on that backend only, not skipped.
  if (backend === 'postgres')
    it('both servers started together on the empty database, and the demo data is there once', async () => {
      expect(demoLoaded.filter(Boolean)).toHaveLength(1);
      expect(await count(a.db, 'patient')).toBe(36);
      expect(await count(a.db, 'employee')).toBe(17);
      expect(await count(a.db, 'app_user')).toBe(5);
      for (const instance of [a, b]) expect((await on(instance, 'GET', '/ready')).status).toBe(200);
    });

  /**
   * The status of the call on the instance once it is 401, or its last status after 1 s: on a
   * PostgreSQL server each instance keeps session checks in memory and forgets them when the
   * database's notification arrives, which the spec allows up to a second on another instance.
   */
  const statusWithinOneSecond = async (
    instance: Instance,
    method: string,
    path: string,
    token: string,
  ) => {
    const deadline = Date.now() + 1000;
    for (;;) {
      const { status } = await on(instance, method, path, { token });
      if (status === 401 || Date.now() >= deadline) return status;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it('accepts a token from A on B, and refuses it on A after a logout on B', async () => {
    const token = await logIn(a, 'demo.hr');
    // Both instances have checked (and may keep) the session before it ends.
    expect((await on(a, 'GET', '/profile', { token })).status).toBe(200);
    expect((await on(b, 'GET', '/profile', { token })).status).toBe(200);
    expect((await on(b, 'POST', '/logout', { token })).status).toBe(204);
    // The instance that ended it refuses it on the very next request; the other within 1 s.
    expect((await on(b, 'GET', '/profile', { token })).status).toBe(401);
    expect(await statusWithinOneSecond(a, 'GET', '/profile', token)).toBe(401);
  });

  it('ends on both, within 1 s, a session revoked in the database by another tool', async () => {
    const token = await logIn(a, 'demo.hr');
    for (const instance of [a, b, a, b])
      expect((await on(instance, 'GET', '/profile', { token })).status).toBe(200);
    // What the admin tool or another process does: no request of either instance involved.
    await a.db.execute(
      sql`update session set revoked_at = now(), revoked_reason = 'locked by administrator'
          where user_id = (select id from app_user where username = 'demo.hr') and revoked_at is null`,
    );
    expect(await statusWithinOneSecond(a, 'GET', '/profile', token)).toBe(401);
    expect(await statusWithinOneSecond(b, 'GET', '/profile', token)).toBe(401);
  });

  it('reads on B a patient added on A', async () => {
    const token = await logIn(a, 'demo.doctor');
    const body = newPatient();
    const added = await on(a, 'POST', '/patient/add-patient', { token, body });
    expect(added.status, added.body).toBe(201);
    const read = await on(b, 'GET', `/patient/${body.patient.patient_id}`, { token });
    expect(read.status, read.body).toBe(200);
    expect(JSON.parse(read.body)).toMatchObject({
      patient: { patient_id: body.patient.patient_id, last_name: body.patient.last_name },
    });
  });

  it('ends on A the session of a leaver that HR recorded on B', async () => {
    const nurse = await logIn(a, 'demo.nurse');
    expect((await on(a, 'GET', '/patient?limit=1', { token: nurse })).status).toBe(200);
    const hr = await logIn(b, 'demo.hr');
    const update = await on(b, 'PUT', '/employee/update-employee', {
      token: hr,
      body: { employee_id: 'E002', work_status: 'no', resignation_date: yesterday() },
    });
    expect(update.status, update.body).toBe(200);
    expect(await statusWithinOneSecond(a, 'GET', '/patient?limit=1', nurse)).toBe(401);
    expect((await on(a, 'POST', '/renew', { token: nurse })).status).toBe(401);
  });

  it('ends on A the session of a doctor whom HR made a porter on B', async () => {
    const doctor = await logIn(a, 'demo.doctor');
    expect((await on(a, 'GET', '/patient?limit=1', { token: doctor })).status).toBe(200);
    const hr = await logIn(b, 'demo.hr');
    const update = await on(b, 'PUT', '/employee/update-employee', {
      token: hr,
      body: { employee_id: 'E001', position_id: 'P010' },
    });
    expect(update.status, update.body).toBe(200);
    expect(await statusWithinOneSecond(a, 'GET', '/patient?limit=1', doctor)).toBe(401);
    expect((await on(a, 'GET', '/profile', { token: doctor })).status).toBe(401);
  });

  it('counts wrong passwords on both towards one lock', async () => {
    const wrong = { username: 'demo.patient', password: 'not-the-password-at-all' };
    // Three on A and two on B: neither alone reaches the limit of five.
    for (const instance of [a, b, a, b, a]) {
      expect((await on(instance, 'POST', '/login', { body: wrong })).status).toBe(401);
    }
    const right = { username: 'demo.patient', password: DEMO_PASSWORD };
    for (const instance of [b, a]) {
      const refused = await on(instance, 'POST', '/login', { body: right });
      expect(refused.status, refused.body).toBe(429);
    }
  }, 60_000);

  it('keeps answering on B while A stops mid-request, and after', async () => {
    const hr = { username: 'demo.hr', password: DEMO_PASSWORD };
    // Three failures on B: A's next attempt for the account is held back 2 s (the slowdown).
    for (let i = 0; i < 3; i++) {
      const answer = await on(b, 'POST', '/login', {
        body: { ...hr, password: 'not-the-password-at-all' },
      });
      expect(answer.status).toBe(401);
    }
    const inFlight = on(a, 'POST', '/login', { body: hr });
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopping = a.close();

    // While A drains, B answers.
    expect((await on(b, 'GET', '/health')).status).toBe(200);
    const token = await logIn(b, 'demo.hr');
    expect((await on(b, 'GET', '/employee/E003', { token })).status).toBe(200);

    // The request A had in flight is answered, and its token works on B.
    const drained = await inFlight;
    expect(drained.status, drained.body).toBe(200);
    await stopping;
    const fromA = (JSON.parse(drained.body) as { token: string }).token;
    expect((await on(b, 'GET', '/profile', { token: fromA })).status).toBe(200);

    await expect(on(a, 'GET', '/health')).rejects.toThrow();
    expect((await on(b, 'GET', '/ready')).status).toBe(200);
    expect((await on(b, 'GET', '/employee?limit=5', { token })).status).toBe(200);
  }, 60_000);
});
