import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { FIELD_ARG_TYPES, withForm } from './form-harness';
import { CurrentPasswordField, NewPasswordField, PasswordField } from './password-field';

const meta = {
  title: 'Forms/Fields/PasswordField',
  tags: ['autodocs'],
  argTypes: FIELD_ARG_TYPES,
  component: PasswordField,
  subcomponents: { CurrentPasswordField, NewPasswordField },
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

/** The password a person has now (login, confirming who they are). */
export const CurrentPassword: Story = {
  render: () => <CurrentPasswordField name="password" label="Current password" />,
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText(/^Current password/);
    await expect(input).toHaveAttribute('autocomplete', 'current-password');
    await expect(input).toBeRequired();
  },
};

/** A new password: the contract's rule as its hint, named for password managers. */
export const NewPassword: Story = {
  render: () => <NewPasswordField name="password" label="New password" />,
  play: async ({ canvas }) => {
    const input = canvas.getByLabelText(/^New password/);
    await expect(input).toHaveAttribute('autocomplete', 'new-password');
    await expect(input).toHaveAccessibleDescription(/12 characters/);
  },
};
