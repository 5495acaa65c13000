import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderOptions, type RenderResult } from '@testing-library/react';
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { registerSessionCache, sessionStore } from '@portal/api-client';
import { AuthProvider } from '@portal/auth';
import type { Role } from '@portal/reference-data';
import { makeFakeToken } from './factories';

/** A fake signed-in user: the role, and optionally the token's lifetime and record ids. */
export interface FakeSession {
  readonly role: Role;
  /** Seconds until the token expires (default one hour); negative for one already expired. */
  readonly expiresInSeconds?: number;
  readonly patient_id?: string;
  readonly employee_id?: string;
  /** A staff member's position ('P002' a Nurse); default: the role's demo record's. */
  readonly position_id?: string;
}

/** A QueryClient for tests and stories: no retries, so a failure shows at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: false, gcTime: Number.POSITIVE_INFINITY },
      mutations: { retry: false },
    },
  });
}

/**
 * Stores a session as a signed-in browser holds it (both storage keys), with a fake token
 * carrying the role, sub, sid, the role's record id, iat and exp. Returns the token.
 */
export function storeFakeSession(role: Role, options: Omit<FakeSession, 'role'> = {}): string {
  const token = makeFakeToken({ role, ...options });
  sessionStore.write(token);
  return token;
}

// undefined leaves storage as it is; null means signed out.
function applySession(session: FakeSession | null | undefined): void {
  if (session === null) sessionStore.clear();
  else if (session) storeFakeSession(session.role, session);
}

/** Props of {@link PortalProviders}. */
export interface PortalProvidersProps {
  readonly children: ReactNode;
  /** The router's starting path (default `/`). */
  readonly route?: string;
  /** A signed-in user to store before the first render; null to start signed out. */
  readonly session?: FakeSession | null;
  /** The client to use; a fresh test client by default. */
  readonly queryClient?: QueryClient;
}

/**
 * What every page of the portal sits in: a QueryClient, a memory router at `route` and the
 * AuthProvider. For Storybook decorators and custom test wrappers.
 */
export function PortalProviders({
  children,
  route = '/',
  session,
  queryClient,
}: PortalProvidersProps) {
  // Once, before the provider first reads the storage.
  const [client] = useState(() => {
    applySession(session);
    return queryClient ?? createTestQueryClient();
  });
  // The client is the session's cache, as the apps' is: a logout or another user drops it.
  useEffect(() => registerSessionCache(() => client.clear()), [client]);
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <AuthProvider>{children}</AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
}

/** Options of {@link renderWithProviders}. */
export interface RenderWithProvidersOptions extends Omit<RenderOptions, 'wrapper' | 'queries'> {
  readonly route?: string;
  readonly session?: FakeSession | null;
  readonly queryClient?: QueryClient;
}

/** Testing Library's render result, with the QueryClient the tree uses. */
export type RenderWithProvidersResult = RenderResult & { readonly queryClient: QueryClient };

/**
 * Renders a page or component as the apps do: a fresh QueryClient (no retries), a MemoryRouter
 * at `route`, the AuthProvider, and, when `session` is given, a stored fake session.
 */
export function renderWithProviders(
  ui: ReactElement,
  { route = '/', session, queryClient, ...options }: RenderWithProvidersOptions = {},
): RenderWithProvidersResult {
  applySession(session);
  const client = queryClient ?? createTestQueryClient();
  const result = render(ui, {
    ...options,
    wrapper: ({ children }: { children: ReactNode }) => (
      <PortalProviders route={route} queryClient={client}>
        {children}
      </PortalProviders>
    ),
  });
  return { ...result, queryClient: client };
}
