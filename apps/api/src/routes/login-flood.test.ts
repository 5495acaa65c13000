/**
 * A flood of logins for made-up names, each from a new address (which no per-address limit can
 * stop), keeps the hashing pool and its queue full: without more, most logins of real people get
 * 503 for as long as it lasts. A browser that has logged in to the account before (its device
 * cookie) must still get in every time, and a new browser (none) at least 4 times in 5, by
 * solving the proof of work the server asks of it, as the login page does; someone guessing at
 * an account the same way is still locked out after 5 wrong passwords. Over real HTTP with the
 * server's real hashing cost and pool.
 *
 * LOGIN_FLOOD_SECONDS (default 8) and LOGIN_FLOOD_CONCURRENCY (default 60) change the flood,
 * e.g. `LOGIN_FLOOD_SECONDS=25` for the figure in docs/operations.md.
 */
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeLoginChallengeText,
  encodeLoginChallengeText,
  type LoginChallenge,
  type LoginProof,
  loginChallengeSchema,
  type ProblemExtensions,
} from '@portal/contract';
import { loadConfig } from '../config';
import type { Database } from '../db/database';
import { DEVICE_COOKIE_NAME } from '../security/device-cookies';
import { OWASP_ARGON2ID } from '../security/passwords';
import {
  BACKENDS,
  createTestApp,
  createTestDatabase,
  createUser,
  testConfig,
  unique,
} from '../test/harness';
import { type HttpAnswer, httpCall } from '../test/http';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

const FLOOD_SECONDS = Number(process.env['LOGIN_FLOOD_SECONDS'] ?? 8);
const CONCURRENCY = Number(process.env['LOGIN_FLOOD_CONCURRENCY'] ?? 60);
/** The real users' pause between logins (a person signing in again and again). */
const PAUSE_MS = 200;
/**
 * Each real user logs in at least this often during the flood, which goes on (up to
 * FLOOD_GRACE_MS more) until they have, however slow a busy machine makes each login.
 */
const MIN_LOGINS = 4;
const FLOOD_GRACE_MS = 90_000;
/**
 * The new browser's logins (each with the proofs of work it is asked for), from the flood's first
 * refusal (the pool is full) on; at least STRANGER_SIGN_INS of them must get in.
 */
const STRANGER_TRIES = 5;
const STRANGER_SIGN_INS = 4;
/** Wrong passwords someone tries on an account during the flood, solving every proof asked. */
const GUESSES = 6;
/** Proofs of work one login solves at most, as the login page (api-client's login). */
const MAX_CHALLENGES = 3;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The device cookie an answer sets, as the browser sends it back. */
function deviceCookieOf(answer: HttpAnswer): string | undefined {
  return [answer.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`))
    ?.split(';')[0];
}

/** The n-th flood address: a new one per request, all on loopback (127.1.0.0 onwards). */
const floodAddress = (n: number) => `127.${1 + ((n >> 16) & 0x7f)}.${(n >> 8) & 0xff}.${n & 0xff}`;

/**
 * A challenge solved as a browser would, with the ALTCHA solver and Web Crypto, but on a thread
 * of its own: this process is also the server and the flood's 60 clients, and a solver sharing
 * their event loop would wait its turn on every one of its thousands of tries, as no browser does.
 */
function solveOnItsOwnThread(challenge: LoginChallenge): Promise<LoginProof['solution'] | null> {
  const solver = `
    const { parentPort, workerData } = require('node:worker_threads');
    const { solveChallenge } = require('altcha-lib');
    const { deriveKey } = require('altcha-lib/algorithms/web/pbkdf2');
    solveChallenge({ challenge: workerData, deriveKey }).then((s) => parentPort.postMessage(s));`;
  const worker = new Worker(solver, { eval: true, workerData: challenge });
  return new Promise<LoginProof['solution'] | null>((resolve, reject) => {
    worker.once('message', resolve);
    worker.once('error', reject);
  }).finally(() => void worker.terminate());
}

/**
 * One login as the login page makes it: sent again with the proof of work solved each time a
 * 503 asks for one, up to MAX_CHALLENGES times. The last answer, and how many proofs it took.
 */
async function loginLikeTheLoginPage(
  call: (proof?: string) => Promise<HttpAnswer>,
): Promise<{ answer: HttpAnswer; proofs: number }> {
  let proof: string | undefined;
  for (let proofs = 0; ; proofs += 1) {
    const answer = await call(proof);
    const text =
      answer.status === 503 ? (JSON.parse(answer.body) as ProblemExtensions).challenge : undefined;
    if (!text || proofs >= MAX_CHALLENGES) return { answer, proofs };
    const challenge = loginChallengeSchema.parse(decodeLoginChallengeText(text));
    const solution = await solveOnItsOwnThread(challenge);
    if (!solution) return { answer, proofs };
    proof = encodeLoginChallengeText({ challenge, solution });
  }
}

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((t, s) => ({ ...t, [s]: (t[s] ?? 0) + 1 }), {});

describe.each(BACKENDS)(
  'a flood of logins for made-up names from ever new addresses on %s',
  (backend) => {
    let database: Database;
    let app: App;
    let base: URL;

    beforeAll(async () => {
      database = await createTestDatabase(backend);
      ({ app } = await createTestApp(
        database,
        // The server's real hashing cost, pool and queue: the cheap test settings would hide it.
        testConfig({ passwordHashing: OWASP_ARGON2ID, hashPool: loadConfig({}).hashPool }),
      ));
      base = new URL(await app.listen({ port: 0, host: '127.0.0.1' }));
    });

    afterAll(async () => {
      await app.close();
      await database.close();
    });

    it(
      'lets a browser that logged in before in every time, and a new one in after a proof of work, while guesses stay throttled',
      async () => {
        const known = await createUser(app, database, 'patient');
        const stranger = await createUser(app, database, 'patient');
        const guessedAt = await createUser(app, database, 'patient');
        const loginAs = (
          user: { username: string; password: string },
          localAddress: string,
          cookie?: string,
          proof?: string,
        ) =>
          httpCall(base, 'POST', '/login', {
            body: { username: user.username, password: user.password, ...(proof ? { proof } : {}) },
            localAddress,
            ...(cookie ? { headers: { cookie } } : {}),
          });
        // The known browser's first login, before the flood, leaves its device cookie.
        let cookie = deviceCookieOf(await loginAs(known, '127.0.0.2'));

        const n = unique();
        let sent = 0;
        const floodStatuses: number[] = [];
        const until = performance.now() + FLOOD_SECONDS * 1000;
        let peopleLoggingIn = 3;
        const flooding = () =>
          performance.now() < until ||
          (peopleLoggingIn > 0 && performance.now() < until + FLOOD_GRACE_MS);
        const attacker = async () => {
          while (flooding()) {
            const i = sent++;
            const answer = await httpCall(base, 'POST', '/login', {
              body: { username: `nobody${n}x${i}`, password: 'not-the-password-123' },
              localAddress: floodAddress(i),
            }).catch(() => ({ status: 0 }) as HttpAnswer);
            floodStatuses.push(answer.status);
          }
        };
        const timesOf = (label: string, times: number[]) => {
          times.sort((a, b) => a - b);
          const ms = (p: number) =>
            times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
          console.info(
            `${label}: ${times.length ? `p50 ${ms(0.5).toFixed(0)} ms, max ${ms(1).toFixed(0)} ms` : 'no logins'}`,
          );
        };
        /**
         * The browser with its cookie logs in again and again while the flood lasts, from half a
         * second in, and on past the flood's time until it has logged in MIN_LOGINS times.
         */
        const knownBrowser = async () => {
          const statuses: number[] = [];
          const times: number[] = [];
          await sleep(500);
          while (flooding() && (performance.now() < until || statuses.length < MIN_LOGINS)) {
            const started = performance.now();
            const answer = await loginAs(known, '127.0.0.2', cookie);
            times.push(performance.now() - started);
            statuses.push(answer.status);
            cookie = deviceCookieOf(answer) ?? cookie;
            await sleep(PAUSE_MS);
          }
          peopleLoggingIn -= 1;
          timesOf('with cookie', times);
          return statuses;
        };
        /**
         * Someone at a browser without a cookie (or someone guessing, with a wrong password),
         * from the flood's first refusal (the pool is full) on: `tries` logins as the login page
         * makes them. Their last answers' statuses, how many proofs each took, and whether the
         * flood was still on when each started.
         */
        const newBrowser = async (
          user: { username: string; password: string },
          localAddress: string,
          tries: number,
        ) => {
          const statuses: number[] = [];
          const proofs: number[] = [];
          const duringFlood: boolean[] = [];
          const times: number[] = [];
          while (flooding() && !floodStatuses.includes(503)) await sleep(50);
          while (statuses.length < tries && flooding()) {
            duringFlood.push(performance.now() < until || peopleLoggingIn > 0);
            const started = performance.now();
            const tried = await loginLikeTheLoginPage((proof) =>
              loginAs(user, localAddress, undefined, proof),
            );
            times.push(performance.now() - started);
            statuses.push(tried.answer.status);
            proofs.push(tried.proofs);
            await sleep(PAUSE_MS);
          }
          peopleLoggingIn -= 1;
          timesOf(
            `${user === stranger ? 'without cookie' : 'guessing'} (proofs ${proofs.join(',')})`,
            times,
          );
          return { statuses, proofs, duringFlood };
        };

        expect(cookie).toBeDefined();
        const [knownStatuses, strangerTries, guesses] = await Promise.all([
          knownBrowser(),
          newBrowser(stranger, '127.0.0.3', STRANGER_TRIES),
          newBrowser({ ...guessedAt, password: 'a-wrong-password-1' }, '127.0.0.4', GUESSES),
          ...Array.from({ length: CONCURRENCY }, attacker),
        ]);
        console.info(
          `${CONCURRENCY} × flood for ${((performance.now() - until) / 1000 + FLOOD_SECONDS).toFixed(1)} s: ${sent} logins ${JSON.stringify(tally(floodStatuses))}; with a device cookie ${JSON.stringify(tally(knownStatuses))}; without ${JSON.stringify(tally(strangerTries.statuses))}; guesses ${JSON.stringify(tally(guesses.statuses))}`,
        );
        // The flood did fill the pool: most of its logins were refused.
        expect(floodStatuses.filter((s) => s === 503).length).toBeGreaterThan(
          floodStatuses.length / 2,
        );
        // Every login of the known browser got in: its lane is one the flood cannot reach.
        expect(knownStatuses.length).toBeGreaterThanOrEqual(MIN_LOGINS);
        expect(tally(knownStatuses)).toEqual({ 200: knownStatuses.length });
        // The new browser tried while the flood went on, was asked for proofs, and got in.
        expect(strangerTries.duringFlood).toEqual(Array(STRANGER_TRIES).fill(true));
        expect(strangerTries.proofs.some((p) => p > 0)).toBe(true);
        expect(strangerTries.statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(
          STRANGER_SIGN_INS,
        );
        // A proof buys a place in the queue, not a guess: of the wrong passwords, 5 were checked
        // (401) and the rest refused by the account's lock (429), proofs or not.
        expect(guesses.statuses).toHaveLength(GUESSES);
        expect(tally(guesses.statuses)).toEqual({ 401: 5, 429: GUESSES - 5 });
      },
      /* the flood, its grace period, three users' set-up and the stragglers */ FLOOD_SECONDS *
        1000 +
        FLOOD_GRACE_MS +
        30_000,
    );
  },
);
