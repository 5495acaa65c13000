import {
  useCallback,
  useEffect,
  useEffectEvent,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import {
  clearSessionCaches,
  isTokenExpired,
  login,
  logout as revokeSession,
  onSessionEnded,
  sessionStore,
  type SessionEndReason,
  type StoredSession,
} from '@portal/api-client';
import { ROUTES, TIMINGS } from '@portal/contract';
import {
  AuthContext,
  IdleWarningContext,
  type AuthContextValue,
  type LogoutOptions,
} from './auth-context';
import { rememberSessionEnded } from './session-ended-notice';
import { SESSION_TIMINGS } from './session-timings';
import { usePortalNavigate } from './use-portal-navigate';
import { useSessionActivity } from './use-session-activity';

function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Props of {@link AuthProvider}. */
export interface AuthProviderProps {
  readonly children: ReactNode;
}

/**
 * The session of the portal, for everything below it (which must sit inside a react-router
 * Router). State comes from localStorage and follows it, so tabs and
 * the three apps agree; a session that ends under the user (expired, refused by the server)
 * clears the cached data and goes to the landing page, which then says 'Token expired'.
 */
export function AuthProvider({ children }: AuthProviderProps) {
  const portalNavigate = usePortalNavigate();
  const stored = useSyncExternalStore(sessionStore.subscribe, sessionStore.read, sessionStore.read);
  // While a logout waits (the spec's delay), the user still looks signed in though storage is cleared.
  const [heldSession, setHeldSession] = useState<{ session: StoredSession | null } | null>(null);
  const session = heldSession ? heldSession.session : stored;
  const loggingOut = useRef(false);
  const endHandled = useRef(false);
  const navigateRef = useRef(portalNavigate);
  const idleWarning = useSessionActivity();

  useEffect(() => {
    navigateRef.current = portalNavigate;
  }, [portalNavigate]);

  const sid = stored?.claims.sid ?? null;
  const previousSid = useRef(sid);
  useEffect(() => {
    if (sid !== null) endHandled.current = false;
    // Another user's (or no user's) session must never see the previous one's cached records.
    if (previousSid.current !== null && previousSid.current !== sid && !loggingOut.current) {
      clearSessionCaches();
    }
    previousSid.current = sid;
  }, [sid]);

  const handleSessionEnded = useEffectEvent((reason: SessionEndReason) => {
    // Several calls may fail at once; the user is told and moved once.
    if (loggingOut.current || endHandled.current) return;
    endHandled.current = true;
    clearSessionCaches();
    rememberSessionEnded(reason);
    portalNavigate(ROUTES.home);
  });

  useEffect(() => onSessionEnded((reason) => handleSessionEnded(reason)), []);

  const signIn = useCallback(
    (username: string, password: string) => login({ username, password }),
    [],
  );

  const startSession = useCallback((token: string) => {
    sessionStore.write(token);
  }, []);

  const logout = useCallback(async ({ delayMs = TIMINGS.logoutDelayMs }: LogoutOptions = {}) => {
    if (loggingOut.current) return;
    loggingOut.current = true;
    const current = sessionStore.read();
    setHeldSession({ session: current });
    try {
      if (current && !isTokenExpired(current.claims)) {
        // Best effort: an unreachable server must not keep anyone signed in.
        await revokeSession({ timeout: SESSION_TIMINGS.logoutRequestTimeoutMs }).catch(
          () => undefined,
        );
      }
    } finally {
      sessionStore.clear();
    }
    await wait(delayMs);
    clearSessionCaches();
    loggingOut.current = false;
    setHeldSession(null);
    navigateRef.current(ROUTES.home);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      isAuthenticated: session !== null,
      role: session?.role ?? null,
      claims: session?.claims ?? null,
      isLoggingOut: heldSession !== null,
      signIn,
      startSession,
      logout,
    }),
    [session, heldSession, signIn, startSession, logout],
  );

  return (
    <AuthContext value={value}>
      <IdleWarningContext value={idleWarning}>{children}</IdleWarningContext>
    </AuthContext>
  );
}
