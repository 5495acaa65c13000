/**
 * A burst of 40 anonymous logins must not starve the server: over real
 * HTTP, with the real argon2id parameters, a doctor's clinical read made during the burst still
 * answers quickly, the logins past the hashing pool and its queue get 503 with Retry-After
 * instead of piling up, and memory stays bounded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { OWASP_ARGON2ID } from '../security/passwords';
import type { Database } from '../db/database';
import type { RequestContext } from '../repositories/audit';
import { patientsRepository } from '../repositories/patients';
import {
  createTestApp,
  createTestDatabase,
  createUser,
  newPatient,
  patientAddInput,
  testConfig,
  unique,
} from '../test/harness';
import { httpCall } from '../test/http';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

const SYSTEM: RequestContext = { actor: null, address: '127.0.0.1', requestId: 'burst-setup' };

/** Concurrent logins in the burst, each from its own 127.0.0.x address. */
const BURST = 40;
/**
 * The target is 1.5 s for the read during the burst; the old code took 21 s here (and up
 * to 30 s in the issue). The test allows three times the target: `npm test` runs another test
 * file beside this one on the 2 cores, and with the machine busy (load average 10) the read
 * took 0.3–1.7 s; a bound that fails under ordinary CI load would teach people to ignore it.
 * `npm run bench` measures the figure itself (and the unbounded pool is caught by the 503s).
 */
const READ_BOUND_MS = 4500;
/** The resident memory the burst may add: one 19 MiB argon2 block per pool slot, and slack. */
const RSS_GROWTH_BOUND_MB = 150;

describe('a burst of 40 concurrent logins over real HTTP', () => {
  let database: Database;
  let app: App;
  let base: URL;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ app } = await createTestApp(
      database,
      // The server's real hashing cost and pool: the cheap test settings would hide the problem.
      testConfig({ passwordHashing: OWASP_ARGON2ID, hashPool: loadConfig({}).hashPool }),
    ));
    base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
  });

  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('keeps a clinical read fast, refuses the excess with 503 + Retry-After, and bounds memory', async () => {
    const doctor = await createUser(app, database, 'medical_personnel');
    const patient = await patientsRepository.add(
      database.db,
      SYSTEM,
      patientAddInput(newPatient()),
      30,
    );
    const read = () =>
      httpCall(base, 'GET', `/patient/${patient.patient_id}`, {
        token: doctor.token,
        localAddress: '127.0.0.2',
      });
    expect((await read()).status).toBe(200);

    const rssBefore = process.memoryUsage().rss;
    let rssPeak = rssBefore;
    const sampler = setInterval(() => {
      rssPeak = Math.max(rssPeak, process.memoryUsage().rss);
    }, 10);
    try {
      const n = unique();
      const logins = Array.from({ length: BURST }, (_, i) =>
        httpCall(base, 'POST', '/login', {
          body: { username: `nobody${n}x${i}`, password: 'not-the-password-123' },
          localAddress: `127.0.0.${10 + i}`,
        }),
      );
      // Let the burst reach the server, then read as the doctor while it is being served.
      await new Promise((resolve) => setTimeout(resolve, 50));
      const started = performance.now();
      const during = await read();
      const readMs = performance.now() - started;
      const answers = await Promise.all(logins);

      const statuses = answers.map((a) => a.status);
      const busy = answers.filter((a) => a.status === 503);
      console.info(
        `read during the burst: ${readMs.toFixed(0)} ms; logins: ${statuses.filter((s) => s === 401).length} × 401, ${busy.length} × 503; RSS +${((rssPeak - rssBefore) / 2 ** 20).toFixed(0)} MB`,
      );
      expect(during.status).toBe(200);
      expect(readMs).toBeLessThan(READ_BOUND_MS);
      expect(statuses.every((s) => s === 401 || s === 503)).toBe(true);
      const { size, queue } = app.passwordHasher.pool;
      expect(busy.length).toBeGreaterThanOrEqual(1);
      expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(size + queue);
      for (const answer of busy) {
        expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      expect((rssPeak - rssBefore) / 2 ** 20).toBeLessThan(RSS_GROWTH_BOUND_MB);
    } finally {
      clearInterval(sampler);
    }
  });
});
