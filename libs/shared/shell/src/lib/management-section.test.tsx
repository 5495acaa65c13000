import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPLOYEES_SECTION, PATIENTS_SECTION, ROUTES, SECTION_TITLES } from '@portal/contract';
import type { Role } from '@portal/reference-data';
import { fakeAuth, PathProbe, renderWithFakeAuth, stubLocation } from '../test/harness';
import { ManagementSection } from './management-section';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Both sections as the apps route them, each with one page. */
function renderSections(route: string, role: Role | null) {
  return renderWithFakeAuth(
    <>
      <Routes>
        <Route
          path={ROUTES.patientsManagement}
          element={<ManagementSection section={PATIENTS_SECTION} />}
        >
          <Route path={ROUTES.searchPatient} element={<h1>Patient Information</h1>} />
        </Route>
        <Route
          path={ROUTES.employeesManagement}
          element={<ManagementSection section={EMPLOYEES_SECTION} />}
        >
          <Route path={ROUTES.addEmployee} element={<h1>Add Employee</h1>} />
        </Route>
      </Routes>
      <PathProbe />
    </>,
    { route, auth: fakeAuth(role) },
  );
}

const sidebarLinks = (name: string) =>
  within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('ManagementSection', () => {
  it('shows medical personnel the page beside the patients sidebar', () => {
    renderSections(ROUTES.searchPatient, 'medical_personnel');
    expect(screen.getByRole('heading', { name: 'Patient Information' })).toBeInTheDocument();
    expect(sidebarLinks(SECTION_TITLES.patients)).toEqual([
      'Today',
      'New Patient',
      'Edit Patient',
      'Patient Appointment',
      'Patient History',
      'Patient Information',
    ]);
    expect(
      within(screen.getByRole('navigation', { name: SECTION_TITLES.patients })).getByRole('link', {
        name: 'Patient Information',
      }),
    ).toHaveAttribute('aria-current', 'page');
  });

  it('shows HR the page beside the employees sidebar', () => {
    renderSections(ROUTES.addEmployee, 'HR');
    expect(screen.getByRole('heading', { name: 'Add Employee' })).toBeInTheDocument();
    expect(sidebarLinks(SECTION_TITLES.employees)).toEqual([
      'New Employee',
      'Edit Employee',
      'Employee Information',
    ]);
  });

  it.each([
    [ROUTES.searchPatient, 'HR' as const],
    [ROUTES.searchPatient, 'patient' as const],
    [ROUTES.searchPatient, null],
    [ROUTES.addEmployee, 'medical_personnel' as const],
    [ROUTES.addEmployee, 'patient' as const],
    [ROUTES.addEmployee, null],
  ])('sends anyone else away from %s (role %s) to / with a full-page replace', (route, role) => {
    const location = stubLocation();
    renderSections(route, role);
    expect(location.replace).toHaveBeenCalledExactlyOnceWith(ROUTES.home);
    expect(screen.queryByRole('heading')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
