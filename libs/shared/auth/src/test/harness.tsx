/** Test support: the provider in a memory router, and a probe showing what it says. */
/* eslint-disable lingui/no-unlocalized-strings -- test support: the tests read its English */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { onTestFinished } from 'vitest';
import { registerSessionCache } from '@portal/api-client';
import { TIMINGS } from '@portal/contract';
import { useAuth } from '../lib/auth-context';
import { AuthProvider } from '../lib/auth-provider';

/** Shows the auth state and the router's path, with buttons for the provider's actions. */
export function Probe() {
  const auth = useAuth();
  const location = useLocation();
  return (
    <div>
      <p>{auth.isAuthenticated ? `Signed in as ${auth.role ?? '?'}` : 'Signed out'}</p>
      <p>Path: {location.pathname}</p>
      {auth.isLoggingOut && <p>Logging out</p>}
      <button type="button" onClick={() => void auth.logout()}>
        Log out
      </button>
      <button
        type="button"
        onClick={() => void auth.logout({ delayMs: TIMINGS.topBarLogoutDelayMs })}
      >
        Top bar log out
      </button>
    </div>
  );
}

/**
 * Renders under a fresh QueryClient (registered as the session's cache, as the apps' is), a
 * MemoryRouter at `route` and the AuthProvider.
 */
export function renderWithAuth(
  ui: ReactNode,
  { route = '/', queryClient }: { route?: string; queryClient?: QueryClient } = {},
) {
  const client = queryClient ?? new QueryClient({ defaultOptions: { queries: { retry: false } } });
  onTestFinished(registerSessionCache(() => client.clear()));
  const result = render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[route]}>
        <AuthProvider>{ui}</AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient: client };
}
