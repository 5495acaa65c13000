import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type CancelMyAppointmentRequest,
  ENDPOINTS,
  type MyAppointmentList,
  type UpcomingAppointment,
} from '@portal/contract';
import { queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { pagedQueryOptions } from '../paged-query';
import { parseAnswer, parsePage, send, type RequestOptions } from '../request';

/**
 * GET /profile/appointments?when=: one page of the signed-in patient's upcoming (booked, soonest
 * first) or past (every other, newest first) appointments.
 */
export async function listMyAppointments(
  when: MyAppointmentList,
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<UpcomingAppointment>> {
  return parsePage(
    (answers) => answers.upcomingAppointmentListSchema,
    await send(ENDPOINTS.myAppointments, { ...options, page, query: { when } }),
  );
}

/** One of the patient's two lists as an infinite query, one page per cursor. */
export function myAppointmentsQueryOptions({
  when = 'upcoming',
  limit,
}: { when?: MyAppointmentList; limit?: number } = {}) {
  return pagedQueryOptions(queryKeys.myRecord.appointments(when, limit), limit, (page, options) =>
    listMyAppointments(when, page, options),
  );
}

/** The signed-in patient's upcoming or past appointments, paged; `fetchNextPage` loads more. */
export function useMyAppointments(options: { when?: MyAppointmentList; limit?: number } = {}) {
  return useInfiniteQuery(myAppointmentsQueryOptions(options));
}

/**
 * POST /profile/appointments/{appointment_id}/cancel: the patient cancels their own booked
 * appointment with a reason (409 once it is too close to its start: call the clinic).
 */
export async function cancelMyAppointment(
  appointmentId: string,
  body: CancelMyAppointmentRequest,
  options: RequestOptions = {},
): Promise<UpcomingAppointment> {
  const response = await send(ENDPOINTS.cancelMyAppointment, {
    ...options,
    params: { appointment_id: appointmentId.trim() },
    data: body,
  });
  return parseAnswer((answers) => answers.upcomingAppointmentSchema, response);
}

/**
 * Cancels one of the patient's appointments; both lists and the record (its Latest
 * Appointment) are refetched, whatever the answer (a 409 may mean it changed meanwhile).
 */
export function useCancelMyAppointmentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ appointmentId, reason }: { appointmentId: string; reason: string }) =>
      cancelMyAppointment(appointmentId, { reason }),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.myRecord.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
    },
  });
}
