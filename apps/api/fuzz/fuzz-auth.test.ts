import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_API_BASE, ENDPOINTS } from '@portal/contract';
import { createTestApp, createTestDatabase } from '../src/test/harness';
import { fuzzSuite } from './fuzz-suite';
import { bodyEndpoints, requestSchemaOf } from './routes-under-fuzz';

fuzzSuite('auth');

describe('fuzz coverage', () => {
  let app: Awaited<ReturnType<typeof createTestApp>>['app'];
  let close: () => Promise<void>;
  beforeAll(async () => {
    const database = await createTestDatabase();
    app = (await createTestApp(database)).app;
    close = async () => {
      await app.close();
      await database.close();
    };
  }, 120_000);
  afterAll(async () => close?.());

  it('every POST/PUT/PATCH route the app registers is a contract endpoint with a body generator', () => {
    const registered = app.apiRoutes
      .filter((r) => r.method === 'POST' || r.method === 'PUT' || r.method === 'PATCH')
      .map((r) => `${r.method} ${r.url}`);
    const fuzzed = bodyEndpoints()
      .filter(([name]) => requestSchemaOf(name) !== undefined)
      .map(([, e]) => `${e.method} ${DEFAULT_API_BASE}${e.path}`);
    expect(registered.length).toBeGreaterThan(0);
    expect(registered.filter((r) => !fuzzed.includes(r))).toEqual([]);
    // Every call but the bodiless GETs and DELETEs.
    expect(bodyEndpoints().length).toBe(
      Object.values(ENDPOINTS).filter((e) => e.method !== 'GET' && e.method !== 'DELETE').length,
    );
  });
});
