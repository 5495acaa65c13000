import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, type Employee } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** GET /employee/{employee_id}: one employee (the edit form fills itself from it). */
export async function getEmployee(
  employeeId: string,
  options: RequestOptions = {},
): Promise<Employee> {
  const response = await send(ENDPOINTS.getEmployee, {
    ...options,
    params: { employee_id: employeeId.trim() },
  });
  return parseAnswer((answers) => answers.employeeSchema, response);
}

/** One employee's query; idle until there is an id to ask for. */
export function employeeQueryOptions(employeeId: string) {
  const id = employeeId.trim();
  return queryOptions({
    queryKey: queryKeys.employees.detail(id),
    queryFn: ({ signal }) => getEmployee(id, { signal }),
    enabled: id !== '',
  });
}

/** One employee. */
export function useEmployee(employeeId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const options = employeeQueryOptions(employeeId);
  return useQuery({ ...options, enabled: enabled && options.enabled });
}
