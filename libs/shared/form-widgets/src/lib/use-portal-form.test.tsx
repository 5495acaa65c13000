import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  addAppointmentRequestSchema,
  type AddAppointmentRequest,
  patientFieldsSchema,
} from '@portal/contract';
import { FormHarness } from './form-harness';
import { DateField } from './date-field';
import { FormActions } from './form-actions';
import { PortalForm } from './portal-form';
import { TextField } from './text-field';
import { TimeField } from './time-field';
import { type SchemaSource, usePortalForm } from './use-portal-form';

const EMPTY: AddAppointmentRequest = { patient_id: '', time: '', date: '', topic: '' };

function AppointmentForm({
  onSubmit,
  schema = addAppointmentRequestSchema,
}: {
  onSubmit: (values: unknown) => void;
  schema?: SchemaSource<typeof addAppointmentRequestSchema>;
}) {
  const form = usePortalForm(schema, { defaultValues: EMPTY });
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

  it('shows the contract’s plausibility rules on their fields: a 9999 date, a NUL in a topic', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    render(<AppointmentForm onSubmit={onSubmit} />);
    await user.type(screen.getByRole('textbox', { name: 'Patient ID' }), 'P001');
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '10:30');
    await user.type(screen.getByLabelText(/^Date/), '9999-12-31');
    await user.click(screen.getByRole('textbox', { name: 'Topic' }));
    await user.paste('Follow\u0000up');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(
      await screen.findByText(
        /^Appointment date must be between 1900-01-01 and \d{4}-\d{2}-\d{2}$/,
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(/^Remove the control characters/)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows an age the date of birth cannot give on the age field', async () => {
    const user = userEvent.setup();
    const year = new Date().getUTCFullYear();
    const patient = {
      patient_id: 'P001',
      first_name: 'Malee',
      last_name: 'Srisuk',
      age: '120',
      date_of_birth: `${year - 2}-01-01`,
      gender: 'female',
      blood_type: 'O',
      email: 'malee@gmail.com',
      health_insurance: 'yes',
      address: '',
      phone_number: '0812345678',
      id_card_number: '1-2345-67890-12-3',
      ongoing_treatment: 'none',
      unhealthy_habits: 'none',
    };
    render(
      <FormHarness schema={z.object({ patient: patientFieldsSchema })} defaultValues={{ patient }}>
        <TextField name="patient.age" label="Age" />
        <TextField name="patient.date_of_birth" label="Date of Birth" />
      </FormHarness>,
    );
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    const age = screen.getByRole('textbox', { name: 'Age' });
    await waitFor(() => expect(age).toHaveAttribute('aria-invalid', 'true'));
    expect(age).toHaveAccessibleDescription('Age does not match the date of birth, which gives 2');
    await user.clear(age);
    await user.type(age, '2');
    await waitFor(() => expect(age).not.toHaveAttribute('aria-invalid'));
  });

  it('loads a schema given as a loader once, and validates with it as with the schema itself', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const loader = vi.fn(() => Promise.resolve(addAppointmentRequestSchema));
    const { unmount } = render(<AppointmentForm onSubmit={onSubmit} schema={loader} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: 'Patient ID' }), 'p001');
    await user.type(screen.getByRole('textbox', { name: 'Time' }), '10:30');
    await user.type(screen.getByLabelText(/^Date/), '2026-12-01');
    await user.click(screen.getByRole('button', { name: 'Add' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0]![0]).toMatchObject({ patient_id: 'P001', time: '10:30' });
    unmount();
    // Another form on the same loader (the page opened again) does not load it again.
    render(<AppointmentForm onSubmit={onSubmit} schema={loader} />);
    await user.click(screen.getByRole('button', { name: 'Add' }));
    expect(await screen.findAllByText('Required')).toHaveLength(3);
    expect(loader).toHaveBeenCalledTimes(1);
  });

  it('tries a loader again on the next submit when loading failed, keeping what was typed', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    const loader = vi
      .fn<() => Promise<typeof addAppointmentRequestSchema>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue(addAppointmentRequestSchema);
    const rejections: unknown[] = [];
    const onRejection = (event: PromiseRejectionEvent) => {
      rejections.push(event.reason);
      event.preventDefault();
    };
    window.addEventListener('unhandledrejection', onRejection);
    try {
      render(<AppointmentForm onSubmit={onSubmit} schema={loader} />);
      await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Follow-up');
      await waitFor(() => expect(loader).toHaveBeenCalledTimes(1));
      await user.click(screen.getByRole('button', { name: 'Add' }));
      expect(await screen.findAllByText('Required')).toHaveLength(3);
      expect(loader).toHaveBeenCalledTimes(2);
      expect(screen.getByRole('textbox', { name: 'Topic' })).toHaveValue('Follow-up');
    } finally {
      window.removeEventListener('unhandledrejection', onRejection);
    }
  });
});
