import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FIELD_ARG_TYPES, withForm } from './form-harness';
import { CLOCK_TIME_HINT, TIME_HINT, TimeField } from './time-field';

const meta = {
  title: 'Forms/Fields/TimeField',
  tags: ['autodocs'],
  argTypes: FIELD_ARG_TYPES,
  component: TimeField,
  decorators: [withForm],
  args: { name: 'time', label: 'Time', required: true },
} satisfies Meta<typeof TimeField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByRole('textbox', { name: 'Time' });
    await expect(input).toHaveAttribute('placeholder', '10:30');
    await expect(input).toHaveAccessibleDescription(TIME_HINT);
    await userEvent.type(input, '10:30');
    await expect(input).toHaveValue('10:30');
  },
};

export const WithSeconds: Story = {
  args: { placeholder: '10:30:00' },
  parameters: { form: { defaultValues: { time: '14:45:00' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Time' })).toHaveValue('14:45:00');
  },
};

export const WithError: Story = {
  parameters: {
    form: {
      defaultValues: { time: '25:00' },
      errors: { time: 'Use a time as HH:MM or HH:MM:SS (24-hour)' },
    },
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Time' });
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    await expect(input).toHaveAccessibleDescription(
      `${TIME_HINT} Use a time as HH:MM or HH:MM:SS (24-hour)`,
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('textbox', { name: 'Time' })).toBeDisabled();
  },
};

/** The browser's time control (Patient Appointment): a picker, and typing 10:30 still works. */
export const Clock: Story = {
  args: { clock: true },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText(/^Time/);
    await expect(input).toHaveAttribute('type', 'time');
    await expect(input).toHaveAccessibleDescription(CLOCK_TIME_HINT);
    await userEvent.type(input, '10:30');
    await expect(input).toHaveValue('10:30');
  },
};
