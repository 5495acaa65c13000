import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { AGE_MAX, AGE_MIN } from '@portal/contract';
import { FIELD_ARG_TYPES, withForm } from './form-harness';
import { NumberField } from './number-field';

const meta = {
  title: 'Forms/Fields/NumberField',
  tags: ['autodocs'],
  argTypes: FIELD_ARG_TYPES,
  component: NumberField,
  decorators: [withForm],
  args: { name: 'age', label: 'Age', min: AGE_MIN, max: AGE_MAX, required: true },
} satisfies Meta<typeof NumberField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Age' });
    await expect(input).toHaveAttribute('min', String(AGE_MIN));
    await expect(input).toHaveAttribute('max', String(AGE_MAX));
    await userEvent.type(input, '42');
    await expect(input).toHaveValue(42);
  },
};

export const WithError: Story = {
  parameters: {
    form: { defaultValues: { age: '130' }, errors: { age: `Age must be at most ${AGE_MAX}` } },
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('spinbutton', { name: 'Age' });
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(`Age must be at most ${AGE_MAX}`),
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('spinbutton', { name: 'Age' })).toBeDisabled();
  },
};
