import { matchPath } from 'react-router-dom';
import { preloadApiLayer } from '@portal/api-client';
import { loadQueryLayer } from './query-layout';

/** Fetches a page's chunk: the same `import()` its `lazy()` component makes. */
export type PageLoader = () => Promise<unknown>;

/**
 * Starts fetching, as the app starts, the chunk of the page the address names together with the
 * query layer (TanStack Query) of the QueryLayout it sits in. Without it they come one after the
 * other: the router renders the layout, which waits for its chunk before it renders the page,
 * which only then asks for its own (issue 16: one round trip less before a signed-in page shows).
 * `pages` are the app's routes inside a QueryLayout, as [path pattern, loader, calls on open];
 * a page that calls the API as it opens also gets its API layer (axios, the answer schemas) at
 * once, rather than when it first renders. Nothing is fetched for another address. Answers when
 * the page and the query layer are there (or failed to come: the router reports that when it
 * asks), not waiting for the API layer; an app that renders then (mountPortalApp) shows the page
 * in its first paint, where its loaders are {@link preloadable} components' `preload`.
 */
export function preloadRoute(
  pathname: string,
  pages: ReadonlyArray<readonly [pattern: string, load: PageLoader, callsOnOpen?: boolean]>,
): Promise<void> {
  const page = pages.find(([pattern]) => matchPath({ path: pattern, end: true }, pathname));
  if (!page) return Promise.resolve();
  const [, load, callsOnOpen = false] = page;
  if (callsOnOpen) void preloadApiLayer();
  return Promise.all([load(), loadQueryLayer()]).then(
    () => undefined,
    () => undefined,
  );
}
