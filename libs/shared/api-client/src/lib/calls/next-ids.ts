import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** GET /patient/next-id: the id the add-patient form suggests (`P038`). */
export async function getNextPatientId(options: RequestOptions = {}): Promise<string> {
  const response = await send(ENDPOINTS.nextPatientId, options);
  return (await parseAnswer((answers) => answers.nextPatientIdSchema, response)).patient_id;
}

/** GET /employee/next-id: the id the add-employee form suggests (`E013`). */
export async function getNextEmployeeId(options: RequestOptions = {}): Promise<string> {
  const response = await send(ENDPOINTS.nextEmployeeId, options);
  return (await parseAnswer((answers) => answers.nextEmployeeIdSchema, response)).employee_id;
}

/**
 * The suggested next patient id; under the patients' keys, so adding a patient (which
 * invalidates them) brings the next suggestion. Always asked afresh when the form opens.
 */
export function useNextPatientId({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      enabled,
      queryKey: queryKeys.patients.nextId(),
      queryFn: ({ signal }) => getNextPatientId({ signal }),
      staleTime: 0,
    }),
  );
}

/** The suggested next employee id; refreshed after an employee is added. */
export function useNextEmployeeId({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      enabled,
      queryKey: queryKeys.employees.nextId(),
      queryFn: ({ signal }) => getNextEmployeeId({ signal }),
      staleTime: 0,
    }),
  );
}
