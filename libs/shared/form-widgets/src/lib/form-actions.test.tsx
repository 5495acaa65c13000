import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FormActions } from './form-actions';
import { FormHarness } from './form-harness';
import { TextField } from './text-field';
import { YesNoField } from './yes-no-field';

describe('FormActions', () => {
  it('Reset clears every field back to the defaults and then tells the page', async () => {
    const user = userEvent.setup();
    const onReset = vi.fn();
    render(
      <FormHarness defaultValues={{ first_name: '', work_status: null }}>
        <TextField name="first_name" label="First Name" />
        <YesNoField name="work_status" label="Work Status" />
        <FormActions submitLabel="Done" onReset={onReset} resetLabel="Clear" />
      </FormHarness>,
    );
    await user.type(screen.getByRole('textbox', { name: 'First Name' }), 'Niran');
    await user.click(screen.getByRole('radio', { name: 'No' }));
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'First Name' })).toHaveValue('');
    expect(screen.getByRole('radio', { name: 'No' })).not.toBeChecked();
    expect(onReset).toHaveBeenCalledTimes(1);
  });

  it('labels the submit button as asked and submits the form', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <FormHarness onSubmit={onSubmit} submitLabel="Search">
        <TextField name="patient_id" label="Patient ID" />
      </FormHarness>,
    );
    const submit = screen.getByRole('button', { name: 'Search' });
    expect(submit).toHaveAttribute('type', 'submit');
    await user.type(screen.getByRole('textbox', { name: 'Patient ID' }), 'P001{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ patient_id: 'P001' }));
  });

  it('disables both buttons while busy', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(
      <FormHarness onSubmit={onSubmit} busy submitLabel="Add">
        <TextField name="patient_id" label="Patient ID" />
      </FormHarness>,
    );
    // While busy the submit button also announces that it is working.
    expect(screen.getByRole('button', { name: /^Add/ })).toHaveAccessibleName(/Working/);
    expect(screen.getByRole('button', { name: /^Add/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: /^Add/ }));
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
