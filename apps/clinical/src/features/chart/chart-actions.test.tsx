import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Link, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  addDays,
  type ChartAppointment,
  DEFAULT_API_BASE,
  ENDPOINTS,
  patientChartPath,
  ROUTES,
  hospitalToday,
  todayUtc,
} from '@portal/contract';
import { createHandlers, pageResponse, renderWithProviders, setupMswServer } from '@portal/testing';
import {
  CHART_APPOINTMENTS,
  CHART_RECORD,
  chartAppointment,
  DOCTOR,
  NURSE,
} from './chart-fixtures';
import { PatientChartPage } from './patient-chart-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

// Noon on the hospital's today, whenever the tests run: the morning's appointments have started
// (a no-show may be recorded), the evening's have not.
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${hospitalToday()}T05:00:00Z`));
});
afterEach(() => vi.useRealTimers());

const url = (path: string) => `*${DEFAULT_API_BASE}${path}`;

/**
 * Serves P037's record and appointments (newest first, as the API) and the three appointment
 * actions, which change them; returns the bodies each action was sent.
 */
function serveChart(appointments: ChartAppointment[] = CHART_APPOINTMENTS) {
  const list = structuredClone(appointments);
  const sent = { cancel: [] as unknown[], reschedule: [] as unknown[], status: [] as unknown[] };
  const find = (id: unknown) => list.find((a) => a.appointment_id === id)!;
  // Apart: handlers given to one use() are tried in the order given, so these come after.
  server.use(...createHandlers({ patients: [CHART_RECORD], appointments: {} }));
  server.use(
    http.get(url(ENDPOINTS.listClinicians.path), ({ request }) =>
      pageResponse(request, [
        { ...DOCTOR, position_name: 'Doctor' },
        { ...NURSE, position_name: 'Nurse' },
      ]),
    ),
    http.get(url(ENDPOINTS.patientAppointments.path), ({ request }) =>
      pageResponse(
        request,
        [...list].sort((a, b) => `${b.date} ${b.time}`.localeCompare(`${a.date} ${a.time}`)),
      ),
    ),
    http.post(url(ENDPOINTS.cancelAppointment.path), async ({ request, params }) => {
      const body = (await request.json()) as { reason: string | null; staff_note: string | null };
      sent.cancel.push({ id: params['appointment_id'], ...body });
      Object.assign(find(params['appointment_id']), {
        status: 'cancelled',
        cancel_reason: body.reason,
        staff_note: body.staff_note,
      });
      return HttpResponse.json(find(params['appointment_id']));
    }),
    http.post(url(ENDPOINTS.rescheduleAppointment.path), async ({ request, params }) => {
      const body = (await request.json()) as Record<string, string>;
      sent.reschedule.push({ id: params['appointment_id'], ...body });
      const old = Object.assign(find(params['appointment_id']), {
        status: 'cancelled' as const,
        cancel_reason: body['reason'] || 'Rescheduled',
      });
      const booked = chartAppointment(99, body['date']!, {
        time: `${body['time']}:00`,
        duration_minutes: Number(body['duration_minutes']),
        clinician: body['clinician_id'] === NURSE.employee_id ? NURSE : DOCTOR,
        rescheduled_from: old.appointment_id,
      });
      old.rescheduled_to = booked.appointment_id;
      list.push(booked);
      return HttpResponse.json({
        cancelled: old,
        booked,
        warnings: [
          {
            code: 'clinician_busy',
            message: 'The clinician already has a booked appointment at that time',
            field: 'clinician_id',
          },
        ],
      });
    }),
    http.post(url(ENDPOINTS.setAppointmentStatus.path), async ({ request, params }) => {
      const body = (await request.json()) as { status: ChartAppointment['status'] };
      sent.status.push({ id: params['appointment_id'], ...body });
      Object.assign(find(params['appointment_id']), {
        status: body.status,
        outcome_recorded_at: body.status === 'booked' ? null : new Date().toISOString(),
      });
      return HttpResponse.json(find(params['appointment_id']));
    }),
  );
  return sent;
}

/** The chart as a Doctor (P001, the default), a Nurse (P002) or HR's position (P011) sees it. */
function renderChart(position_id: 'P001' | 'P002' | 'P011' = 'P001') {
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route
        path={ROUTES.patientChart}
        element={
          <>
            <PatientChartPage />
            <Link to={ROUTES.searchPatient}>Patient Information</Link>
          </>
        }
      />
      <Route path={ROUTES.searchPatient} element={<h1>Patient Information</h1>} />
    </Routes>,
    { route: patientChartPath('P037'), session: { role: 'medical_personnel', position_id } },
  );
  return { user };
}

const upcoming = () => screen.findByRole('table', { name: 'Upcoming' });
/** The row of the appointment whose topic (or date) is given. */
async function rowWith(text: string) {
  const rows = await screen.findAllByRole('row');
  // The innermost row: the print layout's table holds the whole chart in one of its rows.
  const row = rows.find((r) => r.textContent?.includes(text) && !r.querySelector('tr'));
  if (!row) throw new Error(`No row with ${text}`);
  return row;
}

const FOLLOW_UP = CHART_APPOINTMENTS[2]!;
const FOLLOW_UP_WHEN = `${FOLLOW_UP.date} at 10:30`;

describe('PatientChartPage: who wrote what, and the appointments’ actions', () => {
  it('lists the severe allergies first, each with its severity and reaction', async () => {
    serveChart();
    renderChart();
    const alert = await screen.findByRole('alert');
    const items = within(alert)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'amoxicillin (R003)SevereReaction: Swelling of the lips and throat',
      'paracetamol (R002)MildReaction: Rash on the arms',
    ]);
  });

  it('names the author of each history entry, "—" where none was recorded', async () => {
    serveChart();
    renderChart();
    const history = await screen.findByRole('region', { name: 'Medical history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => within(li).getByText(/^Recorded by/).textContent),
    ).toEqual(['Recorded by Anan Wongsa', 'Recorded by —']);
  });

  it('shows each appointment’s length, clinician, status and who booked it', async () => {
    serveChart();
    renderChart();
    const table = await upcoming();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Date', 'Time', 'Length', 'Clinician', 'Status', 'Topic', 'Booked by', 'Actions']);
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .slice(1, 7)
        .map((td) => td.textContent);
    expect(cells(await rowWith('Follow-up'))).toEqual([
      '10:30',
      '30 min',
      'Pim Chaiyo',
      'Booked',
      'Follow-up',
      'Anan Wongsa',
    ]);
    expect(cells(await rowWith('First visit'))).toEqual([
      '08:30',
      '15 min',
      '—',
      'No-show',
      'First visit',
      '—',
    ]);
    // Only booked appointments can be acted on.
    expect(within(await rowWith('Blood test')).queryByRole('button')).not.toBeInTheDocument();
  });

  it('cancels with a message for the patient and a note for staff, keeping what was typed', async () => {
    const sent = serveChart();
    const { user } = renderChart();
    await upcoming();
    const cancel = () => screen.getByRole('button', { name: `Cancel: ${FOLLOW_UP_WHEN}` });
    await user.click(cancel());
    let dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    const reason = () => within(dialog).getByRole('textbox', { name: /^Message for the patient/ });
    await waitFor(() => expect(reason()).toHaveFocus());
    // Each field says who reads it.
    expect(reason()).toHaveAccessibleDescription('The patient reads this in MyInfo.');
    const note = () => within(dialog).getByRole('textbox', { name: /^Note for staff/ });
    expect(note()).toHaveAccessibleDescription('Only staff read this; the patient never sees it.');

    // Nothing typed: refused at the field, nothing sent.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    await waitFor(() => expect(reason()).toHaveAttribute('aria-invalid', 'true'));
    expect(sent.cancel).toEqual([]);

    // A misclick on Keep appointment loses nothing: the text is there when it opens again.
    await user.type(reason(), 'Patient is travelling');
    await user.click(within(dialog).getByRole('button', { name: 'Keep appointment' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(cancel());
    dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    expect(reason()).toHaveValue('Patient is travelling');
    // Escape closes it too, keeping the text; leaving the page then asks first.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('link', { name: 'Patient Information' }));
    const question = await screen.findByRole('alertdialog', { name: 'Unsaved changes' });
    await user.click(within(question).getByRole('button', { name: 'Stay on this page' }));

    await user.click(cancel());
    dialog = await screen.findByRole('dialog', { name: 'Cancel appointment' });
    await user.type(note(), 'Dr Surasak on leave; please rebook');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(
      await screen.findByText(`The appointment on ${FOLLOW_UP_WHEN} was cancelled.`),
    ).toBeInTheDocument();
    expect(sent.cancel).toEqual([
      {
        id: FOLLOW_UP.appointment_id,
        reason: 'Patient is travelling',
        staff_note: 'Dr Surasak on leave; please rebook',
      },
    ]);
    const row = await rowWith('Follow-up');
    await waitFor(() => expect(row).toHaveTextContent('Cancelled'));
    expect(row).toHaveTextContent('Reason: Patient is travelling');
    expect(row).toHaveTextContent('Staff note: Dr Surasak on leave; please rebook');
    expect(within(row).queryByRole('button')).not.toBeInTheDocument();
    // Nothing left unsaved: the page is left without a question.
    await user.click(screen.getByRole('link', { name: 'Patient Information' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Patient Information' }),
    ).toBeInTheDocument();
  });

  it('shows the actions a position allows, and none to a session without a clinical position', async () => {
    serveChart();
    renderChart('P001');
    await upcoming();
    expect(screen.getByRole('button', { name: `Cancel: ${FOLLOW_UP_WHEN}` })).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: `Reschedule: ${FOLLOW_UP_WHEN}` }),
    ).toBeInTheDocument();
    cleanup();
    serveChart();
    renderChart('P011');
    await upcoming();
    expect(
      screen.queryByRole('button', { name: `Cancel: ${FOLLOW_UP_WHEN}` }),
    ).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: `Reschedule: ${FOLLOW_UP_WHEN}` }),
    ).not.toBeInTheDocument();
  });

  it('reschedules: the same clinician and length to start with, the server’s warning shown', async () => {
    const sent = serveChart();
    const { user } = renderChart('P002');
    await upcoming();
    await user.click(screen.getByRole('button', { name: `Reschedule: ${FOLLOW_UP_WHEN}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule appointment' });
    expect(within(dialog).getByRole('combobox', { name: /^Length/ })).toHaveValue('30');
    await waitFor(() =>
      expect(within(dialog).getByRole('combobox', { name: /^Clinician/ })).toHaveValue('E002'),
    );
    const newDate = addDays(todayUtc(), 9);
    await user.type(within(dialog).getByLabelText(/^New date/), newDate);
    await user.type(within(dialog).getByLabelText(/^New time/), '11:00');
    await user.click(within(dialog).getByRole('button', { name: 'Reschedule' }));
    expect(
      await screen.findByText(
        `The appointment on ${FOLLOW_UP_WHEN} was moved to ${newDate} at 11:00.`,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText('The clinician already has a booked appointment at that time.'),
    ).toBeInTheDocument();
    // The two are linked: each names the other.
    await waitFor(() =>
      expect(screen.getByText(`Moved to ${newDate} at 11:00`)).toBeInTheDocument(),
    );
    expect(screen.getByText(`Moved from ${FOLLOW_UP_WHEN}`)).toBeInTheDocument();
    expect(sent.reschedule).toEqual([
      expect.objectContaining({
        id: FOLLOW_UP.appointment_id,
        date: newDate,
        time: '11:00',
        duration_minutes: 30,
        clinician_id: 'E002',
      }),
    ]);
  });

  it('marks a booked appointment attended or no-show in one click', async () => {
    const sent = serveChart([
      chartAppointment(7, hospitalToday(), { topic: 'Check-up', time: '09:00:00' }),
    ]);
    const { user } = renderChart();
    await upcoming();
    await user.click(
      screen.getByRole('button', {
        name: `Record as no-show: The appointment on ${hospitalToday()} at 09:00`,
      }),
    );
    expect(
      await screen.findByText(`The appointment on ${hospitalToday()} at 09:00: No-show.`),
    ).toBeInTheDocument();
    expect(sent.status).toEqual([{ id: '00000000-0000-4000-8000-000000000007', status: 'noshow' }]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Cancel/ })).toBeNull());
  });

  it('offers no-show only once the appointment has started', async () => {
    serveChart([
      chartAppointment(7, hospitalToday(), { topic: 'Morning', time: '09:00:00' }),
      chartAppointment(8, hospitalToday(), { topic: 'Evening', time: '18:00:00' }),
    ]);
    renderChart();
    await upcoming();
    const morning = await rowWith('Morning');
    const evening = await rowWith('Evening');
    expect(within(morning).getByRole('button', { name: /^Record as no-show/ })).toBeInTheDocument();
    expect(
      within(evening).getByRole('button', { name: /^Record as attended/ }),
    ).toBeInTheDocument();
    expect(within(evening).queryByRole('button', { name: /^Record as no-show/ })).toBeNull();
  });

  it('sets an outcome recorded today back to booked, with a reason', async () => {
    const sent = serveChart([
      chartAppointment(7, hospitalToday(), {
        topic: 'Check-up',
        time: '09:00:00',
        status: 'fulfilled',
        outcome_recorded_at: new Date().toISOString(),
      }),
      chartAppointment(8, addDays(hospitalToday(), -1), {
        topic: 'Yesterday',
        status: 'noshow',
        outcome_recorded_at: new Date(Date.now() - 86_400_000).toISOString(),
      }),
    ]);
    const { user } = renderChart();
    await upcoming();
    // An outcome of an earlier day stays as it is.
    expect(within(await rowWith('Yesterday')).queryByRole('button')).toBeNull();
    const who = `The appointment on ${hospitalToday()} at 09:00`;
    await user.click(screen.getByRole('button', { name: `Set back to booked: ${who}` }));
    const reason = screen.getByRole('textbox', { name: 'Why it is set back' });
    // No reason, nothing sent.
    await user.click(screen.getByRole('button', { name: 'Confirm: set back to booked' }));
    expect(sent.status).toEqual([]);
    await user.type(reason, 'Marked the wrong patient');
    await user.click(screen.getByRole('button', { name: 'Confirm: set back to booked' }));
    expect(await screen.findByText(`${who}: set back to booked.`)).toBeInTheDocument();
    expect(sent.status).toEqual([
      {
        id: '00000000-0000-4000-8000-000000000007',
        status: 'booked',
        reason: 'Marked the wrong patient',
      },
    ]);
    expect(
      await screen.findByRole('button', { name: `Record as attended: ${who}` }),
    ).toBeInTheDocument();
  });
});
