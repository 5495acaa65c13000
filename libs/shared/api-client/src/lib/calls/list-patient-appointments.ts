import { useInfiniteQuery } from '@tanstack/react-query';
import { ENDPOINTS, type ChartAppointment } from '@portal/contract';
import { queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { pagedQueryOptions } from '../paged-query';
import { parsePage, send, type RequestOptions } from '../request';

/** GET /patient/{patient_id}/appointments: one page of a patient's appointments, newest first. */
export async function listPatientAppointments(
  patientId: string,
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<ChartAppointment>> {
  return parsePage(
    (answers) => answers.chartAppointmentListSchema,
    await send(ENDPOINTS.patientAppointments, {
      ...options,
      params: { patient_id: patientId.trim() },
      page,
    }),
  );
}

/** A patient's appointments as an infinite query, one page per cursor (the chart). */
export function patientAppointmentsQueryOptions(
  patientId: string,
  { limit }: { limit?: number } = {},
) {
  const id = patientId.trim();
  return {
    ...pagedQueryOptions(queryKeys.patients.appointments(id, limit), limit, (page, options) =>
      listPatientAppointments(id, page, options),
    ),
    enabled: id !== '',
  };
}

/** A patient's appointments, paged; `fetchNextPage` loads more. */
export function usePatientAppointments(patientId: string, { limit }: { limit?: number } = {}) {
  return useInfiniteQuery(patientAppointmentsQueryOptions(patientId, { limit }));
}
