/**
 * Device cookies at the login calls: a login that opens a session leaves a signed cookie; a
 * later login to that account from that browser is checked in the trusted lane against the
 * cookie's own failure count, so a lock that strangers put on the account or the address does
 * not keep the owner out, and a stolen cookie still gets only a few guesses.
 */
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { DEVICE_COOKIE_NAME, DeviceCookies } from '../security/device-cookies';
import {
  BACKENDS,
  call,
  codeAt,
  createTestApp,
  createTestDatabase,
  createUser,
  enrolSecondFactor,
  TEST_JWT_SECRET,
  testConfig,
} from '../test/harness';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

const THROTTLE = {
  maxFailuresPerAccount: 5,
  maxFailuresPerAddress: 5,
  windowSeconds: 900,
  blockSeconds: 900,
  slowdownMs: 0,
};
const WRONG = 'wrong-password-123';

/** The device cookie an answer sets, as a browser would send it back, or undefined. */
function deviceCookieOf(answer: LightMyRequestResponse): string | undefined {
  const header = [answer.headers['set-cookie'] ?? []]
    .flat()
    .find((c) => c.startsWith(`${DEVICE_COOKIE_NAME}=`));
  return header?.split(';')[0]!.slice(DEVICE_COOKIE_NAME.length + 1);
}

describe.each(BACKENDS)('device cookies at login on %s', (backend) => {
  let database: Database;
  let app: App;
  let proxied: App;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database, testConfig({ throttle: THROTTLE })));
    ({ app: proxied } = await createTestApp(
      database,
      testConfig({ throttle: THROTTLE, trustProxy: true }),
    ));
  });

  afterAll(async () => {
    await proxied.close();
    await app.close();
    await database.close();
  });

  const login = (
    username: string,
    password: string,
    options: {
      device?: string;
      address?: string;
      target?: App;
      headers?: Record<string, string>;
    } = {},
  ) =>
    call(options.target ?? app, 'POST', '/login', {
      body: { username, password },
      remoteAddress: options.address ?? '10.60.0.1',
      headers: {
        ...(options.device ? { cookie: `${DEVICE_COOKIE_NAME}=${options.device}` } : {}),
        ...options.headers,
      },
    });

  /** A user and the device cookie of one successful login. */
  async function userWithDevice(address = '10.60.0.1') {
    const user = await createUser(app, database, 'patient');
    const answer = await login(user.username, user.password, { address });
    expect(answer.statusCode).toBe(200);
    return { user, device: deviceCookieOf(answer)! };
  }

  it('sets the cookie at a successful login only: HttpOnly, SameSite=Strict, the login path, Secure over HTTPS', async () => {
    const user = await createUser(app, database, 'patient');
    const failed = await login(user.username, WRONG);
    expect(failed.statusCode).toBe(401);
    expect(failed.headers['set-cookie']).toBeUndefined();

    const plain = await login(user.username, user.password);
    const cookie = String(plain.headers['set-cookie']);
    expect(cookie).toMatch(
      /^portal_device=[A-Za-z0-9_.-]+; Max-Age=\d+; Path=\/api\/login; HttpOnly; SameSite=Strict$/,
    );
    const [trusted] = new DeviceCookies(TEST_JWT_SECRET).read(deviceCookieOf(plain));
    const profile = await call(app, 'GET', '/profile', {
      token: plain.json<{ token: string }>().token,
    });
    expect(profile.statusCode).toBe(200);
    // The cookie names the account by its id, never by the username.
    expect(trusted?.accountId).toMatch(/^[0-9a-f-]{36}$/);
    expect(cookie).not.toContain(user.username);

    // Behind a TLS proxy (TRUST_PROXY=true and X-Forwarded-Proto: https) it is Secure.
    const https = await login(user.username, user.password, {
      target: proxied,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(https.headers['set-cookie'])).toMatch(/; Secure$/);
    // A client that forges the header without a trusted proxy does not change it.
    const forged = await login(user.username, user.password, {
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(String(forged.headers['set-cookie'])).not.toMatch(/Secure/);
  });

  it('sets it at the second step for an account with a second factor, not at the password step', async () => {
    const user = await createUser(app, database, 'patient');
    const { secret } = await enrolSecondFactor(app, user.token);
    const first = await login(user.username, user.password);
    expect(first.json()).toMatchObject({ mfa_required: true });
    expect(first.headers['set-cookie']).toBeUndefined();
    const second = await call(app, 'POST', '/login/mfa', {
      body: {
        mfa_token: first.json<{ mfa_token: string }>().mfa_token,
        code: await codeAt(secret, 1),
      },
      remoteAddress: '10.60.0.1',
    });
    expect(second.statusCode).toBe(200);
    expect(new DeviceCookies(TEST_JWT_SECRET).read(deviceCookieOf(second))).toHaveLength(1);
  });

  it('lets the owner in with the cookie while strangers have locked the account and the address', async () => {
    const { user, device } = await userWithDevice('10.61.0.1');
    // Five wrong guesses from elsewhere block the account for anyone without the cookie...
    for (let i = 0; i < 5; i++) {
      expect((await login(user.username, WRONG, { address: `10.61.1.${i}` })).statusCode).toBe(401);
    }
    expect((await login(user.username, user.password, { address: '10.61.0.1' })).statusCode).toBe(
      429,
    );
    // ... and five for other names block the owner's address.
    for (let i = 0; i < 5; i++) {
      await login(`nobody.${i}.${user.username}`, WRONG, { address: '10.61.0.1' });
    }
    expect(
      (await login(`nobody.5.${user.username}`, WRONG, { address: '10.61.0.1' })).statusCode,
    ).toBe(429);
    // The owner's browser still gets in, from that address, and gets a new cookie.
    const trusted = await login(user.username, user.password, { address: '10.61.0.1', device });
    expect(trusted.statusCode).toBe(200);
    expect(deviceCookieOf(trusted)).toBeDefined();
    expect(deviceCookieOf(trusted)).not.toBe(device);
  });

  it('counts wrong passwords with the cookie against the cookie: five, then 429 for it alone', async () => {
    const { user, device } = await userWithDevice();
    for (let i = 0; i < 5; i++) {
      expect(
        (await login(user.username, WRONG, { device, address: `10.62.0.${i}` })).statusCode,
      ).toBe(401);
    }
    const refused = await login(user.username, user.password, { device, address: '10.62.1.1' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Neither the account nor the addresses were counted: without the cookie the owner gets in.
    expect((await login(user.username, user.password, { address: '10.62.0.1' })).statusCode).toBe(
      200,
    );
  });

  it('checks at most the cookie’s and the account’s limits of 30 parallel wrong passwords with one cookie', async () => {
    const { user, device } = await userWithDevice();
    const before = app.passwordHasher.counts.verified;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        login(user.username, WRONG, { device, address: `10.63.${i}.1` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(app.passwordHasher.counts.verified - before).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(20);
  });

  it('treats a cookie for another account, a forged or an expired one as no cookie', async () => {
    const { device: otherDevice } = await userWithDevice();
    for (const kind of ['another account', 'forged', 'expired', 'garbage']) {
      const { user, device: own } = await userWithDevice();
      const accountId = new DeviceCookies(TEST_JWT_SECRET).read(own)[0]!.accountId;
      const device = {
        'another account': otherDevice,
        forged: new DeviceCookies('not-the-servers-secret-0123456789abcdef').issue(
          undefined,
          accountId,
          user.username,
        ),
        expired: new DeviceCookies(TEST_JWT_SECRET, () => Date.now() - 181 * 86_400_000).issue(
          undefined,
          accountId,
          user.username,
        ),
        garbage: 'garbage',
      }[kind]!;
      // Wrong passwords with it count against the account, as without a cookie...
      for (let i = 0; i < 5; i++) {
        expect(
          (await login(user.username, WRONG, { device, address: `10.64.0.${i}` })).statusCode,
        ).toBe(401);
      }
      // ... so the account is now blocked for it, for the right password too.
      const refused = await login(user.username, user.password, { device, address: '10.64.1.1' });
      expect({ kind, status: refused.statusCode }).toEqual({ kind, status: 429 });
      // The browser's own cookie still gets in.
      expect((await login(user.username, user.password, { device: own })).statusCode).toBe(200);
    }
  });

  it('keeps the other accounts of a shared browser in the cookie it sets', async () => {
    const { user: first, device } = await userWithDevice();
    const second = await createUser(app, database, 'patient');
    const answer = await login(second.username, second.password, { device });
    expect(answer.statusCode).toBe(200);
    const trusted = new DeviceCookies(TEST_JWT_SECRET).read(deviceCookieOf(answer));
    expect(trusted).toHaveLength(2);
    // The first account is still trusted with the new cookie: a stranger's lock does not hold it.
    for (let i = 0; i < 5; i++) await login(first.username, WRONG, { address: `10.65.0.${i}` });
    const again = await login(first.username, first.password, { device: deviceCookieOf(answer) });
    expect(again.statusCode).toBe(200);
    expect(new DeviceCookies(TEST_JWT_SECRET).read(deviceCookieOf(again))).toHaveLength(2);
  });
});
