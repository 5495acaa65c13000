import { Navigate, Route, Routes } from 'react-router-dom';
import { accountPath, ROUTES } from '@portal/contract';
import {
  ManagementSection,
  NotFoundPage,
  preloadable,
  preloadRoute,
  QueryLayout,
} from '@portal/shell';

const AddPatientPage = preloadable(
  () => import('./features/add-patient/add-patient-page'),
  (m) => m.AddPatientPage,
);
const EditPatientPage = preloadable(
  () => import('./features/edit-patient/edit-patient-page'),
  (m) => m.EditPatientPage,
);
const AddAppointmentPage = preloadable(
  () => import('./features/appointment/add-appointment-page'),
  (m) => m.AddAppointmentPage,
);
const AddHistoryPage = preloadable(
  () => import('./features/history/add-history-page'),
  (m) => m.AddHistoryPage,
);
const SearchPatientPage = preloadable(
  () => import('./features/search/search-patient-page'),
  (m) => m.SearchPatientPage,
);
const TodayPage = preloadable(
  () => import('./features/today/today-page'),
  (m) => m.TodayPage,
);
const PatientChartPage = preloadable(
  () => import('./features/chart/patient-chart-page'),
  (m) => m.PatientChartPage,
);
// My account, the shell's page for every app.
const AccountPage = preloadable(
  () => import('./features/account/account-page'),
  (m) => m.AccountPage,
);

/**
 * The page the address names and the query layer load side by side (every page here is in the
 * QueryLayout; the section's root opens Today), and the app first renders once they are there
 * (main.tsx), so the page is in its first paint.
 */
export const routeReady = preloadRoute(window.location.pathname, [
  [ROUTES.patientsManagement, TodayPage.preload, true],
  [ROUTES.today, TodayPage.preload, true],
  [ROUTES.addPatient, AddPatientPage.preload],
  [ROUTES.editPatient, EditPatientPage.preload],
  [ROUTES.addAppointment, AddAppointmentPage.preload],
  [ROUTES.addHistory, AddHistoryPage.preload],
  [ROUTES.searchPatient, SearchPatientPage.preload, true],
  [ROUTES.patientChart, PatientChartPage.preload, true],
  [accountPath('clinical'), AccountPage.preload, true],
]);

/**
 * The clinical app: /patients-management, the spec's five pages, the patient's chart (issue 12)
 * and the clinician's day, Today (issue 23), for medical personnel only. The section's bare
 * path opens Today; /system still sends medical personnel to Add Patient, as the spec says.
 */
export function App() {
  return (
    <Routes>
      <Route element={<QueryLayout />}>
        <Route path={ROUTES.patientsManagement} element={<ManagementSection section="patients" />}>
          <Route index element={<Navigate to={ROUTES.today} replace />} />
          <Route path={ROUTES.today} element={<TodayPage />} />
          <Route path={ROUTES.addPatient} element={<AddPatientPage />} />
          <Route path={ROUTES.editPatient} element={<EditPatientPage />} />
          <Route path={ROUTES.addAppointment} element={<AddAppointmentPage />} />
          <Route path={ROUTES.addHistory} element={<AddHistoryPage />} />
          <Route path={ROUTES.searchPatient} element={<SearchPatientPage />} />
          <Route path={ROUTES.patientChart} element={<PatientChartPage />} />
          <Route path={accountPath('clinical')} element={<AccountPage />} />
        </Route>
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
