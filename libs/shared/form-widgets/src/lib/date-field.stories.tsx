import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { DateField } from './date-field';
import { FIELD_ARG_TYPES, withForm } from './form-harness';

const meta = {
  title: 'Forms/Fields/DateField',
  tags: ['autodocs'],
  argTypes: FIELD_ARG_TYPES,
  component: DateField,
  decorators: [withForm],
  args: { name: 'date_of_birth', label: 'Date of Birth', required: true, autoComplete: 'bday' },
} satisfies Meta<typeof DateField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  parameters: { form: { defaultValues: { date_of_birth: '1984-03-17' } } },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText(/^Date of Birth/);
    await expect(input).toHaveAttribute('type', 'date');
    await expect(input).toHaveValue('1984-03-17');
  },
};

export const WithError: Story = {
  parameters: { form: { errors: { date_of_birth: 'Use a real date as YYYY-MM-DD' } } },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText(/^Date of Birth/);
    await waitFor(() => expect(input).toHaveAccessibleDescription('Use a real date as YYYY-MM-DD'));
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/^Date of Birth/)).toBeDisabled();
  },
};
