import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { Locale } from '@portal/i18n/server';
import { serverText } from '@portal/i18n/server';
import { HOSPITAL_NAME, HOSPITAL_TIME_ZONE } from '@portal/reference-data';
import type { Resource } from '@medplum/fhirtypes';
import { ProblemError } from '../errors';

const require = createRequire(import.meta.url);

/**
 * Noto Sans Thai (SIL Open Font License 1.1, @fontsource/noto-sans-thai): Fontsource cuts it
 * into a Thai and a Latin file, so each run of text is written in the file that has its letters.
 */
const FONTS = {
  thai: require.resolve('@fontsource/noto-sans-thai/files/noto-sans-thai-thai-400-normal.woff'),
  thaiBold: require.resolve('@fontsource/noto-sans-thai/files/noto-sans-thai-thai-700-normal.woff'),
  latin: require.resolve('@fontsource/noto-sans-thai/files/noto-sans-thai-latin-400-normal.woff'),
  latinBold:
    require.resolve('@fontsource/noto-sans-thai/files/noto-sans-thai-latin-700-normal.woff'),
} as const;

const THAI = /[\u0E00-\u0E7F]/u;

/** The text split into runs of Thai and of everything else (spaces go with the run they are in). */
export function scriptRuns(text: string): { thai: boolean; text: string }[] {
  const runs: { thai: boolean; text: string }[] = [];
  for (const char of text) {
    const thai = THAI.test(char) || (char === ' ' && runs.at(-1)?.thai === true);
    const last = runs.at(-1);
    if (last && last.thai === thai) last.text += char;
    else runs.push({ thai, text: char });
  }
  return runs;
}

/** What the summary shows, read from the record's FHIR resources ($everything's). */
export interface RecordSummary {
  readonly patientId: string;
  readonly name: string;
  readonly problems: readonly string[];
  readonly allergies: readonly string[];
  /** null: the record keeps no medications (the section is left out). */
  readonly medications: readonly string[] | null;
  readonly appointments: readonly string[];
  readonly history: readonly string[];
}

type Coded = { text?: string; coding?: { display?: string; code?: string }[] };
const codedText = (c: Coded | undefined) =>
  c?.text ?? c?.coding?.find((x) => x.display)?.display ?? c?.coding?.[0]?.code ?? '-';

/** The summary's lines from the record's resources, dates in the reader's language. */
export function summaryOf(
  patientId: string,
  resources: readonly Resource[],
  locale: Locale,
): RecordSummary {
  const of = <T>(type: string) =>
    resources.filter((r) => r.resourceType === type) as unknown as T[];
  const dateFormat = (options: Intl.DateTimeFormatOptions, timeZone: string) =>
    new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', { ...options, timeZone });
  const patient = of<{ name?: { given?: string[]; family?: string }[] }>('Patient')[0];
  const name = patient?.name?.[0];
  const medications = [
    ...of<{ medicationCodeableConcept?: Coded }>('MedicationRequest'),
    ...of<{ medicationCodeableConcept?: Coded }>('MedicationStatement'),
  ].map((m) => codedText(m.medicationCodeableConcept));
  return {
    patientId,
    name: [...(name?.given ?? []), name?.family ?? ''].join(' ').trim(),
    problems: of<{ code?: Coded; clinicalStatus?: Coded }>('Condition').map(
      (c) => `${codedText(c.code)}${c.clinicalStatus ? ` (${codedText(c.clinicalStatus)})` : ''}`,
    ),
    allergies: of<{ code?: Coded; reaction?: { manifestation?: Coded[] }[] }>(
      'AllergyIntolerance',
    ).map((a) => {
      const reaction = a.reaction?.[0]?.manifestation?.[0];
      return `${codedText(a.code)}${reaction ? `: ${codedText(reaction)}` : ''}`;
    }),
    medications: medications.length ? medications : null,
    appointments: of<{ start?: string; status?: string; description?: string }>('Appointment')
      .filter((a) => a.start)
      .sort((a, b) => a.start!.localeCompare(b.start!))
      .map(
        (a) =>
          // FHIR's start holds the hospital's date and time as written (read back in UTC).
          `${dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, 'UTC').format(new Date(a.start!))} · ${a.status ?? ''}${a.description ? ` · ${a.description}` : ''}`,
      ),
    history: of<{ date?: string; content?: { attachment?: { data?: string } }[] }>(
      'DocumentReference',
    )
      .sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''))
      .map((d) => {
        const data = d.content?.[0]?.attachment?.data;
        const detail = data ? Buffer.from(data, 'base64').toString('utf8') : '';
        const when = d.date
          ? dateFormat({ dateStyle: 'medium', timeStyle: 'short' }, HOSPITAL_TIME_ZONE).format(
              new Date(d.date),
            )
          : '-';
        return `${when}: ${detail}`;
      }),
  };
}

/** One line of the PDF: its runs of text, each in the font that has its letters. */
export interface PdfLine {
  readonly runs: readonly { readonly font: keyof typeof FONTS; readonly text: string }[];
  readonly size: number;
  /** Space after the line, in points. */
  readonly gap: number;
}

/** The summary's lines, in the reader's language (cheap: the worker lays them out). */
export function recordPdfLines(summary: RecordSummary, locale: Locale, now: Date): PdfLine[] {
  const lines: PdfLine[] = [];
  const line = (text: string, size: number, bold = false, gap = 4) =>
    lines.push({
      runs: scriptRuns(text || ' ').map((run) => ({
        font: run.thai ? (bold ? 'thaiBold' : 'thai') : bold ? 'latinBold' : 'latin',
        text: run.text,
      })),
      size,
      gap,
    });
  const t = (id: string, values?: Record<string, string>) => serverText(id, locale, values);
  line(HOSPITAL_NAME, 11, true);
  line(t('public.recordPdf.title'), 20, true, 6);
  line(
    t('public.recordPdf.generated', {
      date: new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
        dateStyle: 'long',
        timeZone: HOSPITAL_TIME_ZONE,
      }).format(now),
      name: summary.name,
      patientId: summary.patientId,
    }),
    10,
    false,
    12,
  );
  const section = (titleId: string, entries: readonly string[]) => {
    line(t(titleId), 14, true, 4);
    if (entries.length === 0) line(t('public.recordPdf.none'), 10.5, false, 10);
    for (const [i, entry] of entries.entries())
      line(`• ${entry}`, 10.5, false, i === entries.length - 1 ? 10 : 2);
  };
  section('public.recordPdf.problems', summary.problems);
  section('public.recordPdf.allergies', summary.allergies);
  if (summary.medications) section('public.recordPdf.medications', summary.medications);
  section('public.recordPdf.appointments', summary.appointments);
  section('public.recordPdf.history', summary.history);
  line(t('public.recordPdf.footer'), 9, false, 0);
  return lines;
}

/**
 * The worker's code, plain JavaScript given as text (as the embedded database's thread is), so
 * that it runs alike in the tests and in the bundled server: laying out a page with an
 * embedded font takes pdfkit a few hundred milliseconds, which must not stop every other
 * request. It writes one PDF at a time, in the order asked.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const PDFDocument = require(workerData.pdfkit);
let queue = Promise.resolve();
parentPort.on('message', ({ id, title, author, lang, lines }) => {
  queue = queue.then(() => new Promise((resolve) => {
    try {
      const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title, Author: author }, lang });
      for (const [name, path] of Object.entries(workerData.fonts)) doc.registerFont(name, path);
      const chunks = [];
      doc.on('data', (chunk) => chunks.push(chunk));
      doc.on('end', () => {
        const pdf = Buffer.concat(chunks);
        parentPort.postMessage({ id, pdf }, [pdf.buffer]);
        resolve();
      });
      for (const line of lines) {
        doc.fontSize(line.size);
        line.runs.forEach((run, i) =>
          doc.font(run.font).text(run.text, { continued: i < line.runs.length - 1 }));
        doc.moveDown(line.gap / line.size);
      }
      doc.end();
    } catch (error) {
      parentPort.postMessage({ id, error: String((error && error.message) || error) });
      resolve();
    }
  }));
});
`;

/** Most PDFs waiting for the worker; past it a request is refused (503) rather than queued. */
const MAX_WAITING = 16;

/** Writes PDFs on a worker thread of its own, started on first use. */
export class PdfWorker {
  private worker: Worker | undefined;
  private next = 0;
  private readonly waiting = new Map<
    number,
    { resolve: (pdf: Buffer) => void; reject: (error: Error) => void }
  >();

  /** The summary as a PDF (A4), in the reader's language. */
  async render(summary: RecordSummary, locale: Locale, now: Date): Promise<Buffer> {
    if (this.waiting.size >= MAX_WAITING)
      throw new ProblemError(
        503,
        'Service Unavailable',
        'Too many summaries are being made. Try again shortly.',
      );
    const worker = this.start();
    const id = this.next++;
    const answer = new Promise<Buffer>((resolve, reject) =>
      this.waiting.set(id, { resolve, reject }),
    );
    worker.postMessage({
      id,
      title: serverText('public.recordPdf.title', locale),
      author: HOSPITAL_NAME,
      lang: locale,
      lines: recordPdfLines(summary, locale, now),
    });
    return answer;
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { pdfkit: require.resolve('pdfkit'), fonts: FONTS },
    });
    worker.unref();
    worker.on('message', (message: { id: number; pdf?: Uint8Array; error?: string }) => {
      const waiting = this.waiting.get(message.id);
      this.waiting.delete(message.id);
      if (message.pdf) waiting?.resolve(Buffer.from(message.pdf));
      else waiting?.reject(new Error(message.error ?? 'PDF not made'));
    });
    const fail = (error: Error) => {
      for (const waiting of this.waiting.values()) waiting.reject(error);
      this.waiting.clear();
      if (this.worker === worker) this.worker = undefined;
    };
    worker.on('error', fail);
    worker.on('exit', () => fail(new Error('The PDF thread ended')));
    this.worker = worker;
    return worker;
  }
}
