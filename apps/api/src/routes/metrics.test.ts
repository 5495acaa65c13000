/**
 * GET /api/metrics: Prometheus text for operators only — callers on the server's own
 * machine, or with METRICS_TOKEN — whose labels are route patterns and fixed words, never a
 * patient's data, a username or a token.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/database';
import {
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  testConfig,
  type TestUser,
} from '../test/harness';
import { METRICS_REFUSED } from './metrics';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

/** One sample: a metric's name, its labels and its value. */
interface Sample {
  readonly name: string;
  readonly labels: Record<string, string>;
  readonly value: number;
}

/** The samples of a Prometheus text exposition (comments skipped). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1]!, m[2]!]),
      );
      return { name: match[1]!, labels, value: Number(match[3]) };
    });
}

/** The sum of a metric's samples whose labels include `labels`. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text)
    .filter((s) => s.name === name)
    .filter((s) => Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

let database: Database;
let app: FastifyInstance;
/** An app with TRUST_PROXY and a METRICS_TOKEN, on the same database. */
let proxied: FastifyInstance;
let doctor: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp(database));
  ({ app: proxied } = await createTestApp(
    database,
    testConfig({ trustProxy: true, metricsToken: METRICS_TOKEN }),
  ));
  doctor = await createUser(app, database, 'medical_personnel');
});
afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await database?.close();
});

const scrape = async (on = app) => {
  const response = await call(on, 'GET', '/metrics');
  expect(response.statusCode, response.body).toBe(200);
  return response.body;
};

async function deniedEvents(requestId: string) {
  return queryRows<{ action: string; outcome: string }>(
    database.db,
    sql`select action, outcome from audit_event where request_id = ${requestId}`,
  );
}

describe('who may read the metrics', () => {
  it('answers a loopback caller in the Prometheus text format', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.5.6.7', '::1', '::ffff:127.0.0.1']) {
      const response = await call(app, 'GET', '/metrics', { remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain('# TYPE portal_http_requests_total counter');
    }
  });

  it('refuses any other address with a 403 problem, audited as denied', async () => {
    for (const remoteAddress of ['10.0.0.7', '203.0.113.9', '::ffff:10.1.2.3', '2001:db8::1']) {
      const response = await call(app, 'GET', '/metrics', { remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(403);
      expect(response.headers['content-type']).toContain('application/problem+json');
      expect(response.json()).toMatchObject({ status: 403, detail: METRICS_REFUSED });
      expect(response.body).not.toContain('portal_');
      expect(await deniedEvents(String(response.headers['x-request-id']))).toEqual([
        { action: 'access.denied', outcome: 'denied' },
      ]);
    }
  });

  it('with TRUST_PROXY, does not take X-Forwarded-For: 127.0.0.1 from a remote caller', async () => {
    const forged = { 'x-forwarded-for': '127.0.0.1' };
    // The trap is real: with proxy trust the request's address is the forwarded one ...
    const profile = await call(proxied, 'GET', '/health', {
      remoteAddress: '203.0.113.9',
      headers: forged,
    });
    expect(profile.statusCode).toBe(200);
    // ... but the metrics look at the connection, and the caller is refused.
    const response = await call(proxied, 'GET', '/metrics', {
      remoteAddress: '203.0.113.9',
      headers: forged,
    });
    expect(response.statusCode).toBe(403);
    const denied = await deniedEvents(String(response.headers['x-request-id']));
    expect(denied).toHaveLength(1);
  });

  it('refuses a request relayed by a proxy on this machine (it is not from this machine)', async () => {
    const relayed: Record<string, string>[] = [
      { 'x-forwarded-for': '198.51.100.4' },
      { 'x-forwarded-for': '127.0.0.1' },
      { forwarded: 'for=198.51.100.4' },
      { 'x-real-ip': '198.51.100.4' },
      // Proxies that set none of the three above still leave a mark of their own.
      { via: '1.1 proxy.internal' },
      { 'x-forwarded-host': 'portal.example' },
      { 'x-forwarded-proto': 'https' },
      { 'x-client-ip': '198.51.100.4' },
      { 'true-client-ip': '198.51.100.4' },
      { 'cf-connecting-ip': '198.51.100.4' },
      { 'x-cluster-client-ip': '198.51.100.4' },
      { 'fastly-client-ip': '198.51.100.4' },
      { 'x-envoy-external-address': '198.51.100.4' },
      { 'X-Original-Forwarded-For': '198.51.100.4' },
    ];
    for (const headers of relayed) {
      for (const on of [app, proxied]) {
        const response = await call(on, 'GET', '/metrics', { remoteAddress: '127.0.0.1', headers });
        expect(response.statusCode, JSON.stringify(headers)).toBe(403);
      }
    }
  });

  it('answers anyone with the metrics token, and refuses a wrong one', async () => {
    const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
    for (const remoteAddress of ['203.0.113.9', '127.0.0.1']) {
      const right = await call(proxied, 'GET', '/metrics', {
        remoteAddress,
        headers: { ...bearer(METRICS_TOKEN), 'x-forwarded-for': '198.51.100.4' },
      });
      expect(right.statusCode, remoteAddress).toBe(200);
      for (const wrong of [
        `${METRICS_TOKEN}x`,
        METRICS_TOKEN.slice(0, -1),
        METRICS_TOKEN.toUpperCase(),
        doctor.token,
      ]) {
        const response = await call(proxied, 'GET', '/metrics', {
          remoteAddress,
          headers: bearer(wrong),
        });
        expect(response.statusCode, `${remoteAddress} ${wrong}`).toBe(403);
      }
      const notBearer = await call(proxied, 'GET', '/metrics', {
        remoteAddress,
        headers: { authorization: `Basic ${METRICS_TOKEN}` },
      });
      expect(notBearer.statusCode).toBe(403);
    }
  });

  it('without METRICS_TOKEN set, no token opens it, a session token neither', async () => {
    for (const token of [METRICS_TOKEN, doctor.token]) {
      const response = await call(app, 'GET', '/metrics', { token, remoteAddress: '127.0.0.1' });
      expect(response.statusCode).toBe(403);
    }
  });

  it('refuses a METRICS_TOKEN shorter than 32 characters at start', async () => {
    const { loadConfig } = await import('../config');
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN must be at least 32 characters/,
    );
    expect(loadConfig({ METRICS_TOKEN }).metricsToken).toBe(METRICS_TOKEN);
    expect(loadConfig({}).metricsToken).toBeUndefined();
  });
});

describe('what the metrics count', () => {
  it('counts requests and their latency per route pattern, method and status', async () => {
    const route = '/api/patient/:patient_id';
    const before = await scrape();
    const own = { method: 'GET', route };
    for (let i = 0; i < 3; i++) {
      expect((await call(app, 'GET', '/patient/P424242', { token: doctor.token })).statusCode).toBe(
        404,
      );
    }
    expect((await call(app, 'GET', '/patient/P424243')).statusCode).toBe(401);
    expect((await call(app, 'GET', '/no-such-call/P424244')).statusCode).toBe(404);
    const after = await scrape();

    const moved = (name: string, labels: Record<string, string>) =>
      valueOf(after, name, labels) - valueOf(before, name, labels);
    expect(moved('portal_http_requests_total', { ...own, status_code: '404' })).toBe(3);
    expect(moved('portal_http_requests_total', { ...own, status_code: '401' })).toBe(1);
    expect(
      moved('portal_http_request_duration_seconds_count', { ...own, status_code: '404' }),
    ).toBe(3);
    expect(
      moved('portal_http_request_duration_seconds_bucket', {
        ...own,
        status_code: '404',
        le: '+Inf',
      }),
    ).toBe(3);
    expect(moved('portal_http_requests_total', { route: '(no route)', status_code: '404' })).toBe(
      1,
    );
    // Labels are patterns: no id from a URL, no raw path.
    const routes = new Set(samples(after).flatMap((s) => (s.labels.route ? [s.labels.route] : [])));
    for (const label of routes) expect(label).toMatch(/^(\/api(\/[a-z.:_-]+)*|\(no route\))$/);
    expect(after).not.toContain('P42424');
    expect(after).not.toContain('no-such-call');
  });

  it('reports the event-loop lag and the hashing pool, and counts refused hashes', async () => {
    const text = await scrape();
    for (const quantile of ['0.5', '0.99', '1']) {
      expect(
        samples(text).some(
          (s) => s.name === 'portal_event_loop_lag_seconds' && s.labels.quantile === quantile,
        ),
      ).toBe(true);
    }
    const { app: small } = await createTestApp(
      database,
      testConfig({ hashPool: { size: 1, queue: 0 } }),
    );
    try {
      let release!: () => void;
      const busy = small.passwordHasher.pool.run(() => new Promise<void>((r) => (release = r)));
      const refused = await call(small, 'POST', '/login', {
        body: { username: doctor.username, password: doctor.password },
      });
      expect(refused.statusCode).toBe(503);
      const during = await scrape(small);
      expect(valueOf(during, 'portal_password_hash_pool_in_use')).toBe(1);
      expect(valueOf(during, 'portal_password_hash_pool_queued')).toBe(0);
      expect(valueOf(during, 'portal_password_hash_pool_size')).toBe(1);
      expect(valueOf(during, 'portal_password_hash_pool_queue_limit')).toBe(0);
      expect(valueOf(during, 'portal_password_hash_refused_total')).toBe(1);
      release();
      await busy;
      expect(valueOf(await scrape(small), 'portal_password_hash_pool_in_use')).toBe(0);
    } finally {
      await small.close();
    }
  });

  it('counts audit events as they are written, by action and outcome', async () => {
    const countRows = async () => {
      const [row] = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from audit_event`,
      );
      return row!.n;
    };
    const rowsBefore = await countRows();
    const before = await scrape();
    const body = newPatient();
    expect(
      (await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body })).statusCode,
    ).toBe(201);
    expect(
      (await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body })).statusCode,
    ).toBe(409);
    expect(
      (await call(app, 'GET', `/patient/${body.patient.patient_id}`, { token: doctor.token }))
        .statusCode,
    ).toBe(200);
    const hr = await createUser(app, database, 'HR');
    expect((await call(app, 'GET', '/patient', { token: hr.token })).statusCode).toBe(403);
    const after = await scrape();
    const moved = (labels: Record<string, string>) =>
      valueOf(after, 'portal_audit_events_total', labels) -
      valueOf(before, 'portal_audit_events_total', labels);
    expect(moved({ action: 'patient.create', outcome: 'success' })).toBe(1);
    expect(moved({ action: 'patient.create', outcome: 'failure' })).toBe(1);
    expect(moved({ action: 'patient.read', outcome: 'success' })).toBe(1);
    expect(moved({ action: 'register', outcome: 'success' })).toBe(1);
    expect(moved({ action: 'access.denied', outcome: 'denied' })).toBe(1);
    // Every row written through the API in between is counted (createUser adds the HR
    // employee's record and approves its access directly, as the admin tool does: the record,
    // the access request and the approval are three rows the API did not write).
    expect(moved({})).toBe((await countRows()) - rowsBefore - 3);
  });

  it('counts logins refused by the failed-attempt lock', async () => {
    const before = await scrape();
    const wrong = { username: doctor.username.toUpperCase(), password: 'wrong-password-1234' };
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await call(app, 'POST', '/login', { body: wrong })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const after = await scrape();
    expect(
      valueOf(after, 'portal_login_throttled_total', { call: 'login' }) -
        valueOf(before, 'portal_login_throttled_total', { call: 'login' }),
    ).toBe(2);
  });

  it('carries no patient data, usernames, passwords or tokens', async () => {
    const marker = 'Zqxmarker';
    const body = newPatient({
      first_name: marker,
      last_name: `${marker}son`,
      email: `${marker.toLowerCase()}@gmail.com`,
      address: `${marker} Road`,
    });
    const added = await call(app, 'POST', '/patient/add-patient', { token: doctor.token, body });
    expect(added.statusCode).toBe(201);
    await call(app, 'POST', '/patient/search-patient', {
      token: doctor.token,
      body: { first_name: marker },
    });
    await call(app, 'GET', `/patient/${body.patient.patient_id}`, { token: doctor.token });
    await call(app, 'POST', '/login', {
      body: { username: `${marker.toLowerCase()}.user`, password: `${marker}-password-1` },
    });
    const text = await scrape();
    for (const secret of [
      marker,
      marker.toLowerCase(),
      body.patient.patient_id,
      body.patient.id_card_number,
      doctor.username,
      doctor.token,
      doctor.token.split('.')[2]!,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
    // Only fixed vocabularies appear as label values.
    const labelNames = new Set(samples(text).flatMap((s) => Object.keys(s.labels)));
    expect([...labelNames].sort()).toEqual(
      ['action', 'call', 'le', 'method', 'outcome', 'quantile', 'route', 'status_code'].filter(
        (name) => labelNames.has(name),
      ),
    );
    for (const name of labelNames) {
      expect([
        'action',
        'call',
        'le',
        'method',
        'outcome',
        'quantile',
        'route',
        'status_code',
      ]).toContain(name);
    }
  });

  it('keeps a registry per app: two apps count apart', async () => {
    const { app: other } = await createTestApp(database);
    try {
      const before = valueOf(await scrape(other), 'portal_http_requests_total', {
        route: '/api/health',
      });
      expect(before).toBe(0);
      await call(app, 'GET', '/health');
      expect(
        valueOf(await scrape(other), 'portal_http_requests_total', { route: '/api/health' }),
      ).toBe(0);
      expect(
        valueOf(await scrape(app), 'portal_http_requests_total', { route: '/api/health' }),
      ).toBeGreaterThan(0);
    } finally {
      await other.close();
    }
  });

  it('reports the database pool on a PostgreSQL server, and no pool on PGlite', async () => {
    expect(samples(await scrape()).some((s) => s.name.startsWith('portal_db_pool'))).toBe(false);
    if (!process.env['TEST_DATABASE_URL']) return;
    const server = await createTestDatabase('postgres');
    const { app: onServer } = await createTestApp(server);
    try {
      const text = await scrape(onServer);
      expect(valueOf(text, 'portal_db_pool_max')).toBe(10);
      expect(samples(text).map((s) => s.name)).toEqual(
        expect.arrayContaining(['portal_db_pool_connections_in_use', 'portal_db_pool_waiting']),
      );
    } finally {
      await onServer.close();
      await server.close();
    }
  });
});
