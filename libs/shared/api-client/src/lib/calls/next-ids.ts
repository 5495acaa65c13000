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

/** The next free id of each kind of record, and the keys an add invalidates. */
const NEXT_IDS = {
  patient: { key: () => queryKeys.patients.nextId(), get: getNextPatientId },
  employee: { key: () => queryKeys.employees.nextId(), get: getNextEmployeeId },
} as const;

/**
 * The id an add form suggests (`P038`, `E013`); under the kind's own keys, so adding a record
 * (which invalidates them) brings the next suggestion. Always asked afresh when the form opens.
 */
export function useNextId(
  kind: keyof typeof NEXT_IDS,
  { enabled = true }: { enabled?: boolean } = {},
) {
  const next = NEXT_IDS[kind];
  return useQuery(
    queryOptions({
      enabled,
      queryKey: next.key(),
      queryFn: ({ signal }) => next.get({ signal }),
      staleTime: 0,
    }),
  );
}
