import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES, ROUTES } from '@portal/contract';
import {
  createHandlers,
  makePatientRecord,
  pendingHandler,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { AddAppointmentPage } from './add-appointment-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

let consoleError: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  // One patient, with no appointment yet, so the answer names someone the test knows.
  server.use(
    ...createHandlers({
      patients: [
        makePatientRecord({
          patient: { patient_id: 'P001', first_name: 'Malee', last_name: 'Srisuk' },
          patient_appointment: { date: '', time: '', topic: null },
        }),
      ],
    }),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** Keeps every appointment body the page sends; the mock API still answers. */
function recordBodies(): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    http.post('*/api/patient/add-patient-appointment', async ({ request }) => {
      bodies.push(await request.clone().json());
    }),
  );
  return bodies;
}

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<AddAppointmentPage />, {
    route: ROUTES.addAppointment,
    session: { role: 'medical_personnel' },
  });
  return { user };
}

const patientId = () => screen.getByRole('textbox', { name: 'Patient ID' });
const time = () => screen.getByRole('textbox', { name: 'Time' });
const date = () => screen.getByLabelText(/^Date/);
const topic = () => screen.getByRole('textbox', { name: 'Topic' });
const add = () => screen.getByRole('button', { name: /^Add/ });

async function fill(
  user: UserEvent,
  values: { id?: string; time?: string; date?: string; topic?: string } = {},
) {
  const v = { id: 'P001', time: '10:30', date: '2026-11-20', topic: 'Follow-up', ...values };
  await user.type(patientId(), v.id);
  await user.type(time(), v.time);
  await user.type(date(), v.date);
  if (v.topic) await user.type(topic(), v.topic);
}

describe('AddAppointmentPage', () => {
  it('asks for patient id, time and date (required) and a topic (optional), with Add and Reset', () => {
    renderPage();
    expect(
      screen.getByRole('heading', { level: 1, name: 'Patient Appointment' }),
    ).toBeInTheDocument();
    expect(patientId()).toBeRequired();
    expect(patientId()).toHaveAttribute('placeholder', MESSAGES.patientIdPlaceholder);
    expect(time()).toBeRequired();
    expect(time()).toHaveAttribute('placeholder', '10:30');
    expect(date()).toBeRequired();
    expect(topic()).not.toBeRequired();
    expect(add()).toHaveAttribute('type', 'submit');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeEnabled();
  });

  it('says what each required field needs and sends nothing', async () => {
    const bodies = recordBodies();
    const { user } = renderPage();
    await user.click(add());
    await waitFor(() => expect(patientId()).toHaveAccessibleDescription('Required'));
    expect(time()).toHaveAccessibleDescription('24-hour clock, as HH:MM or HH:MM:SS. Required');
    expect(date()).toHaveAccessibleDescription('Required');
    expect(topic()).not.toHaveAttribute('aria-invalid');
    expect(bodies).toEqual([]);
  });

  it('says what is wrong with a patient id in the wrong format', async () => {
    const { user } = renderPage();
    await user.type(patientId(), '001');
    await user.click(add());
    await waitFor(() =>
      expect(patientId()).toHaveAccessibleDescription(
        'Patient ID is P followed by digits, as P001',
      ),
    );
  });

  it.each(['1030', '25:00', '10:30 am', '9:5'])('refuses the time “%s”', async (typed) => {
    const { user } = renderPage();
    await user.type(time(), typed);
    await user.click(add());
    await waitFor(() =>
      expect(time()).toHaveAccessibleDescription(
        '24-hour clock, as HH:MM or HH:MM:SS. Use a time as HH:MM or HH:MM:SS (24-hour)',
      ),
    );
  });

  it('adds the appointment at 10:30, names the patient and clears the form', async () => {
    const bodies = recordBodies();
    const { user } = renderPage();
    await fill(user);
    await user.click(add());
    const status = await screen.findByRole('status');
    expect(status).toHaveTextContent(
      'Appointment added for Malee Srisuk (P001) on 2026-11-20 at 10:30.',
    );
    expect(status).toHaveFocus();
    expect(bodies).toEqual([
      { patient_id: 'P001', time: '10:30', date: '2026-11-20', topic: 'Follow-up' },
    ]);
    expect(patientId()).toHaveValue('');
    expect(time()).toHaveValue('');
    expect(date()).toHaveValue('');
    expect(topic()).toHaveValue('');
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('sends no topic as null and accepts a time with seconds', async () => {
    const bodies = recordBodies();
    const { user } = renderPage();
    await fill(user, { id: 'p001', time: '08:05:30', topic: '' });
    await user.click(add());
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Appointment added for Malee Srisuk (P001) on 2026-11-20 at 08:05.',
    );
    expect(bodies).toEqual([
      { patient_id: 'P001', time: '08:05:30', date: '2026-11-20', topic: null },
    ]);
  });

  it('keeps what was typed and shows the server’s words when the patient is unknown', async () => {
    const { user } = renderPage();
    await fill(user, { id: 'P999' });
    await user.click(add());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Patient Appointment: not added');
    expect(alert).toHaveTextContent('No patient with ID P999');
    await waitFor(() => expect(alert).toHaveFocus());
    expect(patientId()).toHaveValue('P999');
    expect(time()).toHaveValue('10:30');
    expect(date()).toHaveValue('2026-11-20');
    expect(topic()).toHaveValue('Follow-up');
    expect(consoleError).toHaveBeenCalledWith(MESSAGES.addPatientFailed);
  });

  it('marks the field the server names', async () => {
    server.use(
      problemHandler('addAppointment', 400, 'date: The clinic is closed that day', [
        { field: 'date', message: 'The clinic is closed that day' },
      ]),
    );
    const { user } = renderPage();
    await fill(user);
    await user.click(add());
    await waitFor(() => expect(date()).toHaveAttribute('aria-invalid', 'true'));
    expect(date()).toHaveAccessibleDescription('The clinic is closed that day');
    expect(date()).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('date: The clinic is closed that day');
  });

  it('disables Add and Reset while the request runs', async () => {
    server.use(pendingHandler('addAppointment'));
    const { user } = renderPage();
    await fill(user);
    await user.click(add());
    await waitFor(() => expect(add()).toBeDisabled());
    expect(add()).toHaveAccessibleName('Add Working…');
    expect(screen.getByRole('button', { name: 'Reset' })).toBeDisabled();
  });

  it('Reset clears every field', async () => {
    const { user } = renderPage();
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(patientId()).toHaveValue('');
    expect(time()).toHaveValue('');
    expect(date()).toHaveValue('');
    expect(topic()).toHaveValue('');
  });
});
