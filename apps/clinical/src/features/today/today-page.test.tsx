import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type DayAppointment,
  DEFAULT_API_BASE,
  ENDPOINTS,
  hospitalToday,
  patientChartPath,
  patientVisitPath,
  ROUTES,
} from '@portal/contract';
import {
  pageResponse,
  pendingHandler,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { dayAppointment, DOCTOR, morning } from './today-fixtures';
import { TodayPage } from './today-page';
import { LOADING_TODAY, TODAY_FAILED } from '../../testing/english-texts';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

// Noon on the hospital's today, whenever the tests run: the morning's appointments have started
// (a no-show may be recorded).
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(`${hospitalToday()}T05:00:00Z`));
});
afterEach(() => vi.useRealTimers());

const today = () => hospitalToday();
const url = (path: string) => `*${DEFAULT_API_BASE}${path}`;

/**
 * Serves a day list over `items` (filtered by `clinician_id` as the API does) and the status
 * call, which changes the item; returns the queries asked and the status bodies sent.
 */
function serveDay(items: DayAppointment[]) {
  const day = structuredClone(items);
  const asked: URLSearchParams[] = [];
  const marked: unknown[] = [];
  server.use(
    http.get(url(ENDPOINTS.dayAppointments.path), ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(query);
      const clinician = query.get('clinician_id');
      return pageResponse(
        request,
        day.filter(
          (a) =>
            a.date === query.get('date') && (!clinician || a.clinician?.employee_id === clinician),
        ),
      );
    }),
    http.post(url(ENDPOINTS.setAppointmentStatus.path), async ({ request, params }) => {
      const body = (await request.json()) as { status: DayAppointment['status'] };
      marked.push({
        patient_id: params['patient_id'],
        appointment_id: params['appointment_id'],
        ...body,
      });
      const item = day.find((a) => a.appointment_id === params['appointment_id'])!;
      item.status = body.status;
      return HttpResponse.json(item);
    }),
  );
  return { asked, marked };
}

function renderToday(
  session: { employee_id?: string; position_id?: string } = { employee_id: DOCTOR.employee_id },
) {
  const user = userEvent.setup();
  renderWithProviders(<TodayPage />, {
    route: ROUTES.today,
    session: { role: 'medical_personnel', ...session },
  });
  return { user };
}

const table = () => screen.findByRole('table', { name: /appointments today/ });
/** The rows' cells as text, header row left out. */
async function rowsText() {
  const rows = within(await table())
    .getAllByRole('row')
    .slice(1);
  return rows.map((row) =>
    within(row)
      .getAllByRole('cell')
      .slice(0, 5)
      .map((cell) => cell.textContent),
  );
}

describe('TodayPage', () => {
  it('shows progress, then the signed-in clinician’s appointments of the day', async () => {
    const { asked } = serveDay(morning(today()));
    renderToday();
    expect(screen.getByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    expect(screen.getByText(`Appointments on ${today()}`)).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_TODAY);
    expect(await rowsText()).toEqual([
      ['08:00', '15 min', 'Malee Srisuk P001', 'Attended', 'Anan Wongsa'],
      ['08:15', '30 min', 'Somchai Boonmee P002', 'Booked', 'Anan Wongsa'],
      // A cancellation with its reason under the status.
      ['08:30', '15 min', 'Kanya Rattana P003', 'CancelledPatient is travelling', 'Anan Wongsa'],
    ]);
    expect(screen.getByRole('radio', { name: 'Mine' })).toBeChecked();
    expect(screen.getByText('Showing 3 of 3.')).toBeInTheDocument();
    expect(asked.at(-1)?.get('date')).toBe(today());
    expect(asked.at(-1)?.get('clinician_id')).toBe('E001');
  });

  it('is the hospital’s day: at 00:30 in Bangkok the new day, whatever the browser’s zone', async () => {
    // 00:30 on 27 November in Bangkok (UTC+7), still 17:30 on the 26th in the browser's UTC.
    const zone = process.env['TZ'];
    process.env['TZ'] = 'UTC';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T17:30:00Z'));
    try {
      const { asked } = serveDay(morning('2026-11-27'));
      renderToday();
      expect(screen.getByText('Appointments on 2026-11-27')).toBeInTheDocument();
      expect(await rowsText()).toHaveLength(3);
      expect(asked.at(-1)?.get('date')).toBe('2026-11-27');
    } finally {
      vi.useRealTimers();
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  it('shows everyone’s with All, without a clinician in the call', async () => {
    const { asked } = serveDay(morning(today()));
    const { user } = renderToday();
    await table();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('Showing 5 of 5.')).toBeInTheDocument();
    expect(asked.at(-1)?.has('clinician_id')).toBe(false);
    const rows = await rowsText();
    expect(rows.map((r) => r[4])).toEqual([
      'Anan Wongsa',
      'Anan Wongsa',
      'Anan Wongsa',
      'Pim Chaiyo',
      '—',
    ]);
  });

  it('opens each patient’s chart in one click', async () => {
    serveDay(morning(today()));
    renderToday();
    await table();
    expect(screen.getByRole('link', { name: 'Somchai Boonmee' })).toHaveAttribute(
      'href',
      patientChartPath('P002'),
    );
  });

  it('starts the visit of a booked appointment in one click', async () => {
    serveDay(morning(today()));
    renderToday({ employee_id: DOCTOR.employee_id, position_id: 'P001' });
    await table();
    // Only the booked one (the attended and the cancelled have none).
    expect(screen.getAllByRole('link', { name: /^Start visit/ })).toHaveLength(1);
    expect(
      screen.getByRole('link', { name: 'Start visit: Somchai Boonmee at 08:15' }),
    ).toHaveAttribute('href', patientVisitPath('P002', '00000000-0000-4000-8000-000000000001'));
  });

  it('offers no Start visit to a position that may not write its note', async () => {
    serveDay(morning(today()));
    renderToday({ employee_id: DOCTOR.employee_id, position_id: 'P011' });
    await table();
    expect(screen.queryByRole('link', { name: /^Start visit/ })).not.toBeInTheDocument();
  });

  it('marks a booked appointment attended, and offers nothing on the others', async () => {
    const { marked } = serveDay(morning(today()));
    const { user } = renderToday();
    await table();
    // Only the booked one has the actions.
    expect(screen.getAllByRole('button', { name: /^Record as attended/ })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: /^Record as no-show/ })).toHaveLength(1);
    await user.click(
      screen.getByRole('button', { name: 'Record as attended: Somchai Boonmee at 08:15' }),
    );
    expect(await screen.findByText('Somchai Boonmee at 08:15: Attended.')).toBeInTheDocument();
    expect(marked).toEqual([
      {
        patient_id: 'P002',
        appointment_id: '00000000-0000-4000-8000-000000000001',
        status: 'fulfilled',
      },
    ]);
    // The list is asked again and the row now reads Attended, with nothing left to mark.
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Record as attended/ })).not.toBeInTheDocument(),
    );
    expect((await rowsText())[1]?.[3]).toBe('Attended');
  });

  it('says when a mark is refused, keeping the row as it was', async () => {
    serveDay(morning(today()));
    server.use(problemHandler('setAppointmentStatus', 409, 'This appointment is no longer booked'));
    const { user } = renderToday();
    await table();
    await user.click(screen.getByRole('button', { name: /^Record as no-show: Somchai/ }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Somchai Boonmee at 08:15 was not marked no-show: This appointment is no longer booked',
    );
    expect(
      screen.getByRole('button', { name: /^Record as attended: Somchai/ }),
    ).toBeInTheDocument();
  });

  it('says so when the clinician has nothing today, and when nobody has', async () => {
    serveDay([dayAppointment(today(), 0, { clinician: null })]);
    const { user } = renderToday();
    expect(
      await screen.findByText('No appointments with you today. Choose All to see everyone’s.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: 'All' }));
    expect(await screen.findByText('Showing 1 of 1.')).toBeInTheDocument();
  });

  it('says there is nothing today at all', async () => {
    serveDay([]);
    // An empty id leaves the claim out of the fake token (staff tokens carry one otherwise).
    renderToday({ employee_id: '' });
    // Without an employee id in the session there is no "mine": All is shown.
    expect(await screen.findByText('No appointments today.')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Mine' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'All' })).toBeChecked();
  });

  // Sixty rows with their buttons are slow in jsdom on a busy machine: a longer time limit.
  it('pages through a long day with Load more appointments', async () => {
    serveDay(Array.from({ length: 60 }, (_, n) => dayAppointment(today(), n)));
    const { user } = renderToday();
    // Fifty rows of buttons take jsdom a while to render.
    expect(await screen.findByText('Showing 50 of 60.', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more appointments' }));
    expect(await screen.findByText('Showing 60 of 60.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Load more appointments' }),
    ).not.toBeInTheDocument();
  }, 20_000);

  it('says when the day could not be loaded', async () => {
    server.use(problemHandler('dayAppointments', 500, 'Something went wrong'));
    renderToday();
    expect(await screen.findByRole('alert')).toHaveTextContent(TODAY_FAILED);
  });

  it('keeps loading while the day is on its way', async () => {
    server.use(pendingHandler('dayAppointments'));
    renderToday();
    expect(await screen.findByRole('status')).toHaveTextContent(LOADING_TODAY);
  });
});
