import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addAppointmentRequestSchema, type AddAppointmentRequest } from '@portal/contract';
import { DateField } from './date-field';
import { FormActions } from './form-actions';
import { PortalForm } from './portal-form';
import { TextField } from './text-field';
import { TimeField } from './time-field';
import { usePortalForm } from './use-portal-form';

const EMPTY: AddAppointmentRequest = { patient_id: '', time: '', date: '', topic: '' };

function AppointmentForm({ onSubmit }: { onSubmit: (values: unknown) => void }) {
  const form = usePortalForm(addAppointmentRequestSchema, { defaultValues: EMPTY });
  return (
    <PortalForm form={form} onSubmit={onSubmit} aria-label="Patient appointment">
      <TextField name="patient_id" label="Patient ID" placeholder="PXXX" required />
      <TimeField name="time" label="Time" required />
      <DateField name="date" label="Date" required />
      <TextField name="topic" label="Topic" />
      <FormActions submitLabel="Add" />
    </PortalForm>
  );
}

describe('usePortalForm', () => {
  it('validates with the contract schema on submit and keeps what was typed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AppointmentForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Follow-up');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    // Patient ID, Time and Date were left blank: each says so.
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Patient ID' })).toHaveFocus();
    expect(screen.getByRole('textbox', { name: 'Topic' })).toHaveValue('Follow-up');
  });

  it('checks nothing before the first submit, then each change after it', async () => {
    const user = userEvent.setup();
    render(<AppointmentForm onSubmit={vi.fn()} />);
    const id = screen.getByRole('textbox', { name: 'Patient ID' });
    await user.type(id, 'X');
    await user.tab();
    // Leaving a field moves nothing: a message appearing then would shift the button being clicked.
    expect(id).not.toHaveAttribute('aria-invalid');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(id).toHaveAttribute('aria-invalid', 'true'));
    await user.clear(id);
    await user.type(id, 'P001');
    await waitFor(() => expect(id).not.toHaveAttribute('aria-invalid'));
  });

  it('hands over the parsed request', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AppointmentForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Patient ID' }), 'p001');
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '10:30');
    await user.type(screen.getByLabelText(/^Date/), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toEqual({
      patient_id: 'P001',
      time: '10:30',
      date: '2026-12-01',
      topic: null,
    });
  });
});
