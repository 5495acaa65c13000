import { useQuery } from '@tanstack/react-query';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { getProfile } from '@portal/api-client';
import {
  isMfaChallenge,
  MESSAGES,
  SESSION_ENDED_BY_HOSPITAL,
  SESSION_ENDED_BY_HOSPITAL_MESSAGE,
  STORAGE_KEYS,
  TIMINGS,
} from '@portal/contract';
import { Probe, renderWithAuth } from '../test/harness';
import { makeToken, storeToken } from '@portal/api-client/test-tokens';
import { useAuth, useIdleWarning } from './auth-context';
import { useSessionEndedNotice } from './session-ended-notice';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  window.sessionStorage.clear();
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

function otherTabWrites(token: string | null) {
  if (token === null) window.localStorage.clear();
  else storeToken(token);
  window.dispatchEvent(
    new StorageEvent('storage', { key: token === null ? null : STORAGE_KEYS.token }),
  );
}

describe('AuthProvider state', () => {
  it('starts signed out when nothing is stored', () => {
    renderWithAuth(<Probe />);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('starts from the stored session, with the token’s role', () => {
    storeToken(makeToken({ role: 'HR' }), 'HR');
    renderWithAuth(<Probe />);
    expect(screen.getByText('Signed in as HR')).toBeInTheDocument();
  });

  it('does not count a token that expired before the page opened', () => {
    storeToken(makeToken({ expiresInSeconds: -60 }));
    renderWithAuth(<Probe />);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('follows another tab’s login and logout', () => {
    renderWithAuth(<Probe />);

    act(() => otherTabWrites(makeToken({ role: 'patient', patient_id: 'P001' })));
    expect(screen.getByText('Signed in as patient')).toBeInTheDocument();

    act(() => otherTabWrites(null));
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('drops the cached records when another user’s session replaces this one', () => {
    storeToken(makeToken({ sid: 'first' }));
    const { queryClient } = renderWithAuth(<Probe />);
    queryClient.setQueryData(['patients', 'detail', 'P001'], { secret: true });

    act(() => otherTabWrites(makeToken({ sid: 'second', role: 'HR' })));

    expect(queryClient.getQueryData(['patients', 'detail', 'P001'])).toBeUndefined();
  });

  it('keeps the cache when the same session is renewed', () => {
    storeToken(makeToken({ sid: 'same' }));
    const { queryClient } = renderWithAuth(<Probe />);
    queryClient.setQueryData(['profile'], { username: 'u' });

    act(() => otherTabWrites(makeToken({ sid: 'same', expiresInSeconds: 3600 })));

    expect(queryClient.getQueryData(['profile'])).toEqual({ username: 'u' });
  });

  it('needs a provider', () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    function Orphan() {
      useAuth();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useAuth needs an AuthProvider above it');
    function OrphanWarning() {
      useIdleWarning();
      return null;
    }
    expect(() => render(<OrphanWarning />)).toThrow(
      'useIdleWarning needs an AuthProvider above it',
    );
  });
});

describe('signIn and startSession', () => {
  function LoginForm() {
    const { signIn, startSession } = useAuth();
    const [message, setMessage] = useState('');
    const [token, setToken] = useState('');
    return (
      <div>
        <button
          type="button"
          onClick={() =>
            void signIn('ann', 'a long passphrase').then(
              (answer) => {
                if (isMfaChallenge(answer)) return setMessage('Code wanted');
                setToken(answer.token);
                setMessage(`Answered ${answer.role}`);
              },
              (error: Error) => setMessage(error.message),
            )
          }
        >
          Sign in
        </button>
        <button type="button" onClick={() => startSession(token)}>
          Start
        </button>
        <p>{message}</p>
      </div>
    );
  }

  it('signIn asks the API and stores nothing; startSession stores the token and its role', async () => {
    const token = makeToken({ role: 'medical_personnel' });
    let body: unknown;
    server.use(
      http.post('/api/login', async ({ request }) => {
        body = await request.json();
        // The role of the answer is ignored for storage: the token's claims are the source.
        return HttpResponse.json({ token, role: 'medical_personnel' });
      }),
    );
    const user = userEvent.setup();
    renderWithAuth(
      <>
        <LoginForm />
        <Probe />
      </>,
    );

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('Answered medical_personnel')).toBeInTheDocument();
    expect(body).toEqual({ username: 'ann', password: 'a long passphrase' });
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(screen.getByText('Signed out')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Start' }));

    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBe('medical_personnel');
    expect(screen.getByText('Signed in as medical_personnel')).toBeInTheDocument();
  });

  it('signIn passes on the server’s refusal', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Unauthorized',
            status: 401,
            detail: MESSAGES.wrongCredentials,
          },
          { status: 401 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithAuth(<LoginForm />);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(MESSAGES.wrongCredentials)).toBeInTheDocument();
  });
});

describe('logout', () => {
  it('revokes, clears both keys, waits 500 ms, signs out and goes home, in that order', async () => {
    useFakeClock();
    const token = makeToken();
    storeToken(token);
    const revokedWith: (string | null)[] = [];
    server.use(
      http.post('/api/logout', ({ request }) => {
        revokedWith.push(request.headers.get('authorization'));
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { queryClient } = renderWithAuth(<Probe />, { route: '/patient-profile' });
    queryClient.setQueryData(['profile'], { username: 'u' });

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await settle();

    expect(revokedWith).toEqual([`Bearer ${token}`]);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
    expect(screen.getByText('Signed in as medical_personnel')).toBeInTheDocument();
    expect(screen.getByText('Logging out')).toBeInTheDocument();
    expect(screen.getByText('Path: /patient-profile')).toBeInTheDocument();

    await settle(TIMINGS.logoutDelayMs - 1);
    expect(screen.getByText('Signed in as medical_personnel')).toBeInTheDocument();

    await settle(1);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('Path: /')).toBeInTheDocument();
    expect(screen.queryByText('Logging out')).not.toBeInTheDocument();
    expect(queryClient.getQueryData(['profile'])).toBeUndefined();
  });

  it('waits 250 ms when it starts from the top bar', async () => {
    useFakeClock();
    storeToken(makeToken());
    server.use(http.post('/api/logout', () => new HttpResponse(null, { status: 204 })));
    renderWithAuth(<Probe />, { route: '/system' });

    fireEvent.click(screen.getByRole('button', { name: 'Top bar log out' }));
    await settle(TIMINGS.topBarLogoutDelayMs - 1);
    expect(screen.getByText('Path: /system')).toBeInTheDocument();

    await settle(1);
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('Path: /')).toBeInTheDocument();
  });

  it.each([
    ['the server fails', () => HttpResponse.json({}, { status: 500 })],
    ['the server is unreachable', () => HttpResponse.error()],
    ['the session was already revoked', () => HttpResponse.json({}, { status: 401 })],
  ])('still completes when %s, without a "Token expired" notice', async (_when, answer) => {
    useFakeClock();
    storeToken(makeToken());
    server.use(http.post('/api/logout', answer));
    function Home() {
      return <p>{useSessionEndedNotice() ?? 'No notice'}</p>;
    }
    renderWithAuth(
      <>
        <Probe />
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="*" element={null} />
        </Routes>
      </>,
      { route: '/system' },
    );

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await settle();
    await settle(TIMINGS.logoutDelayMs);

    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByText('Path: /')).toBeInTheDocument();
    expect(screen.getByText('No notice')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it('does not call the server when the token has already run out', async () => {
    useFakeClock();
    const hit = vi.fn();
    server.use(http.post('/api/logout', () => (hit(), new HttpResponse(null, { status: 204 }))));
    storeToken(makeToken({ expiresInSeconds: 10 }));
    renderWithAuth(<Probe />);
    vi.setSystemTime(Date.now() + 10_000);

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await settle(TIMINGS.logoutDelayMs);

    expect(hit).not.toHaveBeenCalled();
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('moves into the public app with a full page load from a management app', async () => {
    useFakeClock();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: vi.fn() });
    storeToken(makeToken());
    server.use(http.post('/api/logout', () => new HttpResponse(null, { status: 204 })));
    renderWithAuth(<Probe />, { route: '/patients-management/add-patient' });

    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await settle();
    expect(assign).not.toHaveBeenCalled();
    await settle(TIMINGS.logoutDelayMs);

    expect(assign).toHaveBeenCalledExactlyOnceWith('/');
  });
});

describe('a session that ends under the user', () => {
  function ProfileName() {
    const { data, error } = useQuery({ queryKey: ['profile'], queryFn: () => getProfile() });
    return <p>{data?.username ?? error?.message ?? 'Loading profile...'}</p>;
  }

  function Home() {
    const notice = useSessionEndedNotice();
    return <p role="status">{notice ?? 'Welcome'}</p>;
  }

  function renderPortal(route: string) {
    return renderWithAuth(
      <>
        <Probe />
        <Routes>
          <Route path="/" element={<Home />} />
          <Route path="/patient-profile" element={<ProfileName />} />
          <Route path="/patients-management/*" element={<ProfileName />} />
        </Routes>
      </>,
      { route },
    );
  }

  it('goes home, drops the cache and says "Token expired" when a call finds the token run out', async () => {
    useFakeClock();
    const hit = vi.fn();
    server.use(http.get('/api/profile', () => (hit(), HttpResponse.json({}))));
    storeToken(makeToken({ role: 'patient', patient_id: 'P001', expiresInSeconds: 60 }));
    const { queryClient } = renderPortal('/');
    queryClient.setQueryData(['patients', 'detail', 'P001'], { secret: true });
    // The monitor would end it at expiry too; here a call gets there first.
    vi.setSystemTime(Date.now() + 60_000);

    act(() => {
      void queryClient
        .fetchQuery({ queryKey: ['x'], queryFn: () => getProfile() })
        .catch(() => undefined);
    });
    await settle();

    expect(hit).not.toHaveBeenCalled();
    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.tokenExpired);
    expect(queryClient.getQueryData(['patients', 'detail', 'P001'])).toBeUndefined();
  });

  it('says the hospital ended the session, not "Token expired", when the 401 says so', async () => {
    server.use(
      http.get('/api/profile', () =>
        HttpResponse.json(
          {
            type: 'about:blank',
            title: 'Unauthorized',
            status: 401,
            detail: SESSION_ENDED_BY_HOSPITAL_MESSAGE,
            session_ended: SESSION_ENDED_BY_HOSPITAL,
          },
          { status: 401 },
        ),
      ),
    );
    storeToken(makeToken({ role: 'HR', employee_id: 'E001' }));
    renderPortal('/patient-profile');

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Your access was ended by the hospital. Please contact HR or the Help Desk.',
    );
    expect(screen.getByRole('status')).not.toHaveTextContent(MESSAGES.tokenExpired);
    expect(screen.getByText('Path: /')).toBeInTheDocument();
    expect(screen.getByText('Signed out')).toBeInTheDocument();
  });

  it('goes home from the page that made the refused call, and says so once', async () => {
    server.use(
      http.get('/api/profile', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Session ended' },
          { status: 401 },
        ),
      ),
    );
    storeToken(makeToken({ role: 'patient', patient_id: 'P001' }));
    const { unmount } = renderPortal('/patient-profile');

    expect(await screen.findByRole('status')).toHaveTextContent(MESSAGES.tokenExpired);
    expect(screen.getByText('Path: /')).toBeInTheDocument();
    expect(screen.getByText('Signed out')).toBeInTheDocument();

    // A reload of the landing page does not repeat it.
    unmount();
    renderPortal('/');
    expect(screen.getByRole('status')).toHaveTextContent('Welcome');
  });

  it('carries the notice across the full-page move out of a management app', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: vi.fn() });
    server.use(
      http.get('/api/profile', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Session ended' },
          { status: 401 },
        ),
      ),
    );
    storeToken(makeToken());
    const first = renderPortal('/patients-management/search-patient');

    await vi.waitFor(() => expect(assign).toHaveBeenCalledExactlyOnceWith('/'));

    // The public app loads in the same tab.
    first.unmount();
    vi.unstubAllGlobals();
    renderPortal('/');
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.tokenExpired);
  });
});
