import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import type { Database } from '../db/database';
import { createTestDatabase, TEST_JWT_SECRET, testConfig } from '../test/harness';

/** A script large enough to be worth compressing, as the build's precompress step finds it. */
const BIG_SCRIPT = `export const rows = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `row ${i}`))};`;

/**
 * A build tree as `npm run build` leaves it, each index.html naming its app. The public app's
 * index.html and one large script also have the Brotli and gzip copies the build writes
 * (tools/vite/precompress.ts).
 */
function fakeBuild(): string {
  const root = mkdtempSync(join(tmpdir(), 'portal-static-'));
  for (const [dir, label] of [
    ['public-and-patient', 'public'],
    ['clinical', 'clinical'],
    ['hr', 'hr'],
  ] as const) {
    mkdirSync(join(root, dir, 'assets'), { recursive: true });
    writeFileSync(join(root, dir, 'index.html'), `<!doctype html><title>${label}</title>`);
    writeFileSync(join(root, dir, 'assets', `${label}-abc123.js`), `console.log('${label}')`);
    // A source map left in the build folder (a build made with maps in place): never served.
    writeFileSync(
      join(root, dir, 'assets', `${label}-abc123.js.map`),
      JSON.stringify({ version: 3, sources: [`../src/${label}-secret-source.tsx`] }),
    );
    writeFileSync(join(root, dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    // The build's own bookkeeping (Vite's manifest), which is not for browsers.
    mkdirSync(join(root, dir, '.vite'));
    writeFileSync(join(root, dir, '.vite', 'manifest.json'), '{"index.html":{}}');
  }
  const precompressed = (path: string, content: string) => {
    writeFileSync(path, content);
    writeFileSync(`${path}.br`, brotliCompressSync(content));
    writeFileSync(`${path}.gz`, gzipSync(content));
  };
  precompressed(join(root, 'public-and-patient', 'assets', 'big-def456.js'), BIG_SCRIPT);
  precompressed(
    join(root, 'public-and-patient', 'index.html'),
    `<!doctype html><title>public</title><!-- ${'padding '.repeat(200)}-->`,
  );
  return root;
}

describe('the three frontends on the API origin', () => {
  let database: Database;
  let app: FastifyInstance;
  const root = fakeBuild();

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp({
      config: testConfig(),
      db: database.db,
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
      staticRoot: root,
    });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    rmSync(root, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it.each([
    ['/', 'public'],
    ['/login', 'public'],
    ['/system', 'public'],
    ['/patient-profile', 'public'],
    ['/patients-management', 'clinical'],
    ['/patients-management/add-patient', 'clinical'],
    ['/patients-management/search-patient?q=1', 'clinical'],
    ['/employees-management', 'hr'],
    ['/employees-management/edit-employee', 'hr'],
  ])('answers %s with the %s app, never cached stale', async (url, label) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
    expect(response.body).toContain(`<title>${label}</title>`);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it.each([
    ['/assets/public-abc123.js', "console.log('public')"],
    ['/patients-management/assets/clinical-abc123.js', "console.log('clinical')"],
    ['/employees-management/assets/hr-abc123.js', "console.log('hr')"],
  ])('serves hashed asset %s as immutable', async (url, body) => {
    const response = await get(url);
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(body);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('serves other files of a build for an hour', async () => {
    const response = await get('/patients-management/favicon.svg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('does not hand one app the others’ files', async () => {
    expect((await get('/assets/clinical-abc123.js')).statusCode).toBe(404);
    expect((await get('/patients-management/assets/public-abc123.js')).statusCode).toBe(404);
  });

  it('answers a missing file with 404, not a page', async () => {
    const response = await get('/assets/missing-000.js');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('serves no hidden file or folder of a build', async () => {
    for (const url of ['/.vite/manifest.json', '/employees-management/.vite/manifest.json']) {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.body).not.toContain('index.html":');
    }
  });

  it('serves no source map, not even one left in a build folder', async () => {
    for (const url of [
      '/assets/public-abc123.js.map',
      '/patients-management/assets/clinical-abc123.js.map',
      '/employees-management/assets/hr-abc123.js.map',
      '/patients-management/assets/clinical-abc123.js.MAP',
      '/patients-management/assets/clinical-abc123.js%2Emap',
    ]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(response.body).not.toContain('secret-source');
    }
  });

  it.each(['/API/health', '/Api/patient/P001', '/aPI', '//api/health', '/./API/nothing'])(
    'answers %s, a case or spelling variant of the API prefix, with a 404 problem',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(404);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(response.body).not.toContain('<title>');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it.each(['/%ff', '/api/%ff', '/patients-management/%E0%A4%A', '/employees-management/%zz'])(
    'answers the malformed URL %s with a 400 problem under the security headers',
    async (url) => {
      const response = await get(url);
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(response.json()).toMatchObject({ status: 400, title: 'Bad Request' });
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-request-id']).toEqual(expect.any(String));
    },
  );

  it('keeps unknown API paths as API 404s', async () => {
    const response = await get('/api/nothing-here');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ status: 404, title: 'Not Found' });
    expect((await get('/api/health')).json()).toEqual({ status: 'ok' });
  });

  it('refuses to leave the build folder', async () => {
    for (const url of ['/..%2f..%2fetc%2fpasswd', '/patients-management/..%2f..%2fpackage.json']) {
      const response = await get(url);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.body).not.toContain('root:');
    }
  });

  describe('compression', () => {
    const getWith = (url: string, acceptEncoding: string) =>
      app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });

    it('sends the Brotli copy of an asset to a browser that accepts it', async () => {
      const response = await getWith('/assets/big-def456.js', 'gzip, deflate, br, zstd');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers['vary']).toMatch(/accept-encoding/i);
      expect(brotliDecompressSync(response.rawPayload).toString()).toBe(BIG_SCRIPT);
      expect(response.rawPayload.length).toBeLessThan(BIG_SCRIPT.length / 2);
    });

    it('sends the gzip copy when Brotli is not accepted', async () => {
      const response = await getWith('/assets/big-def456.js', 'gzip');
      expect(response.headers['content-encoding']).toBe('gzip');
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(gunzipSync(response.rawPayload).toString()).toBe(BIG_SCRIPT);
    });

    it('sends the file as it is to a client that accepts no compression', async () => {
      for (const response of [
        await get('/assets/big-def456.js'),
        await getWith('/assets/big-def456.js', 'identity'),
      ]) {
        expect(response.headers['content-encoding']).toBeUndefined();
        expect(response.body).toBe(BIG_SCRIPT);
        // A shared cache must not hand this answer to a browser that accepts compression.
        expect(response.headers['vary']).toMatch(/accept-encoding/i);
      }
    });

    it('compresses the page itself, still never cached stale and under the policy', async () => {
      const response = await getWith('/login', 'br');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe('br');
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
      expect(brotliDecompressSync(response.rawPayload).toString()).toContain(
        '<title>public</title>',
      );
    });

    it('sends a file without a compressed copy as it is', async () => {
      const response = await getWith('/assets/public-abc123.js', 'br, gzip');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.body).toBe("console.log('public')");
    });
  });

  it('answers HEAD like GET without a body', async () => {
    const response = await app.inject({ method: 'HEAD', url: '/login' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('');
  });
});
