import { infiniteQueryOptions, type QueryKey } from '@tanstack/react-query';
import type { Page, PageParams } from './page';
import type { RequestOptions } from './request';

/**
 * A paged read as an infinite query: the first page asks with no cursor, each next one with
 * the cursor the last answer gave (none: that was the last page), `limit` records a page.
 */
export function pagedQueryOptions<T, K extends QueryKey>(
  queryKey: K,
  limit: number | undefined,
  fetchPage: (page: PageParams, options: RequestOptions) => Promise<Page<T>>,
) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => fetchPage({ limit, cursor: pageParam }, { signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last: Page<T>) => last.nextCursor ?? undefined,
  });
}
