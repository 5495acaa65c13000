/**
 * The mail queue: without SMTP_URL each mail lands in the outbox (private files) that the admin
 * tool prints; a mail server that is not there costs a bounded number of tries, logged by kind
 * and attempt only, and never an error for the caller. The .ics is RFC 5545 text.
 */
import { mkdtempSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatOutbox } from '../admin';
import { calendarFile } from './ics';
import { Mailer, readOutbox } from './mailer';

const mail = {
  kind: 'password-reset',
  to: 'malee@gmail.com',
  subject: 'ตั้งรหัสผ่านใหม่',
  text: 'A link: http://127.0.0.1/password-reset#token=abc',
  attachments: [{ filename: 'appointment.ics', contentType: 'text/calendar', content: 'X' }],
};

describe('the mailer', () => {
  it('keeps mails in the outbox without SMTP_URL, private, and the admin tool prints them', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'outbox-test-')), 'outbox');
    const mailer = new Mailer({
      smtpUrl: undefined,
      from: 'no-reply@portal.invalid',
      outboxDir: dir,
      log: () => undefined,
    });
    mailer.send(mail);
    await mailer.idle();
    const kept = await readOutbox(dir);
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ to: mail.to, subject: mail.subject, text: mail.text });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const printed = formatOutbox(kept);
    expect(printed).toContain('To: malee@gmail.com');
    expect(printed).toContain('Subject: ตั้งรหัสผ่านใหม่');
    expect(printed).toContain('Attachment: appointment.ics (text/calendar)');
    expect(printed).toContain(mail.text);
    expect(formatOutbox([])).toBe('The outbox is empty.');
  });

  it('tries a mail server that refuses a bounded number of times, logging no address or words', async () => {
    // A port that answers nothing: a server that closes every connection at once.
    const closing = createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => closing.listen(0, '127.0.0.1', resolve));
    const { port } = closing.address() as { port: number };
    const lines: string[] = [];
    const mailer = new Mailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'no-reply@portal.invalid',
      outboxDir: '/nonexistent',
      log: (level, message, fields) => lines.push(JSON.stringify({ level, message, ...fields })),
      attempts: 3,
      retryDelayMs: 5,
    });
    expect(() => mailer.send(mail)).not.toThrow();
    await mailer.idle();
    await mailer.close();
    closing.close();
    expect(lines.map((l) => JSON.parse(l) as { attempt: number; level: string })).toEqual([
      expect.objectContaining({ attempt: 1, level: 'warn' }),
      expect.objectContaining({ attempt: 2, level: 'warn' }),
      expect.objectContaining({ attempt: 3, level: 'error' }),
    ]);
    const logged = lines.join('\n');
    expect(logged).not.toContain('malee');
    expect(logged).not.toContain('token');
    expect(logged).toContain('password-reset');
  });

  it('refuses mails past its queue bound rather than growing without end', async () => {
    const lines: string[] = [];
    const dir = join(mkdtempSync(join(tmpdir(), 'outbox-test-')), 'outbox');
    const mailer = new Mailer({
      smtpUrl: undefined,
      from: 'no-reply@portal.invalid',
      outboxDir: dir,
      log: (_level, message) => lines.push(message),
      maxQueued: 2,
    });
    for (let i = 0; i < 5; i++) mailer.send(mail);
    await mailer.idle();
    expect(lines.filter((l) => l.includes('queue full')).length).toBeGreaterThan(0);
    expect((await readOutbox(dir)).length).toBeLessThan(5);
  });
});

describe('the calendar file', () => {
  it('is CRLF lines folded at 75 octets, never inside a character, with its text escaped', () => {
    const text = calendarFile({
      uid: 'abc@portal',
      start: new Date('2031-03-14T02:30:00Z'),
      end: new Date('2031-03-14T02:45:00Z'),
      summary: `Riverside; check-up, ${'ตรวจสุขภาพ'.repeat(6)}`,
      organizer: 'no-reply@portal.invalid',
      method: 'CANCEL',
      stamp: new Date('2031-03-01T00:00:00Z'),
    });
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('BEGIN:VCALENDAR');
    expect(text).toContain('METHOD:CANCEL');
    expect(text).toContain('DTSTART:20310314T023000Z');
    expect(text).toContain('SUMMARY:Riverside\\; check-up\\, ตรวจ');
    for (const line of lines) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    // Unfolded, the summary is whole again.
    expect(text.replace(/\r\n /g, '')).toContain('ตรวจสุขภาพ'.repeat(6));
  });
});
