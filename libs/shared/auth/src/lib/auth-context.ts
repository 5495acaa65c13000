import { createContext, useContext } from 'react';
import {
  type ClinicalAction,
  type LoginResponse,
  mayPerform,
  type TokenClaims,
} from '@portal/contract';
import type { Role } from '@portal/reference-data';
import type { IdleWarningState } from './use-session-activity';

/** Options of a logout. */
export interface LogoutOptions {
  /** The spec's wait before the user is shown as signed out (500 ms; the top bar's is 250 ms). */
  readonly delayMs?: number;
}

/** What useAuth() gives: the session's state and the ways to start and end one. */
export interface AuthContextValue {
  readonly isAuthenticated: boolean;
  readonly role: Role | null;
  /** The signed-in user's token claims (ids, session, expiry), or null. */
  readonly claims: TokenClaims | null;
  /** True from a logout's start until the user is shown as signed out. */
  readonly isLoggingOut: boolean;
  /**
   * Checks the credentials with the API; stores nothing (the login page starts the session).
   * An account with a second factor answers a challenge for the code instead of a token.
   */
  readonly signIn: (username: string, password: string) => Promise<LoginResponse>;
  /** Stores the token and the role its claims carry; the user is then signed in, in every tab. */
  readonly startSession: (token: string) => void;
  /** Revokes the session (best effort), clears it, waits, and goes to the landing page. */
  readonly logout: (options?: LogoutOptions) => Promise<void>;
}

/** The provider's value. */
export const AuthContext = createContext<AuthContextValue | null>(null);

/** The provider's idle warning. */
export const IdleWarningContext = createContext<IdleWarningState | null>(null);

/** The session: signed in or not, the role, and login, startSession and logout. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth needs an AuthProvider above it');
  return value;
}

/** The idle warning: open shortly before an idle session ends; `staySignedIn` renews it. */
export function useIdleWarning(): IdleWarningState {
  const value = useContext(IdleWarningContext);
  if (!value) throw new Error('useIdleWarning needs an AuthProvider above it');
  return value;
}

/**
 * Whether the signed-in person's position allows a clinical action (the contract's matrix), so
 * that a page shows only what they may do; the server refuses the rest whatever a page shows.
 */
export function useMayPerform(): (action: ClinicalAction) => boolean {
  const { claims } = useAuth();
  return (action) => mayPerform(claims?.position_id, action);
}
