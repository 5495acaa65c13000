import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ROUTES } from '@portal/contract';
import { Probe, renderWithAuth } from '../test/harness';
import { usePortalNavigate } from './use-portal-navigate';

afterEach(() => {
  vi.unstubAllGlobals();
});

function Links() {
  const navigate = usePortalNavigate();
  return (
    <div>
      <button type="button" onClick={() => navigate(ROUTES.login)}>
        Login
      </button>
      <button type="button" onClick={() => navigate(ROUTES.searchPatient)}>
        Patients
      </button>
      <button type="button" onClick={() => navigate(`${ROUTES.addEmployee}?from=system`)}>
        Employees
      </button>
      <button type="button" onClick={() => navigate(ROUTES.home, { replace: true })}>
        Home
      </button>
      <button type="button" onClick={() => navigate(ROUTES.editPatient)}>
        Edit patient
      </button>
    </div>
  );
}

function stubLocation() {
  const location = { ...window.location, assign: vi.fn(), replace: vi.fn() };
  vi.stubGlobal('location', location);
  return location;
}

describe('usePortalNavigate', () => {
  it('changes the route client-side inside the public app', async () => {
    const location = stubLocation();
    renderWithAuth(
      <>
        <Links />
        <Probe />
      </>,
      { route: ROUTES.system },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('Path: /login')).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('loads another app’s bundle with a full-page navigation', async () => {
    const location = stubLocation();
    renderWithAuth(
      <>
        <Links />
        <Probe />
      </>,
      { route: ROUTES.system },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Patients' }));
    await userEvent.click(screen.getByRole('button', { name: 'Employees' }));
    expect(location.assign.mock.calls).toEqual([
      ['/patients-management/search-patient'],
      ['/employees-management/add-employee?from=system'],
    ]);
    expect(screen.getByText('Path: /system')).toBeInTheDocument();
  });

  it('stays client-side between pages of one management app', async () => {
    const location = stubLocation();
    renderWithAuth(
      <>
        <Links />
        <Probe />
      </>,
      { route: ROUTES.addPatient },
    );
    await userEvent.click(screen.getByRole('button', { name: 'Edit patient' }));
    expect(screen.getByText('Path: /patients-management/edit-patient')).toBeInTheDocument();
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('replaces the page when asked to', async () => {
    const location = stubLocation();
    renderWithAuth(<Links />, { route: ROUTES.addEmployee });
    await userEvent.click(screen.getByRole('button', { name: 'Home' }));
    expect(location.replace).toHaveBeenCalledExactlyOnceWith('/');
    expect(location.assign).not.toHaveBeenCalled();
  });
});
