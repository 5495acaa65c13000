import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { DEFAULT_API_BASE, ENDPOINTS, MAX_PAGE_SIZE, ROUTES } from '@portal/contract';
import { CLINICIAN_PAGES_READ } from '@portal/api-client';
import {
  createHandlers,
  makePatientRecord,
  pageResponse,
  problemHandler,
  recordBodies,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { AddAppointmentPage } from './add-appointment-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

const CLINICIANS = [
  { employee_id: 'E001', first_name: 'Anan', last_name: 'Wongsa', position_name: 'Doctor' },
  { employee_id: 'E002', first_name: 'Pim', last_name: 'Chaiyo', position_name: 'Nurse' },
];

function serve() {
  server.use(
    ...createHandlers({
      patients: [
        makePatientRecord({
          patient: { patient_id: 'P001', first_name: 'Malee', last_name: 'Srisuk' },
        }),
      ],
    }),
  );
  // Apart: handlers given to one use() are tried in the order given, so this one comes first.
  server.use(
    http.get(`*${DEFAULT_API_BASE}${ENDPOINTS.listClinicians.path}`, ({ request }) =>
      pageResponse(request, CLINICIANS),
    ),
  );
}

function renderPage() {
  const user = userEvent.setup();
  renderWithProviders(<AddAppointmentPage />, {
    route: ROUTES.addAppointment,
    session: { role: 'medical_personnel' },
  });
  return { user };
}

const length = () => screen.getByRole('combobox', { name: /^Length/ });
const clinician = () => screen.getByRole('combobox', { name: /^Clinician/ });

async function fillSpecFields(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Patient ID' }), 'P001');
  await user.type(screen.getByLabelText(/^Time/), '10:30');
  await user.type(screen.getByLabelText(/^Date/), '2030-11-20');
}

describe('AddAppointmentPage: the length and the clinician', () => {
  it('offers the standard length and any clinician by default, and the active clinicians by name', async () => {
    serve();
    renderPage();
    expect(length()).toHaveValue('');
    expect(
      within(length()).getByRole('option', { name: '15 minutes (standard)' }),
    ).toBeInTheDocument();
    expect(clinician()).not.toBeRequired();
    expect(
      await within(clinician()).findByRole('option', { name: 'Pim Chaiyo (Nurse, E002)' }),
    ).toBeInTheDocument();
    expect(
      within(clinician())
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Any clinician', 'Anan Wongsa (Doctor, E001)', 'Pim Chaiyo (Nurse, E002)']);
  });

  it('reads every page of clinicians, and says when it shows only the first ones', async () => {
    const many = (count: number) =>
      Array.from({ length: count }, (_, i) => ({
        employee_id: `E${String(i + 1).padStart(6, '0')}`,
        first_name: 'Doctor',
        last_name: `Number${i + 1}`,
        position_name: 'Doctor',
      }));
    serve();
    let clinicians = many(450);
    server.use(
      http.get(`*${DEFAULT_API_BASE}${ENDPOINTS.listClinicians.path}`, ({ request }) =>
        pageResponse(request, clinicians),
      ),
    );
    const { unmount } = renderWithProviders(<AddAppointmentPage />, {
      route: ROUTES.addAppointment,
      session: { role: 'medical_personnel' },
    });
    expect(
      await within(clinician()).findByRole('option', {
        name: 'Doctor Number450 (Doctor, E000450)',
      }),
    ).toBeInTheDocument();
    expect(within(clinician()).getAllByRole('option')).toHaveLength(451);
    expect(screen.queryByText(/Showing the first/)).not.toBeInTheDocument();
    unmount();

    clinicians = many(CLINICIAN_PAGES_READ * MAX_PAGE_SIZE + 1);
    renderWithProviders(<AddAppointmentPage />, {
      route: ROUTES.addAppointment,
      session: { role: 'medical_personnel' },
    });
    expect(
      await screen.findByText(
        `Showing the first ${CLINICIAN_PAGES_READ * MAX_PAGE_SIZE} clinicians by name.`,
      ),
    ).toBeInTheDocument();
  });

  it('books with the chosen clinician and length, and says so; Reset clears both', async () => {
    serve();
    const bodies = recordBodies(server, 'addAppointment');
    const { user } = renderPage();
    await fillSpecFields(user);
    await user.selectOptions(length(), '30 minutes');
    await within(clinician()).findByRole('option', { name: /Anan Wongsa/ });
    await user.selectOptions(clinician(), 'Anan Wongsa (Doctor, E001)');
    await user.click(screen.getByRole('button', { name: /^Add/ }));
    await screen.findByRole('status');
    expect(bodies).toEqual([
      expect.objectContaining({ patient_id: 'P001', duration_minutes: 30, clinician_id: 'E001' }),
    ]);
    // The form is cleared after a success, the two fields too.
    expect(length()).toHaveValue('');
    expect(clinician()).toHaveValue('');

    await user.selectOptions(length(), '45 minutes');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(length()).toHaveValue('');
  });

  it('shows the server’s warning when the clinician is already booked then: booked all the same', async () => {
    serve();
    server.use(
      http.post(`*${DEFAULT_API_BASE}${ENDPOINTS.addAppointment.path}`, () =>
        HttpResponse.json(
          {
            patient_id: 'P001',
            first_name: 'Malee',
            last_name: 'Srisuk',
            date: '2030-11-20',
            time: '10:30:00',
            topic: null,
            duration_minutes: 15,
            status: 'booked',
            clinician: { employee_id: 'E001', first_name: 'Anan', last_name: 'Wongsa' },
            warnings: [
              {
                code: 'clinician_busy',
                message: 'The clinician already has a booked appointment at that time',
                field: 'clinician_id',
              },
            ],
          },
          { status: 201 },
        ),
      ),
    );
    const { user } = renderPage();
    await fillSpecFields(user);
    await user.click(screen.getByRole('button', { name: /^Add/ }));
    const notice = await screen.findByRole('status');
    expect(notice).toHaveTextContent(
      'Appointment added for Malee Srisuk (P001) on 2030-11-20 at 10:30, 15 minutes with Anan Wongsa.',
    );
    expect(notice).toHaveTextContent(
      'The clinician already has a booked appointment at that time.',
    );
  });

  it('still books when the clinicians cannot be listed, saying why there is no choice', async () => {
    serve();
    server.use(problemHandler('listClinicians', 500, 'Something went wrong'));
    renderPage();
    await waitFor(() =>
      expect(clinician()).toHaveAccessibleDescription(
        'The clinicians could not be loaded; book without one.',
      ),
    );
  });
});
