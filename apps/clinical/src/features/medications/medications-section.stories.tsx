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
import { CHART_RECORD } from '../chart/chart-fixtures';
import { MEDICATIONS } from './medications-fixtures';
import { MedicationsSection } from './medications-section';

/** A mock API of its own for each story: P037 with these prescriptions. */
const medicationHandlers = (medications = MEDICATIONS) =>
  createHandlers({ patients: [CHART_RECORD], medications: { P037: medications } });

const doctor = {
  route: patientChartPath('P037'),
  session: { role: 'medical_personnel', position_id: 'P001' },
} satisfies PortalParameters;

const meta = {
  title: 'Pages/Clinical/ChartMedications',
  component: MedicationsSection,
  args: { patientId: 'P037' },
  beforeEach: forgetSession,
  decorators: [inManagementSection('patients'), inPortalFrame],
  parameters: { layout: 'fullscreen', portal: doctor, msw: medicationHandlers() },
} satisfies Meta<typeof MedicationsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A Doctor's view: the active ones, a conflict loud, an override's reason, the past apart. */
export const Default: Story = {
  parameters: { msw: medicationHandlers() },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'Medications' });
    await expect(
      await within(card).findByText(
        'Allergy conflict: the patient has a recorded allergy to amoxicillin',
      ),
    ).toBeVisible();
    await expect(within(card).getByText(/^Prescribed despite a warning/)).toBeVisible();
    await expect(within(card).getByRole('button', { name: 'Prescribe' })).toBeVisible();
    await userEvent.click(within(card).getByText('Stopped and completed (2)'));
    await expect(within(card).getByText(/Reason: Stomach pain/)).toBeVisible();
  },
};

/** A Nurse reads and prints; she has no Prescribe and no Stop. */
export const AsANurse: Story = {
  parameters: {
    msw: medicationHandlers(),
    portal: { ...doctor, session: { role: 'medical_personnel', position_id: 'P002' } },
  },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'Medications' });
    await within(card).findAllByRole('button', { name: /^Print prescription: / });
    await expect(within(card).queryByRole('button', { name: 'Prescribe' })).toBeNull();
    await expect(within(card).queryByRole('button', { name: /^Stop / })).toBeNull();
  },
};

/** A duplicate of what she takes: named, and prescribed anyway with a reason. */
export const PrescribeAnyway: Story = {
  parameters: { msw: medicationHandlers() },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'Medications' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Prescribe' }));
    const form = await within(card).findByRole('form', { name: 'Prescribe' });
    await userEvent.type(within(form).getByRole('combobox', { name: 'Drug' }), 'para');
    await userEvent.click(await within(form).findByRole('option', { name: /^paracetamol/ }));
    await userEvent.type(within(form).getByLabelText(/^Dose/), '1');
    await userEvent.selectOptions(within(form).getByLabelText(/^Unit/), 'tablet');
    await userEvent.selectOptions(within(form).getByLabelText(/^Route/), 'oral');
    await userEvent.selectOptions(within(form).getByLabelText(/^Frequency/), 'four_times_daily');
    await userEvent.type(within(form).getByLabelText(/^Duration \(days\)/), '3');
    await userEvent.type(within(form).getByLabelText(/^Quantity to dispense/), '12');
    await userEvent.type(
      within(form).getByLabelText(/^Instructions for the patient/),
      'One tablet every six hours',
    );
    await userEvent.click(within(form).getByRole('button', { name: 'Save prescription' }));
    const alert = await within(form).findByRole('alert');
    await expect(alert).toHaveTextContent('Already prescribed: paracetamol');
    await userEvent.type(
      within(alert).getByLabelText('Reason to prescribe anyway'),
      'Replaces the as-needed prescription',
    );
    await userEvent.click(within(alert).getByRole('button', { name: 'Prescribe anyway' }));
    await expect(await within(card).findByText('Prescription saved: paracetamol')).toBeVisible();
  },
};

/** Fields refused beside them, what was typed kept. */
export const PrescribeWithErrors: Story = {
  parameters: { msw: medicationHandlers([]) },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'Medications' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Prescribe' }));
    const form = await within(card).findByRole('form', { name: 'Prescribe' });
    await userEvent.type(within(form).getByLabelText(/^Dose/), '0');
    await userEvent.click(within(form).getByRole('button', { name: 'Save prescription' }));
    await waitFor(() =>
      expect(within(form).getByLabelText(/^Dose/)).toHaveAccessibleDescription(
        'Enter a dose above 0 and at most 100000, to three decimals',
      ),
    );
    await expect(within(form).getByLabelText(/^Dose/)).toHaveValue('0');
  },
};

/** Stop asks its reason in a dialog. */
export const Stop: Story = {
  parameters: { msw: medicationHandlers() },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'Medications' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Stop paracetamol' }));
    const dialog = await within(document.body).findByRole('dialog', { name: 'Stop paracetamol' });
    await userEvent.type(within(dialog).getByLabelText(/^Reason for stopping/), 'Pain gone');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Stop medication' }));
    await expect(await within(card).findByText('Stopped and completed (3)')).toBeVisible();
  },
};

/** None yet. */
export const Empty: Story = {
  parameters: { msw: medicationHandlers([]) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('No active medications')).toBeVisible();
  },
};

/** Still loading. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('listMedications')] },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Loading medications...')).toBeVisible();
  },
};

/** The list could not be loaded. */
export const Error: Story = {
  parameters: {
    msw: [problemHandler('listMedications', 500, 'Something went wrong'), ...medicationHandlers()],
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Error: Could not load the medications')).toBeVisible();
  },
};

/** On a 360 px phone, the form open: nothing wider than the screen. */
export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  parameters: { msw: medicationHandlers() },
  play: async ({ canvas }) => {
    const card = await canvas.findByRole('region', { name: 'Medications' });
    await userEvent.click(await within(card).findByRole('button', { name: 'Prescribe' }));
    await within(card).findByRole('form', { name: 'Prescribe' });
    await fitsThePhone();
  },
};
