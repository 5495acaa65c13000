/**
 * The login lock and registration throttle under attack:
 * parallel guesses are counted before any password is checked, in the database, on both
 * engines; a full hashing pool answers 503; old scrypt hashes become argon2id at the next
 * login; and wrong activation codes from one address do not stop the owner on another.
 */
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import { sql } from 'drizzle-orm';
import {
  decodeLoginChallengeText,
  encodeLoginChallengeText,
  type LoginProof,
  loginChallengeSchema,
  type Problem,
} from '@portal/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, queryRows } from '../db/database';
import type { RequestContext } from '../repositories/audit';
import { patientsRepository } from '../repositories/patients';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  GOOD_PASSWORD,
  newPatient,
  patientAddInput,
  testConfig,
} from '../test/harness';
import { httpCall } from '../test/http';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

const SYSTEM: RequestContext = { actor: null, address: '127.0.0.1', requestId: 'hardening-setup' };

/** `GOOD_PASSWORD` hashed by the old scheme (scrypt, N=2^10, r=8, p=1), as older databases hold it. */
const OLD_SCRYPT_HASH =
  'scrypt$10$8$1$NAgrUOt4ZyVFaLkqiGasuQ$GZFICWw72L4GJbOSvvVfqzoJLzgRwziv5V80wQIGlms';

const THROTTLE = {
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 1000,
  windowSeconds: 900,
  blockSeconds: 900,
  slowdownMs: 500,
};

/** How many password checks the app's hasher has run so far. */
const verifications = (app: App) => app.passwordHasher.counts.verified;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const statusCounts = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>(
    (counts, s) => ({ ...counts, [s]: (counts[s] ?? 0) + 1 }),
    {},
  );

describe.each(BACKENDS)('login and registration hardening on %s', (backend) => {
  let database: Database;
  let app: App;
  let throttled: App;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    ({ app: throttled } = await createTestApp(database, testConfig({ throttle: THROTTLE })));
  });

  afterAll(async () => {
    await throttled.close();
    await app.close();
    await database.close();
  });

  const attempt = (target: App, username: string, password: string, remoteAddress: string) =>
    call(target, 'POST', '/login', { body: { username, password }, remoteAddress });

  describe('the account lock under parallel guesses', () => {
    it('checks at most 5 of 30 parallel wrong passwords; the rest get 429 with Retry-After', async () => {
      const user = await createUser(app, database, 'patient');
      const before = verifications(throttled);
      const answers = await Promise.all(
        Array.from({ length: 30 }, () =>
          attempt(throttled, user.username, 'wrong-password-123', '10.20.0.1'),
        ),
      );
      const counts = statusCounts(answers.map((a) => a.statusCode));
      expect(counts).toEqual({ 401: 5, 429: 25 });
      expect(verifications(throttled) - before).toBeLessThanOrEqual(5);
      for (const answer of answers.filter((a) => a.statusCode === 429)) {
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
        expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
      }
      // The account stays blocked, for the right password too, and on every instance.
      expect((await attempt(app, user.username, user.password, '10.20.0.2')).statusCode).toBe(429);
    });

    it('issues no token past the limit for 19 wrong passwords and the right one in parallel', async () => {
      const user = await createUser(app, database, 'patient');
      const before = verifications(throttled);
      // The right password goes last, so without the lock it would be the 20th checked.
      const passwords = [...Array.from({ length: 19 }, () => 'wrong-password-123'), user.password];
      const answers = await Promise.all(
        passwords.map((password) => attempt(throttled, user.username, password, '10.21.0.1')),
      );
      const statuses = answers.map((a) => a.statusCode);
      const checked = statuses.filter((s) => s === 200 || s === 401).length;
      expect(checked).toBeLessThanOrEqual(5);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(15);
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(1);
      expect(verifications(throttled) - before).toBeLessThanOrEqual(5);
      // A token came only to the right password, and only if it held one of the five slots.
      answers.forEach((answer, i) => {
        if (answer.statusCode === 200) expect(passwords[i]).toBe(user.password);
      });
    });

    it("does not count an address's successful logins against it", async () => {
      const { app: strict } = await createTestApp(
        database,
        testConfig({ throttle: { ...THROTTLE, maxFailuresPerAddress: 3 } }),
      );
      try {
        const user = await createUser(app, database, 'patient');
        for (let i = 0; i < 6; i++) {
          expect(
            (await attempt(strict, user.username, user.password, '10.22.0.1')).statusCode,
          ).toBe(200);
        }
      } finally {
        await strict.close();
      }
    });
  });

  describe('the hashing pool', () => {
    it('answers 503 with Retry-After when the pool and its queue are full, and the attempt is not counted', async () => {
      const { app: small } = await createTestApp(
        database,
        testConfig({ throttle: THROTTLE, hashPool: { size: 1, queue: 1 } }),
      );
      const user = await createUser(app, database, 'patient');
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      try {
        // Two hashes hold the one slot and the one queue place.
        const held = [
          small.passwordHasher.pool.run(() => gate),
          small.passwordHasher.pool.run(() => gate),
        ];
        const busy = await Promise.all(
          Array.from({ length: 8 }, () =>
            attempt(small, user.username, 'wrong-password-123', '10.23.0.1'),
          ),
        );
        for (const answer of busy) {
          expect(answer.statusCode).toBe(503);
          expect(answer.headers['content-type']).toMatch(/application\/problem\+json/);
          expect(Number(answer.headers['retry-after'])).toBeGreaterThanOrEqual(1);
        }
        release();
        await Promise.all(held);
        // Eight refusals did not use up the account's five attempts.
        expect((await attempt(small, user.username, user.password, '10.23.0.1')).statusCode).toBe(
          200,
        );
      } finally {
        release();
        await small.close();
      }
    });
  });

  describe('a proof of work while the pool is full', () => {
    it('asks a login for one, takes the login with it solved once, and counts its guesses as any', async () => {
      const { app: small } = await createTestApp(
        database,
        testConfig({ throttle: THROTTLE, hashPool: { size: 1, queue: 1 }, loginChallengeTries: 5 }),
      );
      const user = await createUser(app, database, 'patient');
      let release = () => {};
      const gate = new Promise<void>((resolve) => (release = resolve));
      const withProof = (password: string, proof: LoginProof, remoteAddress = '10.26.0.1') =>
        call(small, 'POST', '/login', {
          body: { username: user.username, password, proof: encodeLoginChallengeText(proof) },
          remoteAddress,
        });
      const challengeOf = (answer: { json: <T>() => T }) =>
        loginChallengeSchema.parse(
          decodeLoginChallengeText(answer.json<Problem>().challenge ?? ''),
        );
      const solved = async () => {
        const asked = await attempt(small, user.username, user.password, '10.26.0.1');
        expect(asked.statusCode).toBe(503);
        const challenge = challengeOf(asked);
        const solution = await solveChallenge({ challenge, deriveKey });
        return { challenge, solution: solution! };
      };
      try {
        // Two hashes hold the one slot and the anonymous lane's one queue place.
        const held = [
          small.passwordHasher.pool.run(() => gate),
          small.passwordHasher.pool.run(() => gate),
        ];
        // Solved, the login waits in the proven lane (the anonymous one is full) and gets in.
        const proof = await solved();
        const admitted = withProof(user.password, proof);
        while (small.passwordHasher.pool.load.waiting < 2) await sleep(5);
        // The same proof again (from another address) is an anonymous login: 503, a new one.
        const replayed = await withProof(user.password, proof, '10.26.0.2');
        expect(replayed.statusCode).toBe(503);
        expect(challengeOf(replayed).signature).not.toBe(proof.challenge.signature);
        release();
        await Promise.all(held);
        expect((await admitted).statusCode).toBe(200);

        // A proof buys a place in the queue, not a guess: of wrong passwords sent with proofs
        // while the pool is full, 5 are checked, then the account's lock refuses the rest.
        const statuses: number[] = [];
        for (let i = 0; i < 7; i++) {
          let free = () => {};
          const busy = new Promise<void>((resolve) => (free = resolve));
          const holding = [
            small.passwordHasher.pool.run(() => busy),
            small.passwordHasher.pool.run(() => busy),
          ];
          const guess = withProof('wrong-password-123', await solved());
          if (i < 5) while (small.passwordHasher.pool.load.waiting < 2) await sleep(5);
          free();
          await Promise.all(holding);
          statuses.push((await guess).statusCode);
        }
        expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
      } finally {
        release();
        await small.close();
      }
    });

    it('refuses a proof off the contract with 400 naming the field', async () => {
      // Not a text of the contract's, and a text that holds no proof.
      const hollow = encodeLoginChallengeText({ challenge: {}, solution: {} } as never);
      for (const proof of ['not a proof!', hollow]) {
        const answer = await call(app, 'POST', '/login', {
          body: { username: 'someone', password: 'a-password-123', proof },
          remoteAddress: '10.26.0.3',
        });
        expect(answer.statusCode).toBe(400);
        expect(answer.json<Problem>().errors?.map((e) => e.field)).toEqual(['proof']);
      }
    });
  });

  describe('old scrypt hashes', () => {
    const storedHash = async (username: string) =>
      (
        await queryRows<{ password_hash: string }>(
          database.db,
          sql`select password_hash from app_user where username = ${username}`,
        )
      )[0]!.password_hash;

    it('still verify, and become argon2id at the next successful login', async () => {
      const user = await createUser(app, database, 'patient');
      await database.db.execute(
        sql`update app_user set password_hash = ${OLD_SCRYPT_HASH} where username = ${user.username}`,
      );
      // A wrong password leaves the old hash as it is.
      expect(
        (await attempt(app, user.username, 'wrong-password-123', '10.24.0.1')).statusCode,
      ).toBe(401);
      expect(await storedHash(user.username)).toBe(OLD_SCRYPT_HASH);

      expect((await attempt(app, user.username, GOOD_PASSWORD, '10.24.0.1')).statusCode).toBe(200);
      const upgraded = await storedHash(user.username);
      expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=1\$/);
      expect(upgraded).not.toContain(GOOD_PASSWORD);

      // The new hash is the same password, and the old hash no longer works as a key to it.
      expect((await attempt(app, user.username, GOOD_PASSWORD, '10.24.0.1')).statusCode).toBe(200);
      expect(await storedHash(user.username)).toBe(upgraded);
      expect(
        (await attempt(app, user.username, 'wrong-password-123', '10.24.0.1')).statusCode,
      ).toBe(401);
    });
  });

  describe('registration over real HTTP from two addresses', () => {
    let base: URL;
    let server: App;

    beforeAll(async () => {
      // A strict per-address limit, so the test also shows the attacker's address is stopped.
      ({ app: server } = await createTestApp(
        database,
        testConfig({ throttle: { ...THROTTLE, maxFailuresPerAddress: 5 } }),
      ));
      base = new URL(await server.listen({ port: 0, host: '127.0.0.1' }));
    });

    afterAll(async () => {
      await server.close();
    });

    it('lets the owner register from another address after five wrong codes for their id', async () => {
      const record = await patientsRepository.add(
        database.db,
        SYSTEM,
        patientAddInput(newPatient()),
        30,
      );
      const body = (username: string, code: string) => ({
        username,
        password: GOOD_PASSWORD,
        role: 'patient',
        id: record.patient_id,
        activation_code: code,
      });
      const wrongCode = 'ABCD-EFGH-JKMN';
      expect(wrongCode).not.toBe(record.activation_code);
      for (let i = 0; i < 5; i++) {
        const refused = await httpCall(base, 'POST', '/register', {
          body: body(`intruder${i}x${record.patient_id}`, wrongCode),
          localAddress: '127.0.0.5',
        });
        expect(refused.status).toBe(400);
      }
      // The attacker's address is now held back...
      const sixth = await httpCall(base, 'POST', '/register', {
        body: body(`intruder6x${record.patient_id}`, wrongCode),
        localAddress: '127.0.0.5',
      });
      expect(sixth.status).toBe(429);
      expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
      // ...but the record is not: its owner registers from their own address and logs in.
      const owner = `owner${record.patient_id}`.toLowerCase();
      const registered = await httpCall(base, 'POST', '/register', {
        body: body(owner, record.activation_code),
        localAddress: '127.0.0.6',
      });
      expect(registered.status).toBe(201);
      const loggedIn = await httpCall(base, 'POST', '/login', {
        body: { username: owner, password: GOOD_PASSWORD },
        localAddress: '127.0.0.6',
      });
      expect(loggedIn.status).toBe(200);
    });

    it('sees the source address through inject too (remoteAddress)', async () => {
      const record = await patientsRepository.add(
        database.db,
        SYSTEM,
        patientAddInput(newPatient()),
        30,
      );
      const register = (username: string, code: string, remoteAddress: string) =>
        call(server, 'POST', '/register', {
          body: {
            username,
            password: GOOD_PASSWORD,
            role: 'patient',
            id: record.patient_id,
            activation_code: code,
          },
          remoteAddress,
        });
      for (let i = 0; i < 5; i++) {
        expect(
          (await register(`x${i}${record.patient_id}`, 'ABCD-EFGH-JKMN', '10.25.0.1')).statusCode,
        ).toBe(400);
      }
      expect(
        (await register(`x6${record.patient_id}`, 'ABCD-EFGH-JKMN', '10.25.0.1')).statusCode,
      ).toBe(429);
      expect(
        (
          await register(
            `own${record.patient_id}`.toLowerCase(),
            record.activation_code,
            '10.25.0.2',
          )
        ).statusCode,
      ).toBe(201);
    });
  });
});
