import { queryOptions } from '@tanstack/react-query';
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
 * The query of the id an add form suggests, under its kind's own keys, so adding a record (which
 * invalidates them) brings the next suggestion. Always asked afresh when the form opens.
 */
function nextIdQuery(queryKey: readonly unknown[], get: typeof getNextPatientId) {
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => get({ signal }),
    staleTime: 0,
  });
}

/** The next free patient id's query (`P038`). */
export const nextPatientIdQueryOptions = () =>
  nextIdQuery(queryKeys.patients.nextId(), getNextPatientId);

/** The next free employee id's query (`E013`). */
export const nextEmployeeIdQueryOptions = () =>
  nextIdQuery(queryKeys.employees.nextId(), getNextEmployeeId);
