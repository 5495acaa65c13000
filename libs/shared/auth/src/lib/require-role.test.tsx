import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Probe, renderWithAuth } from '../test/harness';
import { makeToken, storeToken } from '@portal/api-client/test-tokens';
import { RequireRole } from './require-role';

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderGuarded(route: string) {
  return renderWithAuth(
    <>
      <Probe />
      <Routes>
        <Route path="/" element={<p>Landing page</p>} />
        <Route
          path="/patient-profile"
          element={
            <RequireRole roles={['patient']}>
              <p>MyInfo</p>
            </RequireRole>
          }
        />
        <Route
          path="/patients-management/*"
          element={
            <RequireRole roles={['medical_personnel']}>
              <p>Patients Management System</p>
            </RequireRole>
          }
        />
      </Routes>
    </>,
    { route },
  );
}

function stubLocation() {
  const location = { ...window.location, assign: vi.fn(), replace: vi.fn() };
  vi.stubGlobal('location', location);
  return location;
}

describe('RequireRole', () => {
  it('shows the page to a signed-in user of an allowed role', () => {
    storeToken(makeToken({ role: 'patient', patient_id: 'P001' }), 'patient');
    renderGuarded('/patient-profile');
    expect(screen.getByText('MyInfo')).toBeInTheDocument();
    expect(screen.getByText('Path: /patient-profile')).toBeInTheDocument();
  });

  it('sends a signed-out visitor to the landing page, silently', () => {
    renderGuarded('/patient-profile');
    expect(screen.queryByText('MyInfo')).not.toBeInTheDocument();
    expect(screen.getByText('Landing page')).toBeInTheDocument();
    expect(screen.getByText('Path: /')).toBeInTheDocument();
  });

  it.each(['/patient-profile', '/patients-management/add-patient'])(
    'logs out an expired token on the way from %s to the landing page: both keys removed',
    (route) => {
      stubLocation();
      storeToken(
        makeToken({ role: 'patient', patient_id: 'P001', expiresInSeconds: -60 }),
        'patient',
      );
      renderGuarded(route);
      expect(screen.queryByText('MyInfo')).not.toBeInTheDocument();
      expect(screen.queryByText('Patients Management System')).not.toBeInTheDocument();
      expect(window.localStorage.getItem('myApp_authToken')).toBeNull();
      expect(window.localStorage.getItem('myApp_userRole')).toBeNull();
    },
  );

  it('sends a user of another role to the landing page', () => {
    storeToken(makeToken({ role: 'HR' }), 'HR');
    renderGuarded('/patient-profile');
    expect(screen.queryByText('MyInfo')).not.toBeInTheDocument();
    expect(screen.getByText('Path: /')).toBeInTheDocument();
  });

  it('believes the token, not a role entry edited in storage', () => {
    storeToken(makeToken({ role: 'HR' }), 'patient');
    renderGuarded('/patient-profile');
    expect(screen.queryByText('MyInfo')).not.toBeInTheDocument();
  });

  it('leaves a management app for the landing page with a full-page replace', () => {
    const location = stubLocation();
    storeToken(makeToken({ role: 'patient', patient_id: 'P001' }), 'patient');
    renderGuarded('/patients-management/add-patient');
    expect(screen.queryByText('Patients Management System')).not.toBeInTheDocument();
    expect(location.replace).toHaveBeenCalledExactlyOnceWith('/');
    expect(location.assign).not.toHaveBeenCalled();
  });

  it('does not move an allowed user', () => {
    const location = stubLocation();
    storeToken(makeToken(), 'medical_personnel');
    renderGuarded('/patients-management/add-patient');
    expect(screen.getByText('Patients Management System')).toBeInTheDocument();
    expect(location.replace).not.toHaveBeenCalled();
  });
});
