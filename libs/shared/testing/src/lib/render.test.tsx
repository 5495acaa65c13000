import { screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { decodeToken, sessionStore } from '@portal/api-client';
import { useAuth } from '@portal/auth';
import { STORAGE_KEYS } from '@portal/contract';
import { createTestQueryClient, renderWithProviders, storeFakeSession } from './render';

function Who() {
  const { isAuthenticated, role } = useAuth();
  const { pathname } = useLocation();
  return (
    <p>
      {isAuthenticated ? `Signed in as ${role ?? '?'}` : 'Signed out'} at {pathname}
    </p>
  );
}

describe('renderWithProviders', () => {
  it('renders at / signed out by default', () => {
    renderWithProviders(<Who />);
    expect(screen.getByText('Signed out at /')).toBeInTheDocument();
  });

  it('starts at the route with the given session', () => {
    renderWithProviders(<Who />, { route: '/patient-profile', session: { role: 'patient' } });
    expect(screen.getByText('Signed in as patient at /patient-profile')).toBeInTheDocument();
  });

  it('signs out a stored session when session is null', () => {
    storeFakeSession('HR');
    renderWithProviders(<Who />, { session: null });
    expect(screen.getByText('Signed out at /')).toBeInTheDocument();
  });

  it('uses and returns the given client, with retries off', () => {
    const queryClient = createTestQueryClient();
    const result = renderWithProviders(<Who />, { queryClient });
    expect(result.queryClient).toBe(queryClient);
    expect(queryClient.getDefaultOptions().queries?.retry).toBe(false);
  });
});

describe('storeFakeSession', () => {
  it('stores a token an hour long with role, sub, sid, iat and the role’s record id', () => {
    const token = storeFakeSession('medical_personnel');
    const claims = decodeToken(token);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBe('medical_personnel');
    expect(claims?.role).toBe('medical_personnel');
    expect(claims?.employee_id).toMatch(/^E\d+$/);
    expect(claims?.sub).toBeTruthy();
    expect(claims?.sid).toBeTruthy();
    expect((claims?.exp ?? 0) - (claims?.iat ?? 0)).toBe(3600);
    expect(sessionStore.read()?.token).toBe(token);
  });

  it('stores a shorter or already expired session when asked', () => {
    const claims = decodeToken(storeFakeSession('patient', { expiresInSeconds: -10 }));
    expect((claims?.exp ?? 0) - (claims?.iat ?? 0)).toBe(-10);
    expect(sessionStore.read()).toBeNull();
  });
});
