import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { genderSchema } from '@portal/contract';
import { FormHarness } from './form-harness';
import { SelectField } from './select-field';

const OPTIONS = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

describe('SelectField', () => {
  it('starts on an empty "Choose…" option and offers the options given', () => {
    render(
      <FormHarness>
        <SelectField name="gender" label="Gender" options={OPTIONS} required />
      </FormHarness>,
    );
    const select = screen.getByRole('combobox', { name: 'Gender' });
    expect(select).toBeRequired();
    expect(select).toHaveValue('');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose…', 'Male', 'Female']);
  });

  it('shows the schema message until a choice is made, then submits its value', async () => {
    const user = userEvent.setup();
    render(
      <FormHarness schema={z.object({ gender: genderSchema })} defaultValues={{ gender: '' }}>
        <SelectField name="gender" label="Gender" options={OPTIONS} required />
      </FormHarness>,
    );
    const select = screen.getByRole('combobox', { name: 'Gender' });
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(select).toHaveAttribute('aria-invalid', 'true'));
    expect(select).toHaveAccessibleDescription('Choose male or female');
    await user.selectOptions(select, 'Female');
    await waitFor(() => expect(select).not.toHaveAttribute('aria-invalid'));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { name: 'Submitted values' })).toHaveTextContent(
        '{"gender":"female"}',
      ),
    );
  });
});
