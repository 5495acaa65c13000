import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { patientChartPath } from '@portal/contract';
import { createHandlers, pendingHandler, problemHandler } from '@portal/testing';
import {
  fitsThePhone,
  forgetSession,
  inManagementSection,
  inPortalFrame,
  type PortalParameters,
} from '@portal/testing/story-kit';
import { CHART_APPOINTMENTS, CHART_RECORD } from '../chart/chart-fixtures';
import { NOTES, VITALS } from './visit-fixtures';
import { VisitSections } from './visit-sections';

/** A mock API of its own for each story: P037 with these sets and notes. */
const visitHandlers = (data: { vitals?: typeof VITALS; notes?: typeof NOTES } = {}) =>
  createHandlers({
    patients: [CHART_RECORD],
    appointments: { P037: CHART_APPOINTMENTS },
    vitals: { P037: data.vitals ?? VITALS },
    notes: { P037: data.notes ?? NOTES },
  });

const meta = {
  title: 'Pages/Clinical/ChartVisit',
  component: VisitSections,
  args: { patientId: 'P037' },
  beforeEach: forgetSession,
  decorators: [inManagementSection('patients'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: patientChartPath('P037'),
      session: { role: 'medical_personnel', position_id: 'P001' },
    } satisfies PortalParameters,
    msw: visitHandlers(),
  },
} satisfies Meta<typeof VisitSections>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A Doctor's view: the latest set flagged, the trend plotted, the notes with an addendum. */
export const Default: Story = {
  parameters: { msw: visitHandlers() },
  play: async ({ canvas }) => {
    const vitals = await canvas.findByRole('region', { name: 'Vital signs' });
    await within(vitals).findByText(/Latest, taken/);
    await expect(within(vitals).getAllByText('High').length).toBeGreaterThan(0);
    // uPlot draws each plot on a canvas inside the picture named by what it shows.
    const plots = await within(vitals).findAllByRole('img');
    await expect(plots).toHaveLength(3);
    await waitFor(() => expect(plots[0]?.querySelector('canvas')).not.toBeNull());
    const notes = canvas.getByRole('region', { name: 'Notes' });
    await expect(await within(notes).findAllByRole('article')).toHaveLength(2);
    await expect(within(notes).getByText(/Addendum by Pim Chaiyo/)).toBeVisible();
  },
};

/** "Show as table": every reading as a row, newest first, flags in words. */
export const AsTable: Story = {
  parameters: { msw: visitHandlers() },
  play: async ({ canvas }) => {
    const vitals = await canvas.findByRole('region', { name: 'Vital signs' });
    await userEvent.click(await within(vitals).findByRole('button', { name: 'Show as table' }));
    const table = within(vitals).getByRole('table', {
      name: 'Vital signs over time, newest first',
    });
    await expect(within(table).getAllByRole('row')).toHaveLength(4);
    await expect(within(table).getAllByRole('row')[1]).toHaveTextContent('152 (High)');
    await expect(within(vitals).getByRole('button', { name: 'Show as plot' })).toBeVisible();
  },
};

/** A Nurse records a first set: the BMI as typed, then the latest set and the trend. */
export const RecordASet: Story = {
  parameters: {
    msw: visitHandlers({ vitals: [], notes: [] }),
    portal: {
      route: patientChartPath('P037'),
      session: { role: 'medical_personnel', position_id: 'P002' },
    } satisfies PortalParameters,
  },
  play: async ({ canvas }) => {
    const vitals = await canvas.findByRole('region', { name: 'Vital signs' });
    await within(vitals).findByText('No vital signs recorded yet');
    await userEvent.click(within(vitals).getByRole('button', { name: 'Record vital signs' }));
    const form = await within(vitals).findByRole('form', { name: 'Record vital signs' });
    await userEvent.type(within(form).getByLabelText('Systolic (mmHg)'), '128');
    await userEvent.type(within(form).getByLabelText('Diastolic (mmHg)'), '84');
    await userEvent.type(within(form).getByLabelText('Weight (kg)'), '62.5');
    await userEvent.type(within(form).getByLabelText('Height (cm)'), '158');
    await expect(within(form).getByText(/BMI from this weight and height: 25/)).toBeVisible();
    await userEvent.click(within(form).getByRole('button', { name: 'Save vital signs' }));
    await expect(await within(vitals).findByText('Vital signs saved')).toBeVisible();
    await expect(await within(vitals).findByText(/Latest, taken/)).toBeVisible();
  },
};

/** A blood pressure without its pair: refused beside the field, what was typed kept. */
export const RecordWithErrors: Story = {
  parameters: { msw: visitHandlers({ vitals: [], notes: [] }) },
  play: async ({ canvas }) => {
    const vitals = await canvas.findByRole('region', { name: 'Vital signs' });
    await userEvent.click(
      await within(vitals).findByRole('button', { name: 'Record vital signs' }),
    );
    const form = await within(vitals).findByRole('form', { name: 'Record vital signs' });
    await userEvent.type(within(form).getByLabelText('Systolic (mmHg)'), '150');
    await userEvent.click(within(form).getByRole('button', { name: 'Save vital signs' }));
    await waitFor(() =>
      expect(within(form).getByLabelText('Diastolic (mmHg)')).toHaveAccessibleDescription(
        'Record both systolic and diastolic pressure',
      ),
    );
    await expect(within(form).getByLabelText('Systolic (mmHg)')).toHaveValue('150');
  },
};

/** A Doctor writes a note from the SOAP template, then adds an addendum to it. */
export const WriteANote: Story = {
  parameters: { msw: visitHandlers({ notes: [] }) },
  play: async ({ canvas }) => {
    const notes = await canvas.findByRole('region', { name: 'Notes' });
    await userEvent.click(await within(notes).findByRole('button', { name: 'Write a note' }));
    const form = await within(notes).findByRole('form', { name: 'Write a note' });
    await userEvent.click(within(form).getByRole('button', { name: 'Insert SOAP template' }));
    await userEvent.type(within(form).getByLabelText(/^Note/), 'Review in two weeks');
    await userEvent.click(within(form).getByRole('button', { name: 'Sign and save' }));
    await expect(await within(notes).findByText('Note signed and saved')).toBeVisible();
    const note = await within(notes).findByRole('article');
    await userEvent.click(within(note).getByRole('button', { name: /^Add addendum to/ }));
    await userEvent.type(await within(note).findByLabelText(/^Addendum/), 'Lab results normal');
    await userEvent.click(within(note).getByRole('button', { name: 'Sign and add' }));
    await expect(await within(note).findByText('Lab results normal')).toBeVisible();
  },
};

/** Entered in error asks for a reason in a dialog; the note then shows only on request. */
export const EnteredInError: Story = {
  parameters: { msw: visitHandlers() },
  play: async ({ canvas }) => {
    const notes = await canvas.findByRole('region', { name: 'Notes' });
    const [first] = await within(notes).findAllByRole('article');
    await userEvent.click(
      within(first as HTMLElement).getByRole('button', {
        name: /^Entered in error: the note signed/,
      }),
    );
    const dialog = await within(document.body).findByRole('alertdialog');
    await userEvent.type(within(dialog).getByLabelText(/^Reason/), 'Duplicate of another note');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Mark entered in error' }));
    await waitFor(() => expect(within(notes).getAllByRole('article')).toHaveLength(1));
    await userEvent.click(within(notes).getByLabelText('Show notes entered in error'));
    await waitFor(() => expect(within(notes).getAllByRole('article')).toHaveLength(3));
    await expect(within(notes).getByText(/Duplicate of another note/)).toBeVisible();
  },
};

/** Still loading. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('listVitals'), pendingHandler('listNotes')] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading vital signs...')).toBeVisible();
    await expect(canvas.getByText('Loading notes...')).toBeVisible();
  },
};

/** Neither list could be loaded. */
export const Error: Story = {
  parameters: {
    msw: [
      problemHandler('listVitals', 500, 'Something went wrong'),
      problemHandler('listNotes', 500, 'Something went wrong'),
      ...visitHandlers(),
    ],
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Error: Could not load the vital signs')).toBeVisible();
    await expect(await canvas.findByText('Error: Could not load the notes')).toBeVisible();
  },
};

/** On a 360 px phone: the plots and the table fit, the table scrolling inside its own box. */
export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  parameters: { msw: visitHandlers() },
  play: async ({ canvas }) => {
    const vitals = await canvas.findByRole('region', { name: 'Vital signs' });
    await within(vitals).findAllByRole('img');
    await fitsThePhone();
    await userEvent.click(within(vitals).getByRole('button', { name: 'Show as table' }));
    await fitsThePhone();
  },
};
