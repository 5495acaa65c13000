import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, patientChartPath, ROUTES } from '@portal/contract';
import {
  createHandlers,
  pendingHandler,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import {
  CHART_APPOINTMENTS,
  CHART_RECORD,
  chartAppointment,
  manyAppointments,
  NO_ALLERGY_RECORD,
} from './chart-fixtures';
import { PatientChartPage } from './patient-chart-page';
import { LOADING_CHART } from '../../testing/english-texts';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

function renderChart(patientId = 'P037') {
  const user = userEvent.setup();
  renderWithProviders(
    <Routes>
      <Route path={ROUTES.patientChart} element={<PatientChartPage />} />
    </Routes>,
    { route: patientChartPath(patientId), session: { role: 'medical_personnel' } },
  );
  return { user };
}

const heading = () => screen.findByRole('heading', { level: 1, name: 'Malee Srisuk' });

describe('PatientChartPage', () => {
  it('shows progress, then the whole record with every field', async () => {
    server.use(
      ...createHandlers({ patients: [CHART_RECORD], appointments: { P037: CHART_APPOINTMENTS } }),
    );
    renderChart();
    expect(screen.getByRole('status')).toHaveTextContent(LOADING_CHART);
    await heading();
    const details = screen.getByRole('region', { name: 'Personal details' });
    for (const text of [
      'P037',
      'malee.srisuk@gmail.com',
      '12/3 Sukhumvit Road, Khlong Toei, Bangkok 10110',
      '081-234-5678',
      'smokes ten cigarettes a day',
      'insulin therapy',
    ]) {
      expect(within(details).getByText(text)).toBeInTheDocument();
    }
    const diseases = screen.getByRole('region', { name: 'Chronic diseases' });
    expect(within(diseases).getByRole('listitem')).toHaveTextContent('hepatitis B (I003)');
    const history = screen.getByRole('region', { name: 'Medical history' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining('Blood test reviewed.'),
      expect.stringContaining('Vaccination given.'),
    ]);
  });

  it('lists who changed the contact details and which, newest first', async () => {
    server.use(
      http.get('*/api/patient/:patientId/contact-changes', () =>
        HttpResponse.json(
          [
            {
              changed_at: '2026-11-20T03:00:00.000Z',
              fields: ['phone_number'],
              changed_by: 'staff',
              name: 'Anan Wongsa',
            },
            {
              changed_at: '2026-11-18T03:00:00.000Z',
              fields: ['email', 'address'],
              changed_by: 'patient',
              name: null,
            },
          ],
          { headers: { 'X-Total-Count': '2' } },
        ),
      ),
      ...createHandlers({ patients: [CHART_RECORD], appointments: { P037: CHART_APPOINTMENTS } }),
    );
    renderChart();
    const card = await screen.findByRole('region', { name: 'Contact details changed' });
    const lines = await within(card).findAllByRole('listitem');
    expect(lines.map((line) => line.textContent)).toEqual([
      expect.stringMatching(/: Anan Wongsa changed phone number$/),
      expect.stringMatching(/: the patient changed email, address$/),
    ]);
  });

  it('says when nobody has changed the contact details', async () => {
    server.use(
      ...createHandlers({ patients: [CHART_RECORD], appointments: { P037: CHART_APPOINTMENTS } }),
    );
    renderChart();
    const card = await screen.findByRole('region', { name: 'Contact details changed' });
    expect(
      await within(card).findByText('No change of phone, email or address yet.'),
    ).toBeVisible();
  });

  it('puts the drug allergies first, as an alert naming each drug', async () => {
    server.use(...createHandlers({ patients: [CHART_RECORD], appointments: {} }));
    renderChart();
    await heading();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Drug allergies');
    expect(alert).toHaveTextContent('paracetamol (R002)');
    expect(alert).toHaveTextContent('amoxicillin (R003)');
    // Before everything else on the page but the heading.
    const actions = screen.getByRole('link', { name: 'Edit' });
    expect(alert.compareDocumentPosition(actions) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('says there are no drug allergies without raising an alert', async () => {
    server.use(...createHandlers({ patients: [NO_ALLERGY_RECORD], appointments: {} }));
    renderChart();
    await heading();
    expect(screen.getByText(MESSAGES.noDrugAllergies)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(await screen.findByText('No appointments.')).toBeInTheDocument();
  });

  it('lists upcoming appointments first, soonest first, then the past ones', async () => {
    server.use(
      ...createHandlers({ patients: [CHART_RECORD], appointments: { P037: CHART_APPOINTMENTS } }),
    );
    renderChart();
    const upcoming = await screen.findByRole('table', { name: 'Upcoming' });
    const topics = (table: HTMLElement) =>
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[5]?.textContent);
    expect(topics(upcoming)).toEqual(['Follow-up', '-']);
    expect(topics(screen.getByRole('table', { name: 'Past' }))).toEqual([
      'Blood test',
      'First visit',
    ]);
    expect(screen.getByText('Showing 4 of 4.')).toBeInTheDocument();
  });

  it('splits upcoming from past at the hospital’s midnight, whatever the browser’s zone', async () => {
    // 00:30 on 27 November in Bangkok (UTC+7), still 17:30 on the 26th in the browser's UTC.
    const zone = process.env['TZ'];
    process.env['TZ'] = 'UTC';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-26T17:30:00Z'));
    try {
      server.use(
        ...createHandlers({
          patients: [CHART_RECORD],
          appointments: {
            P037: [
              chartAppointment(1, '2026-11-26', { time: '16:00:00', topic: 'Yesterday' }),
              chartAppointment(2, '2026-11-27', { time: '09:00:00', topic: 'This morning' }),
            ],
          },
        }),
      );
      renderChart();
      const upcoming = await screen.findByRole('table', { name: 'Upcoming' });
      const topics = (table: HTMLElement) =>
        within(table)
          .getAllByRole('row')
          .slice(1)
          .map((row) => within(row).getAllByRole('cell')[5]?.textContent);
      expect(topics(upcoming)).toEqual(['This morning']);
      expect(topics(screen.getByRole('table', { name: 'Past' }))).toEqual(['Yesterday']);
    } finally {
      vi.useRealTimers();
      if (zone === undefined) delete process.env['TZ'];
      else process.env['TZ'] = zone;
    }
  });

  // Thirty rows with their buttons are slow in jsdom on a busy machine: a longer time limit.
  it('pages through many appointments with Show more appointments', async () => {
    server.use(
      ...createHandlers({ patients: [CHART_RECORD], appointments: { P037: manyAppointments(30) } }),
    );
    const { user } = renderChart();
    // Twenty rows of buttons take jsdom a while to render.
    expect(await screen.findByText('Showing 20 of 30.', {}, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more appointments' }));
    expect(await screen.findByText('Showing 30 of 30.', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Show more appointments' }),
    ).not.toBeInTheDocument();
  }, 20_000);

  it('opens the spec pages with the Patient ID filled in', async () => {
    server.use(...createHandlers({ patients: [CHART_RECORD], appointments: {} }));
    renderChart();
    await heading();
    expect(screen.getByRole('link', { name: 'Edit' })).toHaveAttribute(
      'href',
      `${ROUTES.editPatient}?patient_id=P037`,
    );
    expect(screen.getByRole('link', { name: 'Book appointment' })).toHaveAttribute(
      'href',
      `${ROUTES.addAppointment}?patient_id=P037`,
    );
    expect(screen.getByRole('link', { name: 'Add history' })).toHaveAttribute(
      'href',
      `${ROUTES.addHistory}?patient_id=P037`,
    );
    expect(screen.getByRole('button', { name: 'Print chart' })).toBeInTheDocument();
  });

  it('says when there is no such patient, with a way to find one', async () => {
    server.use(...createHandlers({ patients: [CHART_RECORD] }));
    renderChart('P404');
    expect(await screen.findByRole('alert')).toHaveTextContent('No patient with ID P404');
    expect(screen.getByRole('link', { name: 'Find a patient' })).toHaveAttribute(
      'href',
      ROUTES.searchPatient,
    );
  });

  it('says when the record could not be loaded', async () => {
    server.use(problemHandler('getPatient', 500, 'Something went wrong'));
    renderChart();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Error: ${MESSAGES.patientLoadFailed}`,
    );
  });

  it('keeps loading while the record is on its way', async () => {
    server.use(pendingHandler('getPatient'));
    renderChart();
    expect(await screen.findByRole('status')).toHaveTextContent(LOADING_CHART);
    expect(screen.getByRole('heading', { level: 1, name: 'Patient chart' })).toBeInTheDocument();
  });

  it('repeats the name, ID and date of birth above every printed page, and not on screen', async () => {
    server.use(
      ...createHandlers({ patients: [CHART_RECORD], appointments: { P037: CHART_APPOINTMENTS } }),
    );
    renderChart();
    await heading();
    // A table's head, which the browser repeats on each printed page (e2e: the printed PDF).
    const running = document.querySelector('thead');
    expect(running).toHaveTextContent(
      `Malee Srisuk · Patient ID P037 · Date of birth ${CHART_RECORD.patient.date_of_birth}`,
    );
    expect(running).toHaveClass('hidden', 'print:table-header-group');
  });
});
