import { delay, http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AddHistoryRequest, OFFLINE_NOT_SENT_MESSAGE } from '@portal/contract';
import { makeToken, storeToken } from '../test/tokens';
import { addHistory } from './calls/add-history';
import { lastWriteNotSent } from './connection';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  vi.restoreAllMocks();
});
afterAll(() => server.close());
beforeEach(() => storeToken(makeToken()));

let detail = 0;
const entry = (): AddHistoryRequest => ({
  patient_id: 'P001',
  date: '2026-01-05',
  time: '08:00',
  detail: `Offline ${++detail}`,
});
const saved = {
  patient_id: 'P001',
  first_name: 'Somchai',
  last_name: 'Jaidee',
  date: '2026-01-05',
  time: '08:00:00',
  detail: 'Seen',
  recorded_by: null,
  recorded_at: '2026-01-05T01:00:00.000Z',
};

/** Answers the history call after `wait` ms, recording each request's key. */
function historyServer(wait = 0) {
  const keys: (string | null)[] = [];
  server.use(
    http.post('/api/patient/add-patient-history', async ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      if (wait) await delay(wait);
      return HttpResponse.json(saved, { status: 201 });
    }),
  );
  return keys;
}

const setOffline = (offline: boolean) =>
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(!offline);

describe('a write while the browser is offline', () => {
  it('is not sent, fails at once saying so, and is not sent later by itself', async () => {
    const keys = historyServer();
    setOffline(true);
    const before = lastWriteNotSent();
    const started = Date.now();
    await expect(addHistory(entry())).rejects.toMatchObject({
      kind: 'offline',
      status: null,
      detail: OFFLINE_NOT_SENT_MESSAGE,
    });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(lastWriteNotSent()).toBeGreaterThan(before);
    setOffline(false);
    window.dispatchEvent(new Event('online'));
    await delay(50);
    expect(keys).toHaveLength(0);
  });

  it('is sent once when the person tries again online', async () => {
    const keys = historyServer();
    const body = entry();
    setOffline(true);
    await expect(addHistory(body)).rejects.toMatchObject({ kind: 'offline' });
    setOffline(false);
    await addHistory(body);
    expect(keys).toHaveLength(1);
  });

  it('is given up at once when the browser goes offline while it is under way; the retry keeps its key', async () => {
    const keys = historyServer(5_000);
    const body = entry();
    const started = Date.now();
    const pending = addHistory(body);
    await delay(50);
    setOffline(true);
    window.dispatchEvent(new Event('offline'));
    await expect(pending).rejects.toMatchObject({ kind: 'network', status: null });
    expect(Date.now() - started).toBeLessThan(2_000);
    setOffline(false);
    server.resetHandlers();
    const retried = historyServer();
    await addHistory(body);
    expect(retried).toEqual([keys[0]]);
  });
});
