/**
 * My account: the password change (ends every other session, keeps this one), the list of open
 * sessions and ending them (never someone else's), the second factor turned off and its
 * recovery codes renewed with a current code (a used one answered as such), and the forgotten
 * password: a reissued activation code and a second registration set a new password.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountSessionListSchema,
  accountSummarySchema,
  MFA_REQUIRED_MESSAGE,
  NO_SUCH_SESSION_MESSAGE,
  parseTokenClaims,
  PASSWORD_CHANGED_MEANWHILE_MESSAGE,
  USED_MFA_CODE_MESSAGE,
  WRONG_CREDENTIALS_MESSAGE,
  WRONG_MFA_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from '@portal/contract';
import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../db/database';
import { verifyPassword } from '../security/passwords';
import {
  awayFromStepEdge,
  BACKENDS,
  call,
  codeAt,
  createTestApp,
  createTestDatabase,
  createUser,
  enrolSecondFactor,
  GOOD_PASSWORD,
  login,
  testConfig,
  type TestUser,
  unique,
} from '../test/harness';
import { auditOf, expectProblem, expectSuccess } from '../test/assertions';

/** A token's claims, as the apps decode them. */
const claimsOf = (token: string) =>
  parseTokenClaims(JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')));

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const NEW_PASSWORD = 'lantern-orchid-gravel-19';

describe.each(BACKENDS)('my account on %s', (backend) => {
  let database: Database;
  let app: FastifyInstance;
  let required: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    ({ app: required } = await createTestApp(database, testConfig({ staffMfa: 'required' })));
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await required?.close();
    await database?.close();
  });

  /** Another login of the same account, from a browser that says who it is. */
  async function signInFrom(user: TestUser, userAgent: string, password = user.password) {
    const response = await call(app, 'POST', '/login', {
      body: { username: user.username, password },
      headers: { 'user-agent': userAgent },
      remoteAddress: '127.0.0.7',
    });
    expectSuccess(response, 200);
    return response.json<{ token: string }>().token;
  }

  const profile = (token: string) => call(app, 'GET', '/profile', { token });

  async function sessions(token: string) {
    const response = await call(app, 'GET', '/account/sessions', { token });
    expectSuccess(response, 200);
    return accountSessionListSchema.parse(response.json());
  }

  describe('password change', () => {
    it('checks the current password, ends every other session and keeps this one', async () => {
      const user = await createUser(app, database, 'patient');
      const other = await signInFrom(user, PHONE);

      const wrong = await call(app, 'POST', '/account/password', {
        token: user.token,
        body: { current_password: 'not-the-password-at-all', new_password: NEW_PASSWORD },
      });
      expect(expectProblem(wrong, 400, 'current_password').detail).toBe(WRONG_PASSWORD_MESSAGE);
      expect(await auditOf(database, wrong)).toMatchObject([
        { action: 'password.confirm', outcome: 'failure', actor_username: user.username },
      ]);
      expectSuccess(await profile(other), 200);

      const changed = await call(app, 'POST', '/account/password', {
        token: user.token,
        body: { current_password: user.password, new_password: NEW_PASSWORD },
      });
      expectSuccess(changed, 200);
      expect(changed.json()).toEqual({ ended_sessions: 1 });
      expect(await auditOf(database, changed)).toMatchObject([
        { action: 'account.password.change', outcome: 'success', actor_username: user.username },
      ]);
      expectProblem(await profile(other), 401);
      expectSuccess(await profile(user.token), 200);

      const old = await call(app, 'POST', '/login', {
        body: { username: user.username, password: user.password },
      });
      expect(expectProblem(old, 401).detail).toBe(WRONG_CREDENTIALS_MESSAGE);
      await login(app, user.username, NEW_PASSWORD);
    });

    it('holds the new password to the strength rules and names each field', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      const weak = await call(app, 'POST', '/account/password', {
        token: user.token,
        body: { current_password: user.password, new_password: 'password1234' },
      });
      expectProblem(weak, 400, 'new_password');
      const short = await call(app, 'POST', '/account/password', {
        token: user.token,
        body: { current_password: user.password, new_password: 'short' },
      });
      expectProblem(short, 400, 'new_password');
      const missing = await call(app, 'POST', '/account/password', {
        token: user.token,
        body: { new_password: NEW_PASSWORD },
      });
      expectProblem(missing, 400, 'current_password');
      // Nothing changed: the old password still signs in.
      await login(app, user.username, user.password);
    });

    it('of changes at once, makes one: the others are 409 and nothing they sent is in force', async () => {
      // The account's throttle counts checks in flight and refuses (429) beyond its five: here
      // it lets all twenty through, so that every one reaches the change.
      const base = testConfig();
      const { app: wide } = await createTestApp(
        database,
        testConfig({ throttle: { ...base.throttle, maxFailuresPerAccount: 100 } }),
      );
      const user = await createUser(wide, database, 'patient');
      const tries = Array.from({ length: 20 }, (_, n) => `${NEW_PASSWORD}-${n}`);
      const answers = await Promise.all(
        tries.map((newPassword) =>
          call(wide, 'POST', '/account/password', {
            token: user.token,
            body: { current_password: user.password, new_password: newPassword },
          }),
        ),
      );
      const won = answers.flatMap((answer, n) => (answer.statusCode === 200 ? [n] : []));
      expect(won, answers.map((a) => a.statusCode).join(' ')).toHaveLength(1);
      for (const [n, answer] of answers.entries()) {
        if (n === won[0]) continue;
        expect(expectProblem(answer, 409, 'current_password').detail).toBe(
          PASSWORD_CHANGED_MEANWHILE_MESSAGE,
        );
      }
      const [row] = await queryRows<{ password_hash: string }>(
        database.db,
        sql`select password_hash from app_user where username = ${user.username}`,
      );
      const inForce = await Promise.all(tries.map((p) => verifyPassword(p, row!.password_hash)));
      expect(inForce.flatMap((valid, n) => (valid ? [n] : []))).toEqual(won);
      await login(app, user.username, tries[won[0]!]!);
      const changes = await queryRows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from audit_event
            where action = 'account.password.change' and actor_username = ${user.username}`,
      );
      expect(changes[0]!.n).toBe(1);
      await wide.close();
    });

    it('is refused without a session', async () => {
      const response = await call(app, 'POST', '/account/password', {
        body: { current_password: GOOD_PASSWORD, new_password: NEW_PASSWORD },
      });
      expectProblem(response, 401);
    });
  });

  describe('sessions', () => {
    it('lists the open sessions with browser, address and times, this one first', async () => {
      const user = await createUser(app, database, 'HR');
      const firefox = await signInFrom(user, FIREFOX);
      const phone = await signInFrom(user, PHONE);
      const listed = await sessions(firefox);
      expect(listed).toHaveLength(3);
      expect(listed[0]).toMatchObject({ browser: 'Firefox on Linux', current: true });
      expect(listed[0]!.address).toBe('127.0.0.7');
      expect(listed.filter((s) => s.current)).toHaveLength(1);
      expect(listed.map((s) => s.browser)).toContain('Chrome on Android');
      for (const s of listed) {
        expect(Date.parse(s.last_seen_at)).toBeGreaterThanOrEqual(Date.parse(s.started_at));
      }
      // A renewal moves "last seen"; the session's start stays.
      const before = listed.find((s) => s.browser === 'Chrome on Android')!;
      await new Promise((resolve) => setTimeout(resolve, 20));
      expectSuccess(await call(app, 'POST', '/renew', { token: phone }), 200);
      const after = (await sessions(firefox)).find((s) => s.id === before.id)!;
      expect(after.started_at).toBe(before.started_at);
      expect(Date.parse(after.last_seen_at)).toBeGreaterThan(Date.parse(before.last_seen_at));
    });

    it("ends one of them; another person's session is not found and stays open", async () => {
      const user = await createUser(app, database, 'patient');
      const stranger = await createUser(app, database, 'patient');
      const phone = await signInFrom(user, PHONE);
      const [theirs] = await sessions(stranger.token);

      const refused = await call(app, 'DELETE', `/account/sessions/${theirs!.id}`, {
        token: user.token,
      });
      expect(expectProblem(refused, 404).detail).toBe(NO_SUCH_SESSION_MESSAGE);
      expect(await auditOf(database, refused)).toMatchObject([
        { action: 'account.session.end', outcome: 'denied', actor_username: user.username },
      ]);
      expectSuccess(await profile(stranger.token), 200);

      const phoneSession = (await sessions(user.token)).find((s) => !s.current)!;
      const ended = await call(app, 'DELETE', `/account/sessions/${phoneSession.id}`, {
        token: user.token,
      });
      expect(ended.statusCode).toBe(204);
      expect(await auditOf(database, ended)).toMatchObject([
        { action: 'account.session.end', outcome: 'success' },
      ]);
      expectProblem(await profile(phone), 401);
      expectSuccess(await profile(user.token), 200);
      // Ended once: a second time it is no open session any more.
      expectProblem(
        await call(app, 'DELETE', `/account/sessions/${phoneSession.id}`, { token: user.token }),
        404,
      );
      expect((await sessions(user.token)).map((s) => s.id)).not.toContain(phoneSession.id);
    });

    it('answers 400 naming session_id for an id that is no session id', async () => {
      const user = await createUser(app, database, 'patient');
      expectProblem(
        await call(app, 'DELETE', '/account/sessions/not-a-uuid', { token: user.token }),
        400,
        'session_id',
      );
    });

    it('signs out everywhere else and keeps this session', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      const others = [await signInFrom(user, PHONE), await signInFrom(user, FIREFOX)];
      const response = await call(app, 'POST', '/account/sessions/end-others', {
        token: user.token,
      });
      expectSuccess(response, 200);
      expect(response.json()).toEqual({ ended_sessions: 2 });
      expect(await auditOf(database, response)).toMatchObject([
        { action: 'account.sessions.end-others', outcome: 'success' },
      ]);
      for (const token of others) expectProblem(await profile(token), 401);
      expect(await sessions(user.token)).toMatchObject([{ current: true }]);
    });
  });

  describe('second factor', () => {
    const summary = async (token: string, on = app) => {
      const response = await call(on, 'GET', '/account', { token });
      expectSuccess(response, 200);
      return accountSummarySchema.parse(response.json());
    };

    it('a patient turns it on, renews the recovery codes and turns it off, each with a current code', async () => {
      const user = await createUser(app, database, 'patient');
      expect(await summary(user.token)).toMatchObject({
        username: user.username,
        role: 'patient',
        mfa_enabled: false,
        mfa_required: false,
        recovery_codes_left: 0,
      });
      await awayFromStepEdge();
      const { secret, recoveryCodes } = await enrolSecondFactor(app, user.token);
      expect(await summary(user.token)).toMatchObject({
        mfa_enabled: true,
        recovery_codes_left: 10,
      });

      // The code that turned it on was used in this 30-second step: said so, not "wrong".
      const used = await call(app, 'POST', '/account/mfa/recovery-codes', {
        token: user.token,
        body: { code: await codeAt(secret) },
      });
      expect(expectProblem(used, 400, 'code').detail).toBe(USED_MFA_CODE_MESSAGE);
      const wrong = await call(app, 'POST', '/account/mfa/recovery-codes', {
        token: user.token,
        body: { code: '000000' === (await codeAt(secret, 1)) ? '111111' : '000000' },
      });
      expect(expectProblem(wrong, 400, 'code').detail).toBe(WRONG_MFA_CODE_MESSAGE);
      expect(await auditOf(database, wrong)).toMatchObject([
        { action: 'mfa.recovery-codes', outcome: 'failure' },
      ]);

      // A recovery code is a current code too.
      const renewed = await call(app, 'POST', '/account/mfa/recovery-codes', {
        token: user.token,
        body: { code: recoveryCodes[0] },
      });
      expectSuccess(renewed, 200);
      const fresh = renewed.json<{ recovery_codes: string[] }>().recovery_codes;
      expect(fresh).toHaveLength(10);
      expect(fresh).not.toContain(recoveryCodes[1]);
      expect(await auditOf(database, renewed)).toMatchObject([
        { action: 'mfa.recovery-codes', outcome: 'success' },
      ]);
      // The old codes stopped working.
      expectProblem(
        await call(app, 'POST', '/account/mfa/disable', {
          token: user.token,
          body: { code: recoveryCodes[1] },
        }),
        400,
        'code',
      );

      const off = await call(app, 'POST', '/account/mfa/disable', {
        token: user.token,
        body: { code: await codeAt(secret, 1) },
      });
      expect(off.statusCode, off.body).toBe(204);
      expect(await auditOf(database, off)).toMatchObject([
        { action: 'mfa.disable', outcome: 'success' },
      ]);
      expect(await summary(user.token)).toMatchObject({
        mfa_enabled: false,
        recovery_codes_left: 0,
      });
      // A password alone signs in again.
      await login(app, user.username, user.password);
      // Nothing to turn off any more.
      expectProblem(
        await call(app, 'POST', '/account/mfa/disable', {
          token: user.token,
          body: { code: fresh[0] },
        }),
        409,
      );
    });

    it('cannot be turned off by staff under STAFF_MFA=required', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      await awayFromStepEdge();
      const { secret } = await enrolSecondFactor(app, user.token);
      expect(await summary(user.token, required)).toMatchObject({
        mfa_enabled: true,
        mfa_required: true,
      });
      const refused = await call(required, 'POST', '/account/mfa/disable', {
        token: user.token,
        body: { code: await codeAt(secret, 1) },
      });
      expect(expectProblem(refused, 403).detail).toBe(MFA_REQUIRED_MESSAGE);
      expect(await auditOf(database, refused)).toMatchObject([
        { action: 'mfa.disable', outcome: 'denied' },
      ]);
      expect((await summary(user.token)).mfa_enabled).toBe(true);
      // Under STAFF_MFA=optional the same staff member may turn it off.
      const off = await call(app, 'POST', '/account/mfa/disable', {
        token: user.token,
        body: { code: await codeAt(secret, 1) },
      });
      expect(off.statusCode, off.body).toBe(204);
    });

    it('answers a sign-in code used in its 30 seconds with its own message', async () => {
      const user = await createUser(app, database, 'patient');
      await awayFromStepEdge();
      const { secret } = await enrolSecondFactor(app, user.token);
      const challenge = async () =>
        (
          await call(app, 'POST', '/login', {
            body: { username: user.username, password: user.password },
          })
        ).json<{ mfa_token: string }>().mfa_token;
      const code = await codeAt(secret);
      const again = await call(app, 'POST', '/login/mfa', {
        body: { mfa_token: await challenge(), code },
      });
      expect(expectProblem(again, 401).detail).toBe(USED_MFA_CODE_MESSAGE);
      const next = await call(app, 'POST', '/login/mfa', {
        body: { mfa_token: await challenge(), code: await codeAt(secret, 1) },
      });
      expectSuccess(next, 200);
    });

    it("asks for a code in the contract's form (400 naming code)", async () => {
      const user = await createUser(app, database, 'patient');
      expectProblem(
        await call(app, 'POST', '/account/mfa/disable', {
          token: user.token,
          body: { code: '12' },
        }),
        400,
        'code',
      );
    });
  });

  describe('forgotten password: a reissued activation code and a second registration', () => {
    const register = (body: Record<string, unknown>) =>
      call(app, 'POST', '/register', { body: { password: NEW_PASSWORD, ...body } });

    it("sets a new password on a patient's account, ends its sessions and is audited", async () => {
      const patient = await createUser(app, database, 'patient');
      const doctor = await createUser(app, database, 'medical_personnel');
      const reissued = await call(app, 'POST', `/patient/${patient.recordId}/activation-code`, {
        token: doctor.token,
      });
      expectSuccess(reissued, 201);
      const code = reissued.json<{ activation_code: string }>().activation_code;

      const again = await register({
        username: patient.username,
        role: 'patient',
        id: patient.recordId,
        activation_code: code,
      });
      expectSuccess(again, 201);
      expect(await auditOf(database, again)).toMatchObject([
        {
          action: 'account.password.reset',
          outcome: 'success',
          record_ids: [patient.recordId],
          actor_username: patient.username,
        },
      ]);
      expectProblem(await profile(patient.token), 401);
      expect(
        (
          await call(app, 'POST', '/login', {
            body: { username: patient.username, password: patient.password },
          })
        ).statusCode,
      ).toBe(401);
      const token = await login(app, patient.username, NEW_PASSWORD);
      expect((await profile(token)).json()).toMatchObject({ patient_id: patient.recordId });
      // Still one account, and the code is used up.
      const reuse = await register({
        username: `other${unique()}`,
        role: 'patient',
        id: patient.recordId,
        activation_code: code,
      });
      expectProblem(reuse, 400, 'activation_code');
    });

    it('works for an employee once a second HR person approves the reissue', async () => {
      const nurse = await createUser(app, database, 'medical_personnel');
      const hr1 = await createUser(app, database, 'HR');
      const hr2 = await createUser(app, database, 'HR');
      const reissued = await call(app, 'POST', `/employee/${nurse.recordId}/activation-code`, {
        token: hr1.token,
      });
      expectSuccess(reissued, 201);
      const code = reissued.json<{ activation_code: string }>().activation_code;
      const renamed = `nurse${unique()}`;
      const again = await register({
        username: renamed,
        role: 'medical_personnel',
        id: nurse.recordId,
        activation_code: code,
      });
      expectSuccess(again, 201);
      expect(await auditOf(database, again)).toMatchObject([
        { action: 'account.password.reset', outcome: 'success', record_ids: [nurse.recordId] },
      ]);
      // One HR person alone cannot hand the account over: it waits for the second.
      expectProblem(
        await call(app, 'POST', '/login', { body: { username: renamed, password: NEW_PASSWORD } }),
        403,
      );
      expectSuccess(
        await call(app, 'POST', `/employee/${nurse.recordId}/approve-access`, {
          token: hr2.token,
          body: { position_id: 'P001' },
        }),
        200,
      );
      const token = await login(app, renamed, NEW_PASSWORD);
      expectSuccess(await call(app, 'GET', '/patient?limit=1', { token }), 200);
      // The old name is gone with the old password.
      expect(
        (
          await call(app, 'POST', '/login', {
            body: { username: nurse.username, password: nurse.password },
          })
        ).statusCode,
      ).toBe(401);
    });
  });

  describe('language', () => {
    it('keeps the language chosen on the account, and the next login’s token carries it', async () => {
      const user = await createUser(app, database, 'medical_personnel');
      const summary = async (token: string) => {
        const response = await call(app, 'GET', '/account', { token });
        expectSuccess(response, 200);
        return accountSummarySchema.parse(response.json());
      };
      expect((await summary(user.token)).locale).toBeNull();
      expect(claimsOf(user.token)?.locale).toBeUndefined();

      const set = await call(app, 'PUT', '/account/locale', {
        token: user.token,
        body: { locale: 'th' },
      });
      expect(set.statusCode, set.body).toBe(204);
      expect((await summary(user.token)).locale).toBe('th');
      // Another browser, signed in later, is shown Thai.
      const token = await signInFrom(user, PHONE);
      expect(claimsOf(token)?.locale).toBe('th');

      expectSuccess(
        await call(app, 'PUT', '/account/locale', { token, body: { locale: 'en' } }),
        204,
      );
      expect((await summary(user.token)).locale).toBe('en');
    });

    it('refuses a language the portal does not speak, naming the field, and changes nothing', async () => {
      const user = await createUser(app, database, 'patient');
      for (const locale of ['fr', 'TH', '', 7, null]) {
        const response = await call(app, 'PUT', '/account/locale', {
          token: user.token,
          body: { locale },
        });
        expectProblem(response, 400, 'locale');
      }
      const response = await call(app, 'GET', '/account', { token: user.token });
      expect(accountSummarySchema.parse(response.json()).locale).toBeNull();
    });
  });
});
