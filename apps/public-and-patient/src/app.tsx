import { lazy } from 'react';
import { Route, Routes } from 'react-router-dom';
import { AREA_ROLES, ROUTES } from '@portal/contract';
import { RequireRole } from '@portal/auth';
import { NotFoundPage, preloadRoute, QueryLayout } from '@portal/shell';

// Each page is its own chunk: a first visit to / loads only the landing page's code.
const LandingPage = lazy(() =>
  import('./features/landing/landing-page').then((m) => ({ default: m.LandingPage })),
);
const LoginPage = lazy(() =>
  import('./features/login/login-page').then((m) => ({ default: m.LoginPage })),
);
const SystemPage = lazy(() =>
  import('./features/system/system-page').then((m) => ({ default: m.SystemPage })),
);
const loadPatientProfile = () => import('./features/profile/patient-profile-page');
const loadPatientAccessLog = () => import('./features/profile/patient-access-log-page');
const loadPatientTwoStep = () => import('./features/profile/patient-two-step-page');
const PatientProfilePage = lazy(() =>
  loadPatientProfile().then((m) => ({ default: m.PatientProfilePage })),
);
const PatientAccessLogPage = lazy(() =>
  loadPatientAccessLog().then((m) => ({ default: m.PatientAccessLogPage })),
);

const PatientTwoStepPage = lazy(() =>
  loadPatientTwoStep().then((m) => ({ default: m.PatientTwoStepPage })),
);

// A patient's page and the query layer load side by side, not one after the other.
preloadRoute(window.location.pathname, [
  [ROUTES.patientProfile, loadPatientProfile, true],
  [ROUTES.patientAccessLog, loadPatientAccessLog, true],
  [ROUTES.patientTwoStep, loadPatientTwoStep, true],
]);

/** The public-and-patient app's routes: /, /login, /system and the patient's /patient-profile. */
export function App() {
  return (
    <Routes>
      <Route path={ROUTES.home} element={<LandingPage />} />
      {/* The login card calls the API only on a submit, and caches nothing: no query client. */}
      <Route path={ROUTES.login} element={<LoginPage />} />
      <Route path={ROUTES.system} element={<SystemPage />} />
      {/* The pages that read through the query client; the landing page makes no call. */}
      <Route element={<QueryLayout />}>
        <Route
          path={ROUTES.patientProfile}
          element={
            <RequireRole roles={AREA_ROLES[ROUTES.patientProfile]}>
              <PatientProfilePage />
            </RequireRole>
          }
        />
        <Route
          path={ROUTES.patientAccessLog}
          element={
            <RequireRole roles={AREA_ROLES[ROUTES.patientProfile]}>
              <PatientAccessLogPage />
            </RequireRole>
          }
        />
        <Route
          path={ROUTES.patientTwoStep}
          element={
            <RequireRole roles={AREA_ROLES[ROUTES.patientProfile]}>
              <PatientTwoStepPage />
            </RequireRole>
          }
        />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
