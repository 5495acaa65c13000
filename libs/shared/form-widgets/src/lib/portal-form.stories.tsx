import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, waitFor, within } from 'storybook/test';
import {
  type AddAppointmentRequest,
  addAppointmentRequestSchema,
  MESSAGES,
} from '@portal/contract';
import { DateField } from './date-field';
import { RequiredFieldsNote } from './field-base';
import { FormActions } from './form-actions';
import { FormErrorSummary } from './form-error-summary';
import { PortalForm } from './portal-form';
import { TextField } from './text-field';
import { TimeField } from './time-field';
import { usePortalForm } from './use-portal-form';

const EMPTY: AddAppointmentRequest = { patient_id: '', time: '', date: '', topic: '' };

/** The spec's appointment form, built from the widgets and the contract's request schema. */
function AppointmentForm({ defaultValues = EMPTY }: { defaultValues?: AddAppointmentRequest }) {
  const form = usePortalForm(addAppointmentRequestSchema, { defaultValues });
  const [sent, setSent] = useState('');
  return (
    <PortalForm
      form={form}
      aria-label="Patient appointment"
      className="flex max-w-xl flex-col gap-4 p-4"
      onSubmit={(request) => setSent(JSON.stringify(request))}
    >
      <RequiredFieldsNote />
      <FormErrorSummary />
      <TextField
        name="patient_id"
        label="Patient ID"
        placeholder={MESSAGES.patientIdPlaceholder}
        required
      />
      <TimeField name="time" label="Time" required />
      <DateField name="date" label="Date" required />
      <TextField name="topic" label="Topic" />
      <FormActions submitLabel="Add" onReset={() => setSent('')} />
      <output aria-label="Request sent" className="font-mono text-sm break-all text-muted">
        {sent}
      </output>
    </PortalForm>
  );
}

const meta = {
  title: 'Forms/Form/PortalForm',
  tags: ['autodocs'],
  // The example form is local; these are the library's parts it is built from.
  subcomponents: { PortalForm, FormErrorSummary, RequiredFieldsNote },
  argTypes: { defaultValues: { control: 'object' } },
  component: AppointmentForm,
} satisfies Meta<typeof AppointmentForm>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('form', { name: 'Patient appointment' })).toBeVisible();
    await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toBeRequired();
    await expect(canvas.queryByRole('region')).not.toBeInTheDocument();
  },
};

/** Submitted empty: each required field shows the contract's message, and a summary links them. */
export const ValidationOnSubmit: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    const summary = await canvas.findByRole('region', { name: 'Please check these fields' });
    await expect(within(summary).getAllByRole('link')).toHaveLength(3);
    // Left blank, each required field says so (not its format).
    await expect(canvas.getByRole('textbox', { name: 'Patient ID' })).toHaveAccessibleDescription(
      'Required',
    );
    await expect(canvas.getByRole('textbox', { name: 'Time' })).toHaveAccessibleDescription(
      /Required$/,
    );
    await expect(canvas.getByLabelText(/^Date/)).toHaveAccessibleDescription('Required');
    await expect(canvas.getByRole('textbox', { name: 'Topic' })).not.toHaveAttribute(
      'aria-invalid',
    );
    await expect(canvas.getByRole('status', { name: 'Request sent' })).toBeEmptyDOMElement();
  },
};

/** Filled in and added: the form hands over the parsed request (id upper-cased, no topic → null). */
export const Submitted: Story = {
  args: { defaultValues: { patient_id: 'p001', time: '10:30', date: '2026-12-01', topic: '' } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    await waitFor(() =>
      expect(canvas.getByRole('status', { name: 'Request sent' })).toHaveTextContent(
        '{"patient_id":"P001","time":"10:30","date":"2026-12-01","topic":null}',
      ),
    );
  },
};

export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Add' }));
    await expect(
      await canvas.findByRole('region', { name: 'Please check these fields' }),
    ).toBeVisible();
  },
};
