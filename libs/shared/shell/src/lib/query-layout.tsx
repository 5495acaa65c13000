import { lazy } from 'react';

/** Fetches the query layer's chunk; the layout's lazy component makes the same `import()`. */
export const loadQueryLayer = () => import('./query-layer');

const QueryLayer = lazy(loadQueryLayer);

/**
 * A layout route for the pages that talk to the API: they get the portal's query client,
 * fetched with the first of them (PortalApp's Suspense shows 'Loading…' meanwhile). Pages that
 * never call, like the landing page, sit outside it and never download TanStack Query.
 */
export function QueryLayout() {
  return <QueryLayer />;
}
