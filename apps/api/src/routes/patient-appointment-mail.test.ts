/**
 * A patient's own booking and own cancellation send the mails a booking and a cancellation by
 * staff send: the confirmation with an .ics to add it, the cancellation (with the patient's
 * reason) with an .ics to remove it, received by a real SMTP server.
 */
import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, hospitalToday, type Slot, type UpcomingAppointment } from '@portal/contract';
import { type Database, queryRows } from '../db/database';
import { Mailer } from '../mail/mailer';
import { expectSuccess } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  testConfig,
  type TestUser,
} from '../test/harness';
import { startTestSmtp, type TestSmtp } from '../test/smtp';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

/** The calendar file a mail carries, as text. */
function icsOf(mail: ParsedMail): string {
  const ics = mail.attachments.find((a) => a.filename === 'appointment.ics');
  if (!ics) throw new Error('no .ics attached');
  return ics.content.toString('utf8');
}

describe.each(BACKENDS)("a patient's own booking and cancellation by e-mail on %s", (backend) => {
  let database: Database;
  let smtp: TestSmtp;
  let mailer: Mailer;
  let app: App;
  let hr: TestUser;
  let doctor: TestUser;
  let patient: TestUser;
  let email: string;

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
    ({ app } = await createTestApp(database, testConfig(), { mailer }));
    hr = await createUser(app, database, 'HR');
    doctor = await createUser(app, database, 'medical_personnel');
    patient = await createUser(app, database, 'patient');
    email = (
      await queryRows<{ email: string }>(
        database.db,
        sql`select email from patient where patient_id = ${patient.recordId}`,
      )
    )[0]!.email;
    const hours = await call(app, 'PUT', `/employee/${doctor.recordId}/schedule`, {
      token: hr.token,
      body: {
        sessions: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({
          weekday,
          start: '09:00',
          end: '10:00',
          slot_minutes: 30,
        })),
        exceptions: [],
      },
    });
    expectSuccess(hours, 200);
  }, 120_000);

  afterAll(async () => {
    await app?.close();
    await mailer?.close();
    await smtp?.close();
    await database?.close();
  });

  it('mails the booking and the cancellation, each with its calendar file', async () => {
    const day = addDays(hospitalToday(), 3);
    const slots = await call(
      app,
      'GET',
      `/slots?clinician_id=${doctor.recordId}&from=${day}&to=${day}`,
      { token: patient.token },
    );
    expectSuccess(slots, 200);
    const [slot] = slots.json<Slot[]>();
    const booked = await call(app, 'POST', '/profile/appointments', {
      token: patient.token,
      body: { clinician_id: doctor.recordId, start: slot!.start, reason: 'Knee pain' },
    });
    expectSuccess(booked, 201);
    const { appointment_id: appointmentId } = booked.json<UpcomingAppointment>();

    const confirmation = await smtp.next(email);
    expect(confirmation.subject).toMatch(/^Appointment booked: /);
    expect(confirmation.text).toContain('Knee pain');
    const added = icsOf(confirmation);
    expect(added).toContain('METHOD:REQUEST');
    expect(added).toContain(`UID:${appointmentId}@portal`);

    const cancelled = await call(app, 'POST', `/profile/appointments/${appointmentId}/cancel`, {
      token: patient.token,
      body: { reason: 'Feeling better' },
    });
    expectSuccess(cancelled, 200);
    const cancellation = await smtp.next(email);
    expect(cancellation.subject).toMatch(/^Appointment cancelled: /);
    expect(cancellation.text).toContain('Feeling better');
    const removed = icsOf(cancellation);
    expect(removed).toContain('METHOD:CANCEL');
    expect(removed).toContain(`UID:${appointmentId}@portal`);
  });
});
