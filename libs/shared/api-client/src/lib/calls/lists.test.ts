import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { employee, patientRecord } from '../../test/fixtures';
import { makeToken } from '../../test/tokens';
import { sessionStore } from '../session-store';
import { listEmployees } from './list-employees';
import { listPatients } from './list-patients';
import { searchEmployees } from './search-employees';
import { searchPatients } from './search-patients';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  sessionStore.write(makeToken());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('list calls', () => {
  it('ask for a page by limit and cursor and read the total and next cursor from the headers', async () => {
    let query = '';
    server.use(
      http.get('/api/patient', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json([patientRecord('P003'), patientRecord('P004')], {
          headers: { 'X-Total-Count': '57', 'X-Next-Cursor': 'UDAwNA' },
        });
      }),
    );

    const page = await listPatients({ limit: 2, cursor: 'UDAwMg' });

    expect(query).toBe('?limit=2&cursor=UDAwMg');
    expect(page.total).toBe(57);
    expect(page.nextCursor).toBe('UDAwNA');
    expect(page.items.map((r) => r.patient.patient_id)).toEqual(['P003', 'P004']);
  });

  it('send no paging parameters when none are asked for, and end on a page without a cursor', async () => {
    let query = 'unset';
    server.use(
      http.get('/api/employee', ({ request }) => {
        query = new URL(request.url).search;
        return HttpResponse.json([employee()], { headers: { 'X-Total-Count': '1' } });
      }),
    );

    const page = await listEmployees();

    expect(query).toBe('');
    expect(page).toEqual({ items: [employee()], total: 1, nextCursor: null });
  });

  it('count the items when a proxy stripped the total', async () => {
    server.use(
      http.get('/api/employee', () => HttpResponse.json([employee('E1'), employee('E2')])),
    );
    await expect(listEmployees()).resolves.toMatchObject({ total: 2, nextCursor: null });
  });

  it('reject a total that is not a count', async () => {
    server.use(
      http.get('/api/patient', () =>
        HttpResponse.json([], { headers: { 'X-Total-Count': 'many' } }),
      ),
    );
    await expect(listPatients()).rejects.toMatchObject({
      kind: 'bad-answer',
      detail: 'Unexpected answer from the server',
    });
  });
});

describe('search calls', () => {
  it('send the criteria as the body and the page in the query', async () => {
    let body: unknown;
    let query = '';
    server.use(
      http.post('/api/patient/search-patient', async ({ request }) => {
        body = await request.json();
        query = new URL(request.url).search;
        return HttpResponse.json([patientRecord()], {
          headers: { 'X-Total-Count': '9', 'X-Next-Cursor': 'next' },
        });
      }),
    );

    const page = await searchPatients({ last_name: 'lee' }, { limit: 1, cursor: 'abc' });

    expect(body).toEqual({ last_name: 'lee' });
    expect(query).toBe('?limit=1&cursor=abc');
    expect(page).toMatchObject({ total: 9, nextCursor: 'next' });
  });

  it('answer an empty page for no match', async () => {
    server.use(
      http.post('/api/employee/search-employee', () =>
        HttpResponse.json([], { headers: { 'X-Total-Count': '0' } }),
      ),
    );
    await expect(searchEmployees({ first_name: 'zz' })).resolves.toEqual({
      items: [],
      total: 0,
      nextCursor: null,
    });
  });
});
