import type { ReactElement } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hospitalNow, MESSAGES, patientChartPath } from '@portal/contract';
import { CLOCK_TIME_HINT, TIME_HINT as TIME_HINT_TEXT } from '@portal/form-widgets';
import {
  createHandlers,
  makePatientRecord,
  pendingHandler,
  problemHandler,
  recordBodies,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';

type RecordOverrides = NonNullable<Parameters<typeof makePatientRecord>[0]>;

/** What differs between the appointment page and the history page, for their shared tests. */
export interface PatientEntryPageCase {
  page: ReactElement;
  route: string;
  endpoint: 'addAppointment' | 'addHistory';
  /** The page's heading, also the start of its refusal notice. */
  title: string;
  /** The part of the test patient's record that says it has no such entry yet. */
  noEntryYet: Omit<RecordOverrides, 'patient'>;
  /** The optional text: its field name in the request, its label, and whether it is a text area. */
  text: { name: 'topic' | 'detail'; label: string; multiline: boolean };
  /** The time field: the browser's time control (null), or free text with this placeholder. */
  timePlaceholder: string | null;
  /** What the tests type for P001, and the confirmation the page must show for it. */
  example: { time: string; date: string; text: string; success: string };
  /** Times the form must refuse before anything is sent. */
  refusedTimes: string[];
  /** A second valid entry: another way of typing the id or time, with no text (sent as null). */
  variant: { name: string; id: string; time: string; success: string };
  /** What the form sends beyond the spec's fields when they are left as they are. */
  extraBody?: Record<string, unknown>;
  /** A problem the server names the date field in. */
  dateProblem: string;
  /** The spec's internal failure message, logged to the console. */
  failureMessage: string;
  /** The date and time start as the hospital's now (the history form), not empty. */
  startsNow?: boolean;
}

/**
 * The tests both PatientEntryForm pages must pass, written once and run for each page's
 * configuration, in the page's own test file: `describePatientEntryPage('AddHistoryPage', {…})`.
 */
export function describePatientEntryPage(name: string, c: PatientEntryPageCase) {
  // setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
  const server = setupMswServer();

  let consoleError: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // One patient, with no such entry yet, so the answer names someone the test knows.
    server.use(
      ...createHandlers({
        patients: [
          makePatientRecord({
            patient: { patient_id: 'P001', first_name: 'Malee', last_name: 'Srisuk' },
            ...c.noEntryYet,
          }),
        ],
      }),
    );
  });
  beforeEach(() => {
    // The clock stands still, so the form's starting time is the one the tests read.
    if (c.startsNow) {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date());
    }
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  function renderPage(route = c.route) {
    const user = userEvent.setup();
    renderWithProviders(c.page, { route, session: { role: 'medical_personnel' } });
    return { user };
  }

  const patientId = () => screen.getByRole('textbox', { name: 'Patient ID' });
  const time = () => screen.getByLabelText(/^Time/);
  const date = () => screen.getByLabelText(/^Date/);
  const text = () => screen.getByRole('textbox', { name: c.text.label });
  const add = () => screen.getByRole('button', { name: /^Add/ });
  const TIME_HINT = c.timePlaceholder === null ? CLOCK_TIME_HINT : TIME_HINT_TEXT;
  /** What the date and time hold as the form starts, and again after an entry or Reset. */
  const start = () => (c.startsNow ? hospitalNow() : { date: '', time: '' });
  /** Empties the date and time that the form filled in, for a test that types its own. */
  async function emptyStart(user: UserEvent) {
    if (!c.startsNow) return;
    await user.clear(time());
    await user.clear(date());
  }

  async function fill(user: UserEvent, values: { id?: string; time?: string; text?: string } = {}) {
    const v = { id: 'P001', ...c.example, ...values };
    await emptyStart(user);
    await user.type(patientId(), v.id);
    await user.type(time(), v.time);
    await user.type(date(), v.date);
    if (v.text) await user.type(text(), v.text);
  }

  describe(name, () => {
    it('fills in the Patient ID from ?patient_id=, names the patient, and leads back to the chart', async () => {
      const { user } = renderPage(`${c.route}?patient_id=p001`);
      expect(patientId()).toHaveValue('P001');
      expect(await screen.findByText('Patient: Malee Srisuk')).toBeInTheDocument();
      expect(patientId()).toHaveAccessibleDescription('Patient: Malee Srisuk');
      await emptyStart(user);
      await user.type(time(), c.example.time);
      await user.type(date(), c.example.date);
      await user.click(add());
      const back = await screen.findByRole('link', { name: "Back to P001's chart" });
      expect(back).toHaveAttribute('href', patientChartPath('P001'));
      expect(patientId()).toHaveValue('');
    });

    it('says when a typed Patient ID names nobody, before saving', async () => {
      const { user } = renderPage();
      await user.type(patientId(), 'P404');
      expect(await screen.findByText('No patient with ID P404')).toBeInTheDocument();
    });

    it(`asks for patient id, time and date (required) and a ${c.text.name} (optional), with Add and Reset`, () => {
      renderPage();
      expect(screen.getByRole('heading', { level: 1, name: c.title })).toBeInTheDocument();
      expect(patientId()).toBeRequired();
      expect(patientId()).toHaveAttribute('placeholder', MESSAGES.patientIdPlaceholder);
      expect(time()).toBeRequired();
      if (c.timePlaceholder === null) {
        expect(time()).toHaveAttribute('type', 'time');
        expect(time()).toHaveAttribute('step', '60');
      } else {
        expect(time()).toHaveAttribute('type', 'text');
        expect(time()).toHaveAttribute('placeholder', c.timePlaceholder);
      }
      expect(date()).toBeRequired();
      expect(text()).not.toBeRequired();
      expect(text().tagName).toBe(c.text.multiline ? 'TEXTAREA' : 'INPUT');
      expect(add()).toHaveAttribute('type', 'submit');
      expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled();
    });

    it('says what each required field needs and sends nothing', async () => {
      const bodies = recordBodies(server, c.endpoint);
      const { user } = renderPage();
      await emptyStart(user);
      await user.click(add());
      await waitFor(() => expect(patientId()).toHaveAccessibleDescription('Required'));
      expect(time()).toHaveAccessibleDescription(`${TIME_HINT} Required`);
      expect(date()).toHaveAccessibleDescription('Required');
      expect(text()).not.toHaveAttribute('aria-invalid');
      expect(bodies).toEqual([]);
    });

    it('says what is wrong with a patient id in the wrong format', async () => {
      const { user } = renderPage();
      await user.type(patientId(), '001');
      await user.click(add());
      await waitFor(() =>
        expect(patientId()).toHaveAccessibleDescription(
          'Patient ID is P followed by digits, as P001',
        ),
      );
    });

    it.each(c.refusedTimes)('refuses the time “%s”', async (typed) => {
      const bodies = recordBodies(server, c.endpoint);
      const { user } = renderPage();
      await emptyStart(user);
      await user.type(time(), typed);
      await user.click(add());
      await waitFor(() =>
        expect(time()).toHaveAccessibleDescription(
          // The time control takes no impossible time at all: it stays empty.
          c.timePlaceholder === null
            ? `${TIME_HINT} Required`
            : `${TIME_HINT} Use a time as HH:MM or HH:MM:SS (24-hour)`,
        ),
      );
      expect(bodies).toEqual([]);
    });

    it('adds the entry, names the patient, moves focus to the confirmation and clears the form', async () => {
      const bodies = recordBodies(server, c.endpoint);
      const { user } = renderPage();
      await fill(user);
      await user.click(add());
      const status = await screen.findByRole('status');
      expect(status).toHaveTextContent(c.example.success);
      expect(status).toHaveFocus();
      expect(bodies).toEqual([
        {
          patient_id: 'P001',
          time: c.example.time,
          date: c.example.date,
          [c.text.name]: c.example.text,
          ...c.extraBody,
        },
      ]);
      expect(patientId()).toHaveValue('');
      expect(time()).toHaveValue(start().time);
      expect(date()).toHaveValue(start().date);
      expect(text()).toHaveValue('');
      expect(consoleError).not.toHaveBeenCalled();
    });

    it(c.variant.name, async () => {
      const bodies = recordBodies(server, c.endpoint);
      const { user } = renderPage();
      await fill(user, { id: c.variant.id, time: c.variant.time, text: '' });
      await user.click(add());
      expect(await screen.findByRole('status')).toHaveTextContent(c.variant.success);
      expect(bodies).toEqual([
        {
          patient_id: 'P001',
          time: c.variant.time,
          date: c.example.date,
          [c.text.name]: null,
          ...c.extraBody,
        },
      ]);
    });

    it('keeps what was typed and shows the server’s words when the patient is unknown', async () => {
      const { user } = renderPage();
      await fill(user, { id: 'P999' });
      await user.click(add());
      const alert = await screen.findByRole('alert');
      expect(alert).toHaveTextContent(`${c.title}: not added`);
      expect(alert).toHaveTextContent('No patient with ID P999');
      await waitFor(() => expect(alert).toHaveFocus());
      expect(patientId()).toHaveValue('P999');
      expect(time()).toHaveValue(c.example.time);
      expect(date()).toHaveValue(c.example.date);
      expect(text()).toHaveValue(c.example.text);
      expect(consoleError).toHaveBeenCalledWith(c.failureMessage);
    });

    it('marks the field the server names, and keeps what was typed', async () => {
      server.use(
        problemHandler(c.endpoint, 400, `date: ${c.dateProblem}`, [
          { field: 'date', message: c.dateProblem },
        ]),
      );
      const { user } = renderPage();
      await fill(user);
      await user.click(add());
      await waitFor(() => expect(date()).toHaveAttribute('aria-invalid', 'true'));
      expect(date()).toHaveAccessibleDescription(c.dateProblem);
      expect(date()).toHaveFocus();
      expect(date()).toHaveValue(c.example.date);
      expect(time()).toHaveValue(c.example.time);
      const alert = screen.getByRole('alert');
      expect(alert).toHaveTextContent(`${c.title}: not added`);
      expect(alert).toHaveTextContent(`date: ${c.dateProblem}`);
    });

    it('disables Add and Reset while the request runs', async () => {
      server.use(pendingHandler(c.endpoint));
      const { user } = renderPage();
      await fill(user);
      await user.click(add());
      await waitFor(() => expect(add()).toBeDisabled());
      expect(add()).toHaveAccessibleName('Add Working…');
      expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    });

    if (c.startsNow) {
      it("starts with the hospital's current date and time, which the person can change", async () => {
        const { user } = renderPage();
        expect(date()).toHaveValue(hospitalNow().date);
        expect(time()).toHaveValue(hospitalNow().time);
        await fill(user);
        expect(time()).toHaveValue(c.example.time);
        expect(date()).toHaveValue(c.example.date);
      });
    }

    it('Reset clears every field', async () => {
      const { user } = renderPage();
      await fill(user);
      await user.click(screen.getByRole('button', { name: 'Reset' }));
      expect(patientId()).toHaveValue('');
      expect(time()).toHaveValue(start().time);
      expect(date()).toHaveValue(start().date);
      expect(text()).toHaveValue('');
    });
  });
}
