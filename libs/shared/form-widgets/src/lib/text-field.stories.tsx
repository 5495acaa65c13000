import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FIELD_ARG_TYPES, withForm } from './form-harness';
import { TextField } from './text-field';

const meta = {
  title: 'Forms/Fields/TextField',
  tags: ['autodocs'],
  argTypes: FIELD_ARG_TYPES,
  component: TextField,
  decorators: [withForm],
  args: { name: 'first_name', label: 'First Name', required: true, autoComplete: 'given-name' },
} satisfies Meta<typeof TextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'First Name' });
    await expect(input).toBeRequired();
    await userEvent.type(input, 'Somchai');
    await expect(input).toHaveValue('Somchai');
  },
};

export const WithHint: Story = {
  args: {
    name: 'phone_number',
    label: 'Phone Number',
    type: 'tel',
    hint: 'Digits, as 081-234-5678',
    autoComplete: 'tel',
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Phone Number' })).toHaveAccessibleDescription(
      'Digits, as 081-234-5678',
    );
  },
};

export const WithError: Story = {
  parameters: { form: { errors: { first_name: 'Required' } } },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'First Name' });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await expect(input).toHaveAccessibleDescription('Required');
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  parameters: { form: { defaultValues: { first_name: 'Somchai' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'First Name' })).toBeDisabled();
  },
};
