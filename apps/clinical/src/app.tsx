import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ROUTES } from '@portal/contract';
import { ManagementSection, NotFoundPage, preloadRoute, QueryLayout } from '@portal/shell';

const loadAddPatient = () => import('./features/add-patient/add-patient-page');
const loadEditPatient = () => import('./features/edit-patient/edit-patient-page');
const loadAddAppointment = () => import('./features/appointment/add-appointment-page');
const loadAddHistory = () => import('./features/history/add-history-page');
const loadSearchPatient = () => import('./features/search/search-patient-page');
const loadPatientChart = () => import('./features/chart/patient-chart-page');

const AddPatientPage = lazy(() => loadAddPatient().then((m) => ({ default: m.AddPatientPage })));
const EditPatientPage = lazy(() => loadEditPatient().then((m) => ({ default: m.EditPatientPage })));
const AddAppointmentPage = lazy(() =>
  loadAddAppointment().then((m) => ({ default: m.AddAppointmentPage })),
);
const AddHistoryPage = lazy(() => loadAddHistory().then((m) => ({ default: m.AddHistoryPage })));
const SearchPatientPage = lazy(() =>
  loadSearchPatient().then((m) => ({ default: m.SearchPatientPage })),
);
const PatientChartPage = lazy(() =>
  loadPatientChart().then((m) => ({ default: m.PatientChartPage })),
);

// The page the address names and the query layer load side by side (every page here is in the
// QueryLayout; the section's root opens Add Patient).
void preloadRoute(window.location.pathname, [
  [ROUTES.patientsManagement, loadAddPatient],
  [ROUTES.addPatient, loadAddPatient],
  [ROUTES.editPatient, loadEditPatient],
  [ROUTES.addAppointment, loadAddAppointment],
  [ROUTES.addHistory, loadAddHistory],
  [ROUTES.searchPatient, loadSearchPatient, true],
  [ROUTES.patientChart, loadPatientChart, true],
]);

/**
 * The clinical app: /patients-management, the spec's five pages and the patient's chart (issue
 * 12), for medical personnel only.
 */
export function App() {
  return (
    <Routes>
      <Route element={<QueryLayout />}>
        <Route path={ROUTES.patientsManagement} element={<ManagementSection section="patients" />}>
          <Route index element={<Navigate to={ROUTES.addPatient} replace />} />
          <Route path={ROUTES.addPatient} element={<AddPatientPage />} />
          <Route path={ROUTES.editPatient} element={<EditPatientPage />} />
          <Route path={ROUTES.addAppointment} element={<AddAppointmentPage />} />
          <Route path={ROUTES.addHistory} element={<AddHistoryPage />} />
          <Route path={ROUTES.searchPatient} element={<SearchPatientPage />} />
          <Route path={ROUTES.patientChart} element={<PatientChartPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
