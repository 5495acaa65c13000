import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest';
import { MESSAGES, SESSION_ENDED_BY_HOSPITAL, STORAGE_KEYS } from '@portal/contract';
import { makeToken, storeToken } from '../test/tokens';
import { problem } from '../test/fixtures';
import { ApiError } from './api-error';
import { httpClient } from './http';
import { endSession, onSessionEnded } from './session-events';
import { sessionStore } from './session-store';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.useRealTimers();
});
afterAll(() => server.close());

function watchSessionEnds() {
  const handler = vi.fn();
  const unsubscribe = onSessionEnded(handler);
  onTestFinished(unsubscribe);
  return handler;
}

describe('the expiry check before a protected call', () => {
  it.each([
    ['there is no token', () => undefined],
    [
      'the token expired before it was first read',
      () => storeToken(makeToken({ expiresInSeconds: -1 })),
    ],
  ])('stops the call with "Token expired" when %s', async (_when, arrange) => {
    const ended = watchSessionEnds();
    const hit = vi.fn();
    server.use(http.get('/api/profile', () => (hit(), HttpResponse.json({}))));
    arrange();

    const error = await httpClient.get('/profile').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ message: MESSAGES.tokenExpired, kind: 'expired', status: null });
    expect(hit).not.toHaveBeenCalled();
    expect(ended).toHaveBeenCalledExactlyOnceWith('expired');
  });

  it('stops the call once the stored token has run out, and clears the session', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.UTC(2025, 0, 1) });
    const ended = watchSessionEnds();
    const hit = vi.fn();
    server.use(http.get('/api/profile', () => (hit(), HttpResponse.json({}))));
    sessionStore.write(makeToken({ expiresInSeconds: 60 }));
    expect(sessionStore.read()).not.toBeNull();

    vi.setSystemTime(Date.UTC(2025, 0, 1, 0, 1));
    await expect(httpClient.get('/profile')).rejects.toThrow(MESSAGES.tokenExpired);

    expect(hit).not.toHaveBeenCalled();
    expect(ended).toHaveBeenCalledWith('expired');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
  });

  it('lets login and register through without a token or a check', async () => {
    const ended = watchSessionEnds();
    const headers: (string | null)[] = [];
    server.use(
      http.post('/api/login', ({ request }) => {
        headers.push(request.headers.get('authorization'));
        return HttpResponse.json({ token: 't', role: 'HR' });
      }),
      http.post('/api/register', ({ request }) => {
        headers.push(request.headers.get('authorization'));
        return HttpResponse.json({}, { status: 201 });
      }),
    );

    await httpClient.post('/login', {});
    await httpClient.post('/register', {});

    expect(headers).toEqual([null, null]);
    expect(ended).not.toHaveBeenCalled();
  });
});

describe('the bearer header', () => {
  it('carries the stored token, read afresh for every call', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.get('/api/profile', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({});
      }),
    );
    const first = makeToken({ sid: 'one' });
    const second = makeToken({ sid: 'two' });

    sessionStore.write(first);
    await httpClient.get('/profile');
    sessionStore.write(second);
    await httpClient.get('/profile');

    expect(seen).toEqual([`Bearer ${first}`, `Bearer ${second}`]);
  });

  it('sends and accepts JSON', async () => {
    let contentType: string | null = null;
    server.use(
      http.post('/api/login', ({ request }) => {
        contentType = request.headers.get('content-type');
        return HttpResponse.json({ ok: true });
      }),
    );
    const response = await httpClient.post('/login', { username: 'u' });
    expect(contentType).toMatch(/^application\/json/);
    expect(response.data).toEqual({ ok: true });
  });
});

describe('a 401 answer', () => {
  it('clears the session and reports it as unauthorized', async () => {
    const ended = watchSessionEnds();
    server.use(
      http.get('/api/profile', () =>
        HttpResponse.json(problem(401, 'Session revoked'), { status: 401 }),
      ),
    );
    sessionStore.write(makeToken());

    const error = await httpClient.get('/profile').catch((e: unknown) => e);

    expect(error).toMatchObject({ kind: 'http', status: 401, detail: 'Session revoked' });
    expect(ended).toHaveBeenCalledExactlyOnceWith('unauthorized');
    expect(sessionStore.read()).toBeNull();
  });

  it('reports a session the hospital ended (session_ended: by_hospital) as such', async () => {
    const ended = watchSessionEnds();
    server.use(
      http.get('/api/profile', () =>
        HttpResponse.json(
          { ...problem(401, 'Access ended'), session_ended: SESSION_ENDED_BY_HOSPITAL },
          { status: 401 },
        ),
      ),
    );
    sessionStore.write(makeToken());
    await httpClient.get('/profile').catch(() => undefined);
    expect(ended).toHaveBeenCalledExactlyOnceWith('ended-by-hospital');
    expect(sessionStore.read()).toBeNull();
  });

  it('leaves a newer session alone when the refused token is an old one', async () => {
    const ended = watchSessionEnds();
    const newer = makeToken({ sid: 'newer' });
    server.use(
      http.get('/api/profile', () => {
        // Another tab signed in while this call was on its way.
        storeToken(newer);
        return HttpResponse.json(problem(401, 'Session revoked'), { status: 401 });
      }),
    );
    sessionStore.write(makeToken({ sid: 'older' }));

    await expect(httpClient.get('/profile')).rejects.toThrow('Session revoked');

    expect(ended).not.toHaveBeenCalled();
    expect(sessionStore.read()?.token).toBe(newer);
  });

  it('on login is a wrong password, not the end of a session', async () => {
    const ended = watchSessionEnds();
    const token = makeToken();
    sessionStore.write(token);
    server.use(
      http.post('/api/login', () =>
        HttpResponse.json(problem(401, MESSAGES.wrongCredentials), { status: 401 }),
      ),
    );

    await expect(httpClient.post('/login', {})).rejects.toThrow(MESSAGES.wrongCredentials);

    expect(ended).not.toHaveBeenCalled();
    expect(sessionStore.read()?.token).toBe(token);
  });

  it('does not end the session on other refusals', async () => {
    const ended = watchSessionEnds();
    server.use(
      http.get('/api/patient', () => HttpResponse.json(problem(403, 'Not yours'), { status: 403 })),
    );
    sessionStore.write(makeToken());

    await expect(httpClient.get('/patient')).rejects.toMatchObject({ status: 403 });

    expect(ended).not.toHaveBeenCalled();
    expect(sessionStore.read()).not.toBeNull();
  });
});

describe('failures become ApiErrors', () => {
  it('with the problem’s detail and field errors', async () => {
    sessionStore.write(makeToken());
    const errors = [
      { field: 'patient.age', message: 'Age must be between 1 and 120' },
      { field: 'patient.email', message: 'Invalid email' },
    ];
    server.use(
      http.post('/api/patient/add-patient', () =>
        HttpResponse.json(problem(400, 'Check the highlighted fields', errors), {
          status: 400,
          headers: { 'Content-Type': 'application/problem+json' },
        }),
      ),
    );

    const error = await httpClient.post('/patient/add-patient', {}).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      kind: 'http',
      status: 400,
      detail: 'Check the highlighted fields',
      message: 'Check the highlighted fields',
      fieldErrors: errors,
    });
  });

  it('with a short text body as the detail', async () => {
    server.use(
      http.post('/api/login', () => new HttpResponse('Too many attempts', { status: 429 })),
    );
    await expect(httpClient.post('/login', {})).rejects.toMatchObject({
      status: 429,
      detail: 'Too many attempts',
      fieldErrors: [],
    });
  });

  it('with a plain message instead of an HTML error page', async () => {
    server.use(
      http.post('/api/login', () =>
        HttpResponse.html('<html><body>Bad gateway</body></html>', { status: 502 }),
      ),
    );
    await expect(httpClient.post('/login', {})).rejects.toMatchObject({
      kind: 'http',
      status: 502,
      detail: 'The server could not complete the request (status 502).',
    });
  });

  it('with a network message when no answer came', async () => {
    server.use(http.post('/api/login', () => HttpResponse.error()));
    await expect(httpClient.post('/login', {})).rejects.toMatchObject({
      kind: 'network',
      status: null,
      detail: 'Could not reach the server. Check the connection and try again.',
    });
  });

  it('marked as cancelled when the caller aborts', async () => {
    server.use(http.post('/api/login', () => HttpResponse.json({})));
    const controller = new AbortController();
    controller.abort();
    await expect(
      httpClient.post('/login', {}, { signal: controller.signal }),
    ).rejects.toMatchObject({
      kind: 'cancelled',
    });
  });
});

describe('onSessionEnded', () => {
  it('stops telling a handler once unsubscribed', () => {
    const handler = vi.fn();
    const unsubscribe = onSessionEnded(handler);
    endSession('expired');
    unsubscribe();
    endSession('unauthorized');
    expect(handler).toHaveBeenCalledExactlyOnceWith('expired');
  });
});
