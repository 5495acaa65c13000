import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AddHistoryRequest } from '@portal/contract';
import { problem } from '../test/fixtures';
import { makeToken, storeToken } from '../test/tokens';
import { addHistory } from './calls/add-history';
import { login } from './calls/login';
import { searchPatients } from './calls/search-patients';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());
beforeEach(() => storeToken(makeToken()));

let detail = 0;
/** A history entry no other test sends (the client keys requests by their body). */
const entry = (): AddHistoryRequest => ({
  patient_id: 'P001',
  date: '2026-01-05',
  time: '08:00',
  detail: `Seen ${++detail}`,
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

/** Answers the history call with `answers` in turn, recording each request's key. */
function historyServer(answers: (() => Response)[]) {
  const keys: (string | null)[] = [];
  server.use(
    http.post('/api/patient/add-patient-history', ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      return (answers[keys.length - 1] ?? answers[answers.length - 1]!)();
    }),
  );
  return keys;
}

const created = () => HttpResponse.json(saved, { status: 201 });

describe('the Idempotency-Key of a person’s action', () => {
  it('sends a key with every write, a new one for each new action', async () => {
    const keys = historyServer([created]);
    const body = entry();
    await addHistory(body);
    // The same entry again once the first was saved is a second action of the person's.
    await addHistory(body);
    await addHistory(entry());
    expect(keys).toHaveLength(3);
    for (const key of keys) expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(keys).size).toBe(3);
  });

  it('sends the same key again on every retry of an action that got no answer', async () => {
    const keys = historyServer([
      () => HttpResponse.error(),
      () => HttpResponse.json(problem(503, 'Busy'), { status: 503 }),
      () =>
        HttpResponse.json(
          problem(409, 'Idempotency-Key: still being handled', [
            { field: 'Idempotency-Key', message: 'A request with this key is still being handled' },
          ]),
          { status: 409 },
        ),
      created,
      created,
    ]);
    const body = entry();
    for (let attempt = 0; attempt < 3; attempt++)
      await expect(addHistory(body)).rejects.toMatchObject({ name: 'ApiError' });
    await addHistory(body);
    expect(keys).toHaveLength(4);
    expect(new Set(keys).size).toBe(1);
    // Answered: the same request now is a new action.
    await addHistory(body);
    expect(keys[4]).not.toBe(keys[0]);
  });

  it('takes a new key after a refusal, and for a request that changed', async () => {
    const keys = historyServer([
      () => HttpResponse.error(),
      () => HttpResponse.json(problem(400, 'detail: too long'), { status: 400 }),
      created,
    ]);
    const body = entry();
    await expect(addHistory(body)).rejects.toMatchObject({ kind: 'network' });
    // The person changed what they typed: another action.
    const changed = { ...body, detail: `${String(body.detail)} (edited)` };
    await expect(addHistory(changed)).rejects.toMatchObject({ status: 400 });
    await addHistory(changed);
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[1]);
  });

  it('sends the key the caller gives', async () => {
    const keys = historyServer([created]);
    await addHistory(entry(), { idempotencyKey: 'chosen-by-the-page' });
    expect(keys).toEqual(['chosen-by-the-page']);
  });

  it('sends none with the public calls nor the searches', async () => {
    const seen: (string | null)[] = [];
    server.use(
      http.post('/api/login', ({ request }) => {
        seen.push(request.headers.get('idempotency-key'));
        return HttpResponse.json({ token: makeToken() });
      }),
      http.post('/api/patient/search-patient', ({ request }) => {
        seen.push(request.headers.get('idempotency-key'));
        return HttpResponse.json([]);
      }),
    );
    await login({ username: 'somchai', password: 'x' }).catch(() => undefined);
    await searchPatients({ first_name: 'Som' }).catch(() => undefined);
    expect(seen).toEqual([null, null]);
  });
});
