import { Navigate, Route, Routes } from 'react-router-dom';
import { accountPath, ROUTES } from '@portal/contract';
import {
  ManagementSection,
  NotFoundPage,
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

/**
 * The page the address names and the query layer load side by side (every page here is in the
 * QueryLayout; the section's root opens Add Employee), and the app first renders once they are
 * there (main.tsx), so the page is in its first paint.
 */
export const routeReady = preloadRoute(window.location.pathname, [
  [ROUTES.employeesManagement, AddEmployeePage.preload],
  [ROUTES.addEmployee, AddEmployeePage.preload],
  [ROUTES.editEmployee, EditEmployeePage.preload],
  [ROUTES.searchEmployee, SearchEmployeePage.preload, true],
  [accountPath('hr'), AccountPage.preload, true],
]);

/** The HR app: /employees-management and its three pages, for HR only. */
export function App() {
  return (
    <Routes>
      <Route element={<QueryLayout />}>
        <Route
          path={ROUTES.employeesManagement}
          element={<ManagementSection section="employees" />}
        >
          <Route index element={<Navigate to={ROUTES.addEmployee} replace />} />
          <Route path={ROUTES.addEmployee} element={<AddEmployeePage />} />
          <Route path={ROUTES.editEmployee} element={<EditEmployeePage />} />
          <Route path={ROUTES.searchEmployee} element={<SearchEmployeePage />} />
          <Route path={accountPath('hr')} element={<AccountPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
