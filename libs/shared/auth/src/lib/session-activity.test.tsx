import { act, fireEvent, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { Route, Routes } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '@portal/api-client';
import { MESSAGES, STORAGE_KEYS } from '@portal/contract';
import { Probe, renderWithAuth } from '../test/harness';
import { makeToken, storeToken } from '@portal/api-client/test-tokens';
import { useIdleWarning } from './auth-context';
import { useSessionEndedNotice } from './session-ended-notice';

const MINUTE = 60_000;
const START = Date.UTC(2026, 0, 5, 9, 0, 0);

/** The server's answer to each tab's check that its session is open: open, unless told. */
const sessionOpen = http.get('/api/session', () =>
  HttpResponse.json({ active: true, ends_at: new Date(START + 12 * 60 * MINUTE).toISOString() }),
);
const server = setupServer(sessionOpen);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    now: START,
  });
});
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
  window.sessionStorage.clear();
});
afterAll(() => server.close());

async function settle(ms = 0) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 5; i += 1) await act(() => vi.advanceTimersByTimeAsync(0));
}

/** Moves the clock to `minutes` after the start. */
async function at(minutes: number) {
  await settle(START + minutes * MINUTE - Date.now());
}

function IdleWarning() {
  const { open, secondsLeft, staySignedIn } = useIdleWarning();
  if (!open) return null;
  return (
    <div role="alertdialog" aria-label="Session ending">
      <p>{secondsLeft} seconds left</p>
      <button type="button" onClick={() => void staySignedIn()}>
        Stay signed in
      </button>
    </div>
  );
}

function Home() {
  return <p role="status">{useSessionEndedNotice() ?? 'Welcome'}</p>;
}

/** A renew endpoint answering a fresh 30-minute token for the same session. */
function renewHandler() {
  const calls: string[] = [];
  const handler = http.post('/api/renew', ({ request }) => {
    calls.push(request.headers.get('authorization') ?? '');
    return HttpResponse.json({ token: makeToken({ sid: 'session-1' }), role: 'medical_personnel' });
  });
  return { calls, handler };
}

function renderSignedIn() {
  storeToken(makeToken({ sid: 'session-1', expiresInSeconds: 30 * 60 }));
  return renderWithAuth(
    <>
      <Probe />
      <IdleWarning />
      <Routes>
        <Route path="/" element={<Home />} />
        <Route path="*" element={<p>Patient data</p>} />
      </Routes>
    </>,
    // A page of the public app, so that going home stays inside this (test) app.
    { route: '/patient-profile' },
  );
}

const expiryOfStoredToken = () => sessionStore.read()?.claims.exp;

describe('renewal while the user is active', () => {
  it('renews when five minutes are left and the user was active since the last renewal', async () => {
    const renew = renewHandler();
    server.use(renew.handler);
    renderSignedIn();
    const firstToken = sessionStore.read()?.token;

    await at(10);
    fireEvent.keyDown(document.body, { key: 'a' });
    await at(24.9);
    expect(renew.calls).toHaveLength(0);

    await at(25);

    expect(renew.calls).toEqual([`Bearer ${firstToken}`]);
    expect(expiryOfStoredToken()).toBe((START + 55 * MINUTE) / 1000);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).not.toBe(firstToken);
    expect(screen.getByText('Signed in as medical_personnel')).toBeInTheDocument();
  });

  it('renews at once when the user comes back inside the last five minutes', async () => {
    const renew = renewHandler();
    server.use(renew.handler);
    renderSignedIn();

    await at(26);
    expect(renew.calls).toHaveLength(0);
    fireEvent.pointerDown(document.body);
    await settle();

    expect(renew.calls).toHaveLength(1);
    expect(expiryOfStoredToken()).toBe((START + 56 * MINUTE) / 1000);
  });

  it('counts scrolling as activity and renews once for a burst of events', async () => {
    const renew = renewHandler();
    server.use(renew.handler);
    renderSignedIn();

    await at(26);
    for (let i = 0; i < 20; i += 1) fireEvent.scroll(document.body);
    await settle();

    expect(renew.calls).toHaveLength(1);
  });

  it('keeps renewing as long as the user keeps working', async () => {
    const renew = renewHandler();
    server.use(renew.handler);
    renderSignedIn();

    for (const minute of [5, 20, 35, 50, 65, 80]) {
      await at(minute);
      fireEvent.keyDown(document.body, { key: 'a' });
    }
    await at(90);

    expect(renew.calls.length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('Signed in as medical_personnel')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('an idle session', () => {
  it('is not renewed', async () => {
    const renew = renewHandler();
    server.use(renew.handler);
    renderSignedIn();

    await at(27);

    expect(renew.calls).toHaveLength(0);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('gets a warning with a countdown two minutes before it ends', async () => {
    renderSignedIn();

    await at(27.99);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await at(28);
    expect(screen.getByRole('alertdialog', { name: 'Session ending' })).toHaveTextContent(
      '120 seconds left',
    );
    await settle(1000);
    expect(screen.getByRole('alertdialog')).toHaveTextContent('119 seconds left');
    await at(29.5);
    expect(screen.getByRole('alertdialog')).toHaveTextContent('30 seconds left');
  });

  it('stays signed in when the user asks to', async () => {
    const renew = renewHandler();
    server.use(renew.handler);
    renderSignedIn();
    await at(28.5);

    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await settle();

    expect(renew.calls).toHaveLength(1);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(expiryOfStoredToken()).toBe((START + 58.5 * MINUTE) / 1000);
    await at(40);
    expect(screen.getByText('Signed in as medical_personnel')).toBeInTheDocument();
  });

  it('closes the warning when another tab renews the session', async () => {
    renderSignedIn();
    await at(28.5);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    act(() => {
      storeToken(makeToken({ sid: 'session-1' }));
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token }));
    });
    await settle();

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('ends when its time is up: cleared, sent home and told why', async () => {
    const anyCall = vi.fn();
    // Any call but the tab's checks that its session is open (answered by `sessionOpen`).
    server.use(
      http.all('*', ({ request }) => {
        if (new URL(request.url).pathname === '/api/session') return;
        anyCall();
        return HttpResponse.json({});
      }),
    );
    const { queryClient } = renderSignedIn();
    queryClient.setQueryData(['patients', 'list', {}], { pages: [] });
    expect(screen.getByText('Patient data')).toBeInTheDocument();

    await at(29.99);
    expect(screen.getByText('Signed in as medical_personnel')).toBeInTheDocument();
    await at(30);

    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.queryByText('Patient data')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.tokenExpired);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(queryClient.getQueryData(['patients', 'list', {}])).toBeUndefined();
    expect(anyCall).not.toHaveBeenCalled();
  });
});

describe('a failed renewal', () => {
  it('leaves the session as it was and warns the user, who can try again', async () => {
    let fail = true;
    server.use(
      http.post('/api/renew', () => {
        if (fail) return HttpResponse.error();
        return HttpResponse.json({
          token: makeToken({ sid: 'session-1' }),
          role: 'medical_personnel',
        });
      }),
    );
    renderSignedIn();

    await at(26);
    fireEvent.keyDown(document.body, { key: 'a' });
    await settle();
    expect(screen.getByText('Signed in as medical_personnel')).toBeInTheDocument();

    await at(28);
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await settle();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(expiryOfStoredToken()).toBe((START + 58 * MINUTE) / 1000);
  });

  it('ends the session when the server refuses it', async () => {
    server.use(
      http.post('/api/renew', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Unauthorized', status: 401, detail: 'Session revoked' },
          { status: 401 },
        ),
      ),
    );
    renderSignedIn();

    await at(26);
    fireEvent.keyDown(document.body, { key: 'a' });
    await settle();

    expect(screen.getByText('Signed out')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.tokenExpired);
  });
});

describe('a session ended elsewhere', () => {
  it.each([
    ['signed_out', 'You were signed out'],
    ['by_hospital', 'Your access was ended by the hospital'],
  ])(
    'leaves the screen within 5 s of the server saying %s, with the right message',
    async (reason, message) => {
      const checks: number[] = [];
      server.use(
        http.get('/api/session', () => {
          checks.push(Date.now());
          return HttpResponse.json(
            {
              type: 'about:blank',
              title: 'Unauthorized',
              status: 401,
              detail: 'Your session has ended. Please log in again.',
              session_ended: reason,
            },
            { status: 401, headers: { 'content-type': 'application/problem+json' } },
          );
        }),
      );
      renderSignedIn();
      expect(screen.getByText('Patient data')).toBeInTheDocument();
      // Nobody touches anything: the tab's own check finds out.
      await settle(4_000);
      await settle(1_000);
      expect(checks.length).toBeGreaterThanOrEqual(1);
      expect(checks[0]! - START).toBeLessThanOrEqual(5_000);
      expect(sessionStore.read()).toBeNull();
      expect(screen.queryByText('Patient data')).not.toBeInTheDocument();
      expect(screen.getByRole('status')).toHaveTextContent(message);
    },
  );

  it('asks once per interval while the session is open, and never after it ended', async () => {
    let checks = 0;
    server.use(
      http.get('/api/session', () => {
        checks += 1;
        return HttpResponse.json({ active: true, ends_at: new Date(START).toISOString() });
      }),
    );
    renderSignedIn();
    await settle(4_000 * 5 + 100);
    expect(checks).toBe(5);
  });
});
