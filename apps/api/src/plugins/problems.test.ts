import { Writable } from 'node:stream';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import {
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  TEST_JWT_SECRET,
  testConfig,
} from '../test/harness';

const PROBLEM_TYPE = /^application\/problem\+json/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET_SQL = 'select * from patient where secret';

let database: Database;
/** The app as the harness builds it (no logs). */
let app: FastifyInstance;
/** An app built with buildApp, logging at info into `logLines`, with a route that throws. */
let loggedApp: FastifyInstance;
const logLines: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app } = await createTestApp(database));

  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  loggedApp = await buildApp({
    config: testConfig(),
    db: database.db,
    jwtSecret: TEST_JWT_SECRET,
    logger: { level: 'info', stream },
    sleep: async () => {},
  });
  loggedApp.get('/api/test/explode', { config: { access: 'public' } }, () => {
    throw new Error(`relation failed: ${SECRET_SQL} = 'P424242' and name = 'Zephyrine'`);
  });
  await loggedApp.ready();
});

afterAll(async () => {
  await loggedApp?.close();
  await app?.close();
  await database?.close();
});

/** The body of a problem answer, after checking that it is one with this status. */
function problem(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.headers['content-type']).toMatch(PROBLEM_TYPE);
  const body = response.json<Record<string, unknown>>();
  expect(body).toMatchObject({ type: 'about:blank', status });
  expect(body.title).toEqual(expect.any(String));
  expect(body.detail).toEqual(expect.any(String));
  return body;
}

describe('bodies the API does not take', () => {
  it.each(['text/plain', 'application/xml', 'application/x-www-form-urlencoded'])(
    'answers 415 for a %s body',
    async (type) => {
      const response = await call(app, 'POST', '/login', {
        headers: { 'content-type': type },
        body: type === 'application/xml' ? '<login><username>a</username></login>' : 'username=a',
      });
      const body = problem(response, 415);
      expect(body.title).toBe('Unsupported Media Type');
      expect(body.detail).toBe('Send the request body as application/json');
    },
  );

  it('answers 413 for a body over 1 MB', async () => {
    const response = await call(app, 'POST', '/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'someone', password: 'x'.repeat(1024 * 1024 + 10) }),
    });
    expect(problem(response, 413).detail).toBe(
      'The request body is larger than the 1 MB this API accepts',
    );
  });

  it('takes a JSON body just under 1 MB (then refuses it on its merits)', async () => {
    const response = await call(app, 'POST', '/login', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'someone', password: 'x'.repeat(1000 * 1000) }),
    });
    expect(problem(response, 400).errors).toEqual([expect.objectContaining({ field: 'password' })]);
  });

  it('answers 400 for malformed JSON without echoing the body', async () => {
    const response = await call(app, 'POST', '/login', {
      headers: { 'content-type': 'application/json' },
      body: '{"username": "leak-marker-7731", "password": ',
    });
    const body = problem(response, 400);
    expect(body.detail).toBe('The request body is not valid JSON');
    expect(response.body).not.toContain('leak-marker-7731');
    expect(response.body).not.toMatch(/Unexpected|position|SyntaxError/);
  });

  it('answers 400 for an empty body that says it is JSON', async () => {
    const response = await call(app, 'POST', '/login', {
      headers: { 'content-type': 'application/json' },
      body: '',
    });
    expect(problem(response, 400).detail).toBe(
      'The request body is empty but its content type says JSON',
    );
  });
});

describe('unknown calls and unexpected errors', () => {
  it('answers a 404 problem for an unknown /api path', async () => {
    const response = await call(app, 'GET', '/no-such-call');
    const body = problem(response, 404);
    expect(body.title).toBe('Not Found');
    expect(body.detail).toBe('No API call GET /api/no-such-call');
  });

  it('answers a 404 problem for a known path with the wrong method', async () => {
    expect(problem(await call(app, 'DELETE', '/login'), 404).title).toBe('Not Found');
  });

  it('answers a bare 500 for an unexpected error: no message, SQL or stack', async () => {
    const before = logLines.length;
    const response = await loggedApp.inject({ method: 'GET', url: '/api/test/explode' });
    const body = problem(response, 500);
    expect(Object.keys(body).sort()).toEqual(['detail', 'status', 'title', 'type']);
    expect(body.title).toBe('Internal Server Error');
    expect(body.detail).toMatch(/^Something went wrong on our side/);
    for (const leak of [
      SECRET_SQL,
      'select',
      'P424242',
      'Zephyrine',
      'relation failed',
      'Error:',
      '.ts:',
      'node_modules',
      'stack',
    ]) {
      expect(response.body).not.toContain(leak);
    }
    // The failure is logged, with where it happened, but not its message.
    const logged = logLines.slice(before).join('\n');
    expect(logged).toContain('request failed');
    expect(logged).toContain(response.headers['x-request-id'] as string);
    expect(logged).not.toContain(SECRET_SQL);
    expect(logged).not.toContain('P424242');
    expect(logged).not.toContain('Zephyrine');
  });
});

describe('malformed URLs', () => {
  it.each([
    ['GET', '/%ff'],
    ['GET', '/api/%ff'],
    ['GET', '/api/patient/%E0%A4%A'],
    ['POST', '/api/patient/search-patient%ff'],
    ['GET', '/patients-management/%E0%A4%A'],
  ] as const)('answers %s %s with a 400 problem, not Fastify’s own JSON', async (method, url) => {
    const response = await app.inject({ method, url });
    const body = problem(response, 400);
    expect(body.title).toBe('Bad Request');
    expect(response.body).not.toContain('FST_ERR');
  });

  it('answers an API path part longer than the router takes with a 414 problem', async () => {
    const response = await call(app, 'GET', `/patient/P${'1'.repeat(150)}`);
    expect(problem(response, 414).title).toBe('URI Too Long');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    expect(response.body).not.toContain('FST_ERR');
  });
});

describe('headers on every answer', () => {
  const requests: [string, (a: FastifyInstance) => Promise<LightMyRequestResponse>][] = [
    ['a 200', (a) => call(a, 'GET', '/health')],
    ['a 401', (a) => call(a, 'GET', '/profile')],
    ['a 404', (a) => call(a, 'GET', '/no-such-call')],
    [
      'a 415',
      (a) => call(a, 'POST', '/login', { headers: { 'content-type': 'text/plain' }, body: 'x' }),
    ],
    [
      'a 400',
      (a) =>
        call(a, 'POST', '/login', { headers: { 'content-type': 'application/json' }, body: '{' }),
    ],
    ['a 500', () => loggedApp.inject({ method: 'GET', url: '/api/test/explode' })],
    ['a malformed URL', (a) => a.inject({ method: 'GET', url: '/api/%ff' })],
    ['a malformed URL outside the API', (a) => a.inject({ method: 'GET', url: '/%E0%A4%A' })],
  ];

  it.each(requests)('sends the security headers on %s', async (_, send) => {
    const response = await send(app);
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toMatch(
      /max-age=31536000; includeSubDomains/,
    );
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it.each(requests)('sends a fresh x-request-id on %s', async (_, send) => {
    const first = await send(app);
    const second = await send(app);
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('ignores a request id the client sends', async () => {
    const response = await call(app, 'GET', '/health', {
      headers: { 'x-request-id': 'client-chosen-id' },
    });
    expect(response.headers['x-request-id']).not.toBe('client-chosen-id');
    expect(response.headers['x-request-id']).toMatch(UUID);
  });
});

describe('log hygiene', () => {
  it('logs routes and request ids, never passwords, tokens or patient data', async () => {
    const requestIds: string[] = [];
    const track = (response: LightMyRequestResponse) => {
      requestIds.push(response.headers['x-request-id'] as string);
      return response;
    };

    // Register and log in through the logging app.
    const doctor = await createUser(loggedApp, database, 'medical_personnel');

    const body = newPatient({
      first_name: 'Zephyrine',
      last_name: 'Quillbottom',
      email: 'zephyrine.quill77@gmail.com',
      id_card_number: 'IDCQX998877',
      phone_number: '0861357924',
      patient_id: 'P7654321',
    });
    const added = track(
      await call(loggedApp, 'POST', '/patient/add-patient', { token: doctor.token, body }),
    );
    expect(added.statusCode, added.body).toBe(201);
    const activationCode = added.json<{ activation_code: string }>().activation_code;

    const read = track(await call(loggedApp, 'GET', '/patient/P7654321', { token: doctor.token }));
    expect(read.statusCode).toBe(200);
    expect(read.json<{ patient: { last_name: string } }>().patient.last_name).toBe('Quillbottom');

    const wrongPassword = 'wrong-password-for-the-log-test';
    const failed = track(
      await call(loggedApp, 'POST', '/login', {
        body: { username: doctor.username, password: wrongPassword },
      }),
    );
    expect(failed.statusCode).toBe(401);
    // An unknown path holding the patient id: the URL is not logged either.
    const unknown = track(
      await call(loggedApp, 'GET', '/patient/P7654321/nothing-here', { token: doctor.token }),
    );
    expect(unknown.statusCode).toBe(404);
    const searched = track(
      await call(loggedApp, 'POST', '/patient/search-patient', {
        token: doctor.token,
        body: { last_name: 'Quillbottom' },
      }),
    );
    expect(searched.statusCode, searched.body).toBe(200);

    const logs = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(0);
    for (const secret of [
      doctor.password,
      wrongPassword,
      doctor.token,
      doctor.token.split('.')[1]!,
      activationCode,
      activationCode.replaceAll('-', ''),
      'Zephyrine',
      'Quillbottom',
      'zephyrine.quill77@gmail.com',
      'IDCQX998877',
      '0861357924',
      'P7654321',
    ]) {
      expect(logs, `the logs contain ${secret}`).not.toContain(secret);
    }
    expect(logs.toLowerCase()).not.toContain('authorization');
    expect(logs.toLowerCase()).not.toContain('bearer');

    // What the logs are for: which route, which request, what answer.
    expect(logs).toContain('/api/patient/:patient_id');
    expect(logs).toContain('/api/patient/add-patient');
    expect(logs).toContain('/api/login');
    for (const id of requestIds) expect(logs).toContain(id);
    const entries = logLines.map((line) => JSON.parse(line) as Record<string, unknown>);
    const completed = entries.filter((e) => e.msg === 'request completed');
    expect(completed.length).toBeGreaterThanOrEqual(requestIds.length);
    expect(
      completed.some(
        (e) =>
          e.reqId === read.headers['x-request-id'] &&
          (e.res as { statusCode: number }).statusCode === 200,
      ),
    ).toBe(true);
  });
});
