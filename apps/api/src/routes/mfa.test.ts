/**
 * The second factor: enrolment, sign-in with a TOTP or recovery code, replay, the
 * one-time mfa_token, throttling, the STAFF_MFA policy both ways, the admin's reset and what HR
 * sees. Codes are computed here from the secret the API hands out, as an authenticator app
 * would, against the real clock.
 */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_API_BASE,
  ENDPOINTS,
  MFA_ENROLMENT_ENDPOINTS,
  RECOVERY_CODE_PATTERN,
  normaliseMfaCode,
  totpCode,
  USED_MFA_CODE_MESSAGE,
  WRONG_MFA_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '@portal/contract';
import { runAdminCommand } from '../admin';
import { type Database, queryRows } from '../db/database';
import { MFA_ENROLMENT_FIRST } from '../plugins/authentication';
import {
  awayFromStepEdge,
  BACKENDS,
  call,
  codeAt,
  createTestApp,
  createTestDatabase,
  createUser,
  enrolSecondFactor,
  testConfig,
  type TestUser,
} from '../test/harness';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';

/** The answer to an mfa_token that no longer works. */
const SIGN_IN_ENDED = 'Your sign-in has expired. Please log in again.';

describe.each(BACKENDS)('second factor on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let required: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    // The same database under STAFF_MFA=required (a deployment's default with DATABASE_URL).
    ({ app: required } = await createTestApp(database, testConfig({ staffMfa: 'required' })));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await required?.close();
    await database?.close();
  });

  /** A password login's answer. */
  const passwordStep = (user: TestUser, on = app) =>
    call(on, 'POST', '/login', { body: { username: user.username, password: user.password } });

  /** A password login that must ask for the code; its mfa_token. */
  async function challenge(user: TestUser, on = app): Promise<string> {
    const response = await passwordStep(user, on);
    expectSuccess(response, 200);
    const body = response.json<{ mfa_required: boolean; mfa_token: string; token?: string }>();
    expect(body.mfa_required).toBe(true);
    expect(body.token).toBeUndefined();
    return body.mfa_token;
  }

  const codeStep = (mfaToken: string, code: string, remoteAddress?: string) =>
    call(app, 'POST', '/login/mfa', {
      body: { mfa_token: mfaToken, code },
      ...(remoteAddress ? { remoteAddress } : {}),
    });

  describe('enrolment', () => {
    it('answers a secret and its otpauth URL; a right code turns it on with ten recovery codes', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      const setup = await call(app, 'POST', '/mfa/setup', {
        token: user.token,
        body: { password: user.password },
      });
      expectSuccess(setup, 200);
      const { secret, otpauth_url } = setup.json<{ secret: string; otpauth_url: string }>();
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);
      expect(otpauth_url.split('?')[0]).toBe(
        `otpauth://totp/Hospital%20Portal:${encodeURIComponent(user.username)}`,
      );
      const url = new URL(otpauth_url);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        secret,
        issuer: 'Hospital Portal',
        algorithm: 'SHA1',
        digits: '6',
        period: '30',
      });
      expect(await auditOf(database, setup)).toMatchObject([
        { action: 'mfa.setup', outcome: 'success', actor_username: user.username },
      ]);

      const confirmed = await call(app, 'POST', '/mfa/confirm', {
        token: user.token,
        body: { code: await codeAt(secret) },
      });
      expectSuccess(confirmed, 200);
      const codes = confirmed.json<{ recovery_codes: string[] }>().recovery_codes;
      expect(codes).toHaveLength(10);
      expect(new Set(codes).size).toBe(10);
      for (const code of codes) expect(normaliseMfaCode(code)).toMatch(RECOVERY_CODE_PATTERN);
      expect(await auditOf(database, confirmed)).toMatchObject([
        { action: 'mfa.enrol', outcome: 'success' },
      ]);

      // At rest: the secret is encrypted and the recovery codes hashed.
      const [stored] = await queryRows<{ secret: string; pending: string | null }>(
        database.db,
        sql`select mfa_secret as secret, mfa_pending_secret as pending from app_user
            where username = ${user.username}`,
      );
      expect(stored!.pending).toBeNull();
      expect(stored!.secret).toMatch(/^v1\./);
      expect(stored!.secret).not.toContain(secret);
      const hashes = await queryRows<{ code_hash: string }>(
        database.db,
        sql`select r.code_hash from mfa_recovery_code r join app_user u on u.id = r.user_id
            where u.username = ${user.username}`,
      );
      expect(hashes).toHaveLength(10);
      const plain = codes.map(normaliseMfaCode);
      for (const { code_hash } of hashes) expect(plain).not.toContain(code_hash);
    });

    it('refuses a wrong first code (400 naming code) and audits it; the factor stays off', async () => {
      const user = await createUser(app, database, 'HR');
      const setup = await call(app, 'POST', '/mfa/setup', {
        token: user.token,
        body: { password: user.password },
      });
      const { secret } = setup.json<{ secret: string }>();
      const right = await codeAt(secret);
      const wrong = right === '000000' ? '111111' : '000000';
      const refused = await call(app, 'POST', '/mfa/confirm', {
        token: user.token,
        body: { code: wrong },
      });
      expect(expectProblem(refused, 400, 'code').detail).toBe(WRONG_MFA_CODE_MESSAGE);
      expect(await auditOf(database, refused)).toMatchObject([
        { action: 'mfa.enrol', outcome: 'failure' },
      ]);
      // Still a password-only account.
      expect((await passwordStep(user)).json<{ token?: string }>().token).toBeDefined();
    });

    it('refuses a confirm before any setup, and a second setup once the factor is on', async () => {
      const user = await createUser(app, database, 'patient');
      expectProblem(
        await call(app, 'POST', '/mfa/confirm', { token: user.token, body: { code: '123456' } }),
        400,
        'code',
      );
      await enrolSecondFactor(app, user.token);
      expectProblem(
        await call(app, 'POST', '/mfa/setup', {
          token: user.token,
          body: { password: user.password },
        }),
        409,
        'mfa',
      );
    });

    it('asks for the current password first: none or a wrong one is a 400 naming password, audited, and sets nothing up', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      const setup = (body?: unknown) =>
        call(app, 'POST', '/mfa/setup', {
          token: user.token,
          remoteAddress: '127.0.0.91',
          ...(body === undefined ? {} : { body }),
        });
      expectProblem(await setup(), 400, 'body');
      expectProblem(await setup({}), 400, 'password');
      expectProblem(await setup({ password: '' }), 400, 'password');
      const wrong = await setup({ password: 'not-my-password-1' });
      expect(expectProblem(wrong, 400, 'password').detail).toBe(WRONG_PASSWORD_MESSAGE);
      expect(await auditOf(database, wrong)).toMatchObject([
        { action: 'password.confirm', outcome: 'failure', actor_username: user.username },
      ]);
      const [pending] = await queryRows<{ pending: string | null }>(
        database.db,
        sql`select mfa_pending_secret as pending from app_user where username = ${user.username}`,
      );
      expect(pending!.pending).toBeNull();
      expectSuccess(await setup({ password: user.password }), 200);
    });

    it('counts wrong passwords at set-up on the account like failed logins: the lock then refuses both', async () => {
      const user = await createUser(app, database, 'HR');
      for (let i = 0; i < 5; i += 1) {
        const answer = await call(app, 'POST', '/mfa/setup', {
          token: user.token,
          body: { password: `wrong-password-${i}` },
          remoteAddress: `127.0.1.${i + 1}`,
        });
        expectProblem(answer, 400, 'password');
      }
      // The thief's five guesses used up the account's count: the right password, at set-up or
      // at login, from anywhere, now waits for the block to end.
      expectProblem(
        await call(app, 'POST', '/mfa/setup', {
          token: user.token,
          body: { password: user.password },
          remoteAddress: '127.0.1.9',
        }),
        429,
      );
      expectProblem(
        await call(app, 'POST', '/login', {
          body: { username: user.username, password: user.password },
          remoteAddress: '127.0.1.10',
        }),
        429,
      );
    });

    it('checks at most five of 30 concurrent wrong passwords at set-up; the rest get 429', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      const answers = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          call(app, 'POST', '/mfa/setup', {
            token: user.token,
            body: { password: `wrong-password-${i}` },
            remoteAddress: `127.0.2.${i + 1}`,
          }),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 400)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(25);
    });

    it('refuses a code that is not six digits, naming code', async () => {
      const user = await createUser(app, database, 'patient');
      for (const code of ['12345', 'abcdef', '', 'ABCDE-FGHJK']) {
        expectProblem(
          await call(app, 'POST', '/mfa/confirm', { token: user.token, body: { code } }),
          400,
          'code',
        );
      }
    });
  });

  describe('sign-in', () => {
    it('asks for the code after the password, and the code gives the usual {token, role}', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      const { secret } = await enrolSecondFactor(app, user.token);
      const mfaToken = await challenge(user);
      const signedIn = await codeStep(mfaToken, await codeAt(secret, 1));
      expectSuccess(signedIn, 200);
      const body = signedIn.json<{ token: string; role: string }>();
      expect(body.role).toBe('medical_personnel');
      expectSuccess(await call(app, 'GET', '/patient?limit=1', { token: body.token }), 200);
      expect((await auditOf(database, signedIn)).map((e) => [e.action, e.outcome])).toEqual([
        ['mfa.verify', 'success'],
        ['login', 'success'],
      ]);
    });

    it('accepts each code once: the same code again is refused, even with a new mfa_token', async () => {
      const user = await createUser(app, database, 'HR');
      const { secret } = await enrolSecondFactor(app, user.token);
      const code = await codeAt(secret, 1);
      expectSuccess(await codeStep(await challenge(user), code), 200);
      // Said as such (not "wrong"), so that the person waits for the next code.
      const replay = await codeStep(await challenge(user), code);
      expect(expectProblem(replay, 401).detail).toBe(USED_MFA_CODE_MESSAGE);
      expect(await auditOf(database, replay)).toMatchObject([
        { action: 'mfa.verify', outcome: 'failure', actor_username: user.username },
      ]);
      // The code of the step confirmed at enrolment is used up too.
      expectProblem(await codeStep(await challenge(user), await codeAt(secret, 0)), 401);
    });

    it('takes codes from one step either side of now, not two', async () => {
      const user = await createUser(app, database, 'patient');
      const { secret } = await enrolSecondFactor(app, user.token);
      await awayFromStepEdge();
      expectProblem(await codeStep(await challenge(user), await codeAt(secret, 2)), 401);
      expectProblem(await codeStep(await challenge(user), await codeAt(secret, -2)), 401);
      expectSuccess(await codeStep(await challenge(user), await codeAt(secret, 1)), 200);
    });

    it('the mfa_token works once, and not at all after five minutes', async () => {
      const user = await createUser(app, database, 'patient');
      const { recoveryCodes } = await enrolSecondFactor(app, user.token);
      const mfaToken = await challenge(user);
      expectSuccess(await codeStep(mfaToken, recoveryCodes[0]!), 200);
      const again = await codeStep(mfaToken, recoveryCodes[1]!);
      expect(expectProblem(again, 401).detail).toBe(
        'Your sign-in has expired. Please log in again.',
      );
      expectProblem(await codeStep('not-a-token-at-all', recoveryCodes[1]!), 401);

      const late = await challenge(user);
      const [row] = await queryRows<{ expires_in: number }>(
        database.db,
        sql`select extract(epoch from c.expires_at - c.created_at)::int as expires_in
            from mfa_challenge c join app_user u on u.id = c.user_id
            where u.username = ${user.username} order by c.created_at desc limit 1`,
      );
      expect(row!.expires_in).toBe(300);
      await database.db
        .execute(sql`update mfa_challenge set expires_at = now() - interval '1 second'
        where user_id = (select id from app_user where username = ${user.username})`);
      expectProblem(await codeStep(late, recoveryCodes[1]!), 401);
    });

    it('takes a recovery code once, in any case and with or without its dash', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      const { recoveryCodes } = await enrolSecondFactor(app, user.token);
      const code = recoveryCodes[3]!;
      const used = await codeStep(await challenge(user), code.toLowerCase().replace('-', ' '));
      expectSuccess(used, 200);
      expect(await auditOf(database, used)).toMatchObject([
        { action: 'mfa.recovery-code', outcome: 'success' },
        { action: 'login', outcome: 'success' },
      ]);
      const reused = await codeStep(await challenge(user), code);
      expect(expectProblem(reused, 401).detail).toBe(WRONG_MFA_CODE_MESSAGE);
      expectSuccess(await codeStep(await challenge(user), recoveryCodes[4]!), 200);
    });

    it('refuses a malformed code naming code, and a missing mfa_token naming mfa_token', async () => {
      expectProblem(await codeStep('x', '12'), 400, 'code');
      expectProblem(
        await call(app, 'POST', '/login/mfa', { body: { code: '123456' } }),
        400,
        'mfa_token',
      );
    });

    it('throttles wrong codes per account like passwords: the sixth is refused with 429', async () => {
      const user = await createUser(app, database, 'patient');
      const { secret } = await enrolSecondFactor(app, user.token);
      const right = await codeAt(secret, 1);
      const wrong = right === '999999' ? '999998' : '999999';
      const mfaToken = await challenge(user);
      const address = '127.0.0.77';
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++)
        statuses.push((await codeStep(mfaToken, wrong, address)).statusCode);
      expect(statuses).toEqual([401, 401, 401, 401, 401]);
      const blocked = await codeStep(mfaToken, right, address);
      expectProblem(blocked, 429);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // From another address too: the count is the account's.
      expectProblem(await codeStep(mfaToken, right, '127.0.0.78'), 429);
    });

    it('counts concurrent wrong codes atomically: at most five get checked', async () => {
      const user = await createUser(app, database, 'patient');
      const { secret } = await enrolSecondFactor(app, user.token);
      const wrong = (await codeAt(secret, 1)) === '123123' ? '321321' : '123123';
      const mfaToken = await challenge(user);
      const answers = await Promise.all(
        Array.from({ length: 12 }, () => codeStep(mfaToken, wrong, '127.0.0.79')),
      );
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    });

    it('a disabled account is refused at the code step too, and its mfa_token stays ended', async () => {
      const user = await createUser(app, database, 'patient');
      const { recoveryCodes } = await enrolSecondFactor(app, user.token);
      const mfaToken = await challenge(user);
      await runAdminCommand(database.db, ['lock', user.username], 30);
      expectProblem(await codeStep(mfaToken, recoveryCodes[0]!), 401);
      await runAdminCommand(database.db, ['unlock', user.username], 30);
      // Unlocked, the account signs in afresh; the sign-in begun before the lock does not go on.
      expect(expectProblem(await codeStep(mfaToken, recoveryCodes[0]!), 401).detail).toBe(
        SIGN_IN_ENDED,
      );
      expectSuccess(await codeStep(await challenge(user), recoveryCodes[0]!), 200);
    });

    it('refuses an mfa_token from before a password change or a session ended by the person', async () => {
      const user = await createUser(app, database, 'patient');
      const { recoveryCodes } = await enrolSecondFactor(app, user.token);
      const beforeChange = await challenge(user);
      const newPassword = 'lantern-orchid-gravel-19';
      expectSuccess(
        await call(app, 'POST', '/account/password', {
          token: user.token,
          body: { current_password: user.password, new_password: newPassword },
        }),
        200,
      );
      const changed = { ...user, password: newPassword };
      expect(expectProblem(await codeStep(beforeChange, recoveryCodes[0]!), 401).detail).toBe(
        SIGN_IN_ENDED,
      );
      const beforeEnd = await challenge(changed);
      expectSuccess(
        await call(app, 'POST', '/account/sessions/end-others', { token: user.token }),
        200,
      );
      expect(expectProblem(await codeStep(beforeEnd, recoveryCodes[0]!), 401).detail).toBe(
        SIGN_IN_ENDED,
      );
      // A sign-in begun after them goes on.
      expectSuccess(await codeStep(await challenge(changed), recoveryCodes[0]!), 200);
    });

    it('refuses an mfa_token from before a change of role, once the new role is approved', async () => {
      const hr = await createUser(app, database, 'HR');
      const hr2 = await createUser(app, database, 'HR');
      const doctor = await createUser(app, database, 'medical_personnel');
      const { recoveryCodes } = await enrolSecondFactor(app, doctor.token);
      const mfaToken = await challenge(doctor);
      const moved = await call(app, 'PUT', '/employee/update-employee', {
        token: hr.token,
        body: { employee_id: doctor.recordId, position_id: 'P011' },
      });
      expectSuccess(moved, 200);
      expectSuccess(
        await call(app, 'POST', `/employee/${doctor.recordId}/approve-access`, {
          token: hr2.token,
          body: { position_id: 'P011' },
        }),
        200,
      );
      expect(expectProblem(await codeStep(mfaToken, recoveryCodes[0]!), 401).detail).toBe(
        SIGN_IN_ENDED,
      );
      const signedIn = await codeStep(await challenge(doctor), recoveryCodes[0]!);
      expectSuccess(signedIn, 200);
      expect(signedIn.json<{ role: string }>().role).toBe('HR');
    });
  });

  describe('policy', () => {
    it('optional: staff without a second factor sign in with the password alone', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      const body = (await passwordStep(user)).json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(['role', 'token']);
      expect(body['role']).toBe('medical_personnel');
    });

    it('required: staff without one get a session that reaches only enrolment and logout', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      const answer = await passwordStep(user, required);
      expectSuccess(answer, 200);
      const { token, mfa_setup_required } = answer.json<{
        token: string;
        mfa_setup_required?: boolean;
      }>();
      expect(mfa_setup_required).toBe(true);

      const allowed = MFA_ENROLMENT_ENDPOINTS.map((name) => ENDPOINTS[name]);
      const signedInRoutes = required.apiRoutes.filter(
        (r) => r.access !== 'public' && r.access !== 'operator',
      );
      expect(signedInRoutes.length).toBeGreaterThan(10);
      for (const route of signedInRoutes) {
        if (allowed.some((e) => `${DEFAULT_API_BASE}${e.path}` === route.url)) continue;
        const path = route.url
          .slice(DEFAULT_API_BASE.length)
          .replace(':patient_id', 'P001')
          .replace(':employee_id', 'E001');
        const refused = await call(required, route.method, path, {
          token,
          ...(route.method === 'GET' ? {} : { body: {} }),
        });
        expect(refused.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(refused.json<{ detail: string }>().detail).toBe(MFA_ENROLMENT_FIRST);
      }

      const setup = await call(required, 'POST', '/mfa/setup', {
        token,
        body: { password: user.password },
      });
      expectSuccess(setup, 200);
      const { secret } = setup.json<{ secret: string }>();
      expectSuccess(
        await call(required, 'POST', '/mfa/confirm', {
          token,
          body: { code: await totpCode(secret, Date.now()) },
        }),
        200,
      );
      // The same session now reaches what the role allows.
      expectSuccess(await call(required, 'GET', '/patient?limit=1', { token }), 200);
      // And the next login asks for the code.
      await challenge(user, required);
    });

    it('required after a restart: a session opened under optional reaches only enrolment and logout', async () => {
      // Opened while STAFF_MFA was optional (app), used after a restart with required (the
      // same database): the policy in force now decides.
      const user = await createUser(app, database, 'medical_personnel');
      expectSuccess(await call(app, 'GET', '/patient?limit=1', { token: user.token }), 200);
      const refused = await call(required, 'GET', '/patient?limit=1', { token: user.token });
      expect(expectProblem(refused, 403).detail).toBe(MFA_ENROLMENT_FIRST);
      expect(await auditOf(database, refused)).toMatchObject([
        { action: 'access.denied', outcome: 'denied' },
      ]);
      expectProblem(await call(required, 'GET', '/profile', { token: user.token }), 403);
      // Enrolment works in that session, and then so does the rest.
      const setup = await call(required, 'POST', '/mfa/setup', {
        token: user.token,
        body: { password: user.password },
      });
      expectSuccess(setup, 200);
      const { secret } = setup.json<{ secret: string }>();
      expectSuccess(
        await call(required, 'POST', '/mfa/confirm', {
          token: user.token,
          body: { code: await totpCode(secret, Date.now()) },
        }),
        200,
      );
      expectSuccess(await call(required, 'GET', '/patient?limit=1', { token: user.token }), 200);

      // Staff with a second factor, and patients, are not held back.
      const patient = await createUser(app, database, 'patient');
      expectSuccess(await call(required, 'GET', '/profile', { token: patient.token }), 200);
      // And logout still ends such a session.
      const other = await createUser(app, database, 'HR');
      expect((await call(required, 'POST', '/logout', { token: other.token })).statusCode).toBe(
        204,
      );
      expectProblem(await call(app, 'GET', '/employee', { token: other.token }), 401);
    });

    it('required: HR too; patients are never forced', async () => {
      const hr = await createUser(app, database, 'HR');
      expect((await passwordStep(hr, required)).json()).toMatchObject({
        mfa_setup_required: true,
      });
      const patient = await createUser(app, database, 'patient');
      const body = (await passwordStep(patient, required)).json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual(['role', 'token']);
      expect(body['role']).toBe('patient');
    });

    it('required: logout ends an enrolment-only session', async () => {
      const user = await createUser(app, database, 'HR');
      const { token } = (await passwordStep(user, required)).json<{ token: string }>();
      expect((await call(required, 'POST', '/logout', { token })).statusCode).toBe(204);
      expectProblem(
        await call(required, 'POST', '/mfa/setup', { token, body: { password: user.password } }),
        401,
      );
    });
  });

  describe('recovery and HR', () => {
    it('reset-mfa removes the factor (audited): the next login is the password alone', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      await enrolSecondFactor(app, user.token);
      await challenge(user);
      // Any spelling names the account; the tool answers with the name's one form.
      expect(
        await runAdminCommand(database.db, ['reset-mfa', user.username.toUpperCase()], 30),
      ).toBe(
        `Removed the second factor of ${user.username}; they set up a new one at their next login.`,
      );
      expect((await passwordStep(user)).json<{ token?: string }>().token).toBeDefined();
      expect(await runAdminCommand(database.db, ['reset-mfa', user.username], 30)).toBe(
        `${user.username} had no second factor; nothing to remove.`,
      );
      await expect(runAdminCommand(database.db, ['reset-mfa', 'nobody-here'], 30)).rejects.toThrow(
        'No account named nobody-here.',
      );
      await expect(runAdminCommand(database.db, ['reset-mfa'], 30)).rejects.toThrow(/Usage/);
      const events = await queryRows<{ outcome: string }>(
        database.db,
        sql`select outcome from audit_event where action = 'mfa.reset'
            and lower(actor_username) = lower(${user.username})`,
      );
      expect(events.map((e) => e.outcome)).toEqual(['success', 'success']);
    });

    it('HR sees whether an employee’s account has a second factor, never the secret', async () => {
      const hr = await createUser(app, database, 'HR');
      const nurse = await createUser(app, database, 'medical_personnel');
      const read = async () =>
        (await call(app, 'GET', `/employee/${nurse.recordId}`, { token: hr.token })).json<
          Record<string, unknown>
        >();
      expect((await read()).second_factor).toBe(false);
      const { secret } = await enrolSecondFactor(app, nurse.token);
      const after = await read();
      expect(after.second_factor).toBe(true);
      expect(JSON.stringify(after)).not.toContain(secret);
    });
  });
});
