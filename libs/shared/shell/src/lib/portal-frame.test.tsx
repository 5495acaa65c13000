import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { makeToken } from '@portal/api-client/test-tokens';
import { ROUTES, STORAGE_KEYS, TIMINGS } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import {
  fakeAuth,
  fakeIdleWarning,
  PathProbe,
  renderWithFakeAuth,
  renderWithSession,
  storeSession,
  stubLocation,
} from '../test/harness';
import { PortalFrame } from './portal-frame';

const revoked: string[] = [];
const server = setupServer(
  http.post('*/api/logout', ({ request }) => {
    revoked.push(request.headers.get('authorization') ?? '');
    return new HttpResponse(null, { status: 204 });
  }),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  revoked.length = 0;
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
afterAll(() => server.close());

/** Lets pending requests, promises and due timers run under fake timers. */
async function settle(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 5; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

function useFakeClock() {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
}

describe('PortalFrame', () => {
  it('puts the page in the main landmark between the top bar and the footer', () => {
    renderWithFakeAuth(
      <PortalFrame>
        <h1>A page</h1>
      </PortalFrame>,
      { route: ROUTES.login },
    );
    const main = screen.getByRole('main');
    expect(within(main).getByRole('heading', { name: 'A page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute(
      'href',
      '#main',
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent(/Riverside General Hospital/);
    // Signed out: Login, no Logout.
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', ROUTES.login);
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('takes another footer when given one', () => {
    renderWithFakeAuth(
      <PortalFrame footer={<footer>Landing footer</footer>}>
        <p>Page</p>
      </PortalFrame>,
    );
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Landing footer');
    expect(screen.queryByText(/All rights reserved/)).not.toBeInTheDocument();
  });

  it('asks for the top bar’s 250 ms logout when Logout is chosen', async () => {
    const user = userEvent.setup();
    const { auth } = renderWithFakeAuth(
      <PortalFrame>
        <p>Page</p>
      </PortalFrame>,
      { route: ROUTES.system, auth: fakeAuth('HR') },
    );
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(auth.logout).toHaveBeenCalledExactlyOnceWith({
      delayMs: TIMINGS.topBarLogoutDelayMs,
    });
  });

  it('logs out from the top bar: clears the session, waits 250 ms, then goes home', async () => {
    useFakeClock();
    const token = storeSession('patient');
    renderWithSession(
      <PortalFrame>
        <Routes>
          <Route path="/" element={<h1>Landing page</h1>} />
          <Route path="*" element={<h1>Another page</h1>} />
        </Routes>
        <PathProbe />
      </PortalFrame>,
      { route: ROUTES.system },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await settle();

    expect(revoked).toEqual([`Bearer ${token}`]);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    // Still waiting: the page and the signed-in bar stay.
    await settle(TIMINGS.topBarLogoutDelayMs - 1);
    expect(screen.getByTestId('path')).toHaveTextContent(ROUTES.system);
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument();

    await settle(1);
    expect(screen.getByTestId('path')).toHaveTextContent(/^\/$/);
    expect(screen.getByRole('heading', { name: 'Landing page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
  });

  it('leaves a management app for / with a full-page load after the wait', async () => {
    useFakeClock();
    const location = stubLocation();
    storeSession('medical_personnel');
    renderWithSession(
      <PortalFrame>
        <p>Add Patient</p>
      </PortalFrame>,
      { route: ROUTES.addPatient },
    );
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await settle(TIMINGS.topBarLogoutDelayMs - 1);
    expect(location.assign).not.toHaveBeenCalled();
    await settle(1);
    expect(location.assign).toHaveBeenCalledExactlyOnceWith(ROUTES.home);
  });

  it('shows no idle warning while the session is in use', () => {
    renderWithFakeAuth(
      <PortalFrame>
        <p>Page</p>
      </PortalFrame>,
      { auth: fakeAuth('medical_personnel') },
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('warns an idle user with the seconds left; staying renews the session', async () => {
    const user = userEvent.setup();
    const { idle, auth } = renderWithFakeAuth(
      <PortalFrame>
        <p>Page</p>
      </PortalFrame>,
      {
        route: ROUTES.searchPatient,
        auth: fakeAuth('medical_personnel'),
        idle: fakeIdleWarning({ open: true, secondsLeft: 90 }),
      },
    );
    // The dialog is a chunk of its own, fetched when the warning opens.
    const dialog = await screen.findByRole('alertdialog', { name: 'Your session is about to end' });
    expect(dialog).toHaveAccessibleDescription(
      'You will be signed out in 90 seconds unless you stay signed in.',
    );
    const stay = within(dialog).getByRole('button', { name: 'Stay signed in' });
    // The dialog moves focus in an effect once its chunk has rendered.
    await waitFor(() => expect(stay).toHaveFocus());
    await user.click(stay);
    expect(idle.staySignedIn).toHaveBeenCalledTimes(1);
    expect(auth.logout).not.toHaveBeenCalled();
  });

  it('logs out with the ordinary (500 ms) logout from the idle warning', async () => {
    const user = userEvent.setup();
    const { idle, auth } = renderWithFakeAuth(
      <PortalFrame>
        <p>Page</p>
      </PortalFrame>,
      { auth: fakeAuth('HR'), idle: fakeIdleWarning({ open: true, secondsLeft: 1 }) },
    );
    expect(await screen.findByRole('alertdialog')).toHaveAccessibleDescription(
      'You will be signed out in 1 second unless you stay signed in.',
    );
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(auth.logout).toHaveBeenCalledExactlyOnceWith();
    expect(idle.staySignedIn).not.toHaveBeenCalled();
  });

  it('means “stay” when the warning is dismissed with Escape', async () => {
    const user = userEvent.setup();
    const { idle } = renderWithFakeAuth(
      <PortalFrame>
        <p>Page</p>
      </PortalFrame>,
      { auth: fakeAuth('patient'), idle: fakeIdleWarning({ open: true, secondsLeft: 30 }) },
    );
    await screen.findByRole('alertdialog');
    await user.keyboard('{Escape}');
    expect(idle.staySignedIn).toHaveBeenCalledTimes(1);
  });
});

describe('PortalFrame and the language on the account', () => {
  afterEach(() => activateLocale('en', 'all'));

  it('shows the account’s language once per session, then leaves the choice to the person', async () => {
    window.localStorage.setItem(
      STORAGE_KEYS.token,
      makeToken({ sid: 'session-th', locale: 'th', role: 'patient', patient_id: 'P001' }),
    );
    window.localStorage.setItem(STORAGE_KEYS.role, 'patient');
    server.use(http.put('*/api/account/locale', () => new HttpResponse(null, { status: 204 })));
    const first = renderWithSession(
      <PortalFrame>
        <h1>A page</h1>
      </PortalFrame>,
      { route: ROUTES.patientProfile },
    );
    await waitFor(() => expect(document.documentElement.lang).toBe('th'));
    expect(await screen.findByRole('combobox', { name: 'ภาษา' })).toHaveValue('th');
    // The person chooses English on this browser: a reload of the same session keeps it.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'ภาษา' }), 'en');
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    first.unmount();
    renderWithSession(
      <PortalFrame>
        <h1>A page</h1>
      </PortalFrame>,
      { route: ROUTES.patientProfile },
    );
    await act(() => new Promise((settled) => setTimeout(settled, 50)));
    expect(document.documentElement.lang).toBe('en');
  });

  it('keeps a signed-in person’s choice on their account; a signed-out visitor’s stays in the browser', async () => {
    const chosen: unknown[] = [];
    server.use(
      http.put('*/api/account/locale', async ({ request }) => {
        chosen.push(await request.json());
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const visitor = renderWithSession(
      <PortalFrame>
        <h1>A page</h1>
      </PortalFrame>,
      { route: ROUTES.home },
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'th');
    await waitFor(() => expect(document.documentElement.lang).toBe('th'));
    visitor.unmount();
    await activateLocale('en');
    storeSession('medical_personnel');
    renderWithSession(
      <PortalFrame>
        <h1>A page</h1>
      </PortalFrame>,
      { route: ROUTES.addPatient },
    );
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'th');
    await waitFor(() => expect(chosen).toEqual([{ locale: 'th' }]));
  });
});
