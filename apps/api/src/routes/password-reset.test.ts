/**
 * A password reset by e-mail, end to end through a real SMTP server: the same 202 (status,
 * body, headers, time) for a known and an unknown name; the mailed link works once, for 30
 * minutes (a fake clock), sets a password held to the strength rules, ends every session and
 * waiting second-factor sign-in, and leaves the second factor on; requests are throttled per
 * name and per address. Booking and cancellation mails carry their .ics.
 */
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_RESET_LINK_ENDED_MESSAGE, PASSWORD_RESET_TTL_MINUTES } from '@portal/contract';
import { queryRows, type Database } from '../db/database';
import { Mailer } from '../mail/mailer';
import { expectProblem, expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  codeAt,
  createTestApp,
  createTestDatabase,
  createUser,
  enrolSecondFactor,
  testConfig,
  unique,
} from '../test/harness';
import { startTestSmtp, type TestSmtp } from '../test/smtp';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

const NEW_PASSWORD = 'Tamarind-Monsoon-Lantern-42';

/** The link's token in a reset mail. */
function tokenOf(mail: ParsedMail): string {
  const match = /\/password-reset#token=([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  if (!match) throw new Error(`no reset link in: ${mail.text}`);
  return match[1]!;
}

describe.each(BACKENDS)('password reset by e-mail on %s', (backend) => {
  let database: Database;
  let smtp: TestSmtp;
  let mailer: Mailer;
  let app: App;
  /** How far the app's clock is ahead of the real one. */
  let offsetMs = 0;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    smtp = await startTestSmtp();
    mailer = new Mailer({
      smtpUrl: smtp.url,
      from: 'no-reply@portal.invalid',
      outboxDir: '/nonexistent',
      log: () => undefined,
      retryDelayMs: 10,
    });
    ({ app } = await createTestApp(database, testConfig(), {
      mailer,
      clock: () => Date.now() + offsetMs,
    }));
  });

  afterAll(async () => {
    await app?.close();
    await mailer?.close();
    await smtp?.close();
    await database?.close();
  });

  const emailOf = async (patientId: string) =>
    (
      await queryRows<{ email: string }>(
        database.db,
        sql`select email from patient where patient_id = ${patientId}`,
      )
    )[0]!.email;

  const employeeEmailOf = async (employeeId: string) =>
    (
      await queryRows<{ email: string }>(
        database.db,
        sql`select email from employee where employee_id = ${employeeId}`,
      )
    )[0]!.email;

  const ask = (username: string, remoteAddress = '10.9.0.1') =>
    call(app, 'POST', '/password-reset', { body: { username }, remoteAddress });

  const confirm = (token: string, newPassword = NEW_PASSWORD, remoteAddress = '10.9.0.2') =>
    call(app, 'POST', '/password-reset/confirm', {
      body: { token, new_password: newPassword },
      remoteAddress,
    });

  /** The headers that must match, less those that differ from any request to the next. */
  const stableHeaders = (headers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(headers).filter(
        ([name]) => !['date', 'x-request-id'].includes(name) && !name.startsWith('x-ratelimit-'),
      ),
    );

  it('answers a known and an unknown name alike: status, body and headers', async () => {
    const patient = await createUser(app, database, 'patient');
    const known = await ask(patient.username, '10.9.1.1');
    const unknown = await ask(`nobody${unique()}`, '10.9.1.2');
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.json()).toEqual({ accepted: true });
    expect(stableHeaders(known.headers)).toEqual(stableHeaders(unknown.headers));
    // Only the known name gets a mail, at the record's address.
    const mail = await smtp.next(await emailOf(patient.recordId));
    expect(mail.subject).toContain('Reset your password');
    expect(mail.text).toContain(patient.username);
    tokenOf(mail);
  });

  it('takes as long for an unknown name as for a known one (medians within 40 %)', async () => {
    const timing = await createTestApp(
      database,
      testConfig({
        throttle: {
          ...testConfig().throttle,
          maxFailuresPerAccount: 1000,
          maxFailuresPerAddress: 1000,
        },
      }),
      { mailer },
    );
    try {
      const patient = await createUser(timing.app, database, 'patient');
      const missing = `nobody${unique()}`;
      const known: number[] = [];
      const unknown: number[] = [];
      const time = async (username: string, into: number[]) => {
        const started = process.hrtime.bigint();
        const answer = await call(timing.app, 'POST', '/password-reset', { body: { username } });
        into.push(Number(process.hrtime.bigint() - started) / 1e6);
        expect(answer.statusCode).toBe(202);
      };
      // Warm both paths, then interleave so that drift hits both alike.
      await time(patient.username, []);
      await time(missing, []);
      for (let i = 0; i < 30; i++) {
        await time(patient.username, known);
        await time(missing, unknown);
      }
      const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;
      const [a, b] = [median(known), median(unknown)];
      expect(Math.abs(a - b) / Math.max(a, b), `known ${a} ms, unknown ${b} ms`).toBeLessThan(0.4);
      await mailer.idle();
    } finally {
      await timing.app.close();
    }
  });

  it('sets the new password once with the mailed link, ends every session, and is audited', async () => {
    const patient = await createUser(app, database, 'patient');
    expectSuccess(await ask(patient.username), 202);
    const token = tokenOf(await smtp.next(await emailOf(patient.recordId)));

    const done = await confirm(token);
    expect(done.statusCode, done.body).toBe(204);
    // The session open before the reset is over; the old password no longer works, the new one does.
    expect((await call(app, 'GET', '/session', { token: patient.token })).statusCode).toBe(401);
    const oldLogin = await call(app, 'POST', '/login', {
      body: { username: patient.username, password: patient.password },
      remoteAddress: '10.9.2.1',
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await call(app, 'POST', '/login', {
      body: { username: patient.username, password: NEW_PASSWORD },
      remoteAddress: '10.9.2.1',
    });
    expect(newLogin.statusCode, newLogin.body).toBe(200);

    // Used once: the same link again is refused, naming the token.
    expectProblem(await confirm(token, 'Another-Lantern-Monsoon-77'), 400, 'token');
    const again = await confirm(token, 'Another-Lantern-Monsoon-77');
    expect(again.json<{ detail: string }>().detail).toBe(PASSWORD_RESET_LINK_ENDED_MESSAGE);

    const audited = await queryRows<{ action: string; outcome: string }>(
      database.db,
      sql`select action, outcome from audit_event
          where actor_username = ${patient.username} order by id`,
    );
    expect(audited).toEqual(
      expect.arrayContaining([
        { action: 'account.password.reset-request', outcome: 'success' },
        { action: 'account.password.reset', outcome: 'success' },
      ]),
    );
  });

  it('ends an earlier link of the account once a reset is made with a later one', async () => {
    const patient = await createUser(app, database, 'patient');
    const email = await emailOf(patient.recordId);
    expectSuccess(await ask(patient.username), 202);
    const first = tokenOf(await smtp.next(email));
    expectSuccess(await ask(patient.username), 202);
    const second = tokenOf(await smtp.next(email));
    expect((await confirm(second)).statusCode).toBe(204);
    expectProblem(await confirm(first, 'Another-Lantern-Monsoon-77'), 400, 'token');
  });

  it('refuses a weak password naming new_password, and the link still works', async () => {
    const patient = await createUser(app, database, 'patient');
    expectSuccess(await ask(patient.username), 202);
    const token = tokenOf(await smtp.next(await emailOf(patient.recordId)));
    expectProblem(await confirm(token, 'password1234'), 400, 'new_password');
    expect((await confirm(token)).statusCode).toBe(204);
  });

  it('works for 30 minutes: refused a second after, on the fake clock', async () => {
    const patient = await createUser(app, database, 'patient');
    const email = await emailOf(patient.recordId);
    expectSuccess(await ask(patient.username), 202);
    const late = tokenOf(await smtp.next(email));
    expectSuccess(await ask(patient.username), 202);
    const inTime = tokenOf(await smtp.next(email));
    try {
      offsetMs = PASSWORD_RESET_TTL_MINUTES * 60_000 - 5_000;
      expect((await confirm(inTime)).statusCode).toBe(204);
      offsetMs = PASSWORD_RESET_TTL_MINUTES * 60_000 + 1_000;
      expectProblem(await confirm(late, 'Another-Lantern-Monsoon-77'), 400, 'token');
    } finally {
      offsetMs = 0;
    }
  });

  it('refuses a token that is no token, naming it', async () => {
    expectProblem(await confirm('short'), 400, 'token');
    expectProblem(await confirm('A'.repeat(43)), 400, 'token');
  });

  it('keeps the second factor: staff who have one still need it after a reset', async () => {
    const doctor = await createUser(app, database, 'medical_personnel');
    const { secret } = await enrolSecondFactor(app, doctor.token);
    expectSuccess(await ask(doctor.username), 202);
    const token = tokenOf(await smtp.next(await employeeEmailOf(doctor.recordId)));
    expect((await confirm(token)).statusCode).toBe(204);
    const login = await call(app, 'POST', '/login', {
      body: { username: doctor.username, password: NEW_PASSWORD },
      remoteAddress: '10.9.3.1',
    });
    expect(login.statusCode, login.body).toBe(200);
    const answer = login.json<{ mfa_required?: boolean; mfa_token?: string; token?: string }>();
    expect(answer.mfa_required).toBe(true);
    expect(answer.token).toBeUndefined();
    const second = await call(app, 'POST', '/login/mfa', {
      body: { mfa_token: answer.mfa_token, code: await codeAt(secret, 1) },
      remoteAddress: '10.9.3.1',
    });
    expect(second.statusCode, second.body).toBe(200);
  });

  it('ends a second-factor sign-in that was waiting when the password was reset', async () => {
    const doctor = await createUser(app, database, 'medical_personnel');
    const { secret } = await enrolSecondFactor(app, doctor.token);
    const waiting = (
      await call(app, 'POST', '/login', {
        body: { username: doctor.username, password: doctor.password },
        remoteAddress: '10.9.4.1',
      })
    ).json<{ mfa_token: string }>().mfa_token;
    expectSuccess(await ask(doctor.username), 202);
    const token = tokenOf(await smtp.next(await employeeEmailOf(doctor.recordId)));
    expect((await confirm(token)).statusCode).toBe(204);
    const late = await call(app, 'POST', '/login/mfa', {
      body: { mfa_token: waiting, code: await codeAt(secret, 1) },
      remoteAddress: '10.9.4.1',
    });
    expect(late.statusCode).toBe(401);
  });

  it('throttles requests per name, known or not, alike', async () => {
    const limited = await createTestApp(
      database,
      testConfig({ throttle: { ...testConfig().throttle, maxFailuresPerAccount: 3 } }),
      { mailer },
    );
    try {
      const patient = await createUser(limited.app, database, 'patient');
      const missing = `nobody${unique()}`;
      for (const name of [patient.username, missing]) {
        const statuses: number[] = [];
        for (let i = 0; i < 4; i++) {
          const answer = await call(limited.app, 'POST', '/password-reset', {
            body: { username: name },
            remoteAddress: `10.9.5.${i + 1}`,
          });
          statuses.push(answer.statusCode);
        }
        expect(statuses, name).toEqual([202, 202, 202, 429]);
      }
      await mailer.idle();
    } finally {
      await limited.app.close();
    }
  });

  it('throttles requests per address', async () => {
    const limited = await createTestApp(
      database,
      testConfig({ throttle: { ...testConfig().throttle, maxFailuresPerAddress: 2 } }),
      { mailer },
    );
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const answer = await call(limited.app, 'POST', '/password-reset', {
          body: { username: `nobody${unique()}` },
          remoteAddress: '10.9.6.1',
        });
        statuses.push(answer.statusCode);
      }
      expect(statuses).toEqual([202, 202, 429]);
      expect(
        (
          await call(limited.app, 'POST', '/password-reset', {
            body: { username: `nobody${unique()}` },
            remoteAddress: '10.9.6.2',
          })
        ).statusCode,
      ).toBe(202);
    } finally {
      await limited.app.close();
    }
  });

  it("mails the booking and the cancellation in the patient's language, each with its .ics", async () => {
    const doctor = await createUser(app, database, 'medical_personnel');
    const patient = await createUser(app, database, 'patient');
    expectSuccess(
      await call(app, 'PUT', '/account/locale', { token: patient.token, body: { locale: 'th' } }),
      204,
    );
    const email = await emailOf(patient.recordId);
    const booked = await call(app, 'POST', '/patient/add-patient-appointment', {
      token: doctor.token,
      body: { patient_id: patient.recordId, date: '2031-03-14', time: '09:30', topic: 'Check-up' },
    });
    expectSuccess(booked, 201);
    const { appointment_id } = booked.json<{ appointment_id: string }>();

    const bookingMail = await smtp.next(email);
    expect(bookingMail.subject).toMatch(/^นัดหมายแล้ว/);
    expect(bookingMail.text).toContain('Check-up');
    const [bookingIcs] = bookingMail.attachments;
    expect(bookingIcs?.contentType).toBe('text/calendar');
    const bookingText = bookingIcs!.content.toString('utf8');
    expect(bookingText).toContain('METHOD:REQUEST');
    expect(bookingText).toContain(`UID:${appointment_id}@portal`);
    // 09:30 in Bangkok (UTC+7) is 02:30 UTC; 15 minutes by default.
    expect(bookingText).toContain('DTSTART:20310314T023000Z');
    expect(bookingText).toContain('DTEND:20310314T024500Z');

    const cancelled = await call(
      app,
      'POST',
      `/patient/${patient.recordId}/appointments/${appointment_id}/cancel`,
      { token: doctor.token, body: { reason: 'The clinic is closed' } },
    );
    expectSuccess(cancelled, 200);
    const cancelMail = await smtp.next(email);
    expect(cancelMail.subject).toMatch(/^ยกเลิกนัดหมาย/);
    expect(cancelMail.text).toContain('The clinic is closed');
    const cancelText = cancelMail.attachments[0]!.content.toString('utf8');
    expect(cancelText).toContain('METHOD:CANCEL');
    expect(cancelText).toContain('STATUS:CANCELLED');
    expect(cancelText).toContain(`UID:${appointment_id}@portal`);
  });
});
