import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ROUTES } from '@portal/contract';
import { ManagementSection, NotFoundPage, preloadRoute, QueryLayout } from '@portal/shell';

const loadAddEmployee = () => import('./features/add-employee/add-employee-page');
const loadEditEmployee = () => import('./features/edit-employee/edit-employee-page');
const loadSearchEmployee = () => import('./features/search/search-employee-page');

const AddEmployeePage = lazy(() => loadAddEmployee().then((m) => ({ default: m.AddEmployeePage })));
const EditEmployeePage = lazy(() =>
  loadEditEmployee().then((m) => ({ default: m.EditEmployeePage })),
);
const SearchEmployeePage = lazy(() =>
  loadSearchEmployee().then((m) => ({ default: m.SearchEmployeePage })),
);

// The page the address names and the query layer load side by side (every page here is in the
// QueryLayout; the section's root opens Add Employee).
void preloadRoute(window.location.pathname, [
  [ROUTES.employeesManagement, loadAddEmployee],
  [ROUTES.addEmployee, loadAddEmployee],
  [ROUTES.editEmployee, loadEditEmployee],
  [ROUTES.searchEmployee, loadSearchEmployee, true],
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
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
