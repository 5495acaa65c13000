import { useInfiniteQuery } from '@tanstack/react-query';
import { ENDPOINTS, type UpcomingAppointment } from '@portal/contract';
import { queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { pagedQueryOptions } from '../paged-query';
import { parsePage, send, type RequestOptions } from '../request';

/** GET /profile/appointments: one page of the signed-in patient's upcoming appointments. */
export async function listMyAppointments(
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<UpcomingAppointment>> {
  return parsePage(
    (answers) => answers.upcomingAppointmentListSchema,
    await send(ENDPOINTS.myAppointments, { ...options, page }),
  );
}

/** The patient's upcoming appointments as an infinite query, one page per cursor. */
export function myAppointmentsQueryOptions({ limit }: { limit?: number } = {}) {
  return pagedQueryOptions(queryKeys.myRecord.appointments(limit), limit, listMyAppointments);
}

/** The signed-in patient's upcoming appointments, paged; `fetchNextPage` loads more. */
export function useMyAppointments({ limit }: { limit?: number } = {}) {
  return useInfiniteQuery(myAppointmentsQueryOptions({ limit }));
}
