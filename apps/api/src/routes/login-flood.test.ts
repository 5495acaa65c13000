/**
 * A flood of logins for made-up names, each from a new address (which no per-address limit can
 * stop), keeps the hashing pool and its queue full: without more, most logins of real people get
 * 503 for as long as it lasts. A browser that has logged in to the account before (its device
 * cookie) must still get in. Over real HTTP with the server's real hashing cost and pool.
 *
 * LOGIN_FLOOD_SECONDS (default 8) and LOGIN_FLOOD_CONCURRENCY (default 60) change the flood,
 * e.g. `LOGIN_FLOOD_SECONDS=25` for the figure in docs/operations.md.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
const FLOOD_GRACE_MS = 20_000;
/**
 * The browser without its cookie starts once the flood has filled the pool (been refused) and,
 * when the flood's time is up before it was refused itself, tries on (in the grace period, until
 * it has made this many logins in all): on a busy machine a place in the queue comes free now and
 * then, and a few logins in a row may each find one.
 */
const MAX_STRANGER_LOGINS = 20;

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
      'lets a browser that logged in before in every time, while one without its cookie is turned away',
      async () => {
        const known = await createUser(app, database, 'patient');
        const stranger = await createUser(app, database, 'patient');
        const loginAs = (
          user: { username: string; password: string },
          localAddress: string,
          cookie?: string,
        ) =>
          httpCall(base, 'POST', '/login', {
            body: { username: user.username, password: user.password },
            localAddress,
            ...(cookie ? { headers: { cookie } } : {}),
          });
        // The known browser's first login, before the flood, leaves its device cookie.
        let cookie = deviceCookieOf(await loginAs(known, '127.0.0.2'));

        const n = unique();
        let sent = 0;
        const floodStatuses: number[] = [];
        const until = performance.now() + FLOOD_SECONDS * 1000;
        let peopleLoggingIn = 2;
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
        /**
         * A person logging in again and again while the flood lasts; their answers' statuses.
         * With the cookie: from half a second in, and on past the flood's time until they have
         * logged in MIN_LOGINS times. Without: from the flood's first refusal (the pool is full),
         * and on past the flood's time until refused once or MAX_STRANGER_LOGINS logins in all.
         * Either way no longer than the flood and its grace period.
         */
        const person = async (user: typeof known, localAddress: string, withCookie: boolean) => {
          const statuses: number[] = [];
          const times: number[] = [];
          await sleep(500);
          while (!withCookie && flooding() && !floodStatuses.includes(503)) await sleep(50);
          const more = withCookie
            ? () => statuses.length < MIN_LOGINS
            : () => !statuses.includes(503) && statuses.length < MAX_STRANGER_LOGINS;
          while (flooding() && (performance.now() < until || more())) {
            const started = performance.now();
            const answer = await loginAs(user, localAddress, withCookie ? cookie : undefined);
            times.push(performance.now() - started);
            statuses.push(answer.status);
            if (withCookie) cookie = deviceCookieOf(answer) ?? cookie;
            await sleep(PAUSE_MS);
          }
          peopleLoggingIn -= 1;
          times.sort((a, b) => a - b);
          const ms = (p: number) =>
            times[Math.min(times.length - 1, Math.floor(p * times.length))]!;
          console.info(
            `${withCookie ? 'with' : 'without'} cookie: ${times.length ? `p50 ${ms(0.5).toFixed(0)} ms, max ${ms(1).toFixed(0)} ms` : 'no logins'}`,
          );
          return statuses;
        };

        expect(cookie).toBeDefined();
        const [knownStatuses, strangerStatuses] = await Promise.all([
          person(known, '127.0.0.2', true),
          person(stranger, '127.0.0.3', false),
          ...Array.from({ length: CONCURRENCY }, attacker),
        ]);
        console.info(
          `${CONCURRENCY} × flood for ${((performance.now() - until) / 1000 + FLOOD_SECONDS).toFixed(1)} s: ${sent} logins ${JSON.stringify(tally(floodStatuses))}; with a device cookie ${JSON.stringify(tally(knownStatuses))}; without ${JSON.stringify(tally(strangerStatuses))}`,
        );
        // The flood did fill the pool: most of its logins and some of the stranger's (all made
        // after the flood's first refusal, while it went on) were refused.
        expect(floodStatuses.filter((s) => s === 503).length).toBeGreaterThan(
          floodStatuses.length / 2,
        );
        expect(strangerStatuses.filter((s) => s === 503).length).toBeGreaterThan(0);
        // Every login of the known browser got in: its lane is one the flood cannot reach.
        expect(knownStatuses.length).toBeGreaterThanOrEqual(MIN_LOGINS);
        expect(tally(knownStatuses)).toEqual({ 200: knownStatuses.length });
      },
      /* the flood, its grace period, two users' set-up and the stragglers */ FLOOD_SECONDS * 1000 +
        FLOOD_GRACE_MS +
        30_000,
    );
  },
);
