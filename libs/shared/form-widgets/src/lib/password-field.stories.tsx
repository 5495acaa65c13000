import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FIELD_ARG_TYPES, withForm } from './form-harness';
import { PasswordField } from './password-field';

const meta = {
  title: 'Forms/Fields/PasswordField',
  tags: ['autodocs'],
  argTypes: FIELD_ARG_TYPES,
  component: PasswordField,
  decorators: [withForm],
  args: { name: 'password', label: 'Password', required: true },
} satisfies Meta<typeof PasswordField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText(/^Password/);
    await expect(input).toHaveAttribute('type', 'password');
    await userEvent.click(canvas.getByRole('button', { name: 'Show password' }));
    await expect(input).toHaveAttribute('type', 'text');
  },
};

export const WithError: Story = {
  args: { autoComplete: 'new-password' },
  parameters: { form: { errors: { password: 'Password must be at least 12 characters' } } },
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText(/^Password/);
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription('Password must be at least 12 characters'),
    );
  },
};

export const Disabled: Story = {
  args: { disabled: true },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/^Password/)).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Show password' })).toBeDisabled();
  },
};
