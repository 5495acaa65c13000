import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { describe, expect, it } from 'vitest';
import { MESSAGES, type PatientRecord, patientChartPath, ROUTES } from '@portal/contract';
import {
  createHandlers,
  emptyListHandler,
  handlers,
  makePatientRecord,
  networkErrorHandler,
  pendingHandler,
  problemHandler,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { SearchPatientPage } from './search-patient-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

/** `count` patients, P001 onwards; P003 and P006 share the last name Quixote. */
function patients(count: number): PatientRecord[] {
  return Array.from({ length: count }, (_, i) =>
    makePatientRecord(i === 2 || i === 5 ? { patient: { last_name: 'Quixote' } } : {}, i + 1),
  );
}

/** Serves a fresh mock API holding `count` patients. */
function serve(count: number) {
  server.use(...createHandlers({ patients: patients(count) }));
}

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<SearchPatientPage />, {
    route: ROUTES.searchPatient,
    session: { role: 'medical_personnel' },
  });
  return { user };
}

const results = () => screen.getByRole('region', { name: 'Patients' });
/** The patients' rows (each has its record's button; an opened record's own lists do not). */
const rows = () =>
  within(results())
    .queryAllByRole('listitem')
    .filter((item) => within(item).queryByRole('button', { name: /record of / }));
/** The patient ids of the rows shown, in order. */
const shownIds = () => rows().map((row) => /P\d{3}/.exec(row.textContent ?? '')?.[0]);
const searchForm = () => screen.getByRole('search', { name: 'Search patients' });
const field = (name: string) => within(searchForm()).getByRole('textbox', { name });
const searchButton = () => within(searchForm()).getByRole('button', { name: /^Search/ });

describe('SearchPatientPage', () => {
  it('loads the list on open, showing progress first', async () => {
    serve(24);
    renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Patient Information' })).toBeVisible();
    expect(within(results()).getByRole('status')).toHaveTextContent('Loading patients…');
    expect(results()).toHaveAttribute('aria-busy', 'true');
    expect(await within(results()).findByText('Showing 24 of 24 patients')).toBeInTheDocument();
    expect(results()).toHaveAttribute('aria-busy', 'false');
    expect(shownIds()).toHaveLength(24);
    expect(shownIds().slice(0, 3)).toEqual(['P001', 'P002', 'P003']);
    // Everything fits on one page: nothing more to load.
    expect(screen.queryByRole('button', { name: /^Load more patients/ })).not.toBeInTheDocument();
  });

  it('keeps a search form with no required field, cleared after a search', async () => {
    serve(24);
    const { user } = renderPage();
    for (const name of ['Patient ID', 'First Name', 'Last Name']) {
      expect(field(name)).not.toBeRequired();
    }
    expect(field('Patient ID')).toHaveAttribute('placeholder', MESSAGES.patientIdPlaceholder);
    await screen.findByText('Showing 24 of 24 patients');
    await user.type(field('Last Name'), 'quix');
    await user.click(searchButton());
    await screen.findByText('Results for last name “quix”.');
    expect(field('Last Name')).toHaveValue('');
  });

  it('shows a page at a time and appends the next with Load more patients', async () => {
    serve(60);
    const { user } = renderPage();
    expect(await screen.findByText('Showing 50 of 60 patients')).toBeInTheDocument();
    expect(shownIds()).toHaveLength(50);
    await user.click(screen.getByRole('button', { name: 'Load more patients' }));
    expect(await screen.findByText('Showing 60 of 60 patients')).toBeInTheDocument();
    const ids = shownIds();
    expect(ids).toHaveLength(60);
    expect(ids[49]).toBe('P050');
    expect(ids[50]).toBe('P051');
    expect(ids.at(-1)).toBe('P060');
    expect(screen.queryByRole('button', { name: /^Load more patients/ })).not.toBeInTheDocument();
  });

  it('disables Load more patients while the next page loads', async () => {
    serve(60);
    const { user } = renderPage();
    await screen.findByText('Showing 50 of 60 patients');
    server.use(pendingHandler('listPatients'));
    await user.click(screen.getByRole('button', { name: 'Load more patients' }));
    const button = await screen.findByRole('button', { name: 'Load more patients Working…' });
    expect(button).toBeDisabled();
    expect(shownIds()).toHaveLength(50);
  });

  it('replaces the list with a non-empty search result, asked for as summaries', async () => {
    serve(24);
    const views: (string | null)[] = [];
    server.use(
      http.post('*/api/patient/search-patient', ({ request }) => {
        views.push(new URL(request.url).searchParams.get('view'));
      }),
    );
    const { user } = renderPage();
    await screen.findByText('Showing 24 of 24 patients');
    await user.type(field('Last Name'), 'quix');
    await user.click(searchButton());
    expect(await screen.findByText('Showing 2 of 2 patients')).toBeInTheDocument();
    expect(shownIds()).toEqual(['P003', 'P006']);
    expect(screen.getByText('Results for last name “quix”.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(views).toEqual(['summary']);
  });

  it('searches by the start of an id', async () => {
    serve(24);
    const { user } = renderPage();
    await screen.findByText('Showing 24 of 24 patients');
    await user.type(field('Patient ID'), 'P02');
    await user.click(searchButton());
    await screen.findByText('Showing 5 of 5 patients');
    expect(shownIds()).toEqual(['P020', 'P021', 'P022', 'P023', 'P024']);
    expect(screen.getByText('Results for ID starting “P02”.')).toBeInTheDocument();
  });

  it('keeps the full list when a search finds nothing, and says so', async () => {
    serve(24);
    const { user } = renderPage();
    await screen.findByText('Showing 24 of 24 patients');
    await user.type(field('First Name'), 'Zzyzx');
    await user.click(searchButton());
    expect(
      await screen.findByText('No match for first name “Zzyzx”; the full list is shown.'),
    ).toBeInTheDocument();
    expect(screen.getByText('Showing 24 of 24 patients')).toBeInTheDocument();
    expect(shownIds()).toHaveLength(24);
  });

  it("shows 'No result' and 'Could not perform search' when the search fails", async () => {
    serve(24);
    server.use(
      problemHandler('searchPatients', 500, 'Something went wrong on our side. Please try again.'),
    );
    const { user } = renderPage();
    await screen.findByText('Showing 24 of 24 patients');
    await user.type(field('First Name'), 'Malee');
    await user.click(searchButton());
    expect(await within(results()).findByRole('alert')).toHaveTextContent(/^No result$/);
    const notice = screen
      .getAllByRole('alert')
      .find((alert) => alert.textContent?.includes(MESSAGES.searchFailed));
    expect(notice).toHaveTextContent('Something went wrong on our side. Please try again.');
    expect(shownIds()).toEqual([]);
  });

  it("shows 'No result' when the server cannot be reached", async () => {
    serve(24);
    server.use(networkErrorHandler('searchPatients'));
    const { user } = renderPage();
    await screen.findByText('Showing 24 of 24 patients');
    await user.type(field('Patient ID'), 'P001');
    await user.click(searchButton());
    expect(await within(results()).findByRole('alert')).toHaveTextContent('No result');
  });

  it('disables Search and Reset while a search runs', async () => {
    serve(24);
    server.use(pendingHandler('searchPatients'));
    const { user } = renderPage();
    await screen.findByText('Showing 24 of 24 patients');
    await user.click(searchButton());
    await waitFor(() => expect(searchButton()).toBeDisabled());
    expect(searchButton()).toHaveAccessibleName('Search Working…');
    expect(within(searchForm()).getByRole('button', { name: 'Reset' })).toBeDisabled();
    expect(results()).toHaveAttribute('aria-busy', 'true');
  });

  it('Reset goes back to the full list', async () => {
    serve(24);
    const { user } = renderPage();
    await screen.findByText('Showing 24 of 24 patients');
    await user.type(field('Last Name'), 'quix');
    await user.click(searchButton());
    await screen.findByText('Showing 2 of 2 patients');
    await user.click(within(searchForm()).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('Showing 24 of 24 patients')).toBeInTheDocument();
    expect(screen.queryByText(/^Results for/)).not.toBeInTheDocument();
  });

  it("says 'No patient data available.' when there are no patients", async () => {
    server.use(...handlers.empty);
    renderPage();
    expect(await screen.findByText(MESSAGES.noPatientData)).toBeInTheDocument();
    expect(shownIds()).toEqual([]);
  });

  it("says 'No patient data available.' for an empty list page", async () => {
    server.use(emptyListHandler('listPatients'));
    renderPage();
    expect(await screen.findByText('No patient data available.')).toBeInTheDocument();
  });

  it("says 'Could not load patient information' when the list fails", async () => {
    server.use(problemHandler('listPatients', 500, 'Something went wrong on our side.'));
    renderPage();
    expect(await within(results()).findByRole('alert')).toHaveTextContent(
      /^Could not load patient information$/,
    );
  });

  it('asks for summaries, shows each one, and fetches the full record when it is opened', async () => {
    const malee = makePatientRecord({
      patient: {
        first_name: 'Malee',
        last_name: 'Srisuk',
        age: 34,
        gender: 'female',
        date_of_birth: '1992-03-14',
        phone_number: '081-234-5678',
      },
      patient_appointment: { date: '2026-11-20', time: '10:30:00', topic: 'Follow-up' },
      patient_drug_allergy: [{ drug_id: 'R002' }],
    });
    server.use(...createHandlers({ patients: [malee] }));
    const views: (string | null)[] = [];
    const opened: string[] = [];
    server.use(
      http.get('*/api/patient', ({ request }) => {
        views.push(new URL(request.url).searchParams.get('view'));
      }),
      http.get('*/api/patient/:patient_id', ({ params }) => {
        opened.push(String(params['patient_id']));
      }),
    );
    const { user } = renderPage();
    await screen.findByText('Showing 1 of 1 patient');
    expect(views).toEqual(['summary']);
    const [row] = rows();
    expect(row).toHaveTextContent('Malee Srisuk P001');
    // The name opens the patient's chart.
    expect(within(row!).getByRole('link', { name: 'Malee Srisuk' })).toHaveAttribute(
      'href',
      patientChartPath('P001'),
    );
    expect(row).toHaveTextContent('Drug allergies');
    expect(row).toHaveTextContent('34 years · Female · Born 1992-03-14');
    // Nothing the summary leaves out reaches the row.
    expect(row).not.toHaveTextContent('081-234-5678');

    const toggle = within(row!).getByRole('button', { name: 'Show full record of Malee Srisuk' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel).not.toBeVisible();
    expect(screen.queryByRole('region', { name: 'Personal details' })).not.toBeInTheDocument();
    expect(opened).toEqual([]);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide record of Malee Srisuk');
    expect(panel).toBeVisible();
    expect(await within(panel!).findByRole('region', { name: 'Drug allergies' })).toHaveTextContent(
      'paracetamol (R002)',
    );
    expect(opened).toEqual(['P001']);

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('marks no allergy on a patient without any, and says when the record cannot be opened', async () => {
    const niran = makePatientRecord({
      patient: { first_name: 'Niran', last_name: 'Thongdee' },
      patient_drug_allergy: [],
    });
    server.use(...createHandlers({ patients: [niran] }));
    server.use(problemHandler('getPatient', 500, 'Something went wrong'));
    const { user } = renderPage();
    await screen.findByText('Showing 1 of 1 patient');
    const [row] = rows();
    expect(row).not.toHaveTextContent('Drug allergies');
    await user.click(within(row!).getByRole('button', { name: /^Show full record/ }));
    expect(await within(row!).findByRole('alert')).toHaveTextContent(
      `Error: ${MESSAGES.patientLoadFailed}`,
    );
  });

  it('answers the list with the bearer token of the session', async () => {
    const sent: (string | null)[] = [];
    server.use(
      http.get('*/api/patient', ({ request }) => {
        sent.push(request.headers.get('authorization'));
      }),
    );
    renderPage();
    await screen.findByText('Showing 24 of 24 patients');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/^Bearer \S+$/);
  });
});
