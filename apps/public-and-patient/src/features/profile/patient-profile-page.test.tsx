import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryKeys } from '@portal/api-client';
import { MESSAGES, ROUTES } from '@portal/contract';
import {
  createHandlers,
  makeChartAppointment,
  makePatientRecord,
  pendingHandler,
  problemHandler,
  recordBodies,
  renderWithProviders,
  setupMswServer,
  type PatientRecordOverrides,
} from '@portal/testing';
import { App } from '../../app';
import { DOWNLOAD_RECORD_FAILED, DOWNLOAD_RECORD_LABEL } from '../../testing/english-texts';
import { PatientProfilePage } from './patient-profile-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

/** P001 as a test wants it: every field known, something in every list. */
const FILLED: PatientRecordOverrides = {
  patient: {
    patient_id: 'P001',
    first_name: 'Malee',
    last_name: 'Srisuk',
    age: 34,
    gender: 'female',
    date_of_birth: '1992-03-14',
    blood_type: 'AB',
    health_insurance: 'yes',
    id_card_number: '1-1037-02345-67-8',
    ongoing_treatment: 'physiotherapy twice a week',
  },
  patient_appointment: { date: '2026-11-20', time: '10:30:00', topic: null },
  patient_drug_allergy: [{ drug_id: 'R002' }, { drug_id: 'R010' }],
  patient_chronic_disease: [{ disease_id: 'I003' }],
  medical_history: [
    { date: '2026-10-01', time: '09:15:00', details: 'Routine check-up, all normal.' },
    { date: '2025-12-24', time: '16:45:00', details: null },
  ],
};

/** The same patient with nothing in the lists, no appointment and some empty values. */
const EMPTY: PatientRecordOverrides = {
  patient: { ...FILLED.patient, blood_type: null, ongoing_treatment: '' },
  patient_appointment: { date: '', time: '', topic: null },
  patient_drug_allergy: [],
  patient_chronic_disease: [],
  medical_history: [],
};

/** Serves the mock API with one patient record, P001, the signed-in patient's own. */
function serveRecord(overrides: PatientRecordOverrides) {
  server.use(...createHandlers({ patients: [makePatientRecord(overrides)] }));
}

function renderProfile() {
  return renderWithProviders(<PatientProfilePage />, {
    route: ROUTES.patientProfile,
    session: { role: 'patient', patient_id: 'P001' },
  });
}

/** The personal details as label → value, in the order shown. */
async function personalDetails(): Promise<[string, string][]> {
  const section = await screen.findByRole('region', { name: 'Personal details' });
  const labels = within(section).getAllByRole('term');
  const values = within(section).getAllByRole('definition');
  expect(values).toHaveLength(labels.length);
  return labels.map((label, i) => [label.textContent ?? '', values[i]?.textContent ?? '']);
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('PatientProfilePage', () => {
  it("is headed MyInfo and shows 'Loading profile...' while the profile loads", () => {
    server.use(pendingHandler('profile'));
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'MyInfo' })).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.loadingProfile).closest('[role="status"]')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Personal details' })).not.toBeInTheDocument();
  });

  it("still shows 'Loading profile...' while the record loads", async () => {
    server.use(pendingHandler('getPatient'));
    const { queryClient } = renderProfile();
    // The profile has answered (its id is being asked for); the record has not.
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.profile())?.status).toBe('success'),
    );
    expect(screen.getByText(MESSAGES.loadingProfile)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Personal details' })).not.toBeInTheDocument();
  });

  it('asks for the record with the token’s id beside /profile, and shows it only after /profile', async () => {
    serveRecord(FILLED);
    server.use(pendingHandler('profile'));
    const { queryClient } = renderProfile();
    await waitFor(() =>
      expect(queryClient.getQueryState(queryKeys.patients.detail('P001'))?.status).toBe('success'),
    );
    expect(screen.getByText(MESSAGES.loadingProfile)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Personal details' })).not.toBeInTheDocument();
  });

  it('shows the Help Desk hint at once, above what is still loading, so the record moves nothing', () => {
    server.use(pendingHandler('profile'));
    renderProfile();
    const hint = screen.getByText('Help Desk').closest('[role="status"]');
    const loading = screen.getByText(MESSAGES.loadingProfile);
    expect(hint).toHaveTextContent(/Call the Help Desk/);
    // Heading, then the hint, then the record's place: the record grows below the hint.
    expect(
      screen.getByRole('heading', { level: 1, name: 'MyInfo' }).compareDocumentPosition(hint!),
    ).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
    expect(hint!.compareDocumentPosition(loading)).toBe(Node.DOCUMENT_POSITION_FOLLOWING);
  });

  it("says 'Error: Could not load profile' when /profile fails", async () => {
    server.use(problemHandler('profile', 500, 'Something went wrong on our side.'));
    renderProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Error: Could not load profile$/);
    expect(screen.queryByText(MESSAGES.loadingProfile)).not.toBeInTheDocument();
  });

  it("says 'Error: Could not load patient information' when /patient/{id} fails", async () => {
    server.use(problemHandler('getPatient', 404, 'No patient with ID P001'));
    renderProfile();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Error: Could not load patient information$/,
    );
  });

  it('shows every field of the record with its value', async () => {
    serveRecord(FILLED);
    renderProfile();
    expect(await personalDetails()).toEqual([
      ['Patient ID', 'P001'],
      ['First Name', 'Malee'],
      ['Last Name', 'Srisuk'],
      ['Age', '34'],
      ['Gender', 'Female'],
      ['Date of Birth', '1992-03-14'],
      ['Blood Type', 'AB'],
      ['Health Insurance', 'Yes'],
      ['ID card number', '1-1037-02345-67-8'],
      ['Ongoing treatment', 'physiotherapy twice a week'],
      ['Latest Appointment', '2026-11-20 10:30'],
    ]);
  });

  it('shows the appointment’s topic after its date and time when it has one', async () => {
    serveRecord({
      ...FILLED,
      patient_appointment: { date: '2026-11-20', time: '10:30:00', topic: 'Follow-up' },
    });
    renderProfile();
    expect(new Map(await personalDetails()).get('Latest Appointment')).toMatch(
      /^2026-11-20 10:30\b.*Follow-up$/,
    );
  });

  it("shows '-' for empty values and 'No appointment' when there is none", async () => {
    serveRecord(EMPTY);
    renderProfile();
    const details = new Map(await personalDetails());
    expect(details.get('Blood Type')).toBe('-');
    expect(details.get('Ongoing treatment')).toBe('-');
    expect(details.get('Latest Appointment')).toBe('No appointment');
    expect(details.get('First Name')).toBe('Malee');
  });

  it('lists drug allergies and chronic diseases by name, their id after it', async () => {
    serveRecord(FILLED);
    renderProfile();
    const allergies = await screen.findByRole('region', { name: 'Drug allergies' });
    expect(
      within(allergies)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['paracetamol (R002)', 'insulin (R010)']);
    const diseases = screen.getByRole('region', { name: 'Chronic diseases' });
    expect(
      within(diseases)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['hepatitis B (I003)']);
  });

  it('lists the medical history under Date & Time and Details', async () => {
    serveRecord(FILLED);
    renderProfile();
    const history = await screen.findByRole('region', { name: 'Medical history' });
    const table = within(history).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Date & Time', 'Details']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['2026-10-01 09:15:00', 'Routine check-up, all normal.'],
      ['2025-12-24 16:45:00', '-'],
    ]);
  });

  it('says so when the lists are empty', async () => {
    serveRecord(EMPTY);
    renderProfile();
    const allergies = await screen.findByRole('region', { name: 'Drug allergies' });
    expect(allergies).toHaveTextContent(MESSAGES.noDrugAllergies);
    expect(within(allergies).queryByRole('list')).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Chronic diseases' })).toHaveTextContent(
      'No chronic diseases.',
    );
    const history = screen.getByRole('region', { name: 'Medical history' });
    expect(history).toHaveTextContent('No medical history available');
    expect(within(history).queryByRole('table')).not.toBeInTheDocument();
  });

  it("shows the 'Help Desk' hint, whatever the record's state", async () => {
    server.use(problemHandler('profile', 500, 'Something went wrong on our side.'));
    renderProfile();
    await screen.findByRole('alert');
    const hint = screen.getByText('Help Desk');
    expect(hint.closest('[role="status"]')).toHaveTextContent(/Call the Help Desk/);
  });

  it('greets the patient by first name above the spec’s heading and fields', async () => {
    serveRecord(FILLED);
    renderProfile();
    expect(await screen.findByText('Hello, Malee')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'MyInfo' })).toBeInTheDocument();
  });

  /** The lines of the upcoming list, as read. */
  const upcomingLines = async () => {
    const section = await screen.findByRole('region', { name: 'Upcoming appointments' });
    const list = await within(section).findByRole('list');
    return within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
  };

  it('lists the upcoming appointments soonest first below the spec’s fields, the first as Next', async () => {
    server.use(
      ...createHandlers({
        patients: [makePatientRecord(FILLED)],
        appointments: {
          P001: [
            { date: '2026-11-20', time: '10:30:00', topic: null },
            { date: '2026-12-03', time: '08:00:00', topic: 'Blood test' },
          ],
        },
      }),
    );
    renderProfile();
    expect(await upcomingLines()).toEqual([
      'Next2026-11-20 at 10:30-Cancel appointment 2026-11-20 at 10:30',
      '2026-12-03 at 08:00Blood testCancel appointment 2026-12-03 at 08:00',
    ]);
    // The spec's field stays as it is.
    expect(new Map(await personalDetails()).get('Latest Appointment')).toBe('2026-11-20 10:30');
    const details = screen.getByRole('region', { name: 'Personal details' });
    const section = screen.getByRole('region', { name: 'Upcoming appointments' });
    expect(
      details.compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
  });

  it('keeps a cancelled visit out of the upcoming list and shows it among the past visits, with its reason', async () => {
    const doctor = { employee_id: 'E002', first_name: 'Anan', last_name: 'Wongsa' };
    const booked = makeChartAppointment(
      { date: '2026-12-03', time: '08:00:00', topic: 'Blood test', clinician: doctor },
      2,
    );
    const cancelled = makeChartAppointment({
      date: '2026-11-20',
      time: '14:30:00',
      topic: 'Follow-up',
      status: 'cancelled',
      cancel_reason: 'The doctor is away',
      clinician: doctor,
    });
    server.use(
      ...createHandlers({
        patients: [
          makePatientRecord({
            ...FILLED,
            // The API's "Latest": the next booked one, never the cancelled one before it.
            patient_appointment: {
              date: '2026-12-03',
              time: '08:00:00',
              topic: 'Blood test',
              status: 'booked',
              clinician: doctor,
            },
          }),
        ],
        appointments: { P001: [cancelled, booked] },
      }),
    );
    renderProfile();
    expect(await upcomingLines()).toEqual([
      'Next2026-12-03 at 08:00Blood testWith Anan WongsaCancel appointment 2026-12-03 at 08:00',
    ]);
    const past = await screen.findByRole('region', { name: 'Past visits' });
    const table = await within(past).findByRole('table');
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        ),
    ).toEqual([
      ['2026-11-20', '14:30', 'Follow-up', 'Anan Wongsa', 'Cancelled The doctor is away'],
    ]);
    expect(new Map(await personalDetails()).get('Latest Appointment')).toBe(
      '2026-12-03 08:00 — Blood test · with Anan Wongsa',
    );
  });

  it('cancels an upcoming appointment with a reason, then lists it as past', async () => {
    server.use(
      ...createHandlers({
        patients: [makePatientRecord(FILLED)],
        appointments: { P001: [{ date: '2030-01-15', time: '09:00:00', topic: 'Check-up' }] },
      }),
    );
    const user = userEvent.setup();
    renderProfile();
    expect(await upcomingLines()).toHaveLength(1);
    await user.click(
      await screen.findByRole('button', { name: /^Cancel appointment\s*2030-01-15 at 09:00$/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment' });
    // A reason is asked for.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(await within(dialog).findByText('Say why you are cancelling')).toBeVisible();
    await user.type(within(dialog).getByLabelText(/Reason for cancelling/), 'I feel better');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(
      await screen.findByText(
        'Your appointment on 2030-01-15 at 09:00 is cancelled. The clinic has your reason.',
      ),
    ).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const past = screen.getByRole('region', { name: 'Past visits' });
    expect(await within(past).findByRole('table')).toHaveTextContent(
      /2030-01-15.*09:00.*Check-up.*Cancelled.*I feel better/,
    );
    const upcoming = screen.getByRole('region', { name: 'Upcoming appointments' });
    expect(await within(upcoming).findByText('No upcoming appointments.')).toBeVisible();
  });

  it('says to call the clinic when the appointment is too close to cancel online', async () => {
    server.use(
      ...createHandlers({
        patients: [makePatientRecord(FILLED)],
        // Already under way: far inside the notice.
        appointments: { P001: [{ date: '2026-11-20', time: '10:30:00', topic: 'Check-up' }] },
      }),
    );
    const user = userEvent.setup();
    renderProfile();
    expect(await upcomingLines()).toHaveLength(1);
    await user.click(
      await screen.findByRole('button', { name: /^Cancel appointment\s*2026-11-20 at 10:30$/ }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this appointment' });
    await user.type(within(dialog).getByLabelText(/Reason for cancelling/), 'Busy');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel appointment' }));
    expect(await within(dialog).findByText('Please call the clinic')).toBeVisible();
    expect(within(dialog).getByText(/call the clinic on 02 123 4567/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(await upcomingLines()).toHaveLength(1);
  });

  it('says so when there is no upcoming appointment, and when the list fails', async () => {
    server.use(...createHandlers({ patients: [makePatientRecord(EMPTY)], appointments: {} }));
    renderProfile();
    const section = await screen.findByRole('region', { name: 'Upcoming appointments' });
    expect(await within(section).findByText('No upcoming appointments.')).toBeVisible();
    const past = await screen.findByRole('region', { name: 'Past visits' });
    expect(await within(past).findByText('No past visits.')).toBeVisible();

    server.use(problemHandler('myAppointments', 500, 'Something went wrong on our side.'));
    renderProfile();
    expect(
      await screen.findByText('Error: Could not load your upcoming appointments'),
    ).toBeInTheDocument();
    expect(await screen.findByText('Error: Could not load your past visits')).toBeInTheDocument();
  });

  it('shows the contact details and changes only what the patient changed', async () => {
    server.use(
      ...createHandlers({
        patients: [
          makePatientRecord({
            ...FILLED,
            patient: {
              ...FILLED.patient,
              phone_number: '081-555-0100',
              email: 'malee@gmail.com',
              address: '12 Soi Ari',
            },
          }),
        ],
      }),
    );
    const sent = recordBodies(server, 'updateMyContact');
    const user = userEvent.setup();
    renderProfile();
    const card = await screen.findByRole('region', { name: 'Contact details' });
    expect(card).toHaveTextContent('Phone number081-555-0100');
    expect(card).toHaveTextContent('Emailmalee@gmail.com');
    expect(card).toHaveTextContent('Address12 Soi Ari');
    await user.click(within(card).getByRole('button', { name: 'Change contact details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change your contact details' });
    const email = within(dialog).getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'malee@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Email must end in/)).toBeVisible();
    expect(sent).toEqual([]);
    await user.clear(email);
    await user.type(email, 'malee.new@hotmail.com');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText('Contact details saved')).toBeVisible();
    expect(sent).toEqual([{ email: 'malee.new@hotmail.com' }]);
    await waitFor(() => expect(card).toHaveTextContent('Emailmalee.new@hotmail.com'));
  });

  it('links to "Who opened my record"', async () => {
    serveRecord(FILLED);
    renderProfile();
    expect(await screen.findByRole('link', { name: 'Who opened my record' })).toHaveAttribute(
      'href',
      ROUTES.patientAccessLog,
    );
  });

  describe('route guard', () => {
    function renderAppAtProfile(session: { role: 'HR' | 'medical_personnel' } | null) {
      return renderWithProviders(
        <Suspense fallback={<p>Loading page…</p>}>
          <App />
        </Suspense>,
        { route: ROUTES.patientProfile, session },
      );
    }

    it.each([
      ['an HR user', { role: 'HR' } as const],
      ['medical personnel', { role: 'medical_personnel' } as const],
      ['a signed-out visitor', null],
    ])('sends %s to the landing page without a word', async (_, session) => {
      const location = { ...window.location, assign: vi.fn(), replace: vi.fn() };
      vi.stubGlobal('location', location);
      renderAppAtProfile(session);
      expect(
        await screen.findByRole('heading', {
          level: 1,
          name: 'Care that knows you, wherever you meet us',
        }),
      ).toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: 'MyInfo' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(location.replace).not.toHaveBeenCalled();
    });

    it('lets the patient in', async () => {
      renderWithProviders(
        <Suspense fallback={<p>Loading page…</p>}>
          <App />
        </Suspense>,
        { route: ROUTES.patientProfile, session: { role: 'patient' } },
      );
      expect(await screen.findByRole('heading', { level: 1, name: 'MyInfo' })).toBeInTheDocument();
      expect(await screen.findByRole('region', { name: 'Personal details' })).toBeInTheDocument();
    });
  });
});

describe('PatientProfilePage: Download my record', () => {
  const BUNDLE = { resourceType: 'Bundle', type: 'searchset', entry: [] };

  /** Captures what the page hands the browser to save. */
  function captureSaves() {
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    // jsdom has no object URLs: the page's two calls are given for the test, then taken back.
    const given = {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => undefined,
    };
    Object.assign(URL, given);
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      saved.push({ name: this.download, blob: blobs.get(this.href)! });
    });
    return {
      saved,
      restore: () => {
        click.mockRestore();
        for (const name of Object.keys(given)) Reflect.deleteProperty(URL, name);
      },
    };
  }

  it('saves the FHIR Bundle of $everything under the patient’s id, with the session’s token, and says so', async () => {
    serveRecord(FILLED);
    const asked: { url: string; accept: string | null; auth: string | null }[] = [];
    server.use(
      http.get('*/fhir/R4/Patient/:id/$everything', ({ request }) => {
        asked.push({
          url: new URL(request.url).pathname,
          accept: request.headers.get('accept'),
          auth: request.headers.get('authorization'),
        });
        return HttpResponse.json(BUNDLE, { headers: { 'content-type': 'application/fhir+json' } });
      }),
    );
    const { saved, restore } = captureSaves();
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: DOWNLOAD_RECORD_LABEL }));
    expect(
      await screen.findByText('Your record was saved as my-record-P001.json.'),
    ).toBeInTheDocument();
    restore();
    expect(asked.map(({ url, accept }) => ({ url, accept }))).toEqual([
      { url: '/fhir/R4/Patient/P001/$everything', accept: 'application/fhir+json' },
    ]);
    expect(asked[0]!.auth).toMatch(/^Bearer /);
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('my-record-P001.json');
    expect(saved[0]!.blob.type).toBe('application/fhir+json');
    expect(JSON.parse(await saved[0]!.blob.text()) as unknown).toEqual(BUNDLE);
  });

  it('says when the record could not be downloaded, and saves nothing', async () => {
    serveRecord(FILLED);
    server.use(
      http.get('*/fhir/R4/Patient/:id/$everything', () =>
        HttpResponse.json(
          { resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'exception' }] },
          { status: 503 },
        ),
      ),
    );
    const { saved, restore } = captureSaves();
    const user = userEvent.setup();
    renderProfile();
    await user.click(await screen.findByRole('button', { name: DOWNLOAD_RECORD_LABEL }));
    expect(await screen.findByRole('alert')).toHaveTextContent(DOWNLOAD_RECORD_FAILED);
    restore();
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: DOWNLOAD_RECORD_LABEL })).toBeEnabled();
  });
});
