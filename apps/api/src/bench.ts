/**
 * `npm run bench`: the API's speed on a realistic volume, over real HTTP. Loads 100,000 patients
 * (with diseases, allergies, appointments and history) into a fresh embedded database, or into
 * BENCH_DATABASE_URL, then times each kind of call and prints percentiles. Figures, not asserts.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrate } from './db/migrate';
import { employeesRepository } from './repositories/employees';
import { addEmployeeRequestSchema } from '@portal/contract';

const PATIENTS = Number(process.env['BENCH_PATIENTS'] ?? 100_000);
const ROUNDS = Number(process.env['BENCH_ROUNDS'] ?? 200);
/** Concurrent anonymous logins in each burst, and how many bursts (see `burst` below). */
const BURST = 40;
const BURST_ROUNDS = Number(process.env['BENCH_BURST_ROUNDS'] ?? 5);

/** One HTTP call from a chosen loopback source address (fetch cannot choose it). */
function fromAddress(
  base: string,
  localAddress: string,
  path: string,
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<number> {
  const url = new URL(path, base);
  return new Promise((resolvePromise, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: init.method ?? 'GET',
        headers: init.headers,
        localAddress,
        agent: false,
      },
      (response) => {
        response.resume();
        response.on('end', () => resolvePromise(response.statusCode ?? 0));
      },
    );
    request.on('error', reject);
    request.end(init.body);
  });
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
  const url = process.env['BENCH_DATABASE_URL'];
  const database = await openDatabase(url ? { url } : { dataDir: dir });
  const config = loadConfig({ LOG_LEVEL: 'silent', RATE_LIMIT_PER_MINUTE: '1000000', PORT: '0' });
  try {
    await migrate(database.db);
    const started = performance.now();
    await database.db
      .execute(sql`insert into patient (patient_id, first_name, last_name, age, date_of_birth, gender, email,
        health_insurance, phone_number, id_card_number, ongoing_treatment, unhealthy_habits)
      select 'P' || lpad(g::text, 7, '0'), 'Fn' || md5(g::text), 'Ln' || md5((g * 7)::text), 1 + g % 100, '1980-01-01',
        case when g % 2 = 0 then 'male' else 'female' end, 'bench' || g || '@gmail.com', 'yes', '0812345678',
        'BENCH' || g, 'none', 'none'
      from generate_series(1, ${PATIENTS}) g`);
    await database.db.execute(sql`insert into patient_chronic_disease (patient_id, disease_id)
      select id, 'I00' || (1 + id % 9) from patient`);
    await database.db.execute(sql`insert into patient_drug_allergy (patient_id, drug_id)
      select id, 'R00' || (1 + id % 9) from patient where id % 3 = 0`);
    await database.db.execute(sql`insert into appointment (patient_id, date, time, topic)
      select id, date '2026-01-01' + (id % 300)::int, '10:30', 'Follow-up' from patient`);
    await database.db.execute(sql`insert into medical_history (patient_id, date, time, detail)
      select id, date '2025-01-01' + (id % 300)::int, '09:00', 'Routine check-up' from patient, generate_series(1, 3)`);
    await database.db.execute(sql`analyze`);
    const loadSeconds = (performance.now() - started) / 1000;

    const secret = 'bench-secret-that-is-long-enough-0123456789';
    const app = await buildApp({ config, db: database.db, jwtSecret: secret, logger: false });
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const context = { actor: null, address: 'bench', requestId: 'bench' };
    const employee = addEmployeeRequestSchema.parse({
      employee_id: 'E900001',
      first_name: 'Bench',
      last_name: 'Doctor',
      position_id: 'P001',
      phone_number: '0812345678',
      salary: 1,
      email: 'bench@gmail.com',
      hire_date: '2020-01-01',
    });
    const { activation_code } = await employeesRepository.add(database.db, context, employee, 30);
    const json = { 'content-type': 'application/json' };
    const password = 'bench-password-for-timing';
    await fetch(`${base}/api/register`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({
        username: 'bench.doctor',
        password,
        role: 'medical_personnel',
        id: 'E900001',
        activation_code,
      }),
    });

    const time = async (name: string, request: () => Promise<Response>, rounds = ROUNDS) => {
      const samples: number[] = [];
      let bytes = 0;
      for (let i = 0; i < rounds; i++) {
        const t = performance.now();
        const response = await request();
        const body = await response.arrayBuffer();
        samples.push(performance.now() - t);
        bytes = body.byteLength;
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      }
      samples.sort((a, b) => a - b);
      return {
        name,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        max: samples.at(-1)!,
        bytes,
      };
    };
    const login = () =>
      fetch(`${base}/api/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: 'bench.doctor', password }),
      });
    const { token } = (await (await login()).json()) as { token: string };
    const auth = { ...json, authorization: `Bearer ${token}` };
    const search = (body: object) => () =>
      fetch(`${base}/api/patient/search-patient`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(body),
      });
    let n = 0;
    const { memoryKib, iterations } = config.passwordHashing;
    const results = [
      await time(`login (argon2id m=${memoryKib} t=${iterations})`, login, 30),
      await time('GET /patient (page of 50)', () =>
        fetch(`${base}/api/patient`, { headers: auth }),
      ),
      await time(
        'GET /patient?limit=200',
        () => fetch(`${base}/api/patient?limit=200`, { headers: auth }),
        50,
      ),
      await time('GET /patient/{id}', () =>
        fetch(`${base}/api/patient/P${String(1 + ((n++ * 7919) % PATIENTS)).padStart(7, '0')}`, {
          headers: auth,
        }),
      ),
      await time('search: name fragment (rare)', search({ first_name: 'c4ca42' })),
      await time('search: name fragment (common)', search({ first_name: 'ab' })),
      await time('search: id prefix', search({ patient_id: 'P00012' })),
      await time('search: first AND last name', search({ first_name: 'a1', last_name: 'b2' })),
    ];

    // A clinical read while 40 anonymous logins arrive at once, each from its own 127.0.0.x
    // address (so the per-address throttle does not stop them): the hashing pool must keep the
    // read fast and answer the excess 503.
    const readDuring: number[] = [];
    const burstStatuses: Record<number, number> = {};
    for (let round = 0; round < BURST_ROUNDS; round++) {
      const logins = Array.from({ length: BURST }, (_, i) =>
        fromAddress(base, `127.0.0.${10 + i}`, '/api/login', {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ username: `nobody${round}x${i}`, password }),
        }),
      );
      await new Promise((r) => setTimeout(r, 50));
      const t = performance.now();
      const status = await fromAddress(base, '127.0.0.2', '/api/patient/P0000001', {
        headers: auth,
      });
      readDuring.push(performance.now() - t);
      if (status !== 200) throw new Error(`read during the burst: HTTP ${status}`);
      for (const s of await Promise.all(logins)) burstStatuses[s] = (burstStatuses[s] ?? 0) + 1;
    }
    readDuring.sort((a, b) => a - b);
    results.push({
      name: `GET /patient/{id} during ${BURST} logins`,
      p50: percentile(readDuring, 50),
      p95: percentile(readDuring, 95),
      max: readDuring.at(-1)!,
      bytes: 0,
    });
    await app.close();
    console.log(
      `\nAPI benchmark: ${PATIENTS.toLocaleString('en')} patients on ${url ? 'PostgreSQL server' : 'embedded PGlite'} (loaded in ${loadSeconds.toFixed(1)} s), one client over HTTP\n`,
    );
    console.log(
      `${'call'.padEnd(34)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'bytes'.padStart(9)}`,
    );
    for (const r of results) {
      console.log(
        `${r.name.padEnd(34)} ${r.p50.toFixed(1).padStart(8)} ${r.p95.toFixed(1).padStart(8)} ${r.max.toFixed(1).padStart(8)} ${String(r.bytes).padStart(9)}`,
      );
    }
    const { size, queue } = config.hashPool;
    console.log(
      `\nLogin bursts: ${BURST_ROUNDS} × ${BURST} concurrent logins (hashing pool ${size} + queue ${queue}): ${Object.entries(
        burstStatuses,
      )
        .map(([status, count]) => `${count} × ${status}`)
        .join(', ')}`,
    );
  } finally {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
