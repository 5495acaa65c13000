import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isoDateSchema } from '@portal/contract';
import { DateField } from './date-field';
import { FormHarness } from './form-harness';

describe('DateField', () => {
  it('is a labelled date input whose value is the ISO date', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness schema={z.object({ date: isoDateSchema })}>
        <DateField name="date" label="Date" required max="2030-12-31" />
      </FormHarness>,
    );
    const input = screen.getByLabelText(/^Date/);
    expect(input).toHaveAttribute('type', 'date');
    expect(input).toHaveAttribute('max', '2030-12-31');
    expect(input).toBeRequired();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription('Required');
    await user.type(input, '2026-11-30');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Submitted values' })).toHaveTextContent(
        '{"date":"2026-11-30"}',
      ),
    );
  });
});
