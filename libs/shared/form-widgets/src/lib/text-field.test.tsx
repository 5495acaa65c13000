import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { personNameSchema, TEXT_MESSAGES } from '@portal/contract';
import { FormHarness } from './form-harness';
import { TextField } from './text-field';

const schema = z.object({ first_name: personNameSchema });

describe('TextField', () => {
  it('is labelled, hinted and marked required', () => {
    render(
      <FormHarness>
        <TextField
          name="first_name"
          label="First Name"
          hint="As on the ID card"
          required
          autoComplete="given-name"
        />
      </FormHarness>,
    );
    const input = screen.getByRole('textbox', { name: 'First Name' });
    expect(input).toBeRequired();
    expect(input).toHaveAttribute('autocomplete', 'given-name');
    expect(input).toHaveAccessibleDescription('As on the ID card');
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('shows the schema message, tied to the input, when submitted empty, and clears it when fixed', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness schema={schema}>
        <TextField name="first_name" label="First Name" hint="As on the ID card" required />
      </FormHarness>,
    );
    const input = screen.getByRole('textbox', { name: 'First Name' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription('As on the ID card Required');
    await user.type(input, 'Malee');
    await waitFor(() => expect(input).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('Required')).not.toBeInTheDocument();
  });

  it('reads a name of zero-width spaces as Required, and a pasted control character by name', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness schema={schema}>
        <TextField name="first_name" label="First Name" hint="As on the ID card" required />
      </FormHarness>,
    );
    const input = screen.getByRole('textbox', { name: 'First Name' });
    await user.click(input);
    await user.paste('\u200B\u200B\u200B');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(input).toHaveAccessibleDescription('As on the ID card Required'));
    await user.clear(input);
    await user.paste('Ma\u0000lee');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        `As on the ID card ${TEXT_MESSAGES.controlCharacter}`,
      ),
    );
    expect(screen.getByRole('status', { name: 'Submitted values' })).toBeEmptyDOMElement();
  });

  it('submits what was typed, and keeps it when the submit is refused', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness schema={z.object({ first_name: personNameSchema, phone: z.string().min(6) })}>
        <TextField name="first_name" label="First Name" />
        <TextField name="phone" label="Phone" type="tel" />
      </FormHarness>,
    );
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), '  Somchai ');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByText('Too small: expected string to have >=6 characters');
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('  Somchai ');
    expect(screen.getByRole('status', { name: 'Submitted values' })).toBeEmptyDOMElement();
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '081-234-5678');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Submitted values' })).toHaveTextContent(
        '{"first_name":"Somchai","phone":"081-234-5678"}',
      ),
    );
  });

  it('can be disabled', () => {
    render(
      <FormHarness>
        <TextField name="first_name" label="First Name" disabled />
      </FormHarness>,
    );
    expect(screen.getByRole('textbox', { name: 'First Name' })).toBeDisabled();
  });
});
