import { type ComponentType, Suspense } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation } from 'react-router-dom';
import type { ManagementSectionInfo } from '@portal/contract';
import { RequireRole } from '@portal/auth';
import { translateEnglish } from '@portal/i18n';
import { ManagementLayout, Sidebar, useLocale } from '@portal/ui';
import { NotFoundPage } from './not-found-page';
import { type PageRoute, preloadRoute } from './preload-route';
import { QueryLayout } from './query-layout';
import { pageRoutes } from './route-table';

/**
 * A management section's frame: only its role gets in (anyone else goes to /), and on large
 * screens its sidebar sits beside the page. `Notice`, when given, stands above every page of
 * the section, at every width (HR's count of the access waiting for its approval).
 */
export function ManagementSection({
  section,
  Notice,
}: {
  section: ManagementSectionInfo;
  Notice?: ComponentType | undefined;
}) {
  const { pathname } = useLocation();
  const { title, links, roles } = section;
  // The section's title is the contract's English, shown in the language chosen.
  useLocale();
  return (
    <RequireRole roles={roles}>
      <ManagementLayout
        sidebar={<Sidebar title={translateEnglish(title)} links={links} pathname={pathname} />}
      >
        {Notice && (
          <Suspense fallback={null}>
            <Notice />
          </Suspense>
        )}
        <Outlet />
      </ManagementLayout>
    </RequireRole>
  );
}

/**
 * A management app (clinical, HR): its section's pages from one route table, all in the
 * QueryLayout under the section's frame, the section's bare path opening `start` (and the
 * section, for PortalApp's top bar), and the
 * first visit's preloading of the page the address names (the app renders once it is there).
 */
export function managementApp({
  section,
  root,
  start,
  pages,
  notice,
}: {
  /** What stands above every page of the section (ManagementSection's `Notice`). */
  notice?: ComponentType;
  /** The app's section (PATIENTS_SECTION, EMPLOYEES_SECTION): also PortalApp's `section`. */
  section: ManagementSectionInfo;
  /** The section's path (`/patients-management`). */
  root: string;
  /** The page its bare path opens. */
  start: string;
  pages: readonly PageRoute[];
}) {
  const routeReady = preloadRoute(window.location.pathname, pages, [[root, start]]);
  function App() {
    return (
      <Routes>
        <Route element={<QueryLayout />}>
          <Route path={root} element={<ManagementSection section={section} Notice={notice} />}>
            <Route index element={<Navigate to={start} replace />} />
            {pageRoutes(pages)}
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    );
  }
  return { routeReady, App, section };
}
