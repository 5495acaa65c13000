/**
 * CORS_ORIGINS: by default the API sends no CORS header at all; with origins listed,
 * their pages may call it (preflights answered, paging headers readable) and no other origin is
 * told anything.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENDPOINTS } from '@portal/contract';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import {
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  testConfig,
  type TestUser,
} from '../test/harness';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

const CDN = 'https://apps.cdn.example';
const OTHER_LISTED = 'http://127.0.0.1:8080';
const STRANGER = 'https://evil.example';

let database: Database;
let plain: App;
let withCors: App;
let doctor: TestUser;

beforeAll(async () => {
  database = await createTestDatabase();
  ({ app: plain } = await createTestApp(database));
  ({ app: withCors } = await createTestApp(
    database,
    testConfig({ corsOrigins: [CDN, OTHER_LISTED] }),
  ));
  doctor = await createUser(withCors, database, 'medical_personnel');
});

afterAll(async () => {
  await withCors?.close();
  await plain?.close();
  await database?.close();
});

const preflight = (app: App, origin: string, method = 'POST') =>
  app.inject({
    method: 'OPTIONS',
    url: '/api/patient/search-patient',
    headers: {
      origin,
      'access-control-request-method': method,
      'access-control-request-headers': 'authorization, content-type',
    },
  });

const corsHeaders = (response: LightMyRequestResponse) =>
  Object.keys(response.headers).filter((h) => h.startsWith('access-control-'));

describe('without CORS_ORIGINS (the default)', () => {
  it('reads no origins from an environment that names none', () => {
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });

  it('sends no CORS header, to a preflight or to a call, whatever the origin', async () => {
    for (const origin of [CDN, STRANGER]) {
      const answer = await preflight(plain, origin);
      expect(corsHeaders(answer)).toEqual([]);
      expect(answer.statusCode).not.toBe(204);
      const list = await call(plain, 'GET', '/patient', {
        token: doctor.token,
        headers: { origin },
      });
      expect(list.statusCode).toBe(200);
      expect(corsHeaders(list)).toEqual([]);
    }
  });
});

describe('with CORS_ORIGINS', () => {
  it('reads a comma-separated list and refuses what is not an origin, naming it', () => {
    expect(loadConfig({ CORS_ORIGINS: ` ${CDN}, ${OTHER_LISTED} ,` }).corsOrigins).toEqual([
      CDN,
      OTHER_LISTED,
    ]);
    for (const bad of ['apps.cdn.example', 'https://apps.cdn.example/', 'ftp://x.example', '*']) {
      expect(() => loadConfig({ CORS_ORIGINS: bad })).toThrow(/CORS_ORIGINS: .*is not an origin/);
    }
  });

  it.each([CDN, OTHER_LISTED])(
    'answers a preflight from the listed origin %s with 204',
    async (origin) => {
      const answer = await preflight(withCors, origin, 'PUT');
      expect(answer.statusCode).toBe(204);
      expect(answer.body).toBe('');
      expect(answer.headers['access-control-allow-origin']).toBe(origin);
      expect(answer.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE');
      expect(answer.headers['access-control-allow-headers']).toBe(
        'Authorization, Content-Type, Idempotency-Key',
      );
      expect(answer.headers['access-control-max-age']).toBe('600');
      expect(answer.headers['access-control-allow-credentials']).toBeUndefined();
      expect(answer.headers['vary']).toMatch(/\bOrigin\b/);
      // The security headers are on every answer, this one too.
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('allows every method of the contract’s calls, DELETE (ending a session) included', async () => {
    const answer = await preflight(withCors, CDN, 'DELETE');
    expect(answer.statusCode).toBe(204);
    const allowed = String(answer.headers['access-control-allow-methods']).split(', ');
    for (const endpoint of Object.values(ENDPOINTS)) expect(allowed).toContain(endpoint.method);
  });

  it('lets a listed page read an answer and its paging headers', async () => {
    const answer = await call(withCors, 'GET', '/patient?limit=1', {
      token: doctor.token,
      headers: { origin: CDN },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['access-control-allow-origin']).toBe(CDN);
    expect(String(answer.headers['access-control-expose-headers'])).toContain('x-total-count');
    expect(String(answer.headers['access-control-expose-headers'])).toContain('x-next-cursor');
    expect(String(answer.headers['access-control-expose-headers'])).toContain(
      'x-total-count-capped',
    );
    expect(answer.headers['vary']).toMatch(/\bOrigin\b/);
  });

  it('lets a listed page read a refusal too (a 401 problem)', async () => {
    const answer = await call(withCors, 'GET', '/patient', { headers: { origin: CDN } });
    expect(answer.statusCode).toBe(401);
    expect(answer.headers['access-control-allow-origin']).toBe(CDN);
  });

  it('tells an origin that is not listed nothing, and does not answer its preflight', async () => {
    const answer = await preflight(withCors, STRANGER);
    expect(answer.statusCode).not.toBe(204);
    expect(corsHeaders(answer)).toEqual([]);
    const list = await call(withCors, 'GET', '/patient', {
      token: doctor.token,
      headers: { origin: STRANGER },
    });
    expect(corsHeaders(list)).toEqual([]);
    // Still Vary: Origin, so a cache does not hand this answer to a listed page, or back.
    expect(list.headers['vary']).toMatch(/\bOrigin\b/);
  });

  it('does not take an origin that only starts or ends like a listed one', async () => {
    for (const origin of [`${CDN}.evil.example`, 'https://x.apps.cdn.example', `${CDN}:443`]) {
      expect(corsHeaders(await preflight(withCors, origin))).toEqual([]);
    }
  });

  it('adds nothing to the pages of the apps, which are served on their own origin', async () => {
    const answer = await withCors.inject({ method: 'GET', url: '/', headers: { origin: CDN } });
    expect(corsHeaders(answer)).toEqual([]);
  });
});
