import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FormHarness } from './form-harness';
import { PasswordField } from './password-field';

describe('PasswordField', () => {
  it('is masked until shown, and labelled', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness>
        <PasswordField name="password" label="Password" required />
      </FormHarness>,
    );
    const input = screen.getByLabelText(/^Password/);
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('autocomplete', 'current-password');
    expect(input).toBeRequired();
    const toggle = screen.getByRole('button', { name: 'Show password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows an error tied to the input', async () => {
    render(
      <FormHarness errors={{ password: 'Password must be at least 12 characters' }}>
        <PasswordField name="password" label="Password" autoComplete="new-password" />
      </FormHarness>,
    );
    const input = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription('Password must be at least 12 characters');
  });
});
