import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MESSAGES, patientChartPath } from '@portal/contract';
import { createHandlers, pendingHandler, problemHandler } from '@portal/testing';
import {
  fitsThePhone,
  forgetSession,
  inManagementSection,
  inPortalFrame,
  type PortalParameters,
} from '@portal/testing/story-kit';
import {
  CHART_APPOINTMENTS,
  CHART_RECORD,
  manyAppointments,
  NO_ALLERGY_RECORD,
} from './chart-fixtures';
import { MEDICATIONS } from '../medications/medications-fixtures';
import { PatientChartPage } from './patient-chart-page';
import { LOADING_CHART } from '../../testing/english-texts';

/** A mock API of its own for a story that changes the appointments. */
const chartHandlers = () =>
  createHandlers({ patients: [CHART_RECORD], appointments: { P037: CHART_APPOINTMENTS } });

const meta = {
  title: 'Pages/Clinical/PatientChartPage',
  component: PatientChartPage,
  args: { patientId: 'P037' },
  beforeEach: forgetSession,
  decorators: [inManagementSection('patients'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: patientChartPath('P037'),
      session: { role: 'medical_personnel' },
    } satisfies PortalParameters,
    msw: createHandlers({ patients: [CHART_RECORD], appointments: { P037: CHART_APPOINTMENTS } }),
  },
} satisfies Meta<typeof PatientChartPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A whole record: the allergy alert on top, every field, appointments and the history. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Malee Srisuk' });
    // The severe allergy first, with its reaction.
    await expect(canvas.getByRole('alert')).toHaveTextContent(
      /amoxicillin \(R003\)Severe.*Swelling.*paracetamol \(R002\)Mild/,
    );
    const details = canvas.getByRole('region', { name: 'Personal details' });
    await expect(within(details).getByText('smokes ten cigarettes a day')).toBeVisible();
    await expect(await canvas.findByRole('table', { name: 'Upcoming' })).toBeVisible();
    await expect(canvas.getByRole('table', { name: 'Past' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Book appointment' })).toBeVisible();
  },
};

/** The follow-up is cancelled with a reason; a dialog asks for it (required). */
export const CancelWithReason: Story = {
  parameters: { msw: chartHandlers() },
  play: async ({ canvas, userEvent }) => {
    const upcoming = await canvas.findByRole('table', { name: 'Upcoming' });
    await userEvent.click(within(upcoming).getByRole('button', { name: /^Cancel: .* at 10:30$/ }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Cancel appointment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    const reason = within(dialog).getByRole('textbox', { name: /^Message for the patient/ });
    await waitFor(() => expect(reason).toHaveAttribute('aria-invalid', 'true'));
    await userEvent.type(reason, 'Patient is travelling');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await expect(await canvas.findByText(/was cancelled\.$/)).toBeVisible();
    await waitFor(() =>
      expect(within(upcoming).getByText('Reason: Patient is travelling')).toBeVisible(),
    );
  },
};

/** The cancel dialog open with its required reason refused: the state a person sees. */
export const CancelDialogRefused: Story = {
  parameters: { msw: chartHandlers() },
  play: async ({ canvas, userEvent }) => {
    const upcoming = await canvas.findByRole('table', { name: 'Upcoming' });
    await userEvent.click(within(upcoming).getByRole('button', { name: /^Cancel: .* at 10:30$/ }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Cancel appointment' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() =>
      expect(
        within(dialog).getByRole('textbox', { name: /^Message for the patient/ }),
      ).toHaveAttribute('aria-invalid', 'true'),
    );
  },
};

/** The reschedule dialog, starting from the appointment's clinician and length. */
export const RescheduleDialogOpen: Story = {
  parameters: { msw: chartHandlers() },
  play: async ({ canvas, userEvent }) => {
    const upcoming = await canvas.findByRole('table', { name: 'Upcoming' });
    await userEvent.click(
      within(upcoming).getByRole('button', { name: /^Reschedule: .* at 10:30$/ }),
    );
    const dialog = await within(document.body).findByRole('dialog', {
      name: 'Reschedule appointment',
    });
    await expect(within(dialog).getByRole('combobox', { name: /^Length/ })).toHaveValue('30');
  },
};

/** While the record loads. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('getPatient'), pendingHandler('patientAppointments')] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(LOADING_CHART)).toBeVisible();
  },
};

/** A patient without drug allergies: a quiet line, no alert. */
export const NoAllergies: Story = {
  parameters: { msw: createHandlers({ patients: [NO_ALLERGY_RECORD], appointments: {} }) },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Malee Srisuk' });
    await expect(canvas.getByText(MESSAGES.noDrugAllergies)).toBeVisible();
    await expect(canvas.queryByRole('alert')).not.toBeInTheDocument();
    await expect(await canvas.findByText('No appointments.')).toBeVisible();
  },
};

/** Thirty appointments: the first twenty, and Show more appointments for the rest. */
export const ManyAppointments: Story = {
  parameters: {
    msw: createHandlers({ patients: [CHART_RECORD], appointments: { P037: manyAppointments(30) } }),
  },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Showing 20 of 30.')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Show more appointments' }));
    await expect(await canvas.findByText('Showing 30 of 30.')).toBeVisible();
  },
};

/** An id no patient has. */
export const NotFound: Story = {
  args: { patientId: 'P404' },
  parameters: { portal: { route: patientChartPath('P404') } },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent('No patient with ID P404');
    await expect(canvas.getByRole('link', { name: 'Find a patient' })).toBeVisible();
  },
};

/** The record could not be loaded. */
export const Error: Story = {
  parameters: { msw: [problemHandler('getPatient', 500, 'Something went wrong')] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      `Error: ${MESSAGES.patientLoadFailed}`,
    );
  },
};

/** On a 360 px phone: nothing scrolls sideways. */
export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await canvas.findByRole('heading', { level: 1, name: 'Malee Srisuk' });
    await canvas.findByRole('table', { name: 'Upcoming' });
    await fitsThePhone();
  },
};

/** A Doctor's chart with medications: an allergy conflict loud, an override's reason shown. */
export const WithMedications: Story = {
  parameters: {
    msw: createHandlers({
      patients: [CHART_RECORD],
      appointments: { P037: CHART_APPOINTMENTS },
      medications: { P037: MEDICATIONS },
    }),
    portal: {
      route: patientChartPath('P037'),
      session: { role: 'medical_personnel', position_id: 'P001' },
    } satisfies PortalParameters,
  },
  play: async ({ canvas }) => {
    const medications = await canvas.findByRole('region', { name: 'Medications' });
    await expect(
      await within(medications).findByText(
        'Allergy conflict: the patient has a recorded allergy to amoxicillin',
      ),
    ).toBeVisible();
    await expect(within(medications).getByRole('button', { name: 'Prescribe' })).toBeVisible();
  },
};
