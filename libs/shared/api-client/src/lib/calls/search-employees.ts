import { useInfiniteQuery } from '@tanstack/react-query';
import { ENDPOINTS, type Employee, type SearchEmployeeRequest } from '@portal/contract';
import { normalizeEmployeeCriteria, queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { pagedQueryOptions } from '../paged-query';
import { parsePage, send, type RequestOptions } from '../request';

/** POST /employee/search-employee: one page of the employees matching the criteria. */
export async function searchEmployees(
  criteria: SearchEmployeeRequest,
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<Employee>> {
  const response = await send(ENDPOINTS.searchEmployees, { ...options, data: criteria, page });
  return parsePage((answers) => answers.employeeListSchema, response);
}

/** An employee search as an infinite query keyed by its (trimmed) criteria. */
export function employeeSearchQueryOptions(
  criteria: SearchEmployeeRequest,
  { limit }: { limit?: number } = {},
) {
  const normalized = normalizeEmployeeCriteria(criteria);
  return pagedQueryOptions(queryKeys.employees.search(normalized, limit), limit, (page, options) =>
    searchEmployees(normalized, page, options),
  );
}

/** An employee search, paged; pass `enabled: false` until the form is submitted. */
export function useEmployeeSearch(
  criteria: SearchEmployeeRequest,
  { limit, enabled = true }: { limit?: number; enabled?: boolean } = {},
) {
  return useInfiniteQuery({ ...employeeSearchQueryOptions(criteria, { limit }), enabled });
}
