import type { ReactNode } from 'react';
import { matchPath } from 'react-router-dom';
import { preloadApiLayer } from '@portal/api-client';
import type { Preloadable } from './preloadable';
import { loadQueryLayer } from './query-layout';

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
 * Starts fetching, as the app starts, the chunk of the page the address names together with the
 * query layer (TanStack Query) of the QueryLayout it sits in. Without it they come one after the
 * other: the router renders the layout, which waits for its chunk before it renders the page,
 * which only then asks for its own. `pages` are the app's route table's pages inside a
 * QueryLayout; `redirects` the addresses that open one of them (a section's bare path), as
 * [from, to]. A page that calls the API as it opens also gets its API layer (axios, the answer
 * schemas) at once, rather than when it first renders. Nothing is fetched for another address.
 * Answers when the page and the query layer are there (or failed to come: the router reports
 * that when it asks), not waiting for the API layer; an app that renders then (mountPortalApp)
 * shows the page in its first paint, its pages being {@link preloadable} components.
 */
export function preloadRoute(
  pathname: string,
  pages: readonly PageRoute[],
  redirects: ReadonlyArray<readonly [from: string, to: string]> = [],
): Promise<void> {
  const at = (pattern: string) => matchPath({ path: pattern, end: true }, pathname);
  const target = redirects.find(([from]) => at(from))?.[1];
  const page = pages.find(({ path }) => path === target || at(path));
  if (!page) return Promise.resolve();
  if (page.callsOnOpen) void preloadApiLayer();
  return Promise.all([page.Page.preload(), loadQueryLayer()]).then(
    () => undefined,
    () => undefined,
  );
}
