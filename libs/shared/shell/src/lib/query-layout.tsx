import { preloadable } from './preloadable';

const QueryLayer = preloadable(
  () => import('./query-layer'),
  (module) => module.default,
);

/** Fetches the query layer's chunk; the layout makes the same `import()`. */
export const loadQueryLayer = QueryLayer.preload;

/**
 * A layout route for the pages that talk to the API: they get the portal's query client,
 * fetched with the first of them (PortalApp's Suspense shows 'Loading…' meanwhile, unless
 * preloadRoute fetched it before the app first rendered). Pages that never call, like the
 * landing page, sit outside it and never download TanStack Query.
 */
export function QueryLayout() {
  return <QueryLayer />;
}
