import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { beforeAll, afterAll, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  type AppointmentClash,
  CLINICIAN_BUSY_MESSAGE,
  DEFAULT_API_BASE,
  ENDPOINTS,
  hospitalToday,
  PROBLEM_CONTENT_TYPE,
  patientVisitPath,
  ROUTES,
} from '@portal/contract';
import {
  createHandlers,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { CHART_RECORD, chartAppointment, DOCTOR } from '../chart/chart-fixtures';
import { PatientVisitPage } from './patient-visit-page';

beforeAll(() => {
  // The trend's plot measures its box (jsdom has no ResizeObserver).
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      disconnect() {}
    },
  );
});
afterAll(() => vi.unstubAllGlobals());

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

const TODAY = hospitalToday();
/** Today's appointment of P037 with the doctor, the visit shown. */
const VISIT = chartAppointment(1, TODAY, { time: '09:30:00', topic: 'Blood pressure check' });

/** The requests a call received: bodies and Idempotency-Keys, then handed on to the mock. */
function recordRequests(name: 'setAppointmentStatus' | 'addAppointment') {
  const requests: { body: Record<string, unknown>; key: string | null }[] = [];
  const endpoint = ENDPOINTS[name];
  server.use(
    http.post(`*${DEFAULT_API_BASE}${endpoint.path}`, async ({ request }) => {
      requests.push({
        body: (await request.clone().json()) as Record<string, unknown>,
        key: request.headers.get('idempotency-key'),
      });
    }),
  );
  return requests;
}

/** The visit view of P037's appointment, as a Doctor (P001), a Nurse (P002) or HR (P011). */
function renderVisitPage(
  position_id: 'P001' | 'P002' | 'P011' = 'P001',
  appointmentId = VISIT.appointment_id,
) {
  server.use(
    ...createHandlers({
      patients: [CHART_RECORD],
      appointments: { P037: [VISIT] },
      vitals: { P037: [] },
      notes: { P037: [] },
    }),
  );
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path={ROUTES.patientVisit} element={<PatientVisitPage />} />
      <Route path={ROUTES.today} element={<h1>Today</h1>} />
    </Routes>,
    {
      route: patientVisitPath('P037', appointmentId),
      session: { role: 'medical_personnel', position_id, employee_id: DOCTOR.employee_id },
    },
  );
  return { user };
}

const heading = () =>
  screen.findByRole('heading', { level: 1, name: 'Visit: Malee Srisuk' }, { timeout: 5000 });

describe('PatientVisitPage', () => {
  it('shows the patient, the allergy alert, the appointment and the visit’s sections', async () => {
    renderVisitPage();
    await heading();
    expect(screen.getByRole('alert')).toHaveTextContent(/amoxicillin/i);
    const header = screen.getByRole('region', { name: 'Patient and appointment' });
    expect(header).toHaveTextContent('P037');
    expect(header).toHaveTextContent(`${TODAY} at 09:30`);
    expect(header).toHaveTextContent('Anan Wongsa');
    expect(header).toHaveTextContent('Blood pressure check');
    expect(header).toHaveTextContent('Booked');
    expect(await screen.findByRole('region', { name: 'Vital signs' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Notes' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Problem list' })).toBeInTheDocument();
    expect(
      await screen.findByRole('form', { name: 'Record vital signs' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    const problems = screen.getByRole('region', { name: 'Problem list' });
    expect(await within(problems).findByRole('form', { name: 'Add problem' })).toBeInTheDocument();
    // None of them takes the focus as the page opens.
    expect(within(problems).getByRole('combobox', { name: 'Diagnosis' })).not.toHaveFocus();
    expect(screen.getByRole('button', { name: 'Finish visit' })).toBeInTheDocument();
  });

  it('ties a note written in the visit to its appointment', async () => {
    renderVisitPage();
    await heading();
    const notes = await screen.findByRole('region', { name: 'Notes' });
    // Open from the start in the visit, as the vital signs' form and the problem's are.
    const form = await within(notes).findByRole('form', { name: 'Write a note' });
    await waitFor(() =>
      expect(within(form).getByLabelText('Appointment')).toHaveValue(VISIT.appointment_id),
    );
  });

  it('finishes the visit (attended, one key), then books the follow-up with its clinician', async () => {
    const { user } = renderVisitPage();
    await heading();
    const statuses = recordRequests('setAppointmentStatus');
    const bookings = recordRequests('addAppointment');
    await user.click(screen.getByRole('button', { name: 'Finish visit' }));

    const finish = screen.getByRole('region', { name: 'Finish the visit' });
    expect(
      await within(finish).findByText('Visit finished: the appointment is recorded as attended.'),
    ).toBeInTheDocument();
    expect(statuses).toEqual([
      { body: { status: 'fulfilled' }, key: expect.any(String) as string },
    ]);
    const header = screen.getByRole('region', { name: 'Patient and appointment' });
    expect(await within(header).findByText('Attended')).toBeInTheDocument();
    // The way on: back to Today, where the next patient is.
    expect(within(finish).getByRole('link', { name: 'Back to Today' })).toHaveAttribute(
      'href',
      ROUTES.today,
    );

    const followUp = await within(finish).findByRole(
      'form',
      { name: 'Book the follow-up' },
      { timeout: 5000 },
    );
    const clinician = within(followUp).getByLabelText(/^Clinician/);
    await waitFor(() => expect(clinician).toHaveValue(DOCTOR.employee_id));
    const date = addDays(TODAY, 14);
    await user.type(within(followUp).getByLabelText(/^Date/), date);
    // The visit's time, kept unless changed.
    expect(within(followUp).getByLabelText(/^Time/)).toHaveValue('09:30');
    await user.clear(within(followUp).getByLabelText(/^Time/));
    await user.type(within(followUp).getByLabelText(/^Time/), '10:30');
    await user.type(within(followUp).getByLabelText(/^Reason/), 'Recheck blood pressure');
    await user.click(within(followUp).getByRole('button', { name: 'Book follow-up' }));

    expect(
      // With E001 as the mock's employees name them.
      await within(finish).findByText(
        new RegExp(`^Follow-up booked on ${date} at 10:30 with \\S+ \\S+\\.$`),
        {},
        { timeout: 5000 },
      ),
    ).toBeInTheDocument();
    expect(bookings).toEqual([
      {
        body: expect.objectContaining({
          patient_id: 'P037',
          date,
          time: '10:30',
          clinician_id: DOCTOR.employee_id,
          topic: 'Recheck blood pressure',
        }) as Record<string, unknown>,
        key: expect.any(String) as string,
      },
    ]);
  });

  it('asks before booking a follow-up over another appointment; Book anyway is a new action', async () => {
    const clash: AppointmentClash = {
      field: 'clinician_id',
      appointment_id: '0b7c3f0e-5d1e-4f7a-9a53-6c0f4f2b8e11',
      date: addDays(TODAY, 7),
      time: '10:20:00',
      duration_minutes: 30,
      clinician: DOCTOR,
    };
    const { user } = renderVisitPage();
    await heading();
    // Refused for its overlap unless the body allows it (then the mock books it).
    server.use(
      http.post(`*${DEFAULT_API_BASE}${ENDPOINTS.addAppointment.path}`, async ({ request }) => {
        const body = (await request.clone().json()) as Record<string, unknown>;
        if (body['allow_overlap'] === true) return undefined;
        return HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Conflict',
            status: 409,
            detail: `clinician_id: ${CLINICIAN_BUSY_MESSAGE}`,
            errors: [{ field: 'clinician_id', message: CLINICIAN_BUSY_MESSAGE }],
            clashes: [clash],
          },
          { status: 409, headers: { 'content-type': PROBLEM_CONTENT_TYPE } },
        );
      }),
    );
    // Recorded first, then handed on to the refusal above.
    const bookings = recordRequests('addAppointment');
    await user.click(screen.getByRole('button', { name: 'Finish visit' }));
    const followUp = await screen.findByRole(
      'form',
      { name: 'Book the follow-up' },
      { timeout: 5000 },
    );
    await user.type(within(followUp).getByLabelText(/^Date/), addDays(TODAY, 7));
    await user.clear(within(followUp).getByLabelText(/^Time/));
    await user.type(within(followUp).getByLabelText(/^Time/), '10:30');
    await user.click(within(followUp).getByRole('button', { name: 'Book follow-up' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Already booked at that time' });
    expect(dialog).toHaveTextContent(`Anan Wongsa: ${addDays(TODAY, 7)} at 10:20, 30 minutes`);
    await user.click(within(dialog).getByRole('button', { name: 'Book anyway' }));
    expect(
      await screen.findByText(new RegExp(`^Follow-up booked on ${addDays(TODAY, 7)} at 10:30`)),
    ).toBeInTheDocument();
    expect(bookings).toHaveLength(2);
    expect(bookings[1]?.body).toMatchObject({ allow_overlap: true });
    expect(bookings[1]?.key).not.toBe(bookings[0]?.key);
  });

  it('asks before leaving with a diagnosis’s entry typed and not saved', async () => {
    const { user } = renderVisitPage();
    await heading();
    const problems = screen.getByRole('region', { name: 'Problem list' });
    const form = await within(problems).findByRole('form', { name: 'Add problem' });
    // A date field takes its value whole (jsdom drops one typed a key at a time).
    fireEvent.change(within(form).getByLabelText('Onset date'), {
      target: { value: addDays(TODAY, -30) },
    });
    await user.click(screen.getByRole('link', { name: "Back to P037's chart" }));
    const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await user.click(within(question).getByRole('button', { name: 'Stay on this page' }));
    expect(within(form).getByLabelText('Onset date')).toHaveValue(addDays(TODAY, -30));
  });

  it('sets a finish made by mistake back to booked, and Finish visit is there again', async () => {
    const { user } = renderVisitPage();
    await heading();
    await user.click(screen.getByRole('button', { name: 'Finish visit' }));
    const finish = screen.getByRole('region', { name: 'Finish the visit' });
    await user.click(
      await within(finish).findByRole('button', {
        name: 'Set back to booked: Malee Srisuk at 09:30',
      }),
    );
    await user.type(
      within(finish).getByLabelText('Why it is set back'),
      'Finished the wrong visit',
    );
    await user.click(within(finish).getByRole('button', { name: 'Confirm: set back to booked' }));
    expect(
      await within(finish).findByText('Malee Srisuk at 09:30: set back to booked.'),
    ).toBeInTheDocument();
    expect(await within(finish).findByRole('button', { name: 'Finish visit' })).toBeVisible();
    expect(
      within(finish).queryByText('Visit finished: the appointment is recorded as attended.'),
    ).not.toBeInTheDocument();
  });

  it('shows a refused Finish visit and keeps the visit open', async () => {
    const { user } = renderVisitPage();
    await heading();
    server.use(
      problemHandler('setAppointmentStatus', 409, 'This appointment is no longer booked', [
        { field: 'status', message: 'This appointment is no longer booked' },
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Finish visit' }));
    const finish = screen.getByRole('region', { name: 'Finish the visit' });
    expect(await within(finish).findByRole('alert')).toHaveTextContent(
      /^The visit was not finished: /,
    );
    expect(within(finish).getByRole('button', { name: 'Finish visit' })).toBeInTheDocument();
    expect(within(finish).queryByRole('form')).not.toBeInTheDocument();
  });

  it('offers no Finish visit to a position that may not record an outcome', async () => {
    renderVisitPage('P011');
    await heading();
    expect(screen.queryByRole('button', { name: 'Finish visit' })).not.toBeInTheDocument();
  });

  it('says so when the patient has no such appointment', async () => {
    renderVisitPage('P001', '00000000-0000-4000-8000-000000000077');
    expect(
      await screen.findByText(
        'Patient P037 has no appointment 00000000-0000-4000-8000-000000000077.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "Back to P037's chart" })).toBeInTheDocument();
  });
});
