/**
 * The built server as a real process: what an operator sees at start, and a graceful SIGTERM.
 * Runs dist/apps/api/main.js, which the test target builds first (see project.json).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from './db/demo-data';

const MAIN = fileURLToPath(new URL('../../../dist/apps/api/main.js', import.meta.url));

function startProcess(
  dataDir: string,
  logLevel = 'warn',
): {
  child: ChildProcess;
  output: () => string;
  url: Promise<string>;
} {
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: logLevel,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  child.stdout.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const url = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /listening on (http:\/\/\S+)/.exec(text);
      if (match) {
        clearInterval(timer);
        resolve(match[1]!);
      }
    }, 50);
    child.once('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited with ${code}: ${text}`));
    });
  });
  return { child, output: () => text, url };
}

const exitCode = (child: ChildProcess) =>
  new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

// Starting a real process and hashing at full cost can take a while on a busy 2-core machine.
describe('the built server process', { timeout: 90_000 }, () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-main-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('prints where it listens and the demo accounts, then drains a request in flight on SIGTERM', async () => {
    expect(existsSync(MAIN)).toBe(true);
    // At `info` the server logs each request once it is past the router's closing check, which
    // tells the test when the login is really in flight (a fixed pause is not enough on a busy
    // machine: a request that arrives after the signal is rightly answered 503).
    const server = startProcess(dataDir, 'info');
    const url = await server.url;
    expect(server.output()).toContain(`${url}/api`);
    for (const name of ['demo.patient', 'demo.doctor', 'demo.nurse', 'demo.hr', DEMO_PASSWORD]) {
      expect(server.output()).toContain(name);
    }
    expect(existsSync(join(dataDir, 'portal.lock'))).toBe(true);

    // A login hashes at full cost: slow enough to be in flight when the signal arrives.
    const inFlight = fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo.hr', password: DEMO_PASSWORD }),
    });
    const started = Date.now();
    while (!server.output().includes('incoming request') && Date.now() - started < 30_000) {
      await new Promise((r) => setTimeout(r, 10));
    }
    expect(server.output()).toContain('incoming request');
    const exited = exitCode(server.child);
    server.child.kill('SIGTERM');

    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(((await response.json()) as { role: string }).role).toBe('HR');
    expect(await exited).toBe(0);
    expect(server.output()).toContain('SIGTERM received');
    expect(existsSync(join(dataDir, 'portal.lock'))).toBe(false);
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();
  });

  it('keeps the data across the restart and does not load the demo data twice', async () => {
    const server = startProcess(dataDir);
    const url = await server.url;
    expect(server.output()).not.toContain('demo data loaded');
    const login = await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'demo.doctor', password: DEMO_PASSWORD }),
    });
    expect(login.status).toBe(200);
    const exited = exitCode(server.child);
    server.child.kill('SIGTERM');
    expect(await exited).toBe(0);
  });
});
