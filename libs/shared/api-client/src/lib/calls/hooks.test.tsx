import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import type { ReactNode } from 'react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { activationCode, employee, patientRecord } from '../../test/fixtures';
import { makeToken } from '../../test/tokens';
import { normalizePatientCriteria, queryKeys } from '../query-keys';
import { sessionStore } from '../session-store';
import { useAddAppointmentMutation } from './add-appointment';
import { useAddEmployeeMutation } from './add-employee';
import { useAddHistoryMutation } from './add-history';
import { useAddPatientMutation } from './add-patient';
import { useEmployee } from './get-employee';
import { usePatient } from './get-patient';
import { useProfile } from './get-profile';
import { useEmployeeList } from './list-employees';
import { usePatientList } from './list-patients';
import { useReissuePatientCodeMutation } from './reissue-patient-code';
import { usePatientSearch } from './search-patients';
import { useEmployeeSearch } from './search-employees';
import { useUpdateEmployeeMutation } from './update-employee';
import { useUpdatePatientMutation } from './update-patient';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  sessionStore.write(makeToken());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function setup() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

describe('read hooks', () => {
  it('useProfile loads the signed-in user', async () => {
    server.use(
      http.get('/api/profile', () =>
        HttpResponse.json({
          username: 'ann',
          role: 'patient',
          patient_id: 'P001',
          employee_id: null,
        }),
      ),
    );
    const { wrapper, queryClient } = setup();
    const { result } = renderHook(() => useProfile(), { wrapper });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data?.patient_id).toBe('P001');
    expect(queryClient.getQueryData(queryKeys.profile())).toEqual(result.current.data);
  });

  it('usePatient waits for an id, then loads the record', async () => {
    const hit = vi.fn();
    server.use(
      http.get('/api/patient/:id', ({ params }) => {
        hit(params['id']);
        return HttpResponse.json(patientRecord(String(params['id'])));
      }),
    );
    const { wrapper } = setup();
    const { result, rerender } = renderHook(({ id }) => usePatient(id), {
      wrapper,
      initialProps: { id: '' },
    });
    expect(result.current.fetchStatus).toBe('idle');

    rerender({ id: 'P007' });
    await waitFor(() => expect(result.current.data?.patient.patient_id).toBe('P007'));
    expect(hit).toHaveBeenCalledExactlyOnceWith('P007');
  });

  it('useEmployee reports the server’s refusal as an ApiError', async () => {
    server.use(
      http.get('/api/employee/E404', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Not Found', status: 404, detail: 'No employee E404' },
          { status: 404 },
        ),
      ),
    );
    const { wrapper } = setup();
    const { result } = renderHook(() => useEmployee('E404'), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error).toMatchObject({ status: 404, detail: 'No employee E404' });
  });

  it('usePatientList walks the pages by their cursors', async () => {
    const cursors: (string | null)[] = [];
    server.use(
      http.get('/api/patient', ({ request }) => {
        const cursor = new URL(request.url).searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === null
          ? HttpResponse.json([patientRecord('P001')], {
              headers: { 'X-Total-Count': '2', 'X-Next-Cursor': 'page2' },
            })
          : HttpResponse.json([patientRecord('P002')], { headers: { 'X-Total-Count': '2' } });
      }),
    );
    const { wrapper } = setup();
    const { result } = renderHook(() => usePatientList({ limit: 1 }), { wrapper });
    await waitFor(() => expect(result.current.hasNextPage).toBe(true));

    await act(() => result.current.fetchNextPage());

    await waitFor(() => expect(result.current.hasNextPage).toBe(false));
    expect(cursors).toEqual([null, 'page2']);
    const ids = result.current.data?.pages.flatMap((p) => p.items.map((r) => r.patient.patient_id));
    expect(ids).toEqual(['P001', 'P002']);
  });

  it('useEmployeeList loads the first page', async () => {
    server.use(
      http.get('/api/employee', () =>
        HttpResponse.json([employee()], { headers: { 'X-Total-Count': '1' } }),
      ),
    );
    const { wrapper } = setup();
    const { result } = renderHook(() => useEmployeeList(), { wrapper });
    await waitFor(() => expect(result.current.data?.pages[0]?.total).toBe(1));
  });

  it('usePatientSearch waits until enabled and keys equal searches alike', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/patient/search-patient', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json([patientRecord()], { headers: { 'X-Total-Count': '1' } });
      }),
    );
    const { wrapper, queryClient } = setup();
    const { result, rerender } = renderHook(
      ({ enabled }) => usePatientSearch({ first_name: ' Ann ' }, { enabled }),
      { wrapper, initialProps: { enabled: false } },
    );
    expect(result.current.fetchStatus).toBe('idle');

    rerender({ enabled: true });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));

    expect(bodies).toEqual([{ patient_id: '', first_name: 'Ann', last_name: '' }]);
    const key = queryKeys.patients.search(normalizePatientCriteria({ first_name: 'Ann' }));
    expect(queryClient.getQueryData(key)).toBeDefined();
  });

  it('useEmployeeSearch reports a failed search', async () => {
    server.use(http.post('/api/employee/search-employee', () => HttpResponse.error()));
    const { wrapper } = setup();
    const { result } = renderHook(() => useEmployeeSearch({ last_name: 'x' }), { wrapper });
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(result.current.error?.kind).toBe('network');
  });
});

describe('write hooks', () => {
  const patientBody = {
    patient: patientRecord().patient,
    patient_chronic_disease: [],
    patient_drug_allergy: [],
  };
  const cases = [
    {
      name: 'useAddPatientMutation',
      domain: 'patients',
      route: http.post('/api/patient/add-patient', () =>
        HttpResponse.json({ patient_id: 'P001', ...activationCode }, { status: 201 }),
      ),
      useRun: () => {
        const m = useAddPatientMutation();
        return () => m.mutateAsync(patientBody);
      },
    },
    {
      name: 'useUpdatePatientMutation',
      domain: 'patients',
      route: http.put('/api/patient/update-patient', () => HttpResponse.json(patientRecord())),
      useRun: () => {
        const m = useUpdatePatientMutation();
        return () => m.mutateAsync({ patient: { patient_id: 'P001', age: 43 } });
      },
    },
    {
      name: 'useAddAppointmentMutation',
      domain: 'patients',
      route: http.post('/api/patient/add-patient-appointment', () =>
        HttpResponse.json({
          patient_id: 'P001',
          first_name: 'Anna',
          last_name: 'Lee',
          date: '2025-01-01',
          time: '10:30:00',
          topic: null,
        }),
      ),
      useRun: () => {
        const m = useAddAppointmentMutation();
        return () =>
          m.mutateAsync({ patient_id: 'P001', date: '2025-01-01', time: '10:30', topic: '' });
      },
    },
    {
      name: 'useAddHistoryMutation',
      domain: 'patients',
      route: http.post('/api/patient/add-patient-history', () =>
        HttpResponse.json({
          patient_id: 'P001',
          first_name: 'Anna',
          last_name: 'Lee',
          date: '2025-01-01',
          time: '10:30:00',
          detail: null,
        }),
      ),
      useRun: () => {
        const m = useAddHistoryMutation();
        return () =>
          m.mutateAsync({ patient_id: 'P001', date: '2025-01-01', time: '10:30:00', detail: '' });
      },
    },
    {
      name: 'useAddEmployeeMutation',
      domain: 'employees',
      route: http.post('/api/employee/add-employee', () =>
        HttpResponse.json({ employee_id: 'E002', ...activationCode }, { status: 201 }),
      ),
      useRun: () => {
        const m = useAddEmployeeMutation();
        return () => m.mutateAsync({ ...employee('E002'), position_id: 'P002' });
      },
    },
    {
      name: 'useUpdateEmployeeMutation',
      domain: 'employees',
      route: http.put('/api/employee/update-employee', () =>
        HttpResponse.json({ ...employee(), sessions_revoked: 0 }),
      ),
      useRun: () => {
        const m = useUpdateEmployeeMutation();
        return () => m.mutateAsync({ employee_id: 'E001', salary: 60000 });
      },
    },
  ] as const;

  function seed(queryClient: QueryClient) {
    queryClient.setQueryData(queryKeys.patients.detail('P001'), patientRecord());
    queryClient.setQueryData(queryKeys.patients.list(), { pages: [], pageParams: [] });
    queryClient.setQueryData(queryKeys.employees.detail('E001'), employee());
    queryClient.setQueryData(queryKeys.employees.list(), { pages: [], pageParams: [] });
    queryClient.setQueryData(queryKeys.profile(), { username: 'u' });
  }

  function invalidated(queryClient: QueryClient) {
    return queryClient
      .getQueryCache()
      .getAll()
      .filter((q) => q.state.isInvalidated)
      .map((q) => String(q.queryKey[0]))
      .sort();
  }

  it.each(cases)('$name invalidates the $domain queries and nothing else', async (c) => {
    server.use(c.route);
    const { wrapper, queryClient } = setup();
    seed(queryClient);
    const { result } = renderHook(() => c.useRun(), { wrapper });

    await act(async () => {
      await result.current();
    });

    expect(invalidated(queryClient)).toEqual([c.domain, c.domain]);
  });

  it('leaves the cache alone when the write fails', async () => {
    server.use(
      http.post('/api/patient/add-patient', () =>
        HttpResponse.json(
          { type: 'about:blank', title: 'Conflict', status: 409, detail: 'Patient P001 exists' },
          { status: 409 },
        ),
      ),
    );
    const { wrapper, queryClient } = setup();
    seed(queryClient);
    const { result } = renderHook(() => useAddPatientMutation(), { wrapper });

    await act(async () => {
      await result.current.mutateAsync(patientBody).catch(() => undefined);
    });

    expect(result.current.error?.detail).toBe('Patient P001 exists');
    expect(invalidated(queryClient)).toEqual([]);
  });

  it('a reissued code changes no cached data', async () => {
    server.use(
      http.post('/api/patient/P001/activation-code', () =>
        HttpResponse.json(activationCode, { status: 201 }),
      ),
    );
    const { wrapper, queryClient } = setup();
    seed(queryClient);
    const { result } = renderHook(() => useReissuePatientCodeMutation(), { wrapper });

    await act(async () => {
      await expect(result.current.mutateAsync('P001')).resolves.toEqual(activationCode);
    });
    expect(invalidated(queryClient)).toEqual([]);
  });
});
