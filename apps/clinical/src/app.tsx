import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { ROUTES } from '@portal/contract';
import { ManagementSection, NotFoundPage, QueryLayout } from '@portal/shell';

const AddPatientPage = lazy(() =>
  import('./features/add-patient/add-patient-page').then((m) => ({ default: m.AddPatientPage })),
);
const EditPatientPage = lazy(() =>
  import('./features/edit-patient/edit-patient-page').then((m) => ({ default: m.EditPatientPage })),
);
const AddAppointmentPage = lazy(() =>
  import('./features/appointment/add-appointment-page').then((m) => ({
    default: m.AddAppointmentPage,
  })),
);
const AddHistoryPage = lazy(() =>
  import('./features/history/add-history-page').then((m) => ({ default: m.AddHistoryPage })),
);
const SearchPatientPage = lazy(() =>
  import('./features/search/search-patient-page').then((m) => ({ default: m.SearchPatientPage })),
);
const PatientChartPage = lazy(() =>
  import('./features/chart/patient-chart-page').then((m) => ({ default: m.PatientChartPage })),
);

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
