import { useInfiniteQuery } from '@tanstack/react-query';
import { type DayAppointment, ENDPOINTS } from '@portal/contract';
import { queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { pagedQueryOptions } from '../paged-query';
import { parsePage, send, type RequestOptions } from '../request';

/** Which day, and optionally whose (an employee id: "mine"). */
export interface DayCriteria {
  /** YYYY-MM-DD. */
  readonly date: string;
  readonly clinicianId?: string;
}

/** GET /appointments?date=…[&clinician_id=…]: one page of a day's appointments, by time. */
export async function listDayAppointments(
  { date, clinicianId }: DayCriteria,
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<DayAppointment>> {
  return parsePage(
    (answers) => answers.dayAppointmentListSchema,
    await send(ENDPOINTS.dayAppointments, {
      ...options,
      page,
      query: { date, clinician_id: clinicianId?.trim() || undefined },
    }),
  );
}

/**
 * How often an open Today asks again: a change made elsewhere (a patient cancelling online, a
 * colleague booking) shows within this, and at once when the tab is shown again.
 */
export const DAY_REFRESH_MS = 10_000;

/** A day's appointments as an infinite query (the Today page). */
export function dayAppointmentsQueryOptions(
  criteria: DayCriteria,
  { limit }: { limit?: number } = {},
) {
  const clinicianId = criteria.clinicianId?.trim() || undefined;
  return {
    ...pagedQueryOptions(
      queryKeys.patients.day(criteria.date, clinicianId, limit),
      limit,
      (page, options) => listDayAppointments({ date: criteria.date, clinicianId }, page, options),
    ),
    enabled: criteria.date !== '',
    refetchInterval: DAY_REFRESH_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
  };
}

/** A day's appointments, paged; `fetchNextPage` loads more. */
export function useDayAppointments(criteria: DayCriteria, { limit }: { limit?: number } = {}) {
  return useInfiniteQuery(dayAppointmentsQueryOptions(criteria, { limit }));
}
