import { useInfiniteQuery } from '@tanstack/react-query';
import { type AccessLogEntry, ENDPOINTS } from '@portal/contract';
import { queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { pagedQueryOptions } from '../paged-query';
import { parsePage, send, type RequestOptions } from '../request';

/** GET /profile/access-log: one page of who opened the signed-in patient's record. */
export async function listMyAccessLog(
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<AccessLogEntry>> {
  return parsePage(
    (answers) => answers.accessLogSchema,
    await send(ENDPOINTS.myAccessLog, { ...options, page }),
  );
}

/** The access log as an infinite query, newest first, one page per cursor. */
export function myAccessLogQueryOptions({ limit }: { limit?: number } = {}) {
  return pagedQueryOptions(queryKeys.myRecord.accessLog(limit), limit, listMyAccessLog);
}

/** Who opened the signed-in patient's record, paged; `fetchNextPage` loads more. */
export function useMyAccessLog({ limit }: { limit?: number } = {}) {
  return useInfiniteQuery(myAccessLogQueryOptions({ limit }));
}
