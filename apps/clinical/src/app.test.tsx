import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  accountPath,
  PATIENT_SECTION_LINKS,
  patientChartPath,
  ROUTES,
  SECTION_TITLES,
} from '@portal/contract';
import type { Role } from '@portal/reference-data';
import { PortalFrame } from '@portal/shell';
import { makePatientRecord, renderWithProviders, setupMswServer } from '@portal/testing';
import { App, section } from './app';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
setupMswServer();

afterEach(() => {
  vi.unstubAllGlobals();
});

/** The first mock patient, whose chart the app opens. */
const P001 = makePatientRecord().patient;

function Path() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

function renderApp(route: string, session: { role: Role } | null = { role: 'medical_personnel' }) {
  return renderWithProviders(
    <Suspense fallback={<p>Loading page…</p>}>
      <App />
      <Path />
    </Suspense>,
    { route, session },
  );
}

/** jsdom cannot spy on window.location's own methods: a stand-in records full-page moves. */
function stubLocation() {
  const location = { ...window.location, assign: vi.fn(), replace: vi.fn() };
  vi.stubGlobal('location', location);
  return location;
}

describe('clinical App routes', () => {
  it('leads the bare /patients-management to Today', async () => {
    renderApp(ROUTES.patientsManagement);
    expect(await screen.findByRole('heading', { level: 1, name: 'Today' })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(ROUTES.today);
  });

  it.each([
    [ROUTES.today, 'Today'],
    [ROUTES.addPatient, 'Add Patient'],
    [ROUTES.editPatient, 'Edit Patient'],
    [ROUTES.addAppointment, 'Patient Appointment'],
    [ROUTES.addHistory, 'Patient History'],
    [ROUTES.searchPatient, 'Patient Information'],
    [patientChartPath('P001'), `${P001.first_name} ${P001.last_name}`],
    [accountPath('clinical'), 'My account'],
  ])('shows %s to medical personnel', async (route, heading) => {
    renderApp(route);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(route);
  });

  it('shows the section’s sidebar: Today, then the spec’s labels, marking the current page', async () => {
    renderApp(ROUTES.addAppointment);
    const sidebar = await screen.findByRole('navigation', { name: SECTION_TITLES.patients });
    expect(
      within(sidebar)
        .getAllByRole('link')
        .map((link) => [link.textContent, link.getAttribute('href')]),
    ).toEqual([
      ['Today', ROUTES.today],
      ['New Patient', ROUTES.addPatient],
      ['Edit Patient', ROUTES.editPatient],
      ['Patient Appointment', ROUTES.addAppointment],
      ['Patient History', ROUTES.addHistory],
      ['Patient Information', ROUTES.searchPatient],
    ]);
    expect(within(sidebar).getByRole('link', { name: 'Patient Appointment' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('moves between the pages from the sidebar without leaving the app', async () => {
    const location = stubLocation();
    const user = userEvent.setup();
    renderApp(ROUTES.addPatient);
    const sidebar = await screen.findByRole('navigation', { name: SECTION_TITLES.patients });
    await user.click(within(sidebar).getByRole('link', { name: 'Patient Information' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Patient Information' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('path')).toHaveTextContent(ROUTES.searchPatient);
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('lists the patients links in the top bar’s menu, above System and Logout', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <PortalFrame section={section}>
        <Suspense fallback={<p>Loading page…</p>}>
          <App />
        </Suspense>
      </PortalFrame>,
      { route: ROUTES.editPatient, session: { role: 'medical_personnel' } },
    );
    await screen.findByRole('heading', { level: 1, name: 'Edit Patient' });
    const toggle = screen.getByRole('button', { name: 'Menu' });
    await user.click(toggle);
    const menu = document.getElementById(toggle.getAttribute('aria-controls') ?? '')!;
    expect(
      within(menu)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([...PATIENT_SECTION_LINKS.map((link) => link.label), 'System', 'Logout']);
    expect(within(menu).getByRole('link', { name: 'Edit Patient' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it.each([
    ['a signed-out visitor', null],
    ['a patient', { role: 'patient' as const }],
    ['an HR user', { role: 'HR' as const }],
  ])('sends %s to / with a full-page replace, showing nothing', async (_, session) => {
    const location = stubLocation();
    renderApp(ROUTES.addPatient, session);
    await vi.waitFor(() => expect(location.replace).toHaveBeenCalledExactlyOnceWith(ROUTES.home));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(
      screen.queryByRole('navigation', { name: SECTION_TITLES.patients }),
    ).not.toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('sends an HR user away from the bare path too', async () => {
    const location = stubLocation();
    renderApp(ROUTES.patientsManagement, { role: 'HR' });
    await vi.waitFor(() => expect(location.replace).toHaveBeenCalledWith(ROUTES.home));
    expect(screen.queryByRole('heading', { level: 1 })).not.toBeInTheDocument();
  });

  it("shows 'Page not found' with a way home at an unknown address", async () => {
    renderApp('/patients-management/no-such-page');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Page not found' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute(
      'href',
      ROUTES.home,
    );
  });
});
