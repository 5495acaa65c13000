import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { DOSE_MESSAGE } from '@portal/contract';
import { DecimalField } from './decimal-field';
import { FIELD_ARG_TYPES, withForm } from './form-harness';

const meta = {
  title: 'Forms/Fields/DecimalField',
  tags: ['autodocs'],
  argTypes: FIELD_ARG_TYPES,
  component: DecimalField,
  decorators: [withForm],
  args: { name: 'dose', label: 'Dose', required: true },
} satisfies Meta<typeof DecimalField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Dose' });
    await expect(input).toHaveAttribute('inputmode', 'decimal');
    await userEvent.type(input, '2.5');
    await expect(input).toHaveValue('2.5');
  },
};

export const WithError: Story = {
  parameters: { form: { defaultValues: { dose: '0' }, errors: { dose: DOSE_MESSAGE } } },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Dose' });
    await waitFor(() => expect(input).toHaveAccessibleDescription(DOSE_MESSAGE));
    await expect(input).toHaveValue('0');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Dose' })).toBeDisabled();
  },
};

/** A whole number (days): the digits keypad. */
export const WholeNumber: Story = {
  args: { name: 'duration_days', label: 'Duration (days)', inputMode: 'numeric', maxLength: 3 },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Duration (days)' });
    await expect(input).toHaveAttribute('inputmode', 'numeric');
    await expect(input).toHaveAttribute('maxlength', '3');
  },
};
