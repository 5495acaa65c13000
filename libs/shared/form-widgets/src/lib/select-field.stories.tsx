import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { BLOOD_TYPES } from '@portal/contract';
import { FIELD_ARG_TYPES, withForm } from './form-harness';
import { SelectField } from './select-field';

const meta = {
  title: 'Forms/Fields/SelectField',
  tags: ['autodocs'],
  argTypes: FIELD_ARG_TYPES,
  component: SelectField,
  decorators: [withForm],
  args: {
    name: 'blood_type',
    label: 'Blood Type',
    options: BLOOD_TYPES.map((value) => ({ value, label: value })),
  },
} satisfies Meta<typeof SelectField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const select = canvas.getByRole('combobox', { name: 'Blood Type' });
    await expect(select).toHaveValue('');
    await userEvent.selectOptions(select, 'AB');
    await expect(select).toHaveValue('AB');
  },
};

export const WithError: Story = {
  args: {
    name: 'gender',
    label: 'Gender',
    required: true,
    options: [
      { value: 'male', label: 'Male' },
      { value: 'female', label: 'Female' },
    ],
  },
  parameters: { form: { errors: { gender: 'Choose male or female' } } },
  play: async ({ canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Gender' });
    await waitFor(() => expect(select).toHaveAccessibleDescription('Choose male or female'));
    await expect(select).toBeRequired();
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Blood Type' })).toBeDisabled();
  },
};
