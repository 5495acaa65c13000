import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { addDays, ROUTES, todayUtc } from '@portal/contract';
import {
  createHandlers,
  makePatientRecord,
  recordBodies,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { AddAppointmentPage } from './add-appointment-page';
import { PAST_DATE_QUESTION } from '../../testing/english-texts';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

async function fillPast() {
  server.use(
    ...createHandlers({
      patients: [makePatientRecord({ patient: { first_name: 'Malee', last_name: 'Srisuk' } })],
    }),
  );
  const bodies = recordBodies(server, 'addAppointment');
  const user = userEvent.setup();
  renderWithProviders(<AddAppointmentPage />, {
    route: ROUTES.addAppointment,
    session: { role: 'medical_personnel' },
  });
  await user.type(screen.getByRole('textbox', { name: 'Patient ID' }), 'P001');
  await user.type(screen.getByLabelText(/^Time/), '10:30');
  // Ten days back: the past wherever the test runs.
  await user.type(screen.getByLabelText(/^Date/), addDays(todayUtc(), -10));
  await user.click(screen.getByRole('button', { name: /^Add/ }));
  return { user, bodies };
}

describe('an appointment in the past', () => {
  it('asks first; Change the date sends nothing and goes back to the date', async () => {
    const { user, bodies } = await fillPast();
    const question = await screen.findByRole('alertdialog', { name: 'Date in the past' });
    expect(question).toHaveAccessibleDescription(PAST_DATE_QUESTION);
    await user.click(screen.getByRole('button', { name: 'Change the date' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByLabelText(/^Date/)).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('adds it when told to', async () => {
    const { user, bodies } = await fillPast();
    await screen.findByRole('alertdialog', { name: 'Date in the past' });
    await user.click(screen.getByRole('button', { name: 'Add anyway' }));
    expect(await screen.findByText(/^Appointment added for Malee Srisuk/)).toBeInTheDocument();
    expect(bodies).toHaveLength(1);
  });
});
