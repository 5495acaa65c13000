import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { accountPath, AREA_ROLES, ROUTES } from '@portal/contract';
import { ROLES } from '@portal/reference-data';
import { RequireRole } from '@portal/auth';
import { NotFoundPage, preloadable, preloadRoute, QueryLayout } from '@portal/shell';

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
// A patient's pages can be fetched before the app first renders (preloadRoute below).
const PatientProfilePage = preloadable(
  () => import('./features/profile/patient-profile-page'),
  (m) => m.PatientProfilePage,
);
const PatientAccessLogPage = preloadable(
  () => import('./features/profile/patient-access-log-page'),
  (m) => m.PatientAccessLogPage,
);
// My account, the shell's page for every app; here for patients (and anyone signed in).
const AccountPage = preloadable(
  () => import('./features/account/account-page'),
  (m) => m.AccountPage,
);

/**
 * A patient's page and the query layer load side by side, not one after the other, and the
 * app first renders once they are there (main.tsx), so the page is in its first paint.
 */
export const routeReady = preloadRoute(window.location.pathname, [
  [ROUTES.patientProfile, PatientProfilePage.preload],
  [ROUTES.patientAccessLog, PatientAccessLogPage.preload, true],
  [accountPath('public'), AccountPage.preload, true],
]);

/**
 * The public-and-patient app's routes: /, /login, /system, the patient's /patient-profile and
 * My account (/account) for whoever is signed in.
 */
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
          path={accountPath('public')}
          element={
            <RequireRole roles={ROLES}>
              <AccountPage />
            </RequireRole>
          }
        />
        {/* The second factor's set-up moved to My account; an old link still gets there. */}
        <Route
          path={ROUTES.patientTwoStep}
          element={<Navigate to={accountPath('public')} replace />}
        />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
