import { lazy } from 'react';
import { accountPath, EMPLOYEES_SECTION, ROUTES } from '@portal/contract';
import { managementApp, type PageRoute, preloadable } from '@portal/shell';

const AddEmployeePage = preloadable(
  () => import('./features/add-employee/add-employee-page'),
  (m) => m.AddEmployeePage,
);
const EditEmployeePage = preloadable(
  () => import('./features/edit-employee/edit-employee-page'),
  (m) => m.EditEmployeePage,
);
const SearchEmployeePage = preloadable(
  () => import('./features/search/search-employee-page'),
  (m) => m.SearchEmployeePage,
);

const ClinicHoursPage = preloadable(
  () => import('./features/clinic-hours/clinic-hours-page'),
  (m) => m.ClinicHoursPage,
);

// My account, the shell's page for every app.
const AccountPage = preloadable(
  () => import('./features/account/account-page'),
  (m) => m.AccountPage,
);

// Above every page, the count of the access waiting for this HR person's approval: part of the
// section's frame (src/frame, not a page of its own), loaded beside the page, not on its first
// paint's path.
const WaitingApprovalsNotice = lazy(() =>
  import('./frame/waiting-approvals-notice').then((m) => ({
    default: m.WaitingApprovalsNotice,
  })),
);

/** The section's pages, in the QueryLayout; its bare path opens Add Employee. */
const PAGES: readonly PageRoute[] = [
  { path: ROUTES.addEmployee, Page: AddEmployeePage },
  { path: ROUTES.editEmployee, Page: EditEmployeePage },
  { path: ROUTES.searchEmployee, Page: SearchEmployeePage, callsOnOpen: true },
  { path: ROUTES.clinicHours, Page: ClinicHoursPage },
  { path: accountPath('hr'), Page: AccountPage, callsOnOpen: true },
];

/**
 * The HR app: /employees-management and its pages, for HR only; the bare path opens Add
 * Employee. The page the address names and the query layer load side by side before the first
 * paint (main.tsx).
 */
export const { routeReady, App, section } = managementApp({
  section: EMPLOYEES_SECTION,
  root: ROUTES.employeesManagement,
  start: ROUTES.addEmployee,
  pages: PAGES,
  notice: WaitingApprovalsNotice,
});
