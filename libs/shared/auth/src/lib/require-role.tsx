import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { isSameApp, ROUTES } from '@portal/contract';
import type { Role } from '@portal/reference-data';
import { useAuth } from './auth-context';

/** Props of {@link RequireRole}. */
export interface RequireRoleProps {
  /** The roles that may see the children. */
  readonly roles: readonly Role[];
  readonly children: ReactNode;
}

/** Goes to the landing page, inside this app or by a full-page replace into the public one. */
function RedirectHome() {
  const { pathname } = useLocation();
  const crossApp = !isSameApp(pathname, ROUTES.home);
  useEffect(() => {
    if (crossApp) window.location.replace(ROUTES.home);
  }, [crossApp]);
  return crossApp ? null : <Navigate to={ROUTES.home} replace />;
}

/**
 * Shows its children only to a signed-in user of one of the roles; anyone else is sent to the
 * landing page without a word, as the spec has it. Comfort only: the API enforces the same.
 */
export function RequireRole({ roles, children }: RequireRoleProps) {
  const { isAuthenticated, role } = useAuth();
  if (isAuthenticated && role !== null && roles.includes(role)) return children;
  return <RedirectHome />;
}
