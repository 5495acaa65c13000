import { Navigate, Route, Routes } from 'react-router-dom';
import { accountPath, ROUTES } from '@portal/contract';
import {
  ManagementSection,
  NotFoundPage,
  type PageRoute,
  pageRoutes,
  preloadable,
  preloadRoute,
  QueryLayout,
} from '@portal/shell';

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

// My account, the shell's page for every app.
const AccountPage = preloadable(
  () => import('./features/account/account-page'),
  (m) => m.AccountPage,
);

/** The section's pages, in the QueryLayout; its bare path opens Add Employee. */
const PAGES: readonly PageRoute[] = [
  { path: ROUTES.addEmployee, Page: AddEmployeePage },
  { path: ROUTES.editEmployee, Page: EditEmployeePage },
  { path: ROUTES.searchEmployee, Page: SearchEmployeePage, callsOnOpen: true },
  { path: accountPath('hr'), Page: AccountPage, callsOnOpen: true },
];

/**
 * The page the address names and the query layer load side by side, and the app first renders
 * once they are there (main.tsx), so the page is in its first paint.
 */
export const routeReady = preloadRoute(window.location.pathname, PAGES, [
  [ROUTES.employeesManagement, ROUTES.addEmployee],
]);

/** The HR app: /employees-management and its pages, for HR only. */
export function App() {
  return (
    <Routes>
      <Route element={<QueryLayout />}>
        <Route
          path={ROUTES.employeesManagement}
          element={<ManagementSection section="employees" />}
        >
          <Route index element={<Navigate to={ROUTES.addEmployee} replace />} />
          {pageRoutes(PAGES)}
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
