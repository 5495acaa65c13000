import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@portal/contract';
import { type FakeSession, renderWithProviders, setupMswServer } from '@portal/testing';
import { App } from '../../app';
import { SystemPage } from './system-page';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
setupMswServer();

/** Replaces window.location with one whose page loads can be watched (jsdom cannot spy on them). */
function stubLocation() {
  const location = { ...window.location, assign: vi.fn(), replace: vi.fn() };
  vi.stubGlobal('location', location);
  return location;
}

/** The app's routes at /system, as the browser would show them. */
function renderAppAtSystem(session: FakeSession | null) {
  return renderWithProviders(
    <Suspense fallback={<p>Loading page…</p>}>
      <App />
    </Suspense>,
    { route: ROUTES.system, session },
  );
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SystemPage', () => {
  it('shows the login page to a signed-out visitor', () => {
    const location = stubLocation();
    renderWithProviders(<SystemPage />, { route: ROUTES.system, session: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Username' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('takes a patient to MyInfo inside this app, without a page load', async () => {
    const location = stubLocation();
    renderAppAtSystem({ role: 'patient' });
    expect(await screen.findByRole('heading', { level: 1, name: 'MyInfo' })).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
    expect(location.replace).not.toHaveBeenCalled();
  });

  it.each([
    ['HR', ROUTES.addEmployee],
    ['medical_personnel', ROUTES.addPatient],
  ] as const)('moves %s into its app with a full-page replace to %s', async (role, destination) => {
    const location = stubLocation();
    renderWithProviders(<SystemPage />, { route: ROUTES.system, session: { role } });
    expect(await screen.findByRole('status')).toHaveTextContent('Opening the system…');
    expect(location.replace).toHaveBeenCalledExactlyOnceWith(destination);
    expect(location.assign).not.toHaveBeenCalled();
    expect(screen.queryByRole('heading', { name: 'Login' })).not.toBeInTheDocument();
  });
});
