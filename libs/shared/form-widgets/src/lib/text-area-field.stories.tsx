import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FIELD_ARG_TYPES, withForm } from './form-harness';
import { TextAreaField } from './text-area-field';

const meta = {
  title: 'Forms/Fields/TextAreaField',
  tags: ['autodocs'],
  argTypes: {
    ...FIELD_ARG_TYPES,
    rows: { control: { type: 'number', min: 2, max: 12 } },
    maxLength: { control: { type: 'number', min: 1 } },
  },
  component: TextAreaField,
  decorators: [withForm],
  args: { name: 'details', label: 'Details', required: true },
} satisfies Meta<typeof TextAreaField>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Several lines of free text, such as a history entry's details. */
export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Details' });
    await expect(input).toBeRequired();
    await userEvent.type(input, 'Fever for three days.{Enter}Paracetamol given.');
    await expect(input).toHaveValue('Fever for three days.\nParacetamol given.');
  },
};

/** With a hint under the label, read out with the field. */
export const WithHint: Story = {
  args: {
    name: 'ongoing_treatment',
    label: 'Ongoing Treatment',
    required: false,
    hint: 'Optional',
  },
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('textbox', { name: 'Ongoing Treatment' }),
    ).toHaveAccessibleDescription('Optional');
  },
};

/** Left empty and submitted: marked invalid, with the message under it. */
export const WithError: Story = {
  parameters: { form: { errors: { details: 'Required' } } },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Details' });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await expect(input).toHaveAccessibleDescription('Required');
  },
};

/** Disabled while its form waits, its text kept. */
export const Disabled: Story = {
  args: { disabled: true },
  parameters: { form: { defaultValues: { details: 'Follow-up in two weeks.' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Details' })).toBeDisabled();
  },
};
