import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { accountPath, AREA_ROLES, ROUTES } from '@portal/contract';
import { ROLES } from '@portal/reference-data';
import { RequireRole } from '@portal/auth';
import {
  NotFoundPage,
  type PageRoute,
  pageRoutes,
  preloadable,
  preloadRoute,
  QueryLayout,
} from '@portal/shell';

// Each page is its own chunk: a first visit to / loads only the landing page's code.
const LandingPage = preloadable(
  () => import('./features/landing/landing-page'),
  (m) => m.LandingPage,
);
const LoginPage = preloadable(
  () => import('./features/login/login-page'),
  (m) => m.LoginPage,
);
const PasswordResetPage = preloadable(
  () => import('./features/password-reset/password-reset-page'),
  (m) => m.PasswordResetPage,
);
const SystemPage = preloadable(
  () => import('./features/system/system-page'),
  (m) => m.SystemPage,
);
const PatientProfilePage = preloadable(
  () => import('./features/profile/patient-profile-page'),
  (m) => m.PatientProfilePage,
);
const PatientAccessLogPage = preloadable(
  () => import('./features/profile/patient-access-log-page'),
  (m) => m.PatientAccessLogPage,
);
const BookAppointmentPage = preloadable(
  () => import('./features/booking/book-appointment-page'),
  (m) => m.BookAppointmentPage,
);
// My account, the shell's page for every app; here for patients (and anyone signed in).
const AccountPage = preloadable(
  () => import('./features/account/account-page'),
  (m) => m.AccountPage,
);

const patientOnly = (page: ReactNode) => (
  <RequireRole roles={AREA_ROLES[ROUTES.patientProfile]}>{page}</RequireRole>
);

/**
 * The pages outside the query layer: the landing page makes no call, and the login card calls
 * the API only on a submit and caches nothing.
 */
const OPEN_PAGES: readonly PageRoute[] = [
  { path: ROUTES.home, Page: LandingPage },
  { path: ROUTES.login, Page: LoginPage },
  { path: ROUTES.passwordReset, Page: PasswordResetPage },
  { path: ROUTES.system, Page: SystemPage },
];

/** The pages that read through the query client, for whoever is signed in with the role. */
const SIGNED_IN_PAGES: readonly PageRoute[] = [
  { path: ROUTES.patientProfile, Page: PatientProfilePage, guard: patientOnly },
  {
    path: ROUTES.patientAccessLog,
    Page: PatientAccessLogPage,
    callsOnOpen: true,
    guard: patientOnly,
  },
  {
    path: ROUTES.bookAppointment,
    Page: BookAppointmentPage,
    callsOnOpen: true,
    guard: patientOnly,
  },
  {
    path: accountPath('public'),
    Page: AccountPage,
    callsOnOpen: true,
    guard: (page) => <RequireRole roles={ROLES}>{page}</RequireRole>,
  },
];

/**
 * A signed-in page and the query layer load side by side, not one after the other, and the
 * app first renders once they are there (main.tsx), so the page is in its first paint.
 */
export const routeReady = preloadRoute(window.location.pathname, SIGNED_IN_PAGES);

/**
 * The public-and-patient app's routes: /, /login, /system, the patient's /patient-profile and
 * My account (/account) for whoever is signed in.
 */
export function App() {
  return (
    <Routes>
      {pageRoutes(OPEN_PAGES)}
      <Route element={<QueryLayout />}>
        {pageRoutes(SIGNED_IN_PAGES)}
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
