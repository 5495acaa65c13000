import { Outlet, useLocation } from 'react-router-dom';
import {
  AREA_ROLES,
  EMPLOYEE_SECTION_LINKS,
  PATIENT_SECTION_LINKS,
  ROUTES,
  SECTION_TITLES,
} from '@portal/contract';
import { RequireRole } from '@portal/auth';
import { ManagementLayout, Sidebar } from '@portal/ui';

const SECTIONS = {
  patients: {
    title: SECTION_TITLES.patients,
    links: PATIENT_SECTION_LINKS,
    roles: AREA_ROLES[ROUTES.patientsManagement],
  },
  employees: {
    title: SECTION_TITLES.employees,
    links: EMPLOYEE_SECTION_LINKS,
    roles: AREA_ROLES[ROUTES.employeesManagement],
  },
} as const;

/**
 * A management section's frame: only its role gets in (anyone else goes to /), and on large
 * screens its sidebar sits beside the page.
 */
export function ManagementSection({ section }: { section: keyof typeof SECTIONS }) {
  const { pathname } = useLocation();
  const { title, links, roles } = SECTIONS[section];
  return (
    <RequireRole roles={roles}>
      <ManagementLayout sidebar={<Sidebar title={title} links={links} pathname={pathname} />}>
        <Outlet />
      </ManagementLayout>
    </RequireRole>
  );
}
