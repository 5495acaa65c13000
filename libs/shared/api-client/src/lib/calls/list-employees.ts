import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ENDPOINTS, type Employee } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parsePage, send, type Page, type PageParams, type RequestOptions } from '../request';

/** GET /employee: one page of employees. */
export async function listEmployees(
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<Employee>> {
  return parsePage(
    (answers) => answers.employeeListSchema,
    await send(ENDPOINTS.listEmployees, { ...options, page }),
  );
}

/** The employee list as an infinite query, one page per cursor. */
export function employeeListQueryOptions({ limit }: { limit?: number } = {}) {
  return infiniteQueryOptions({
    queryKey: queryKeys.employees.list(limit),
    queryFn: ({ pageParam, signal }) => listEmployees({ limit, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<Employee>) => last.nextCursor ?? undefined,
  });
}

/** The employee list, paged; `fetchNextPage` loads more. */
export function useEmployeeList({ limit }: { limit?: number } = {}) {
  return useInfiniteQuery(employeeListQueryOptions({ limit }));
}
