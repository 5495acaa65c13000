import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POSITIONS } from '@portal/reference-data';
import { loadConfig } from './config';
import { DataDirectoryInUseError } from './db/data-dir-lock';
import { type Db, queryRows } from './db/database';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/demo-data';
import { type RunningServer, startServer } from './server';

const dirs: string[] = [];
const running = new Set<RunningServer>();

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-'));
  dirs.push(dir);
  return dir;
}

/** An embedded server on `dataDir`, on a free port, quiet, with cheap password hashing. */
async function start(dataDir: string, env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer(
    loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      RATE_LIMIT_PER_MINUTE: '100000',
      ...env,
    }),
    false,
  );
  running.add(server);
  return server;
}

async function stop(server: RunningServer): Promise<void> {
  running.delete(server);
  await server.close();
}

/** A real HTTP request to the server's API. */
async function api(
  server: RunningServer,
  method: string,
  apiPath: string,
  options: { token?: string; body?: unknown } = {},
) {
  const response = await fetch(`${server.url}/api${apiPath}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
  };
}

async function logIn(server: RunningServer, username: string, password = DEMO_PASSWORD) {
  const response = await api(server, 'POST', '/login', { body: { username, password } });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return response.body as { token: string; role: string };
}

async function count(db: Db, table: 'patient' | 'employee' | 'app_user'): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from ${sql.identifier(table)}`,
  );
  return row!.n;
}

afterAll(async () => {
  for (const server of running) await server.close();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('an embedded server with the demo data (DEMO_DATA=auto)', () => {
  const dataDir = tempDir();
  let server: RunningServer;
  beforeAll(async () => {
    server = await start(dataDir, { DEMO_DATA: 'auto' });
  });

  it('listens on a loopback URL, holds the lock and keeps a generated jwt secret (0600)', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(server.database.kind).toBe('embedded');
    expect(fs.readFileSync(path.join(dataDir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    const secretFile = path.join(dataDir, 'jwt-secret');
    expect(fs.readFileSync(secretFile, 'utf8').length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(secretFile).mode & 0o777).toBe(0o600);
  });

  it('loads the demo data into the empty database and lists the demo accounts', () => {
    expect(server.demoLoaded).toBe(true);
    expect(server.demoAccounts.map((a) => a.username).sort()).toEqual(
      ['demo.doctor', 'demo.hr', 'demo.hr2', 'demo.nurse', 'demo.patient'].sort(),
    );
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.username, a.role, a.recordId] as const))(
    'lets %s log in as %s linked to %s',
    async (username, role, recordId) => {
      const { token, role: answeredRole } = await logIn(server, username);
      expect(answeredRole).toBe(role);
      const profile = await api(server, 'GET', '/profile', { token });
      expect(profile.status).toBe(200);
      expect(profile.body).toMatchObject({ username, role });
      expect(role === 'patient' ? profile.body!.patient_id : profile.body!.employee_id).toBe(
        recordId,
      );
    },
  );

  it('refuses a demo account with a wrong password', async () => {
    const response = await api(server, 'POST', '/login', {
      body: { username: 'demo.hr', password: 'not-the-demo-password' },
    });
    expect(response.status).toBe(401);
  });

  it('gives demo.patient their own record, P001, and nobody else’s', async () => {
    const { token } = await logIn(server, 'demo.patient');
    const own = await api(server, 'GET', '/patient/P001', { token });
    expect(own.status).toBe(200);
    expect((own.body!.patient as { patient_id: string }).patient_id).toBe('P001');
    expect((await api(server, 'GET', '/patient/P002', { token })).status).toBe(403);
  });

  it('has at least 30 patients', async () => {
    expect(await count(server.database.db, 'patient')).toBeGreaterThanOrEqual(30);
    const { token } = await logIn(server, 'demo.doctor');
    const page = await api(server, 'GET', '/patient?limit=1', { token });
    expect(page.status).toBe(200);
    expect(Number(page.headers.get('x-total-count'))).toBeGreaterThanOrEqual(30);
  });

  it('has an employee in every position, and some who have left', async () => {
    const { token } = await logIn(server, 'demo.hr');
    const list = await api(server, 'GET', '/employee?limit=200', { token });
    expect(list.status).toBe(200);
    const employees = list.body as unknown as { position_id: string; work_status: string }[];
    const positions = new Set(employees.map((e) => e.position_id));
    for (const { id } of POSITIONS) expect(positions, `position ${id}`).toContain(id);
    expect(employees.some((e) => e.work_status === 'no')).toBe(true);
    expect(employees.some((e) => e.work_status === 'yes')).toBe(true);
  });

  it('has appointments both before and after today', async () => {
    const [row] = await queryRows<{ past: number; future: number }>(
      server.database.db,
      sql`select count(*) filter (where date < current_date)::int as past,
                 count(*) filter (where date > current_date)::int as future
          from appointment`,
    );
    expect(row!.past).toBeGreaterThan(0);
    expect(row!.future).toBeGreaterThan(0);
  });

  it('refuses a second server on the same data directory while the first runs, which keeps serving', async () => {
    const patientsBefore = await count(server.database.db, 'patient');
    await expect(start(dataDir, { DEMO_DATA: 'auto' })).rejects.toBeInstanceOf(
      DataDirectoryInUseError,
    );
    await expect(start(dataDir)).rejects.toThrow(/in use by another portal server/);
    // The refused start neither took nor removed the lock, and the first server still works.
    expect(fs.readFileSync(path.join(dataDir, 'portal.lock'), 'utf8')).toBe(String(process.pid));
    expect((await api(server, 'GET', '/health')).status).toBe(200);
    expect((await api(server, 'GET', '/ready')).status).toBe(200);
    await logIn(server, 'demo.hr');
    expect(await count(server.database.db, 'patient')).toBe(patientsBefore);
  });

  it('keeps the data across a restart: no second demo load, same secret, old token still good', async () => {
    const { token } = await logIn(server, 'demo.hr');
    const added = await api(server, 'POST', '/employee/add-employee', {
      token,
      body: {
        employee_id: 'E900',
        first_name: 'Restart',
        last_name: 'Survivor',
        position_id: 'P002',
        phone_number: '0812223333',
        salary: 40000,
        email: 'restart.survivor@gmail.com',
        hire_date: '2024-02-01',
      },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(201);
    const patients = await count(server.database.db, 'patient');
    const employees = await count(server.database.db, 'employee');
    const accounts = await count(server.database.db, 'app_user');
    const secret = fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8');

    await stop(server);
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

    server = await start(dataDir, { DEMO_DATA: 'auto' });
    expect(server.demoLoaded).toBe(false);
    expect(server.demoAccounts).toHaveLength(DEMO_ACCOUNTS.length);
    expect(fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(secret);
    expect(await count(server.database.db, 'patient')).toBe(patients);
    expect(await count(server.database.db, 'employee')).toBe(employees);
    expect(await count(server.database.db, 'app_user')).toBe(accounts);

    // The token from before the restart still verifies: same secret, session still live.
    const read = await api(server, 'GET', '/employee/E900', { token });
    expect(read.status, JSON.stringify(read.body)).toBe(200);
    expect(read.body).toMatchObject({ employee_id: 'E900', last_name: 'Survivor' });
  });
});

describe('an embedded server with DEMO_DATA=never', () => {
  it('leaves the database empty; after close the lock is gone and the directory reopens', async () => {
    const dataDir = tempDir();
    let server = await start(dataDir, { DEMO_DATA: 'never' });
    expect(server.demoLoaded).toBe(false);
    expect(server.demoAccounts).toEqual([]);
    for (const table of ['patient', 'employee', 'app_user'] as const) {
      expect(await count(server.database.db, table), table).toBe(0);
    }
    const response = await api(server, 'POST', '/login', {
      body: { username: 'demo.hr', password: DEMO_PASSWORD },
    });
    expect(response.status).toBe(401);
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(true);

    await stop(server);
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);

    server = await start(dataDir, { DEMO_DATA: 'never' });
    expect((await api(server, 'GET', '/ready')).status).toBe(200);
    expect(await count(server.database.db, 'patient')).toBe(0);
    await stop(server);
    expect(fs.existsSync(path.join(dataDir, 'portal.lock'))).toBe(false);
  }, 120_000);
});
