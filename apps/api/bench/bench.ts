/**
 * `npm run bench`: the API's speed on a realistic volume, over real HTTP to 127.0.0.1 only.
 * Loads `--patients` patients (default 100,000; names drawn from Thai and international name
 * lists; with diseases, allergies, appointments and history) into a fresh embedded database, or
 * into `--database-url` (an empty database), starts the real server (`main.js`) on it in a
 * process of its own, then:
 * 1. times each kind of call one client at a time (p50/p95, and the issue-15 bound against
 *    `GET /api/profile` measured in the same run);
 * 2. loads each of six calls with autocannon (`--connections`, default 50, for `--duration`
 *    seconds each, default 20; from a third process): req/s, p50, p99 and the ratio to a bare
 *    Fastify hello-world;
 * 3. times a clinical read during bursts of anonymous logins;
 * 4. runs one FHIR bulk export (SMART backend token, `$export`, polled to its manifest, then
 *    every file downloaded and its lines counted) and reports resources per second and the
 *    download's MB/s, with `/api/health` timed meanwhile;
 * (`--export-only`: the load, then step 4 alone, with `--export-deadline` seconds at most: the
 * million-patient export; `--audit-rows N`: the load, then the audit trail at scale alone: the
 * patient's access log, the patient's FHIR AuditEvent search, the record read and the audited
 * reads' rate measured, N audit events seeded with generate_series over `--audit-months`
 * months (monthly partitions), and the same measured again; `--compare-with REF_OR_FOLDER`:
 * the load, then the build before and this one side by side alone (compareBuilds);
 * `--calls-only`: the load, then step 1 alone; with `--compare-with`, step 1 for each build in
 * turn, the order alternating), and prints the load time, the data size and the server's largest RSS
 * (and its largest during the export), and writes the tables to
 * `--out` (default tmp/bench.md, one section per database kind; the figures worth keeping are
 * folded into docs/performance.md by hand). Figures, not asserts;
 * every loop is bounded in count and time.
 */
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { type ChildProcess, execFileSync, fork, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';
import autocannon, { type Request as LoadRequest } from 'autocannon';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import pg from 'pg';
import { FAMILY_NAME_ENDS, FAMILY_NAME_STARTS, FIRST_NAMES, LAST_NAMES } from './bench-names';
import { loadConfig } from '../src/config';
import { type CryptoKey, exportJWK, generateKeyPair, SignJWT } from 'jose';
import { type Database, type Db, openDatabase, queryRows } from '../src/db/database';
import { addBackendClient } from '../src/fhir/smart/clients';
import { checkJwks } from '../src/fhir/smart/jwks';
import { migrate } from '../src/db/migrate';
import { employeesRepository } from '../src/repositories/employees';
import { patientsRepository } from '../src/repositories/patients';
import { encodeCursor } from '../src/repositories/paging';
import { addEmployeeRequestSchema } from '@portal/contract';

/** The months the seeded audit events are spread over unless `--audit-months` says otherwise. */
const AUDIT_MONTHS_DEFAULT = 12;

const { values: args } = parseArgs({
  options: {
    patients: { type: 'string', default: process.env['BENCH_PATIENTS'] ?? '100000' },
    'database-url': { type: 'string', default: process.env['BENCH_DATABASE_URL'] },
    rounds: { type: 'string', default: process.env['BENCH_ROUNDS'] ?? '200' },
    duration: { type: 'string', default: '20' },
    connections: { type: 'string', default: '50' },
    'burst-rounds': { type: 'string', default: process.env['BENCH_BURST_ROUNDS'] ?? '5' },
    out: { type: 'string', default: 'tmp/bench.md' },
    /** Skip the call timings and load runs: load, then only the bulk export (its own section). */
    'export-only': { type: 'boolean', default: false },
    /** The server's V8 heap cap in MB (`--max-old-space-size`), as a container would set it. */
    'server-heap-mb': { type: 'string', default: process.env['BENCH_SERVER_HEAP_MB'] },
    /** The longest the bench waits for the export before cancelling it. */
    'export-deadline': { type: 'string', default: process.env['BENCH_EXPORT_DEADLINE'] ?? '300' },
    /** Audit events to seed (0: none): the audit trail at scale alone, measured before and after. */
    'audit-rows': { type: 'string', default: process.env['BENCH_AUDIT_ROWS'] ?? '0' },
    /**
     * The months before this one the seeded audit events are spread over, up to now (0: all in
     * the current month, whose partition every new event is written to).
     */
    'audit-months': { type: 'string', default: String(AUDIT_MONTHS_DEFAULT) },
    /**
     * The build to compare this one with, side by side: a git ref (a worktree of it
     * is made beside the system's temporary files and built, once) or a checkout's folder with
     * its build in dist/apps/api. With it, the load, then the comparison alone.
     */
    'compare-with': { type: 'string', default: process.env['BENCH_COMPARE_WITH'] },
    /** Rounds of the comparison: each runs both builds, the order alternating. */
    'compare-rounds': { type: 'string', default: '3' },
    /** The one-client timings alone (step 1): no loads, no login bursts, no export. */
    'calls-only': { type: 'boolean', default: false },
    /** Internal: this process is the load generator the bench forked (see loadFromChild). */
    'load-generator': { type: 'boolean', default: false },
  },
});
const PATIENTS = Number(args.patients);
const ROUNDS = Number(args.rounds);

/** The catalogues' searches' bound (issue 41): p95 ≤ this × the p95 of GET /api/profile + 10 ms. */
const CATALOGUE_FACTOR = 3;

/** 50 different catalogue searches, as clinicians type them: codes, words, Thai, substances. */
const CATALOGUE_QUERIES = [
  ...[
    'diab',
    'type 2 diab',
    'E11.9',
    'E11',
    'I10',
    'hypert',
    'asthma',
    'J45',
    'pneumonia',
    'pneumonia strep',
    'fever',
    'R50',
    'dengue',
    'A90',
    'influenza',
    'cough',
    'head',
    'migraine',
    'back pain',
    'M54',
    'gastritis',
    'K29',
    'urinary tract',
    'N39.0',
    'fracture of femur',
    'S72',
    'depress',
    'anxiety',
    'chronic kidney',
    'N18',
    'เบาหวาน',
    'ความดัน',
    'ไข้',
    'หอบหืด',
    'ปวดหลัง',
  ].map((q) => `conditions?q=${encodeURIComponent(q)}`),
  ...[
    'amox',
    'penicillin',
    'paracetamol',
    'ibupro',
    'metformin',
    'J01',
    'J01C',
    'ceph',
    'sulfa',
    'aspirin',
    'อะม็อก',
    'พารา',
  ].map((q) => `substances?q=${encodeURIComponent(q)}`),
  'substances?q=pen&kind=class',
  'substances?q=pea&kind=food',
  'substances?q=latex&kind=environment',
];
const DURATION = Number(args.duration);
const CONNECTIONS = Number(args.connections);
const DATABASE_URL = args['database-url'];
/** Concurrent anonymous logins in each burst, and how many bursts (see `burst` below). */
const BURST = 40;
const BURST_ROUNDS = Number(args['burst-rounds']);
/** Patients inserted per statement while loading (keeps each transaction's memory bounded). */
const LOAD_BATCH = 100_000;
/** Three-letter fragments of the name lists, rotated by the concurrent search phase. */
const FRAGMENTS = [
  'som',
  'cha',
  'ana',
  'kit',
  'son',
  'ong',
  'mar',
  'lee',
  'tan',
  'ara',
  'sak',
  'ith',
];

if (!Number.isInteger(Number(args['audit-rows'])) || Number(args['audit-rows']) < 0)
  throw new Error('--audit-rows must be 0 or a positive integer');
if (!Number.isInteger(Number(args['audit-months'])) || Number(args['audit-months']) < 0)
  throw new Error('--audit-months must be 0 or a positive integer');
for (const [name, value] of Object.entries({
  PATIENTS,
  ROUNDS,
  DURATION,
  CONNECTIONS,
  BURST_ROUNDS,
})) {
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`--${name.toLowerCase()} must be a positive integer`);
}

/** The calls the concurrent phase loads. */
type LoadKind =
  | 'hello'
  | 'health'
  | 'health-during-searches'
  | 'profile'
  | 'record'
  | 'list'
  | 'search'
  | 'add-patient';

/** What one concurrent run measured. */
interface LoadResult {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly failed: number;
}

/**
 * The requests autocannon sends for one kind of call: rotating record ids, name fragments and
 * new patients, so that no answer is served from a cache of one value.
 */
function loadRequests(kind: LoadKind, token: string): LoadRequest[] {
  const auth = { authorization: `Bearer ${token}` };
  const json = { ...auth, 'content-type': 'application/json' };
  let n = 0;
  switch (kind) {
    case 'hello':
      return [{ method: 'GET', path: '/' }];
    case 'health':
    case 'health-during-searches':
      return [{ method: 'GET', path: '/api/health' }];
    case 'list':
      return [{ method: 'GET', path: '/api/patient', headers: auth }];
    case 'profile':
      return [{ method: 'GET', path: '/api/profile', headers: auth }];
    case 'record':
      return [
        {
          method: 'GET',
          headers: auth,
          setupRequest: (request) => ({
            ...request,
            path: `/api/patient/P${String(1 + ((n++ * 7919) % PATIENTS)).padStart(7, '0')}`,
          }),
        },
      ];
    case 'search':
      return [
        {
          method: 'POST',
          path: '/api/patient/search-patient',
          headers: json,
          setupRequest: (request) => ({
            ...request,
            body: JSON.stringify({ first_name: FRAGMENTS[n++ % FRAGMENTS.length] }),
          }),
        },
      ];
    case 'add-patient': {
      const year = new Date().getUTCFullYear();
      return [
        {
          method: 'POST',
          path: '/api/patient/add-patient',
          headers: json,
          setupRequest: (request) => {
            const k = ++n;
            return {
              ...request,
              body: JSON.stringify({
                patient: {
                  patient_id: `P9${String(k).padStart(8, '0')}`,
                  first_name: FIRST_NAMES[k % FIRST_NAMES.length],
                  last_name: LAST_NAMES[(k * 7) % LAST_NAMES.length],
                  age: 42,
                  date_of_birth: `${year - 42}-01-01`,
                  gender: 'female',
                  blood_type: 'O',
                  email: `added${k}@gmail.com`,
                  health_insurance: 'yes',
                  address: '1 Rama IV Road',
                  phone_number: '0812345678',
                  id_card_number: `BENCHADD${k}`,
                  ongoing_treatment: 'none',
                  unhealthy_habits: 'none',
                },
                patient_chronic_disease: [{ disease_id: 'I002' }],
                patient_drug_allergy: [],
              }),
            };
          },
        },
      ];
    }
  }
}

/**
 * Runs one concurrent load in a child process (this same file, `--load-generator`), so that
 * the load generator's CPU and memory are not the server's: the server's event loop serves
 * only requests, and the largest RSS is the server's own. The child is ended if it outlives
 * the run by a minute.
 */
function loadFromChild(task: { target: string; kind: LoadKind; token: string }) {
  return new Promise<LoadResult>((resolvePromise, reject) => {
    const child = fork(process.argv[1]!, [
      '--load-generator',
      '--patients',
      String(PATIENTS),
      '--duration',
      String(DURATION),
      '--connections',
      String(CONNECTIONS),
    ]);
    const deadline = setTimeout(() => child.kill(), (DURATION + 60) * 1000);
    let result: LoadResult | undefined;
    child.on('message', (message) => {
      result = message as LoadResult;
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      clearTimeout(deadline);
      if (result) resolvePromise(result);
      else reject(new Error(`the load generator (${task.kind}) ended with ${code}`));
    });
    child.send(task);
  });
}

/** The child's side of {@link loadFromChild}: one autocannon run, its figures sent back. */
function runLoadGenerator(): void {
  process.once('message', (message) => {
    const task = message as { target: string; kind: LoadKind; token: string };
    // Four clients searching back to back beside the load, for 'health-during-searches'.
    let searching = task.kind === 'health-during-searches';
    const searches = Array.from({ length: searching ? 4 : 0 }, async (_, i) => {
      for (let k = 0; searching && k < 100_000; k++) {
        const response = await fetch(`${task.target}/api/patient/search-patient`, {
          method: 'POST',
          headers: { authorization: `Bearer ${task.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({
            first_name: FRAGMENTS[(i + k) % FRAGMENTS.length],
            last_name: 'a',
          }),
        });
        await response.arrayBuffer();
      }
    });
    void autocannon({
      url: task.target,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: loadRequests(task.kind, task.token),
    }).then(async (result) => {
      searching = false;
      await Promise.all(searches);
      const figures: LoadResult = {
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        failed: result.non2xx + result.errors + result.timeouts,
      };
      process.send!(figures, () => process.exit(0));
    });
  });
}

/** A process's resident set size in bytes, from /proc (Linux); 0 when it cannot be read. */
function residentBytes(pid: number): number {
  try {
    const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Number(kib) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The environment less the variables that would point the server at another database. */
function withoutDatabaseEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const { DATABASE_URL: _url, DATA_DIR: _dir, ...rest } = env;
  return rest;
}

/** The URL the server prints once it listens (it chose a free port); bounded to 120 s. */
function listeningUrl(server: ChildProcess): Promise<string> {
  return new Promise((resolvePromise, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => reject(new Error('The server did not start within 120 s.')),
      120_000,
    );
    server.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(seen);
      if (match) {
        clearTimeout(timer);
        server.stdout!.resume();
        resolvePromise(match[1]!);
      }
    });
    server.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited (code ${code}) before listening.`));
    });
  });
}

/** Ends the server as an operator would (SIGTERM, its graceful shutdown); SIGKILL after 15 s. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolvePromise) => server.once('exit', resolvePromise));
  server.kill('SIGTERM');
  const timer = setTimeout(() => server.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

/** The size of a folder and everything in it, in bytes. */
function folderSize(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return readdirSync(path).reduce((sum, name) => sum + folderSize(join(path, name)), 0);
}

/** A text array as one parameter (PostgreSQL's array literal); the names hold no quotes. */
const pgArray = (values: readonly string[]) => `{${values.map((v) => `"${v}"`).join(',')}}`;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

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
  const url = DATABASE_URL;
  const kind = url ? 'PostgreSQL' : 'PGlite';
  /** The server's settings: the defaults, but for logging and the rate limit (one client). */
  const serverEnv = {
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
    PORT: '0',
    HOST: '127.0.0.1',
    JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
    MFA_ENCRYPTION_KEY: 'bench-mfa-key-that-is-long-enough-0123456789',
    STAFF_MFA: 'optional',
    DEMO_DATA: 'never',
    ...(url ? { DATABASE_URL: url, PUBLIC_URL: 'http://127.0.0.1' } : { DATA_DIR: dir }),
  };
  const config = loadConfig(serverEnv);
  let maxRss = 0;
  /** What the bench is doing, so that the report says when the server was largest. */
  let phase = 'start';
  let maxRssPhase = phase;
  let phaseMaxRss = 0;
  let server: ChildProcess | undefined;
  const sampleRss = () => {
    const rss = server?.pid ? residentBytes(server.pid) : 0;
    if (rss > maxRss) [maxRss, maxRssPhase] = [rss, phase];
    phaseMaxRss = Math.max(phaseMaxRss, rss);
  };
  /** Starts the next phase; the log (not the report) gets the server's largest RSS in each. */
  const enter = (next: string) => {
    sampleRss();
    if (phaseMaxRss > 0) console.log(`  server RSS up to ${mb(phaseMaxRss)} during: ${phase}`);
    [phase, phaseMaxRss] = [next, 0];
  };
  const rssSampler = setInterval(sampleRss, 100);
  rssSampler.unref();
  let database: Database | undefined = await openDatabase(url ? { url } : { dataDir: dir });
  try {
    await migrate(database.db);
    const [{ n: existing } = { n: 0 }] = await queryRows<{ n: number }>(
      database.db,
      sql`select count(*)::int as n from (select 1 from patient limit 1) p`,
    );
    if (existing > 0) throw new Error('The benchmark needs an empty database (no patients).');
    const started = performance.now();
    enter('loading');
    for (let low = 1; low <= PATIENTS; low += LOAD_BATCH) {
      const high = Math.min(PATIENTS, low + LOAD_BATCH - 1);
      await database.db
        .execute(sql`insert into patient (patient_id, first_name, last_name, age, date_of_birth, gender, email,
          health_insurance, phone_number, id_card_number, ongoing_treatment, unhealthy_habits)
        select 'P' || lpad(g::text, 7, '0'),
          (${pgArray(FIRST_NAMES)}::text[])[1 + (g::bigint * 7919) % ${FIRST_NAMES.length}],
          case when g % 5 = 2
            then (${pgArray(FAMILY_NAME_STARTS)}::text[])[1 + floor(${FAMILY_NAME_STARTS.length} * power(((g::bigint * 2654435761) % 1000003) / 1000003.0, 2))::int]
              || (${pgArray(FAMILY_NAME_ENDS)}::text[])[1 + floor(${FAMILY_NAME_ENDS.length} * power(((g::bigint * 40503 + 7) % 999983) / 999983.0, 2))::int]
            else (${pgArray(LAST_NAMES)}::text[])[1 + (g::bigint * 104729 + g / 13) % ${LAST_NAMES.length}] end,
          1 + g % 100, '1980-01-01',
          case when g % 2 = 0 then 'male' else 'female' end, 'bench' || g || '@gmail.com', 'yes', '0812345678',
          'BENCH' || g, 'none', 'none'
        from generate_series(${low}::int, ${high}::int) g`);
      const range = sql`p.id between (select min(id) from patient where patient_id = ${'P' + String(low).padStart(7, '0')})
        and (select id from patient where patient_id = ${'P' + String(high).padStart(7, '0')})`;
      await database.db.execute(sql`insert into patient_chronic_disease (patient_id, disease_id)
        select p.id, 'I00' || (1 + p.id % 9) from patient p where ${range}`);
      await database.db.execute(sql`insert into patient_drug_allergy (patient_id, drug_id)
        select p.id, 'R00' || (1 + p.id % 9) from patient p where ${range} and p.id % 3 = 0`);
      await database.db.execute(sql`insert into appointment (patient_id, date, time, topic)
        select p.id, date '2026-01-01' + (p.id % 300)::int, '10:30', 'Follow-up' from patient p where ${range}`);
      await database.db.execute(sql`insert into medical_history (patient_id, date, time, detail)
        select p.id, date '2025-01-01' + (p.id % 300)::int, '09:00', 'Routine check-up'
        from patient p, generate_series(1, 3) where ${range}`);
      process.stdout.write(`\rloaded ${high.toLocaleString('en')} patients`);
    }
    // What a database in use has had since its rows were written: autovacuum's pass (hint bits
    // set, the visibility map, the trigram indexes' pending lists merged; this server runs
    // without autovacuum) and a checkpoint. Without them the first reads after the load set the
    // hint bits of every page they met and the load's 1 GB went to disk during the
    // measurement (docs/performance.md, "Database measurements behind the design"). On a PostgreSQL server
    // only, so far: the PGlite figures were measured after ANALYZE alone and are kept so.
    if (url) {
      await database.db.execute(sql`vacuum (analyze)`);
      await database.db.execute(sql`checkpoint`);
    } else await database.db.execute(sql`analyze`);
    const loadSeconds = (performance.now() - started) / 1000;
    const [{ size: serverBytes } = { size: 0 }] = url
      ? await queryRows<{ size: number }>(
          database.db,
          sql`select pg_database_size(current_database())::float8 as size`,
        )
      : [];
    const dataBytes = url ? Number(serverBytes) : folderSize(dir);
    console.log(
      `\n${kind}: ${PATIENTS.toLocaleString('en')} patients loaded in ${loadSeconds.toFixed(1)} s; data ${mb(dataBytes)}${url ? ' (pg_database_size)' : ' (data directory)'}`,
    );

    const fragments = await pickSearchFragments(database.db);
    console.log(
      `last-name fragment "${fragments.rare.fragment}": ${fragments.rare.count} matches;` +
        ` "${fragments.pair.first}" (${fragments.pair.firstCount}) AND "${fragments.pair.last}" (${fragments.pair.lastCount}): ${fragments.pair.both}`,
    );
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
    // The two-person rule's second person, as the admin tool gives it for the first accounts.
    await employeesRepository.approveAccess(database.db, context, 'E900001');
    const [{ last } = { last: 0 }] = await queryRows<{ last: number }>(
      database.db,
      sql`select max(id)::int as last from patient`,
    );
    const exporter = await newBenchBackend(database.db);
    if (AUDIT_ROWS > 0)
      PATIENT_CODE.value = (
        await patientsRepository.reissueCode(database.db, BENCH_CONTEXT, 'P0000001', 30)
      ).activation_code;
    // The server is the real one (main.js), in its own process: its CPU and its RSS are its
    // own, not the bench's. The embedded database's folder is locked by one process at a time.
    await database.close();
    database = undefined;
    enter('server start');
    const heapFlags = args['server-heap-mb']
      ? [`--max-old-space-size=${Number(args['server-heap-mb'])}`]
      : [];
    const startServerProcess = (main = join(dirname(process.argv[1]!), 'main.js')) =>
      spawn(process.execPath, [...heapFlags, main], {
        env: { ...withoutDatabaseEnv(process.env), ...serverEnv },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
    server = startServerProcess();
    // Stopped with the bench: on an interrupt here, and in `finally` below otherwise.
    for (const signal of ['SIGINT', 'SIGTERM'] as const)
      process.once(signal, () => {
        server?.kill('SIGTERM');
        process.exit(130);
      });
    let base = await listeningUrl(server);
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

    if (COMPARE_WITH && !args['calls-only']) {
      await stopServer(server);
      const section = await compareBuilds({
        kind,
        url,
        baseline: baselineMain(COMPARE_WITH),
        start: startServerProcess,
        login: async (target) => {
          const response = await fetch(`${target}/api/login`, {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ username: 'bench.doctor', password }),
          });
          return ((await response.json()) as { token: string }).token;
        },
        setServer: (next) => (server = next),
      });
      console.log(`\n${section}\n`);
      writeSection(args.out, `${kind} ${PATIENTS} compare`, section);
      console.log(`Written to ${args.out}.`);
      return;
    }

    const time = async (name: string, request: () => Promise<Response>, rounds = ROUNDS) => {
      enter(name);
      const samples: number[] = [];
      let total = '';
      for (let i = 0; i < rounds; i++) {
        const t = performance.now();
        const response = await request();
        await response.arrayBuffer();
        samples.push(performance.now() - t);
        total = response.headers.get('x-total-count') ?? '';
        if (response.headers.get('x-total-count-capped')) total = `>${total}`;
        if (!response.ok) throw new Error(`${name}: HTTP ${response.status}`);
      }
      samples.sort((a, b) => a - b);
      return {
        name,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        max: samples.at(-1)!,
        total,
      };
    };
    const login = () =>
      fetch(`${base}/api/login`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ username: 'bench.doctor', password }),
      });
    let { token } = (await (await login()).json()) as { token: string };
    const auth = { ...json, authorization: `Bearer ${token}` };
    const search = (body: object) => () =>
      fetch(`${base}/api/patient/search-patient`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify(body),
      });
    const lastPage = encodeCursor(last - 50);
    let n = 0;
    const { memoryKib, iterations } = config.passwordHashing;

    if (AUDIT_ROWS > 0) {
      await fetch(`${base}/api/register`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({
          username: 'bench.patient',
          password,
          role: 'patient',
          id: 'P0000001',
          activation_code: PATIENT_CODE.value,
        }),
      });
      const patientLogin = async () => {
        const response = await fetch(`${base}/api/login`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify({ username: 'bench.patient', password }),
        });
        return ((await response.json()) as { token: string }).token;
      };
      const patientAuth = { ...json, authorization: `Bearer ${await patientLogin()}` };
      const measureAudit = async (label: string) => {
        const rounds = Math.min(ROUNDS, 100);
        const timed = [
          await time(`${label}: GET /profile (baseline)`, () =>
            fetch(`${base}/api/profile`, { headers: auth }),
          ),
          await time(
            `${label}: GET /profile/access-log (patient)`,
            () => fetch(`${base}/api/profile/access-log`, { headers: patientAuth }),
            rounds,
          ),
          await time(
            `${label}: GET /profile/access-log?limit=200 (patient)`,
            () => fetch(`${base}/api/profile/access-log?limit=200`, { headers: patientAuth }),
            rounds,
          ),
          await time(
            `${label}: FHIR AuditEvent?patient= (patient)`,
            () =>
              fetch(`${base}/fhir/R4/AuditEvent?patient=P0000001`, {
                headers: { authorization: patientAuth.authorization },
              }),
            rounds,
          ),
          await time(`${label}: GET /patient/{id}`, () =>
            fetch(
              `${base}/api/patient/P${String(1 + ((n++ * 7919) % PATIENTS)).padStart(7, '0')}`,
              { headers: auth },
            ),
          ),
        ];
        enter(`${label}: audited reads, ${CONNECTIONS} connections`);
        const reads = await loadFromChild({ target: base, kind: 'record', token });
        return { timed, reads };
      };
      const before = await measureAudit('before');
      enter('audit seeding');
      // The server stopped first: PGlite's folder is opened by one process at a time.
      await stopServer(server);
      const { eventsBefore, seeded } = await withDatabase(url, dir, async (db) => {
        const [counted] = await queryRows<{ events: number }>(
          db,
          sql`select count(*)::float8 as events from audit_event`,
        );
        return {
          eventsBefore: counted?.events ?? 0,
          seeded: await seedAuditEvents(db, AUDIT_ROWS, AUDIT_MONTHS),
        };
      });
      server = startServerProcess();
      base = await listeningUrl(server);
      const { token: again } = (await (await login()).json()) as { token: string };
      token = again;
      auth.authorization = `Bearer ${token}`;
      patientAuth.authorization = `Bearer ${await patientLogin()}`;
      const after = await measureAudit('after');
      enter('report');
      const ms = (value: number) => value.toFixed(1);
      const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${mb(totalmem())} RAM, Node ${process.version}`;
      const factor = url ? 5 : 10;
      const row = (
        label: string,
        r: { name: string; p50: number; p95: number; max: number; total: string },
        bound: number,
      ) =>
        `| ${label} | ${r.name.replace(/^(before|after): /, '')} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${r.total} | ${r.name.includes('baseline') ? '' : r.p95 <= bound ? 'yes' : '**no**'} |`;
      const boundOf = (m: typeof before) => factor * m.timed[0]!.p95 + 10;
      const change = (100 * (after.reads.rps - before.reads.rps)) / before.reads.rps;
      const section = [
        `### ${kind}, audit trail at scale: ${PATIENTS.toLocaleString('en')} patients, ${seeded.rows.toLocaleString('en')} audit events seeded${AUDIT_MONTHS === 0 ? ' in the current month' : ''}`,
        '',
        `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine} (shared with other work).` +
          ` ${seeded.rows.toLocaleString('en')} events seeded over ${seeded.partitions} monthly partitions in ${seeded.seconds.toFixed(0)} s` +
          ` (${(seeded.rows / seeded.seconds).toFixed(0)} rows/s); the audit table then ${mb(seeded.bytes)} with its indexes;` +
          ` the bench patient has ${seeded.patientEvents.toLocaleString('en')} events about their record.` +
          ` Before: ${eventsBefore.toLocaleString('en')} events. Bound: p95 ≤ ${factor} × the p95 of \`GET /api/profile\` + 10 ms.`,
        '',
        '| when | call | p50 ms | p95 ms | max ms | X-Total-Count | p95 within bound |',
        '| --- | --- | ---: | ---: | ---: | ---: | :---: |',
        ...before.timed.map((r) => row('before', r, boundOf(before))),
        ...after.timed.map((r) => row('after', r, boundOf(after))),
        '',
        `Audited reads (\`GET /api/patient/{id}\`, each writes its audit row), ${CONNECTIONS} connections, ${DURATION} s (autocannon):`,
        '',
        '| when | req/s | p50 ms | p99 ms | failed |',
        '| --- | ---: | ---: | ---: | ---: |',
        `| before | ${before.reads.rps.toFixed(0)} | ${before.reads.p50} | ${before.reads.p99} | ${before.reads.failed} |`,
        `| after | ${after.reads.rps.toFixed(0)} | ${after.reads.p50} | ${after.reads.p99} | ${after.reads.failed} |`,
        '',
        `Insert rate change: ${change >= 0 ? '+' : ''}${change.toFixed(1)} % (goal: no fall over 10 %).`,
      ].join('\n');
      console.log(`\n${section}\n`);
      // The default spread keeps its section's name; another spread has a section of its own.
      const spread = AUDIT_MONTHS === AUDIT_MONTHS_DEFAULT ? '' : ` months ${AUDIT_MONTHS}`;
      writeSection(args.out, `${kind} audit ${AUDIT_ROWS}${spread}`, section);
      console.log(`Written to ${args.out}.`);
      return;
    }

    /**
     * The catalogues' searches as a clinician types them (issue 41): each of CATALOGUE_QUERIES
     * (50 different ones: codes, words, Thai, substances by kind) asked ROUNDS / 25 times, one
     * client at a time, after one search that builds the index if the start has not yet.
     */
    const timeCatalogueSearches = async () => {
      const get = (query: string) =>
        fetch(`${base}/api/catalogues/${query}`, { headers: auth }).then(async (response) => {
          await response.arrayBuffer();
          if (!response.ok) throw new Error(`catalogue ${query}: HTTP ${response.status}`);
        });
      enter('catalogue searches');
      await get('conditions?q=warm');
      const samples: number[] = [];
      for (let round = 0; round < Math.max(1, Math.round(ROUNDS / 25)); round++) {
        for (const query of CATALOGUE_QUERIES) {
          const t = performance.now();
          await get(query);
          samples.push(performance.now() - t);
        }
      }
      samples.sort((a, b) => a - b);
      return {
        name: `catalogue searches, ${CATALOGUE_QUERIES.length} different queries`,
        p50: percentile(samples, 50),
        p95: percentile(samples, 95),
        max: samples.at(-1)!,
        total: '',
      };
    };

    /** Phases 1 to 3: every kind of call timed, then loaded, then read during login bursts. */
    const measureCalls = async () => {
      // 1. One client at a time.
      const profile = await time('GET /profile (baseline)', () =>
        fetch(`${base}/api/profile`, { headers: auth }),
      );
      const lists = [
        await time('GET /patient (page of 50)', () =>
          fetch(`${base}/api/patient`, { headers: auth }),
        ),
        await time('last page by cursor', () =>
          fetch(`${base}/api/patient?cursor=${lastPage}`, { headers: auth }),
        ),
        await time('search, 2-letter fragment "so"', search({ first_name: 'so' })),
        await time('search, common 3-letter "cha"', search({ first_name: 'cha' })),
        await time('search, rare fragment "zzq"', search({ last_name: 'zzq' })),
        await time('search, id prefix "P00"', search({ patient_id: 'P00' })),
        await time('search, first AND last name', search({ first_name: 'som', last_name: 'sae' })),
        await time(
          `search, last-name fragment "${fragments.rare.fragment}" (${fragments.rare.count} matches)`,
          search({ last_name: fragments.rare.fragment }),
        ),
        await time(
          `search, "${fragments.pair.first}" (${fragments.pair.firstCount}) AND "${fragments.pair.last}" (${fragments.pair.lastCount}): ${fragments.pair.both} in common`,
          search({ first_name: fragments.pair.first, last_name: fragments.pair.last }),
        ),
        await time('GET /patient/{id}', () =>
          fetch(`${base}/api/patient/P${String(1 + ((n++ * 7919) % PATIENTS)).padStart(7, '0')}`, {
            headers: auth,
          }),
        ),
      ];
      const others = [
        await time(`login (argon2id m=${memoryKib} t=${iterations})`, login, 30),
        await time(
          'GET /patient?limit=200',
          () => fetch(`${base}/api/patient?limit=200`, { headers: auth }),
          50,
        ),
      ];
      const factor = url ? 5 : 10;
      const bound = factor * profile.p95 + 10;
      const catalogue = await timeCatalogueSearches();
      if (args['calls-only'])
        return {
          profile,
          lists,
          others,
          catalogue,
          concurrent: [],
          factor,
          bound,
          burstStatuses: {},
        };

      // 2. Many clients at once: autocannon against 127.0.0.1 only, each run bounded by DURATION.
      const bare = Fastify({ logger: false });
      bare.get('/', async () => ({ hello: 'world' }));
      const bareBase = await bare.listen({ port: 0, host: '127.0.0.1' });
      const load = async (name: string, target: string, kind: LoadKind) => {
        enter(`${name}, ${CONNECTIONS} connections`);
        const result = await loadFromChild({ target, kind, token });
        // autocannon stops at the deadline, not the server: wait until what it left queued is
        // answered (a read queues behind it), so that one phase does not slow the next.
        await fetch(`${base}/api/patient/P0000001`, {
          headers: auth,
          signal: AbortSignal.timeout(120_000),
        });
        return { name, ...result };
      };
      const concurrent = [
        await load('bare Fastify hello-world', bareBase, 'hello'),
        await load('GET /api/health', base, 'health'),
        await load('GET /api/patient/{id}', base, 'record'),
        await load('GET /api/patient', base, 'list'),
        await load('search, rotating 3-letter name', base, 'search'),
        await load('POST add-patient', base, 'add-patient'),
      ];
      // /api/health while four slow searches run back to back (p99 under 50 ms: the
      // embedded database must not hold the event loop), both sent by the child.
      concurrent.push(
        await load('GET /api/health during 4 searches', base, 'health-during-searches'),
      );
      await bare.close();

      enter('login bursts');
      // 3. A clinical read while 40 anonymous logins arrive at once, each from its own 127.0.0.x
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
      others.push({
        name: `GET /patient/{id} during ${BURST} logins`,
        p50: percentile(readDuring, 50),
        p95: percentile(readDuring, 95),
        max: readDuring.at(-1)!,
        total: '',
      });
      return { profile, lists, others, catalogue, concurrent, factor, bound, burstStatuses };
    };
    if (COMPARE_WITH) {
      // With --calls-only: the one-client timings of each build in turn on the same database,
      // the order alternating from round to round.
      await stopServer(server);
      server = undefined;
      const builds = [
        { name: 'before', main: baselineMain(COMPARE_WITH) },
        { name: 'after', main: undefined },
      ];
      const runs: { build: string; measured: Awaited<ReturnType<typeof measureCalls>> }[] = [];
      for (let round = 0; round < COMPARE_ROUNDS; round++) {
        for (const build of round % 2 === 0 ? builds : [...builds].reverse()) {
          enter(`calls, round ${round + 1}, ${build.name}`);
          server = startServerProcess(build.main);
          base = await listeningUrl(server);
          ({ token } = (await (await login()).json()) as { token: string });
          auth.authorization = `Bearer ${token}`;
          runs.push({ build: build.name, measured: await measureCalls() });
          console.log(`round ${round + 1}, ${build.name}: done`);
          await stopServer(server);
          server = undefined;
        }
      }
      enter('report');
      const ms = (value: number) => value.toFixed(1);
      type CallTiming = Awaited<ReturnType<typeof time>>;
      const of = (name: string) => runs.filter((r) => r.build === name).map((r) => r.measured);
      const [before, after] = [of('before'), of('after')];
      const cell = (list: typeof before, pick: (m: (typeof before)[number]) => CallTiming) =>
        list
          .map((m) => {
            const r = pick(m);
            return `${ms(r.p50)} / ${ms(r.p95)}${r.p95 <= m.bound || r === m.profile ? '' : ' (over)'}`;
          })
          .join(', ');
      const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${mb(totalmem())} RAM, Node ${process.version}`;
      const section = [
        `### ${kind}, ${PATIENTS.toLocaleString('en')} patients, one client at a time, the build before and this one side by side`,
        '',
        `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine} (shared with other work).` +
          ` Before: \`${builds[0]!.main}\`. ${COMPARE_ROUNDS} rounds, the order alternating; in each, each build's server` +
          ` on the same database, ${ROUNDS} calls per row. p50 / p95 ms of each round; "(over)": p95 above that run's bound` +
          ` (${before[0]?.factor ?? 5} × its \`GET /api/profile\` p95 + 10 ms).`,
        '',
        '| call | before, each round | after, each round |',
        '| --- | ---: | ---: |',
        `| bound (p95 ms) | ${before.map((m) => ms(m.bound)).join(', ')} | ${after.map((m) => ms(m.bound)).join(', ')} |`,
        `| ${before[0]!.profile.name} | ${cell(before, (m) => m.profile)} | ${cell(after, (m) => m.profile)} |`,
        ...before[0]!.lists.map(
          (r, i) =>
            `| ${r.name} | ${cell(before, (m) => m.lists[i]!)} | ${cell(after, (m) => m.lists[i]!)} |`,
        ),
      ].join('\n');
      console.log(`\n${section}\n`);
      writeSection(args.out, `${kind} ${PATIENTS} compare calls`, section);
      console.log(`Written to ${args.out}.`);
      return;
    }
    const calls = EXPORT_ONLY ? undefined : await measureCalls();
    // 4. A bulk export of the patients' core types, with /api/health timed meanwhile.
    enter('bulk export');
    const bulk = args['calls-only'] ? undefined : await benchBulkExport(base, exporter);
    sampleRss();
    const exportRss = phaseMaxRss;
    enter('report');

    // The report: printed, and written to the docs as this database's section.
    const ms = (value: number) => value.toFixed(1);
    const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${mb(totalmem())} RAM, Node ${process.version}`;
    const callTables = (measured: NonNullable<typeof calls>) => {
      const { profile, lists, others, catalogue, concurrent, factor, bound, burstStatuses } =
        measured;
      const catalogueBound = CATALOGUE_FACTOR * profile.p95 + 10;
      return [
        `One client at a time, ${ROUNDS} calls each. Bound: p95 ≤ ${factor} × the p95 of` +
          ` \`GET /api/profile\` + 10 ms = ${ms(bound)} ms.`,
        '',
        '| call | p50 ms | p95 ms | max ms | X-Total-Count | p95 within bound |',
        '| --- | ---: | ---: | ---: | ---: | :---: |',
        `| ${profile.name} | ${ms(profile.p50)} | ${ms(profile.p95)} | ${ms(profile.max)} | | |`,
        ...lists.map(
          (r) =>
            `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | ${r.total} | ${r.p95 <= bound ? 'yes' : '**no**'} |`,
        ),
        ...others.map((r) => `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.max)} | | |`),
        '',
        `Catalogue searches (issue 41): p50 ${ms(catalogue.p50)} ms, p95 ${ms(catalogue.p95)} ms,` +
          ` max ${ms(catalogue.max)} ms over ${CATALOGUE_QUERIES.length} different queries; bound` +
          ` p95 ≤ ${CATALOGUE_FACTOR} × the p95 of \`GET /api/profile\` + 10 ms = ${ms(catalogueBound)} ms:` +
          ` ${catalogue.p95 <= catalogueBound ? 'within' : '**over**'}.`,
        '',
        ...(concurrent.length === 0
          ? []
          : [
              `${CONNECTIONS} connections, ${DURATION} s each (autocannon):`,
              '',
              '| call | req/s | p50 ms | p99 ms | of bare Fastify | failed |',
              '| --- | ---: | ---: | ---: | ---: | ---: |',
              ...concurrent.map(
                (r) =>
                  `| ${r.name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${((100 * r.rps) / concurrent[0]!.rps).toFixed(1)} % | ${r.failed} |`,
              ),
              '',
              `Login bursts: ${BURST_ROUNDS} × ${BURST} concurrent logins (hashing pool ${config.hashPool.size} + queue ${config.hashPool.queue}): ${Object.entries(
                burstStatuses,
              )
                .map(([status, count]) => `${count} × ${status}`)
                .join(', ')}.`,
              '',
            ]),
      ];
    };
    const lines = [
      `### ${kind}, ${PATIENTS.toLocaleString('en')} patients${EXPORT_ONLY ? ', bulk export only' : args['calls-only'] ? ', one client at a time only' : ''}`,
      '',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine}` +
        ` (shared with other work; the server, \`main.js\`, and the load generator each in its own process).` +
        ` Loaded in ${loadSeconds.toFixed(1)} s; data ${mb(dataBytes)}${url ? ' (pg_database_size)' : ' (data directory)'};` +
        ` the server's largest RSS ${mb(maxRss)} (${maxRssPhase})` +
        `${args['server-heap-mb'] ? `, its V8 heap capped at ${args['server-heap-mb']} MB` : ''}.`,
      '',
      ...(calls ? callTables(calls) : []),
      ...(bulk
        ? [
            `Bulk export (\`$export?_type=${BULK_TYPES}\`, one client, ${BULK_DEADLINE_S} s at most):`,
            '',
            '| bulk export resources per second | resources | seconds | files downloaded | download MB/s | /api/health p50 ms | /api/health p99 ms | /api/health max ms | server event-loop delay p99 / max ms | /api/health p99 ms while downloading | server RSS during export and download | finished |',
            '| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | :---: |',
            `| ${bulk.resourcesPerSecond.toFixed(0)} | ${bulk.resources} | ${bulk.seconds.toFixed(1)} | ${mb(bulk.download.bytes)}, ${bulk.download.lines} lines | ${(bulk.download.bytes / 1024 / 1024 / (bulk.download.seconds || 1)).toFixed(1)} | ${ms(bulk.healthP50)} | ${ms(bulk.healthP99)} | ${ms(bulk.healthMax)} | ${ms(bulk.loopLag.p99)} / ${ms(bulk.loopLag.max)} | ${ms(bulk.downloadHealthP99)} | ${mb(exportRss)} | ${bulk.finished ? 'yes' : '**no**'} |`,
            '',
            `The /api/health figures are the export's (kick-off to manifest, ${bulk.probes} calls, one at a time 20 ms apart, from a thread of their own); the download's are apart.`,
          ]
        : []),
    ];
    const section = lines.join('\n');
    console.log(`\n${section}\n`);
    writeSection(
      args.out,
      `${kind} ${PATIENTS}${EXPORT_ONLY ? ' export' : args['calls-only'] ? ' calls' : ''}`,
      section,
    );
    console.log(`Written to ${args.out}.`);
  } finally {
    clearInterval(rssSampler);
    if (server) await stopServer(server);
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

const COMPARE_WITH = args['compare-with'];
const COMPARE_ROUNDS = Number(args['compare-rounds']);
if (!Number.isInteger(COMPARE_ROUNDS) || COMPARE_ROUNDS < 1)
  throw new Error('--compare-rounds must be a positive integer');

/**
 * The baseline server's entry: `dist/apps/api/main.js` under a folder, or under a worktree of a
 * git ref made in the system's temporary folder (kept, named by its commit, so a second run
 * reuses it) and built there with the same dependencies as this checkout.
 */
function baselineMain(target: string): string {
  const entry = (root: string) => join(root, 'dist', 'apps', 'api', 'main.js');
  const build = (root: string) => {
    if (!existsSync(join(root, 'node_modules')))
      symlinkSync(join(process.cwd(), 'node_modules'), join(root, 'node_modules'));
    execFileSync('npx', ['vite', 'build', '--config', 'apps/api/vite.config.ts'], {
      cwd: root,
      stdio: 'inherit',
    });
  };
  if (existsSync(target) && statSync(target).isDirectory()) {
    if (!existsSync(entry(target))) build(target);
    return entry(target);
  }
  const commit = execFileSync('git', ['rev-parse', '--verify', `${target}^{commit}`], {
    encoding: 'utf8',
  }).trim();
  const root = join(tmpdir(), `portal-base-${commit.slice(0, 7)}`);
  if (!existsSync(root))
    execFileSync('git', ['worktree', 'add', '--detach', root, commit], { stdio: 'inherit' });
  if (!existsSync(entry(root))) build(root);
  return entry(root);
}

/** A process's CPU time so far (user + system), in seconds, from /proc; 0 when unreadable. */
function cpuSeconds(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime and stime are the 14th and 15th fields of the line (12th and 13th after the name).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * The two builds side by side: in each round, each build's server started on the
 * same loaded database, the same autocannon runs against it (`GET /api/profile`, then
 * `GET /api/patient/{id}`), then stopped; the order alternates from round to round so that a
 * machine getting busier favours neither. CPU per request: the server's process, and (a local
 * PostgreSQL server) its backends serving the bench database, read from /proc over the middle
 * of each run.
 */
async function compareBuilds(options: {
  kind: string;
  url: string | undefined;
  baseline: string;
  start: (main?: string) => ChildProcess;
  login: (target: string) => Promise<string>;
  setServer: (server: ChildProcess | undefined) => void;
}): Promise<string> {
  const builds = [
    { name: 'before', main: options.baseline },
    { name: 'after', main: join(dirname(process.argv[1]!), 'main.js') },
  ];
  const calls = [
    { name: 'GET /api/profile', kind: 'profile' as const },
    { name: 'GET /api/patient/{id}', kind: 'record' as const },
  ];
  type Run = LoadResult & { build: string; call: string; serverCpu: number; dbCpu: number };
  const runs: Run[] = [];
  const backends = async (): Promise<number[]> => {
    if (!options.url) return [];
    const client = new pg.Client({ connectionString: options.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      );
      return rows.map((row) => row.pid);
    } finally {
      await client.end();
    }
  };
  for (let round = 0; round < COMPARE_ROUNDS; round++) {
    const order = round % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      const server = options.start(build.main);
      options.setServer(server);
      const target = await listeningUrl(server);
      const token = await options.login(target);
      for (const call of calls) {
        // A short warm-up: the pool's connections opened, the statements prepared.
        await Promise.all(
          Array.from({ length: 20 }, () =>
            fetch(
              `${target}${call.kind === 'profile' ? '/api/profile' : '/api/patient/P0000001'}`,
              {
                headers: { authorization: `Bearer ${token}` },
              },
            ).then((r) => r.arrayBuffer()),
          ),
        );
        const window = Math.max(1, DURATION - 2);
        let sample: Promise<{ server: number; db: number }> = Promise.resolve({ server: 0, db: 0 });
        const timer = setTimeout(() => {
          sample = (async () => {
            const pids = await backends();
            const at = () => ({
              server: cpuSeconds(server.pid!),
              db: pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0),
            });
            const first = at();
            await new Promise((resolve) => setTimeout(resolve, (window - 0.5) * 1000));
            const last = at();
            return { server: last.server - first.server, db: last.db - first.db };
          })();
        }, 1000);
        const result = await loadFromChild({ target, kind: call.kind, token });
        clearTimeout(timer);
        const cpu = await sample;
        const requests = result.rps * (window - 0.5);
        runs.push({
          ...result,
          build: build.name,
          call: call.name,
          serverCpu: requests ? (1000 * cpu.server) / requests : 0,
          dbCpu: requests ? (1000 * cpu.db) / requests : 0,
        });
        console.log(
          `round ${round + 1}, ${build.name}, ${call.name}: ${result.rps.toFixed(0)} req/s` +
            `, server ${((1000 * cpu.server) / (requests || 1)).toFixed(3)} ms CPU per request` +
            (options.url
              ? `, PostgreSQL ${((1000 * cpu.db) / (requests || 1)).toFixed(3)} ms`
              : ''),
        );
      }
      await stopServer(server);
      options.setServer(undefined);
    }
  }
  const median = (values: number[]) => {
    const sorted = [...values].sort((x, y) => x - y);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
  };
  const machine = `${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ${mb(totalmem())} RAM, Node ${process.version}`;
  const rows = calls.map((call) => {
    const of = (build: string) => runs.filter((r) => r.call === call.name && r.build === build);
    const [before, after] = [of('before'), of('after')];
    const rps = (list: Run[]) => median(list.map((r) => r.rps));
    const cpu = (list: Run[], key: 'serverCpu' | 'dbCpu') =>
      median(list.map((r) => r[key])).toFixed(3);
    return (
      `| ${call.name} | ${before.map((r) => r.rps.toFixed(0)).join(', ')} | ${after.map((r) => r.rps.toFixed(0)).join(', ')}` +
      ` | ${(rps(after) / rps(before)).toFixed(2)} × | ${cpu(before, 'serverCpu')} → ${cpu(after, 'serverCpu')}` +
      ` | ${options.url ? `${cpu(before, 'dbCpu')} → ${cpu(after, 'dbCpu')}` : ''}` +
      ` | ${median(before.map((r) => r.p99))} → ${median(after.map((r) => r.p99))} | ${[...before, ...after].reduce((sum, r) => sum + r.failed, 0)} |`
    );
  });
  return [
    `### ${options.kind}, ${PATIENTS.toLocaleString('en')} patients, the build before and this one side by side`,
    '',
    `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${machine} (shared with other work).` +
      ` Before: \`${options.baseline}\`. ${COMPARE_ROUNDS} rounds, the order alternating; in each, each build's server` +
      ` on the same database, ${CONNECTIONS} connections for ${DURATION} s per call (autocannon, a process of its own).` +
      ` CPU per request: milliseconds of CPU time over the middle of each run, medians of the rounds.`,
    '',
    '| call | before req/s (each round) | after req/s (each round) | after / before (medians) | server CPU ms per request | PostgreSQL CPU ms per request | p99 ms | failed |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...rows,
  ].join('\n');
}

/**
 * The two hard searches of a realistic name list, found in the loaded names (counts scale with `--patients`;
 * the figures are for 1,000,000): a last-name fragment of four letters matching a few hundred
 * patients (the one nearest 400), and a first-name and a last-name fragment of three letters
 * that each match tens of thousands (at least 20,000) and together thousands (the pair nearest
 * 3,000). Counted exactly as the search matches (any part of the name, any case).
 */
async function pickSearchFragments(db: Db) {
  const scale = PATIENTS / 1_000_000;
  const [rare] = await queryRows<{ fragment: string; count: number }>(
    db,
    sql`with names as (select lower(last_name) l, count(*)::int n from patient group by 1),
      fragments as (select distinct l, n, substr(l, i, 4) fragment
        from names, generate_series(1, length(l) - 3) i where substr(l, i, 4) ~ '^[a-z]{4}$')
      select fragment, sum(n)::int as count from fragments group by fragment
      order by abs(sum(n) - ${400 * scale}), fragment limit 1`,
  );
  const [pair] = await queryRows<{
    first: string;
    last: string;
    firstCount: number;
    lastCount: number;
    both: number;
  }>(
    db,
    sql`with names as (select lower(first_name) f, lower(last_name) l, count(*)::int n from patient group by 1, 2),
      firsts as (select fragment, sum(n)::int total from (select distinct f, l, n, substr(f, i, 3) fragment
          from names, generate_series(1, length(f) - 2) i where substr(f, i, 3) ~ '^[a-z]{3}$') x
        group by fragment having sum(n) >= ${20_000 * scale} order by sum(n) desc, fragment limit 10),
      lasts as (select fragment, sum(n)::int total from (select distinct f, l, n, substr(l, i, 3) fragment
          from names, generate_series(1, length(l) - 2) i where substr(l, i, 3) ~ '^[a-z]{3}$') x
        group by fragment having sum(n) >= ${20_000 * scale} order by sum(n) desc, fragment limit 10)
      select a.fragment as first, b.fragment as last, a.total as "firstCount", b.total as "lastCount",
        (select sum(n)::int from names where f like '%' || a.fragment || '%' and l like '%' || b.fragment || '%') as "both"
      from firsts a, lasts b
      order by abs(coalesce((select sum(n) from names where f like '%' || a.fragment || '%' and l like '%' || b.fragment || '%'), 0) - ${3000 * scale}),
        a.fragment, b.fragment
      limit 1`,
  );
  if (!rare || !pair) throw new Error('The loaded names give no fragments to search for.');
  return { rare, pair };
}

/** Audit events to seed and the months they are spread over (`--audit-rows`). */
const AUDIT_ROWS = Number(args['audit-rows']);
const AUDIT_MONTHS = Number(args['audit-months']);
/** Audit events inserted per statement while seeding (each its own transaction). */
const AUDIT_BATCH = 1_000_000;

/** Opens the bench's database while the server is stopped (PGlite's folder takes one process). */
async function withDatabase<T>(
  url: string | undefined,
  dir: string,
  work: (db: Db) => Promise<T>,
): Promise<T> {
  const database = await openDatabase(url ? { url } : { dataDir: dir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

const BENCH_CONTEXT = { actor: null, address: 'bench', requestId: 'bench' };
/** The bench patient's activation code (`--audit-rows`), issued before the server starts. */
const PATIENT_CODE = { value: '' };

/**
 * Seeds `rows` audit events spread evenly in time from `months` months ago to now, ids in time
 * order, as the portal writes them: nine in ten a clinician's reading of a patient's record (the
 * patients in turn), one in ten a login. Bulk-loaded as an operator would restore a large trail:
 * each month into a table of its own without indexes (with the rows its partition already held),
 * then its indexes, then attached as that month's partition (the attach adopts the indexes and
 * clones the append-only triggers; the TRUNCATE trigger is added as the server adds it); a
 * hundred million rows through the partitioned table's indexes one by one would take hours.
 * Then VACUUM ANALYZE, as autovacuum would have done for the old months (it also empties the
 * GIN indexes' pending lists). Returns what it did and the audit table's size.
 */
async function seedAuditEvents(db: Db, rows: number, months: number) {
  const started = performance.now();
  const [setting] = await queryRows<{
    start: string;
    now: string;
    doctor: string | null;
    base: string;
  }>(
    db,
    sql`select (date_trunc('month', now() at time zone 'UTC') - make_interval(months => ${months}))::date::text as start,
        now()::text as now,
        (select id::text from app_user where username = 'bench.doctor') as doctor,
        (select coalesce(max(id), 0)::text from audit_event) as base`,
  );
  const startMs = Date.parse(`${setting!.start}T00:00:00Z`);
  const spanMs = Date.parse(setting!.now) - startMs;
  const base = Number(setting!.base);
  const startAt = sql`${new Date(startMs).toISOString()}::timestamptz`;
  for (let m = 0; m <= months; m++) {
    const monthStart = new Date(startMs);
    monthStart.setUTCMonth(monthStart.getUTCMonth() + m);
    const monthEnd = new Date(monthStart);
    monthEnd.setUTCMonth(monthEnd.getUTCMonth() + 1);
    const month = monthStart.toISOString().slice(0, 7);
    const name = `audit_event_y${month.slice(0, 4)}m${month.slice(5, 7)}`;
    const table = sql.identifier(name);
    const seed = sql.identifier(`${name}_seed`);
    const old = sql.identifier(`${name}_old`);
    const lo = Math.ceil((rows * (monthStart.getTime() - startMs)) / spanMs);
    const hi = Math.min(rows, Math.ceil((rows * (monthEnd.getTime() - startMs)) / spanMs)) - 1;
    const [exists] = await queryRows<{ present: boolean }>(
      db,
      sql`select to_regclass(${name}) is not null as present`,
    );
    await db.execute(
      sql`create table ${seed} (like audit_event including defaults including constraints)`,
    );
    if (exists!.present) {
      await db.execute(sql`alter table audit_event detach partition ${table}`);
      await db.execute(sql`alter table ${table} rename to ${old}`);
      await db.execute(sql`insert into ${seed} select * from ${old}`);
    }
    const [bounds] = await queryRows<{ lower: string; upper: string }>(
      db,
      sql`select ${monthStart.toISOString()}::timestamptz::text as lower,
          (${monthEnd.toISOString()}::timestamptz - interval '1 microsecond')::text as upper`,
    );
    for (let low = lo; low <= hi; low += AUDIT_BATCH) {
      const high = Math.min(hi, low + AUDIT_BATCH - 1);
      await db.execute(sql`insert into ${seed} (id, occurred_at, actor_user_id, actor_username,
          actor_role, action, record_type, record_ids, address, outcome, request_id)
        select ${base} + 1 + g,
          least(greatest(${startAt} + (g::float8 / ${rows}) * (now() - ${startAt}),
                         ${bounds!.lower}::timestamptz), ${bounds!.upper}::timestamptz),
          ${setting!.doctor}::uuid, 'bench.doctor', 'medical_personnel',
          case when g % 10 = 0 then 'login' else 'patient.read' end,
          case when g % 10 = 0 then null else 'patient' end,
          case when g % 10 = 0 then null
               else array['P' || lpad((1 + (g / 10 * 9 + g % 10 - 1) % ${PATIENTS})::text, 7, '0')] end,
          '10.0.0.1', 'success', 'bench-' || g
        from generate_series(${low}::bigint, ${high}::bigint) g`);
      process.stdout.write(`\rseeded ${(high + 1).toLocaleString('en')} audit events (${month})`);
    }
    await db.execute(sql`alter table ${seed} add primary key (id, occurred_at)`);
    await db.execute(sql`create index on ${seed} (occurred_at)`);
    await db.execute(sql`create index on ${seed} (actor_user_id, occurred_at)`);
    await db.execute(
      sql`create index on ${seed} using gin (record_ids) where record_type = 'patient'`,
    );
    await db.execute(sql`alter table ${seed} rename to ${table}`);
    // DDL takes no parameters: the bounds are written in (ISO instants this function made).
    await db.execute(sql`alter table audit_event attach partition ${table}
      for values from (${sql.raw(`'${monthStart.toISOString()}'`)}) to (${sql.raw(`'${monthEnd.toISOString()}'`)})`);
    await db.execute(sql`select audit_event_guard_partition(${name}::regclass)`);
    if (exists!.present) await db.execute(sql`drop table ${old}`);
  }
  await db.execute(
    sql`select setval(pg_get_serial_sequence('audit_event', 'id'), (select max(id) from audit_event))`,
  );
  console.log('');
  await db.execute(sql`vacuum (analyze) audit_event`);
  // The load's pages written out now, not during the measurement that follows: right after a
  // 27 GB load the checkpoint's writes took a sixth of the audited reads' rate (docs/performance.md).
  await db.execute(sql`checkpoint`);
  const seconds = (performance.now() - started) / 1000;
  const [size] = await queryRows<{ bytes: number; partitions: number; patient_events: number }>(
    db,
    sql`select (select sum(pg_total_relation_size(inhrelid))::float8 from pg_inherits
                where inhparent = 'audit_event'::regclass) as bytes,
               (select count(*)::int from pg_inherits where inhparent = 'audit_event'::regclass) as partitions,
               (select count(*)::int from audit_event where record_type = 'patient'
                  and record_ids @> array['P0000001']) as patient_events`,
  );
  return {
    rows,
    seconds,
    bytes: Number(size?.bytes ?? 0),
    partitions: size?.partitions ?? 0,
    patientEvents: size?.patient_events ?? 0,
  };
}

/** The types the bench exports, and the longest it waits for the export. */
const BULK_TYPES = 'Patient,AllergyIntolerance,Condition';
const BULK_DEADLINE_S = Number(args['export-deadline']);
const EXPORT_ONLY = args['export-only'];

/** A backend client registered straight in the database, with its ES384 private key. */
async function newBenchBackend(db: Db) {
  const { publicKey, privateKey } = await generateKeyPair('ES384', { extractable: true });
  const jwks = await checkJwks({ keys: [{ ...(await exportJWK(publicKey)), alg: 'ES384' }] });
  const context = { actor: null, address: 'bench', requestId: 'bench' };
  return { clientId: await addBackendClient(db, context, 'Bench export', jwks), privateKey };
}

/**
 * A client-credentials token, then one export polled to its end (or the deadline, then
 * cancelled), /api/health timed one call at a time meanwhile: resources written per second
 * from kick-off to manifest, and the health check's p50/p99 during the export.
 */
async function benchBulkExport(
  base: string,
  backend: { clientId: string; privateKey: CryptoKey },
): Promise<{
  resources: number;
  seconds: number;
  resourcesPerSecond: number;
  download: { bytes: number; lines: number; seconds: number };
  healthP50: number;
  healthP99: number;
  healthMax: number;
  downloadHealthP99: number;
  probes: number;
  loopLag: { p99: number; max: number };
  finished: boolean;
}> {
  const configuration = (await (
    await fetch(`${base}/fhir/R4/.well-known/smart-configuration`)
  ).json()) as { token_endpoint: string };
  /** A new access token, as a client gets one: a signed assertion for client credentials. */
  const grant = async () => {
    const assertion = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES384' })
      .setIssuer(backend.clientId)
      .setSubject(backend.clientId)
      .setAudience(configuration.token_endpoint)
      .setExpirationTime('4m')
      .setJti(randomUUID())
      .sign(backend.privateKey);
    const granted = await fetch(configuration.token_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: assertion,
        scope: 'system/*.read',
      }),
    });
    if (!granted.ok) throw new Error(`bulk export token: HTTP ${granted.status}`);
    const { access_token, expires_in } = (await granted.json()) as {
      access_token: string;
      expires_in: number;
    };
    return {
      authorization: `Bearer ${access_token}`,
      renewAt: performance.now() + (expires_in - 60) * 1000,
    };
  };
  let token = await grant();
  /** The token's header, renewed a minute before it expires (the export outlives one token). */
  const authorised = async () => {
    if (performance.now() > token.renewAt) token = await grant();
    return { authorization: token.authorization };
  };
  const started = performance.now();
  const kickOff = await fetch(`${base}/fhir/R4/$export?_type=${BULK_TYPES}`, {
    headers: { ...(await authorised()), prefer: 'respond-async' },
  });
  const status = kickOff.headers.get('content-location');
  if (kickOff.status !== 202 || !status) throw new Error(`bulk kick-off: HTTP ${kickOff.status}`);
  // The server's event-loop lag gauge counts from its previous scrape: this one starts the count.
  await serverLoopLag(base);
  const prober = startHealthProber(`${base}/api/health`);
  let manifest: { output: { count: number; url: string }[] } | undefined;
  let seconds = 0;
  let probes: Probe[] = [];
  let exportEnded = Number.POSITIVE_INFINITY;
  let exportLoopLag = { p99: Number.NaN, max: Number.NaN };
  /** The files' bytes and lines as downloaded, and how long the downloads took. */
  const download = { bytes: 0, lines: 0, seconds: 0 };
  try {
    while (performance.now() - started < BULK_DEADLINE_S * 1000) {
      const response = await fetch(status, { headers: await authorised() });
      if (response.status === 200) {
        manifest = (await response.json()) as typeof manifest;
        break;
      }
      await response.arrayBuffer();
      if (response.status !== 202) throw new Error(`bulk status: HTTP ${response.status}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    seconds = (performance.now() - started) / 1000;
    exportLoopLag = await serverLoopLag(base);
    exportEnded = performance.timeOrigin + performance.now();
    // Every file read to its end as a client would, chunk by chunk, and counted.
    const downloadStarted = performance.now();
    for (const file of manifest?.output ?? []) {
      const response = await fetch(file.url, { headers: await authorised() });
      if (!response.ok || !response.body) throw new Error(`bulk file: HTTP ${response.status}`);
      for await (const chunk of response.body as AsyncIterable<Uint8Array>) {
        download.bytes += chunk.length;
        for (let at = chunk.indexOf(10); at >= 0; at = chunk.indexOf(10, at + 1))
          download.lines += 1;
      }
    }
    download.seconds = (performance.now() - downloadStarted) / 1000;
  } finally {
    probes = await prober.stop();
  }
  if (!manifest) await fetch(status, { method: 'DELETE', headers: await authorised() });
  const resources = manifest?.output.reduce((sum, o) => sum + o.count, 0) ?? 0;
  if (manifest && download.lines !== resources)
    throw new Error(`bulk files: ${download.lines} lines for ${resources} resources`);
  const during = (keep: (at: number) => boolean) =>
    probes
      .filter((p) => keep(p.at))
      .map((p) => p.ms)
      .sort((a, b) => a - b);
  const exporting = during((at) => at <= exportEnded);
  const downloading = during((at) => at > exportEnded);
  return {
    resources,
    seconds,
    resourcesPerSecond: resources / seconds,
    download,
    healthP50: percentile(exporting, 50),
    healthP99: percentile(exporting, 99),
    healthMax: exporting.at(-1) ?? 0,
    downloadHealthP99: percentile(downloading, 99),
    probes: exporting.length,
    loopLag: exportLoopLag,
    finished: manifest !== undefined,
  };
}

/** One timed call of the prober: when it ended (ms since the epoch) and how long it took. */
interface Probe {
  readonly at: number;
  readonly ms: number;
}

/**
 * Times `url` one call at a time, 20 ms apart, on a thread of its own: the bench's main thread
 * reads and counts the export's files meanwhile, and a probe waiting behind that work would
 * time the bench, not the server.
 */
function startHealthProber(url: string): { stop(): Promise<Probe[]> } {
  const worker = new Worker(
    `const { parentPort, workerData } = require('node:worker_threads');
    let done = false;
    const probes = [];
    parentPort.on('message', () => { done = true; });
    (async () => {
      while (!done) {
        const t = performance.now();
        await (await fetch(workerData)).arrayBuffer();
        const end = performance.now();
        probes.push({ at: performance.timeOrigin + end, ms: end - t });
        await new Promise((r) => setTimeout(r, 20));
      }
      parentPort.postMessage(probes);
    })();`,
    { eval: true, workerData: url },
  );
  const result = new Promise<Probe[]>((resolvePromise, reject) => {
    worker.once('message', (probes: Probe[]) => resolvePromise(probes));
    worker.once('error', reject);
  });
  return {
    async stop() {
      worker.postMessage('stop');
      const probes = await result;
      await worker.terminate();
      return probes;
    },
  };
}

/** The server's event-loop delay (ms: p99 and max) since its metrics were last read. */
async function serverLoopLag(base: string): Promise<{ p99: number; max: number }> {
  const text = await (await fetch(`${base}/api/metrics`)).text();
  const quantile = (q: string) =>
    Number(
      new RegExp(`^portal_event_loop_lag_seconds\\{quantile="${q}"\\} (\\S+)$`, 'm').exec(
        text,
      )?.[1] ?? Number.NaN,
    ) * 1000;
  return { p99: quantile('0.99'), max: quantile('1') };
}

/** Replaces this database kind's section of the performance page (or adds it). */
function writeSection(path: string, kind: string, section: string): void {
  const start = `<!-- bench:${kind} -->`;
  const end = `<!-- /bench:${kind} -->`;
  const block = `${start}\n\n${section}\n\n${end}`;
  const text = existsSync(path)
    ? readFileSync(path, 'utf8')
    : '# Performance\n\nFigures written by `npm run bench` (apps/api/bench/bench.ts).\n';
  const from = text.indexOf(start);
  const to = text.indexOf(end);
  const next =
    from >= 0 && to > from
      ? text.slice(0, from) + block + text.slice(to + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, next);
}

if (args['load-generator']) runLoadGenerator();
else
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
