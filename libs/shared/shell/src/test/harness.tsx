/** Test support: a session as the browser stores it, and a frame's providers around a page. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { onTestFinished, vi } from 'vitest';
import { registerSessionCache } from '@portal/api-client';
import { STORAGE_KEYS, type TokenClaims } from '@portal/contract';
import {
  AuthContext,
  type AuthContextValue,
  AuthProvider,
  IdleWarningContext,
  type IdleWarningState,
} from '@portal/auth';
import type { Role } from '@portal/reference-data';

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Stores an unsigned token of `role` that expires in an hour (the client never verifies it). */
export function storeSession(role: Role): string {
  const now = Math.floor(Date.now() / 1000);
  const claims: TokenClaims = {
    sub: `account-${role}`,
    sid: `session-${role}`,
    role,
    ...(role === 'patient' ? { patient_id: 'P001' } : { employee_id: 'E001' }),
    iat: now,
    exp: now + 3600,
  };
  const token = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(claims)}.signature`;
  window.localStorage.setItem(STORAGE_KEYS.token, token);
  window.localStorage.setItem(STORAGE_KEYS.role, role);
  return token;
}

/** The router's current path, for assertions. */
export function PathProbe() {
  return <p data-testid="path">{useLocation().pathname}</p>;
}

/** Renders under a QueryClient, a MemoryRouter at `route` and the real AuthProvider. */
export function renderWithSession(ui: ReactNode, { route = '/' }: { route?: string } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  onTestFinished(registerSessionCache(() => client.clear()));
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <AuthProvider>{ui}</AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

/** A stand-in for the AuthProvider's value: signed in as `role` (or signed out), with spies. */
export function fakeAuth(role: Role | null, overrides: Partial<AuthContextValue> = {}) {
  const value: AuthContextValue = {
    isAuthenticated: role !== null,
    role,
    claims: null,
    isLoggingOut: false,
    signIn: vi.fn(),
    startSession: vi.fn(),
    logout: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
  return value;
}

/** A stand-in for the idle warning: closed unless told otherwise, with a spy to stay. */
export function fakeIdleWarning(overrides: Partial<IdleWarningState> = {}): IdleWarningState {
  return {
    open: false,
    secondsLeft: 0,
    staySignedIn: vi.fn(() => Promise.resolve()),
    ...overrides,
  };
}

/** Renders in a MemoryRouter at `route` with the given auth and idle-warning values. */
export function renderWithFakeAuth(
  ui: ReactNode,
  {
    route = '/',
    auth = fakeAuth(null),
    idle = fakeIdleWarning(),
  }: { route?: string; auth?: AuthContextValue; idle?: IdleWarningState } = {},
) {
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <AuthContext value={auth}>
        <IdleWarningContext value={idle}>{ui}</IdleWarningContext>
      </AuthContext>
    </MemoryRouter>,
  );
  return { ...result, auth, idle };
}

/** jsdom cannot spy on window.location's own methods: a stand-in records full-page moves. */
export function stubLocation() {
  const location = { ...window.location, assign: vi.fn(), replace: vi.fn() };
  vi.stubGlobal('location', location);
  return location;
}
