import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isSameApp } from '@portal/contract';

/** Options of a portal navigation. */
export interface PortalNavigateOptions {
  /** Replace the current history entry instead of adding one. */
  readonly replace?: boolean;
}

/** Moves to a portal path, inside this app or into another app's bundle. */
export type PortalNavigate = (to: string, options?: PortalNavigateOptions) => void;

function pathnameOf(to: string): string {
  return to.split(/[?#]/)[0] ?? to;
}

/**
 * Navigation across the three apps of the origin: a client-side route change inside this app,
 * a full-page load into another (its bundle is not in this one). Routers must not use a
 * basename: the router's pathname is taken as the page's.
 */
export function usePortalNavigate(): PortalNavigate {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return useCallback(
    (to, { replace = false } = {}) => {
      if (isSameApp(pathname, pathnameOf(to))) {
        void navigate(to, { replace });
      } else if (replace) {
        window.location.replace(to);
      } else {
        window.location.assign(to);
      }
    },
    [navigate, pathname],
  );
}
