import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import type { PageRoute } from './preload-route';

/**
 * The `<Route>`s of an app's route table, to place inside `<Routes>` or a layout's route. The
 * same table feeds `preloadRoute`, so each page is listed once.
 */
export function pageRoutes(pages: readonly PageRoute[]): ReactNode {
  return pages.map(({ path, Page, guard }) => (
    <Route key={path} path={path} element={guard ? guard(<Page />) : <Page />} />
  ));
}
