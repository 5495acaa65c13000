import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BLOOD_PRESSURE_PAIR_MESSAGE, patientChartPath, vitalRangeMessage } from '@portal/contract';
import {
  createHandlers,
  problemHandler,
  recordBodies,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { CHART_APPOINTMENTS, CHART_RECORD } from '../chart/chart-fixtures';
import { NOTES, VITALS } from './visit-fixtures';
import { VisitSections } from './visit-sections';

/** What the plot module gave uPlot: jsdom draws no canvas, so uPlot itself is stood in for. */
const drawn = vi.hoisted(() => [] as { series: unknown[]; data: unknown[][] }[]);
vi.mock('uplot', () => ({
  default: class {
    constructor(opts: { series: unknown[] }, data: unknown[][]) {
      drawn.push({ series: opts.series, data });
    }
    setSize() {}
    destroy() {}
  },
}));

beforeAll(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterAll(() => vi.unstubAllGlobals());

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

/** The visit's sections of P037's chart, as a Doctor (P001), a Nurse (P002) or HR (P011). */
function renderVisit(
  position_id: 'P001' | 'P002' | 'P011' = 'P002',
  data: { vitals?: typeof VITALS; notes?: typeof NOTES } = { vitals: VITALS, notes: NOTES },
) {
  server.use(
    ...createHandlers({
      patients: [CHART_RECORD],
      appointments: { P037: CHART_APPOINTMENTS },
      vitals: { P037: data.vitals ?? [] },
      notes: { P037: data.notes ?? [] },
    }),
  );
  const user = userEvent.setup();
  renderWithProviders(<VisitSections patientId="P037" />, {
    route: patientChartPath('P037'),
    session: { role: 'medical_personnel', position_id },
  });
  return { user };
}

/** The latest set's value of a measurement: its term and what it holds. */
function latest(card: HTMLElement, label: string) {
  const term = within(card)
    .getAllByText(label)
    .find((element) => element.tagName === 'DT');
  return term?.closest('div') ?? null;
}

const vitalsCard = () => screen.findByRole('region', { name: 'Vital signs' });
const notesCard = () => screen.findByRole('region', { name: 'Notes' });

describe('the chart’s vital signs', () => {
  it('shows the latest set with the server’s flags and each reference range', async () => {
    renderVisit();
    const card = await vitalsCard();
    expect(await within(card).findByText(/Latest, taken .* by Pim Chaiyo/)).toBeInTheDocument();
    const bp = latest(card, 'Blood pressure (mmHg)');
    expect(bp).toHaveTextContent('152High / 96High');
    const pulse = latest(card, 'Pulse (/min)');
    expect(pulse).toHaveTextContent('88Reference 60–100');
    expect(pulse).not.toHaveTextContent('High');
    // BMI computed from 68.5 kg and 160 cm, flagged high (above 24.9).
    expect(latest(card, 'BMI (kg/m²)')).toHaveTextContent('26.8High');
  });

  it('plots blood pressure, pulse and weight, and shows the same readings as a table', async () => {
    const { user } = renderVisit();
    const card = await vitalsCard();
    const plots = await within(card).findAllByRole('img');
    expect(plots.map((p) => p.getAttribute('aria-label'))).toEqual([
      expect.stringMatching(/^Blood pressure \(mmHg\): 3 readings from /),
      expect.stringMatching(/^Pulse \(\/min\): 3 readings from /),
      expect.stringMatching(/^Weight \(kg\): 3 readings from /),
    ]);
    // Oldest first on the time axis.
    expect(drawn.at(-3)?.data.slice(1)).toEqual([
      [128, 138, 152],
      [82, 88, 96],
    ]);
    // The table alternative is there for screen readers before it is asked for.
    expect(within(card).getByRole('table', { hidden: true })).toBeInTheDocument();

    await user.click(within(card).getByRole('button', { name: 'Show as table' }));
    const table = within(card).getByRole('table', { name: 'Vital signs over time, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(3);
    expect(rows[0]).toHaveTextContent('152 (High)96 (High)88');
    expect(rows[2]).toHaveTextContent('58 (Low)');
    expect(within(card).queryByRole('img')).not.toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Show as plot' }));
    expect(await within(card).findAllByRole('img')).toHaveLength(3);
  });

  it('records a set: errors beside their fields with what was typed kept, BMI as typed', async () => {
    const { user } = renderVisit('P002', { vitals: [], notes: [] });
    const card = await vitalsCard();
    expect(await within(card).findByText('No vital signs recorded yet')).toBeInTheDocument();
    await user.click(within(card).getByRole('button', { name: 'Record vital signs' }));
    const form = await within(card).findByRole('form', { name: 'Record vital signs' });
    const sent = recordBodies(server, 'recordVitals');

    await user.type(within(form).getByLabelText('Systolic (mmHg)'), '150');
    await user.type(within(form).getByLabelText('Pulse (/min)'), '400');
    await user.click(within(form).getByRole('button', { name: 'Save vital signs' }));
    const diastolic = within(form).getByLabelText('Diastolic (mmHg)');
    await waitFor(() => expect(diastolic).toHaveAccessibleDescription(BLOOD_PRESSURE_PAIR_MESSAGE));
    expect(within(form).getByLabelText('Pulse (/min)')).toHaveAccessibleDescription(
      vitalRangeMessage('pulse'),
    );
    expect(within(form).getByLabelText('Systolic (mmHg)')).toHaveValue('150');
    expect(sent).toHaveLength(0);

    await user.type(diastolic, '95');
    await user.clear(within(form).getByLabelText('Pulse (/min)'));
    await user.type(within(form).getByLabelText('Pulse (/min)'), '72');
    await user.type(within(form).getByLabelText('Weight (kg)'), '70');
    await user.type(within(form).getByLabelText('Height (cm)'), '170');
    expect(within(form).getByText('BMI from this weight and height: 24.2 kg/m²')).toBeVisible();
    await user.click(within(form).getByRole('button', { name: 'Save vital signs' }));

    expect(await within(card).findByText('Vital signs saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        systolic: 150,
        diastolic: 95,
        pulse: 72,
        weight_kg: 70,
        height_cm: 170,
        // The time shown, the hospital's now as the form opened (vitals-form.test.tsx).
        taken_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/) as string,
      },
    ]);
    await waitFor(() =>
      expect(latest(card, 'Blood pressure (mmHg)')).toHaveTextContent('150High / 95High'),
    );
    expect(within(form).getByLabelText('Systolic (mmHg)')).toHaveValue('');
  });

  it('keeps what was typed when the form is closed, and gives it back when it reopens', async () => {
    const { user } = renderVisit('P002', { vitals: [], notes: [] });
    const card = await vitalsCard();
    await user.click(await within(card).findByRole('button', { name: 'Record vital signs' }));
    let form = await within(card).findByRole('form', { name: 'Record vital signs' });
    await user.type(within(form).getByLabelText('Temperature (°C)'), '38.4');
    await user.click(within(form).getByRole('button', { name: 'Close' }));
    expect(within(card).queryByRole('form')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Record vital signs' }));
    form = await within(card).findByRole('form', { name: 'Record vital signs' });
    expect(within(form).getByLabelText('Temperature (°C)')).toHaveValue('38.4');
  });

  it('shows the server’s refusal beside the field it names, keeping what was typed', async () => {
    const { user } = renderVisit('P001', { vitals: [], notes: [] });
    server.use(
      problemHandler('recordVitals', 400, 'Check the highlighted fields', [
        { field: 'spo2', message: vitalRangeMessage('spo2') },
      ]),
    );
    const card = await vitalsCard();
    await user.click(await within(card).findByRole('button', { name: 'Record vital signs' }));
    const form = await within(card).findByRole('form', { name: 'Record vital signs' });
    await user.type(within(form).getByLabelText('SpO₂ (%)'), '97');
    await user.click(within(form).getByRole('button', { name: 'Save vital signs' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('SpO₂ (%)')).toHaveAccessibleDescription(
        vitalRangeMessage('spo2'),
      ),
    );
    expect(within(form).getByLabelText('SpO₂ (%)')).toHaveValue('97');
    expect(within(card).getByText('The vital signs were not saved')).toBeInTheDocument();
  });

  it('offers no recording and no note writing to a position that may do neither', async () => {
    renderVisit('P011');
    const card = await vitalsCard();
    await within(card).findByText(/Latest, taken/);
    expect(within(card).queryByRole('button', { name: 'Record vital signs' })).toBeNull();
    const notes = await notesCard();
    await within(notes).findByText(/Blood test reviewed/);
    expect(within(notes).queryByRole('button', { name: 'Write a note' })).toBeNull();
    expect(within(notes).queryByRole('button', { name: /Add addendum to/ })).toBeNull();
  });
});

describe('the chart’s signed notes', () => {
  it('lists the notes with their authors, appointment and addenda; those in error on request', async () => {
    const { user } = renderVisit('P001');
    const card = await notesCard();
    const items = await within(card).findAllByRole('article');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent(/Signed by Anan Wongsa, .*Headache in the mornings/);
    expect(items[1]).toHaveTextContent(/Appointment of /);
    expect(items[1]).toHaveTextContent(/Addendum by Pim Chaiyo, .*HbA1c came back at 6.0 %/);
    expect(within(card).queryByText('Written on the wrong chart.')).toBeNull();

    await user.click(within(card).getByLabelText('Show notes entered in error'));
    expect(await within(card).findByText('Written on the wrong chart.')).toBeInTheDocument();
    expect(
      within(card).getByText(/Marked entered in error by Anan Wongsa, .*: Wrong patient/),
    ).toBeInTheDocument();
    expect(within(card).getAllByRole('article')).toHaveLength(3);
  });

  it('writes a note from the SOAP template, then adds an addendum to it', async () => {
    const { user } = renderVisit('P001', { notes: [] });
    const card = await notesCard();
    await within(card).findByText('No signed notes yet');
    await user.click(within(card).getByRole('button', { name: 'Write a note' }));
    const form = await within(card).findByRole('form', { name: 'Write a note' });
    const sent = recordBodies(server, 'addNote');

    // Nothing typed: refused beside the field, nothing sent.
    await user.click(within(form).getByRole('button', { name: 'Sign and save' }));
    const text = within(form).getByLabelText(/^Note/);
    await waitFor(() => expect(text).toHaveAttribute('aria-invalid', 'true'));
    expect(sent).toHaveLength(0);

    await user.click(within(form).getByRole('button', { name: 'Insert SOAP template' }));
    expect(text).toHaveValue('Subjective:\n\nObjective:\n\nAssessment:\n\nPlan:\n');
    await user.type(text, 'Recheck in a week');
    await user.selectOptions(
      within(form).getByLabelText('Appointment'),
      CHART_APPOINTMENTS[2]?.appointment_id ?? '',
    );
    await user.click(within(form).getByRole('button', { name: 'Sign and save' }));
    expect(await within(card).findByText('Note signed and saved')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        text: 'Subjective:\n\nObjective:\n\nAssessment:\n\nPlan:\nRecheck in a week',
        appointment_id: CHART_APPOINTMENTS[2]?.appointment_id,
      },
    ]);
    const note = await within(card).findByRole('article');
    expect(note).toHaveTextContent('Appointment of');

    await user.click(within(note).getByRole('button', { name: /^Add addendum to the note/ }));
    const addendum = await within(note).findByRole('form', { name: /^Add addendum to/ });
    await user.type(within(addendum).getByLabelText(/^Addendum/), 'Patient called: better.');
    await user.click(within(addendum).getByRole('button', { name: 'Sign and add' }));
    expect(await within(note).findByText(/^Addendum by /)).toBeInTheDocument();
    expect(within(note).getByText('Patient called: better.')).toBeInTheDocument();
    // The note itself is never edited: no field holds its text.
    expect(within(note).queryByRole('textbox')).toBeNull();
  });

  it('marks a note entered in error only with a reason, after asking', async () => {
    const { user } = renderVisit('P001');
    const card = await notesCard();
    const [first] = await within(card).findAllByRole('article');
    await user.click(
      within(first as HTMLElement).getByRole('button', {
        name: /^Entered in error: the note signed/,
      }),
    );
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Mark this note entered in error?',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Mark entered in error' }));
    const reason = within(dialog).getByLabelText(/^Reason/);
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));

    await user.type(reason, 'Wrong patient');
    await user.click(within(dialog).getByRole('button', { name: 'Mark entered in error' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await waitFor(() => expect(within(card).getAllByRole('article')).toHaveLength(1));
    expect(within(card).queryByText(/Headache in the mornings/)).toBeNull();
  });
});
