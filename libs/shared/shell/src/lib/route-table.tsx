import type { ReactNode } from 'react';
import { Route } from 'react-router-dom';
import type { Preloadable } from './preloadable';
import { preloadRoute } from './preload-route';

/** One page of an app's route table: where it is, what it is, and what it needs as it opens. */
export interface PageRoute {
  path: string;
  Page: Preloadable<object>;
  /** The page calls the API as it opens, so its API layer is fetched with it. */
  callsOnOpen?: boolean;
  /** Wraps the page (a role guard). */
  guard?: (page: ReactNode) => ReactNode;
}

/**
 * The `<Route>`s of a route table, to place inside `<Routes>` (or inside a layout's route).
 * The same table feeds {@link preloadPageRoutes}, so a page is listed once.
 */
export function pageRoutes(pages: readonly PageRoute[]): ReactNode {
  return pages.map(({ path, Page, guard }) => (
    <Route key={path} path={path} element={guard ? guard(<Page />) : <Page />} />
  ));
}

/**
 * Starts fetching the page of the table that the address names, with the query layer (see
 * preloadRoute): the table must hold only pages inside a QueryLayout. `redirects` names the
 * addresses that open another page of the table (a section's bare path), as [from, to].
 */
export function preloadPageRoutes(
  pathname: string,
  pages: readonly PageRoute[],
  redirects: ReadonlyArray<readonly [from: string, to: string]> = [],
): Promise<void> {
  const entries = [
    ...pages,
    ...redirects.flatMap(([from, to]) =>
      pages.filter((page) => page.path === to).map((page) => ({ ...page, path: from })),
    ),
  ];
  return preloadRoute(
    pathname,
    entries.map(({ path, Page, callsOnOpen }) => [path, Page.preload, callsOnOpen] as const),
  );
}
