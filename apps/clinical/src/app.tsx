import { accountPath, PATIENTS_SECTION, ROUTES } from '@portal/contract';
import { managementApp, type PageRoute, preloadable } from '@portal/shell';

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
const PatientVisitPage = preloadable(
  () => import('./features/visit/patient-visit-page'),
  (m) => m.PatientVisitPage,
);
// My account, the shell's page for every app.
const AccountPage = preloadable(
  () => import('./features/account/account-page'),
  (m) => m.AccountPage,
);

/** The section's pages, in the QueryLayout; its bare path opens Today. */
const PAGES: readonly PageRoute[] = [
  { path: ROUTES.today, Page: TodayPage, callsOnOpen: true },
  { path: ROUTES.addPatient, Page: AddPatientPage },
  { path: ROUTES.editPatient, Page: EditPatientPage },
  { path: ROUTES.addAppointment, Page: AddAppointmentPage },
  { path: ROUTES.addHistory, Page: AddHistoryPage },
  { path: ROUTES.searchPatient, Page: SearchPatientPage, callsOnOpen: true },
  { path: ROUTES.patientChart, Page: PatientChartPage, callsOnOpen: true },
  { path: ROUTES.patientVisit, Page: PatientVisitPage, callsOnOpen: true },
  { path: accountPath('clinical'), Page: AccountPage, callsOnOpen: true },
];

/**
 * The clinical app: /patients-management, for medical personnel only. The section's bare path
 * opens Today; /system still sends medical personnel to Add Patient, as the spec says. The page
 * the address names and the query layer load side by side before the first paint (main.tsx).
 */
export const { routeReady, App, section } = managementApp({
  section: PATIENTS_SECTION,
  root: ROUTES.patientsManagement,
  start: ROUTES.today,
  pages: PAGES,
});
