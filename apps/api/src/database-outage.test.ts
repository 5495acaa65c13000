/**
 * The database lost under the portal (a failover, a restart): every call that needs it is
 * answered 503 with Retry-After, never 500 and never after more than 10 s; /api/ready says not
 * ready; and once the database is back the same process answers again, without a restart.
 *
 * The errors are real ones: a connection refused, a connection cut by the other side, a write
 * refused as a standby refuses it (SQLSTATE 25006), on PGlite and PostgreSQL. On PostgreSQL
 * (TEST_DATABASE_URL) the server's own pool, with its bounds, reaches the database through a TCP
 * relay the test cuts and restores, as HAProxy cuts the sessions of a primary that died.
 */
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { type Database, openDatabase, queryRows, SERVER_DATABASE_TIMEOUTS } from './db/database';
import { migrate } from './db/migrate';
import { DATABASE_RETRY_AFTER_SECONDS } from './errors';
import { outcomeOf } from './fhir/outcome';
import {
  BACKENDS,
  call,
  createEmptyServerDatabase,
  createTestApp,
  createTestDatabase,
  createUser,
} from './test/harness';

/** A port on loopback with nothing listening (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A TCP relay to `target` that can refuse, swallow (accept, never answer) or pass connections. */
async function relay(target: { host: string; port: number }) {
  let mode: 'pass' | 'swallow' = 'pass';
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.on('error', () => {});
    if (mode === 'swallow') return;
    const upstream = net.connect(target.port, target.host);
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    /** Every open connection cut, and new ones accepted but never answered. */
    cut() {
      mode = 'swallow';
      for (const socket of sockets) socket.destroy();
    },
    restore() {
      mode = 'pass';
      for (const socket of sockets) socket.destroy();
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

function expectUnavailable(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) {
  expect(response.statusCode).toBe(503);
  expect(response.headers['retry-after']).toBe(String(DATABASE_RETRY_AFTER_SECONDS));
  expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(response.json()).toMatchObject({
    status: 503,
    detail: 'The database is not reachable',
  });
}

describe.each(BACKENDS)('a database that cannot answer, on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let refusedPort: number;
  const cutter = net.createServer((socket) => socket.destroy());

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    refusedPort = await closedPort();
    await new Promise<void>((resolve) => cutter.listen(0, '127.0.0.1', resolve));
    const cutPort = (cutter.address() as net.AddressInfo).port;
    const connectTo = async (port: number) => {
      const client = new pg.Client({ host: '127.0.0.1', port, connectionTimeoutMillis: 2000 });
      client.on('error', () => {});
      await client.connect();
    };
    ({ app } = await createTestApp(database, undefined, {
      extraRoutes: (a) => {
        a.get('/api/outage-test/refused', { config: { access: 'public' } }, async () =>
          connectTo(refusedPort),
        );
        a.get('/api/outage-test/cut', { config: { access: 'public' } }, async () =>
          connectTo(cutPort),
        );
        // What a standby answers to a write: SQLSTATE 25006, through Drizzle's wrapping.
        a.get('/api/outage-test/read-only', { config: { access: 'public' } }, async () =>
          database.db.transaction(
            async (tx) => {
              await tx.execute(sql`create temporary table outage_probe (n int)`);
            },
            { accessMode: 'read only' },
          ),
        );
        // Any other database error stays a 500.
        a.get('/api/outage-test/other', { config: { access: 'public' } }, async () =>
          database.db.execute(sql`select 1/0`),
        );
      },
    }));
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await new Promise<void>((resolve) => cutter.close(() => resolve()));
  });

  it('answers a refused connection 503 with Retry-After, as a problem', async () => {
    expectUnavailable(await call(app, 'GET', '/outage-test/refused'));
  });

  it('answers a connection cut by the database 503', async () => {
    expectUnavailable(await call(app, 'GET', '/outage-test/cut'));
  });

  it('answers a write refused as a standby refuses it 503', async () => {
    expectUnavailable(await call(app, 'GET', '/outage-test/read-only'));
  });

  it('keeps any other database error a 500', async () => {
    const response = await call(app, 'GET', '/outage-test/other');
    expect(response.statusCode).toBe(500);
    expect(response.headers['retry-after']).toBeUndefined();
  });

  it('gives FHIR clients the same 503 with Retry-After, as an OperationOutcome', async () => {
    const client = new pg.Client({ host: '127.0.0.1', port: refusedPort });
    client.on('error', () => {});
    const error = await client.connect().then(
      () => undefined,
      (e: unknown) => e,
    );
    const { status, headers, outcome } = outcomeOf(error as never);
    expect(status).toBe(503);
    expect(headers).toEqual({ 'retry-after': String(DATABASE_RETRY_AFTER_SECONDS) });
    expect(outcome.issue?.[0]?.diagnostics).toBe('The database is not reachable');
  });
});

describe.each(BACKENDS.filter((b) => b === 'postgres'))(
  'the server’s pool through a connection that is cut and restored, on %s',
  () => {
    let database: Database;
    let app: FastifyInstance;
    let link: Awaited<ReturnType<typeof relay>>;
    let drop: () => Promise<void>;
    let doctor: string;
    let patientId: string;

    beforeAll(async () => {
      const template = inject('postgresTemplate');
      const empty = await createEmptyServerDatabase(template || undefined);
      drop = () => empty.drop();
      const url = new URL(empty.url);
      link = await relay({ host: url.hostname, port: Number(url.port || 5432) });
      url.hostname = '127.0.0.1';
      url.port = String(link.port);
      database = await openDatabase(
        { url: url.toString() },
        { timeouts: SERVER_DATABASE_TIMEOUTS },
      );
      if (!template) await migrate(database.db);
      ({ app } = await createTestApp(database));
      doctor = (await createUser(app, database, 'medical_personnel')).token;
      patientId = (await createUser(app, database, 'patient')).recordId;
    });

    afterAll(async () => {
      await app?.close();
      await database?.close();
      await link?.close();
      await drop?.();
    });

    it('is ready, reads and audits the read while the database answers', async () => {
      expect((await call(app, 'GET', '/ready')).statusCode).toBe(200);
      const read = await call(app, 'GET', `/patient/${patientId}`, { token: doctor });
      expect(read.statusCode).toBe(200);
      const requestId = read.headers['x-request-id'];
      const audited = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from audit_event
            where action = 'patient.read' and request_id::text = ${String(requestId)}`,
      );
      expect(audited[0]!.n).toBe(1);
    });

    it('answers 503 within 10 s while cut, then answers again without a restart', async () => {
      // A request holding a connection between two statements when the cut comes: its
      // transaction fails, and the lost connection must not end the process.
      let cutNow!: () => void;
      const cutCame = new Promise<void>((resolve) => (cutNow = resolve));
      const held = database.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await cutCame;
        await new Promise((resolve) => setTimeout(resolve, 200));
        await tx.execute(sql`select 1`);
      });
      const heldOutcome = held.then(
        () => 'committed',
        () => 'failed',
      );
      await new Promise((resolve) => setTimeout(resolve, 100));
      link.cut();
      cutNow();
      expect(await heldOutcome).toBe('failed');

      for (const path of ['/ready', `/patient/${patientId}`]) {
        const started = Date.now();
        const response = await call(app, 'GET', path, { token: doctor });
        expect(Date.now() - started).toBeLessThan(10_000);
        expectUnavailable(response);
      }

      link.restore();
      const deadline = Date.now() + 15_000;
      let ready = 0;
      while (Date.now() < deadline && ready !== 200) {
        ready = (await call(app, 'GET', '/ready')).statusCode;
        if (ready !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(ready).toBe(200);
      expect((await call(app, 'GET', `/patient/${patientId}`, { token: doctor })).statusCode).toBe(
        200,
      );
    }, 40_000);
  },
);
