import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addAppointmentRequestSchema } from '@portal/contract';
import { DateField } from './date-field';
import { FormErrorSummary } from './form-error-summary';
import { FormHarness } from './form-harness';
import { TextField } from './text-field';
import { TimeField } from './time-field';

function renderAppointment() {
  render(
    <FormHarness
      schema={addAppointmentRequestSchema}
      defaultValues={{ patient_id: '', time: '', date: '' }}
    >
      <FormErrorSummary />
      <TextField name="patient_id" label="Patient ID" required />
      <TimeField name="time" label="Time" required />
      <DateField name="date" label="Date" required />
    </FormHarness>,
  );
}

describe('FormErrorSummary', () => {
  it('shows nothing before a submit', () => {
    renderAppointment();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('lists each error by field after a failed submit, linking to the field', async () => {
    const user = userEvent.setup();
    renderAppointment();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const summary = await screen.findByRole('region', { name: 'Please check these fields' });
    const links = within(summary).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Patient ID: Required',
      'Time: Required',
      'Date: Required',
    ]);
    await user.click(links[2]!);
    expect(screen.getByLabelText(/^Date/)).toHaveFocus();
  });

  it('goes away once every field is fixed', async () => {
    const user = userEvent.setup();
    renderAppointment();
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    await screen.findByRole('region');
    await user.type(screen.getByRole('textbox', { name: 'Patient ID' }), 'P001');
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '10:30');
    await user.type(screen.getByLabelText(/^Date/), '2026-12-01');
    await waitFor(() => expect(screen.queryByRole('region')).not.toBeInTheDocument());
  });
});
