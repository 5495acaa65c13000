import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ROUTES } from '@portal/contract';
import { ManagementSection, NotFoundPage, QueryLayout } from '@portal/shell';

const AddEmployeePage = lazy(() =>
  import('./features/add-employee/add-employee-page').then((m) => ({
    default: m.AddEmployeePage,
  })),
);
const EditEmployeePage = lazy(() =>
  import('./features/edit-employee/edit-employee-page').then((m) => ({
    default: m.EditEmployeePage,
  })),
);
const SearchEmployeePage = lazy(() =>
  import('./features/search/search-employee-page').then((m) => ({
    default: m.SearchEmployeePage,
  })),
);

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
