import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { emailSchema } from '@portal/contract';
import { EMAIL_DOMAINS_HINT, EmailField } from './email-field';
import { FormHarness } from './form-harness';

describe('EmailField', () => {
  it('names the allowed domains in its hint', () => {
    render(
      <FormHarness>
        <EmailField name="email" label="Email" required />
      </FormHarness>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    expect(input).toHaveAttribute('type', 'email');
    expect(input).toHaveAttribute('autocomplete', 'email');
    expect(EMAIL_DOMAINS_HINT).toBe('Use an address at gmail.com, hotmail.com or email.com.');
    expect(input).toHaveAccessibleDescription(EMAIL_DOMAINS_HINT);
  });

  it('refuses an address at another domain with the contract message', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness schema={z.object({ email: emailSchema })}>
        <EmailField name="email" label="Email" required />
      </FormHarness>,
    );
    const input = screen.getByRole('textbox', { name: 'Email' });
    await user.type(input, 'malee@yahoo.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(
      `${EMAIL_DOMAINS_HINT} Email must end in @gmail.com, @hotmail.com, @email.com`,
    );
    expect(screen.getByRole('status', { name: 'Submitted values' })).toBeEmptyDOMElement();
    await user.clear(input);
    await user.type(input, 'malee@hotmail.com');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Submitted values' })).toHaveTextContent(
        '{"email":"malee@hotmail.com"}',
      ),
    );
  });
});
