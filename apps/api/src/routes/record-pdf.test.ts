/**
 * "Download my record" as a PDF summary: the patient's own record (problems, allergies,
 * appointments, history) in the language asked for, read back from the PDF's text in English
 * and in Thai (the embedded Thai font); audited as a record read; the patient's own only.
 */
import { sql } from 'drizzle-orm';
import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverText } from '@portal/i18n/server';
import { queryRows, type Database } from '../db/database';
import { expectProblem } from '../test/assertions';
import {
  BACKENDS,
  call,
  createTestApp,
  createTestDatabase,
  createUser,
  type TestUser,
} from '../test/harness';

type App = Awaited<ReturnType<typeof createTestApp>>['app'];

/** The PDF's text, as a reader extracts it (spaces and line breaks squeezed out). */
async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text.replace(/\s+/g, '');
  } finally {
    await parser.destroy();
  }
}

const squeezed = (text: string) => text.replace(/\s+/g, '');

describe.each(BACKENDS)('the record as a PDF summary on %s', (backend) => {
  let database: Database;
  let app: App;
  let patient: TestUser;
  let doctor: TestUser;

  beforeAll(async () => {
    database = await createTestDatabase(backend);
    ({ app } = await createTestApp(database));
    doctor = await createUser(app, database, 'medical_personnel');
    patient = await createUser(app, database, 'patient');
    expect(
      (
        await call(app, 'POST', '/patient/add-patient-appointment', {
          token: doctor.token,
          body: {
            patient_id: patient.recordId,
            date: '2031-03-14',
            time: '09:30',
            topic: 'Knee review',
          },
        })
      ).statusCode,
    ).toBe(201);
    expect(
      (
        await call(app, 'POST', '/patient/add-patient-history', {
          token: doctor.token,
          body: {
            patient_id: patient.recordId,
            date: '2026-01-05',
            time: '10:00',
            detail: 'Sprained left knee',
          },
        })
      ).statusCode,
    ).toBe(201);
  });

  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  const download = (locale: string, token = patient.token) =>
    call(app, 'GET', `/profile/record.pdf?locale=${locale}`, { token });

  for (const locale of ['en', 'th'] as const) {
    it(`reads back in ${locale === 'en' ? 'English' : 'Thai'}: the sections and the record's entries`, async () => {
      const answer = await download(locale);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.headers['content-type']).toBe('application/pdf');
      expect(answer.headers['content-disposition']).toBe(
        `attachment; filename="my-record-${patient.recordId}.pdf"`,
      );
      const text = await pdfText(answer.rawPayload);
      if (process.env['PDF_DUMP'])
        (await import('node:fs')).writeFileSync(`/tmp/record-${locale}.pdf`, answer.rawPayload);
      for (const id of [
        'public.recordPdf.title',
        'public.recordPdf.problems',
        'public.recordPdf.allergies',
        'public.recordPdf.appointments',
        'public.recordPdf.history',
      ])
        expect(text, id).toContain(squeezed(serverText(id, locale)));
      expect(text).toContain(patient.recordId);
      expect(text).toContain('Kneereview');
      expect(text).toContain('Sprainedleftknee');
      // The record keeps no medications: that section is left out, not shown empty.
      expect(text).not.toContain(squeezed(serverText('public.recordPdf.medications', locale)));
    });
  }

  it('is audited as a read of the record', async () => {
    await download('en');
    const rows = await queryRows<{ action: string }>(
      database.db,
      sql`select action from audit_event
          where actor_username = ${patient.username} and record_ids @> array[${patient.recordId}]::text[]
            and action in ('patient.read', 'patient.appointment.read') and outcome = 'success'`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(2);
  });

  it("is a patient's call, and refuses a language it does not have, naming it", async () => {
    expect((await download('en', doctor.token)).statusCode).toBe(403);
    expectProblem(await download('fr'), 400, 'locale');
  });
});
