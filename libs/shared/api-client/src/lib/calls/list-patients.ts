import { useInfiniteQuery } from '@tanstack/react-query';
import { ENDPOINTS, type PatientRecord, type PatientSummary } from '@portal/contract';
import { queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { pagedQueryOptions } from '../paged-query';
import { parsePage, send, type RequestOptions } from '../request';

/** GET /patient: one page of patient records. */
export async function listPatients(
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<PatientRecord>> {
  return parsePage(
    (answers) => answers.patientListSchema,
    await send(ENDPOINTS.listPatients, { ...options, page }),
  );
}

/** The patient list as an infinite query, one page per cursor. */
export function patientListQueryOptions({ limit }: { limit?: number } = {}) {
  return pagedQueryOptions(queryKeys.patients.list(limit), limit, listPatients);
}

/** The patient list, paged; `fetchNextPage` loads more. */
export function usePatientList({ limit }: { limit?: number } = {}) {
  return useInfiniteQuery(patientListQueryOptions({ limit }));
}

/**
 * GET /patient?view=summary: one page of patient summaries (names, age, gender, date of birth,
 * whether there are drug allergies), what the list page shows; the chart fetches the record.
 */
export async function listPatientSummaries(
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<PatientSummary>> {
  return parsePage(
    (answers) => answers.patientSummaryListSchema,
    await send(ENDPOINTS.listPatients, { ...options, page, query: { view: 'summary' } }),
  );
}

/** The summary list as an infinite query, one page per cursor. */
export function patientSummaryListQueryOptions({ limit }: { limit?: number } = {}) {
  return pagedQueryOptions(queryKeys.patients.summaryList(limit), limit, listPatientSummaries);
}

/** The patient summaries, paged; `fetchNextPage` loads more. */
export function usePatientSummaryList({ limit }: { limit?: number } = {}) {
  return useInfiniteQuery(patientSummaryListQueryOptions({ limit }));
}
