import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import {
  type AppointmentClash,
  DEFAULT_API_BASE,
  ENDPOINTS,
  PATIENT_BUSY_MESSAGE,
  PROBLEM_CONTENT_TYPE,
  ROUTES,
} from '@portal/contract';
import {
  createHandlers,
  makePatientRecord,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { AddAppointmentPage } from './add-appointment-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

const CLASH: AppointmentClash = {
  field: 'time',
  appointment_id: '0b7c3f0e-5d1e-4f7a-9a53-6c0f4f2b8e11',
  date: '2030-11-20',
  time: '10:20:00',
  duration_minutes: 30,
  clinician: null,
};

const BOOKED = {
  patient_id: 'P001',
  first_name: 'Malee',
  last_name: 'Srisuk',
  date: '2030-11-20',
  time: '10:30:00',
  topic: 'Follow-up',
  duration_minutes: 15,
  status: 'booked',
  clinician: null,
  warnings: [],
};

/** The booking call: refused for its overlap unless the body allows it; every request kept. */
function serveBooking() {
  server.use(
    ...createHandlers({
      patients: [
        makePatientRecord({
          patient: { patient_id: 'P001', first_name: 'Malee', last_name: 'Srisuk' },
        }),
      ],
    }),
  );
  const requests: { body: Record<string, unknown>; key: string | null }[] = [];
  server.use(
    http.post(`*${DEFAULT_API_BASE}${ENDPOINTS.addAppointment.path}`, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      requests.push({ body, key: request.headers.get('idempotency-key') });
      if (body['allow_overlap'] === true) return HttpResponse.json(BOOKED, { status: 201 });
      return HttpResponse.json(
        {
          type: 'about:blank',
          title: 'Conflict',
          status: 409,
          detail: `time: ${PATIENT_BUSY_MESSAGE}`,
          errors: [{ field: 'time', message: PATIENT_BUSY_MESSAGE }],
          clashes: [CLASH],
        },
        { status: 409, headers: { 'content-type': PROBLEM_CONTENT_TYPE } },
      );
    }),
  );
  return requests;
}

async function fillAndAdd() {
  const user = userEvent.setup();
  renderWithProviders(<AddAppointmentPage />, {
    route: ROUTES.addAppointment,
    session: { role: 'medical_personnel' },
  });
  await user.type(screen.getByRole('textbox', { name: 'Patient ID' }), 'P001');
  await user.type(screen.getByLabelText(/^Time/), '10:30');
  await user.type(screen.getByLabelText(/^Date/), '2030-11-20');
  await user.type(screen.getByRole('textbox', { name: 'Topic' }), 'Follow-up');
  await user.click(screen.getByRole('button', { name: /^Add/ }));
  return user;
}

describe('AddAppointmentPage: a booking over another booked appointment', () => {
  it('shows the clash and books anyway on request, as a new action with its own key', async () => {
    const requests = serveBooking();
    const user = await fillAndAdd();
    const dialog = await screen.findByRole('alertdialog', { name: 'Already booked at that time' });
    expect(dialog).toHaveAccessibleDescription(
      'This booking overlaps another booked appointment. Book anyway?',
    );
    expect(within(dialog).getByRole('listitem')).toHaveTextContent(
      'The patient: 2030-11-20 at 10:20, 30 minutes',
    );
    // Nothing said "not added" yet: the question is the answer for now.
    expect(screen.queryByText(/not added/)).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Book anyway' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Appointment added for Malee Srisuk (P001)',
    );
    expect(requests).toHaveLength(2);
    const [first, second] = requests;
    expect(second!.body).toEqual({ ...first!.body, allow_overlap: true });
    expect(first!.body).not.toHaveProperty('allow_overlap');
    expect(first!.key).toBeTruthy();
    expect(second!.key).toBeTruthy();
    expect(second!.key).not.toBe(first!.key);
  });

  it('keeps what was typed and shows the refusal on the field when the person changes it', async () => {
    const requests = serveBooking();
    const user = await fillAndAdd();
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Change the booking' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(requests).toHaveLength(1);
    expect(screen.getByRole('textbox', { name: 'Patient ID' })).toHaveValue('P001');
    expect(screen.getByLabelText(/^Time/)).toHaveValue('10:30');
    expect(screen.getByRole('textbox', { name: 'Topic' })).toHaveValue('Follow-up');
    expect(await screen.findAllByText(new RegExp(PATIENT_BUSY_MESSAGE))).not.toHaveLength(0);
  });
});
