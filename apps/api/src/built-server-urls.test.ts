/**
 * The built server (dist/apps/api/main.js, which the test target builds first) over real HTTP:
 * URLs the router cannot take, and spellings of the API prefix, are answered as problems under
 * the security headers. Checked on the bundle, not only the source: the
 * bundler once dropped the decoding check (a decodeURIComponent whose value was unused), and the
 * built server answered Fastify's own JSON while the in-process tests passed.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const MAIN = fileURLToPath(new URL('../../../dist/apps/api/main.js', import.meta.url));

describe('the built server’s answers before any route', { timeout: 90_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-built-urls-'));
  let child: ChildProcess;
  let base: string;

  beforeAll(async () => {
    expect(existsSync(MAIN), `${MAIN} is built`).toBe(true);
    child = spawn(process.execPath, [MAIN], {
      env: {
        ...process.env,
        DATA_DIR: dataDir,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        DEMO_DATA: 'never',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    base = await new Promise<string>((resolve, reject) => {
      const timer = setInterval(() => {
        const match = /listening on (http:\/\/\S+)/.exec(output);
        if (match) {
          clearInterval(timer);
          resolve(match[1]!);
        }
      }, 50);
      child.once('exit', (code) => {
        clearInterval(timer);
        reject(new Error(`server exited with ${code}: ${output}`));
      });
    });
  }, 90_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  });

  it.each([
    ['/%ff', 400],
    ['/api/%ff', 400],
    ['/patients-management/%E0%A4%A', 400],
    [`/api/patient/P${'1'.repeat(150)}`, 414],
    ['/API/health', 404],
    ['/Api/patient/P001', 404],
  ])('answers %s with a %i problem under the security headers', async (path, status) => {
    const response = await fetch(`${base}${path}`);
    expect(response.status).toBe(status);
    expect(response.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(response.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const body = await response.text();
    expect(body).not.toContain('FST_ERR');
    expect(JSON.parse(body)).toMatchObject({ status });
  });
});
