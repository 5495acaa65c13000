import { useInfiniteQuery } from '@tanstack/react-query';
import { ENDPOINTS, type Employee, type EmployeeListView } from '@portal/contract';
import { queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { pagedQueryOptions } from '../paged-query';
import { parsePage, send, type RequestOptions } from '../request';

/**
 * GET /employee: one page of employees, in the spec's order (oldest first), or sorted and
 * filtered on the server when `view` asks (HR's table).
 */
export async function listEmployees(
  page: PageParams = {},
  options: RequestOptions = {},
  view: EmployeeListView = {},
): Promise<Page<Employee>> {
  return parsePage(
    (answers) => answers.employeeListSchema,
    await send(ENDPOINTS.listEmployees, { ...options, page, query: { ...view } }),
  );
}

/** The employee list as an infinite query, one page per cursor; each view is cached apart. */
export function employeeListQueryOptions({
  limit,
  view = {},
}: { limit?: number; view?: EmployeeListView } = {}) {
  return pagedQueryOptions(queryKeys.employees.list(limit, view), limit, (page, options) =>
    listEmployees(page, options, view),
  );
}

/** The employee list, paged; `fetchNextPage` loads more. `view` sorts and filters it. */
export function useEmployeeList(options: { limit?: number; view?: EmployeeListView } = {}) {
  return useInfiniteQuery(employeeListQueryOptions(options));
}
