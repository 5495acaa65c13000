import {
  EMPLOYEE_SECTION_LINKS,
  PATIENT_SECTION_LINKS,
  ROUTES,
  SECTION_TITLES,
} from '@portal/contract';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { Sidebar } from './sidebar';

describe('Sidebar', () => {
  it('is a navigation named by its title, listing the sidebar labels', () => {
    render(
      <MemoryRouter initialEntries={[ROUTES.addPatient]}>
        <Sidebar
          title={SECTION_TITLES.patients}
          links={PATIENT_SECTION_LINKS}
          pathname={ROUTES.addPatient}
        />
      </MemoryRouter>,
    );
    const nav = screen.getByRole('navigation', { name: 'Patients Management System' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([
      'Today',
      'New Patient',
      'Edit Patient',
      'Patient Appointment',
      'Patient History',
      'Patient Information',
    ]);
    expect(nav).toHaveClass('hidden', 'lg:block');
  });

  it('marks only the current page with aria-current', () => {
    render(
      <MemoryRouter initialEntries={[ROUTES.searchEmployee]}>
        <Sidebar
          title={SECTION_TITLES.employees}
          links={EMPLOYEE_SECTION_LINKS}
          pathname={`${ROUTES.searchEmployee}/`}
        />
      </MemoryRouter>,
    );
    const current = screen.getByRole('link', { name: 'Employee Information' });
    expect(current).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'New Employee' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Edit Employee' })).not.toHaveAttribute('aria-current');
  });
});
