import { useInfiniteQuery } from '@tanstack/react-query';
import {
  ENDPOINTS,
  type PatientRecord,
  type PatientSummary,
  type SearchPatientRequest,
} from '@portal/contract';
import { normalizePatientCriteria, queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { pagedQueryOptions } from '../paged-query';
import { parsePage, send, type RequestOptions } from '../request';

/** POST /patient/search-patient: one page of the records matching the criteria. */
export async function searchPatients(
  criteria: SearchPatientRequest,
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<PatientRecord>> {
  const response = await send(ENDPOINTS.searchPatients, { ...options, data: criteria, page });
  return parsePage((answers) => answers.patientListSchema, response);
}

/** A patient search as an infinite query keyed by its (trimmed) criteria. */
export function patientSearchQueryOptions(
  criteria: SearchPatientRequest,
  { limit }: { limit?: number } = {},
) {
  const normalized = normalizePatientCriteria(criteria);
  return pagedQueryOptions(queryKeys.patients.search(normalized, limit), limit, (page, options) =>
    searchPatients(normalized, page, options),
  );
}

/** A patient search, paged; pass `enabled: false` until the form is submitted. */
export function usePatientSearch(
  criteria: SearchPatientRequest,
  { limit, enabled = true }: { limit?: number; enabled?: boolean } = {},
) {
  return useInfiniteQuery({ ...patientSearchQueryOptions(criteria, { limit }), enabled });
}

/** POST /patient/search-patient?view=summary: one page of the matching patients' summaries. */
export async function searchPatientSummaries(
  criteria: SearchPatientRequest,
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<PatientSummary>> {
  const response = await send(ENDPOINTS.searchPatients, {
    ...options,
    data: criteria,
    page,
    query: { view: 'summary' },
  });
  return parsePage((answers) => answers.patientSummaryListSchema, response);
}

/** A summary search as an infinite query keyed by its (trimmed) criteria. */
export function patientSummarySearchQueryOptions(
  criteria: SearchPatientRequest,
  { limit }: { limit?: number } = {},
) {
  const normalized = normalizePatientCriteria(criteria);
  return pagedQueryOptions(
    queryKeys.patients.summarySearch(normalized, limit),
    limit,
    (page, options) => searchPatientSummaries(normalized, page, options),
  );
}

/** A summary search, paged; pass `enabled: false` until the form is submitted. */
export function usePatientSummarySearch(
  criteria: SearchPatientRequest,
  { limit, enabled = true }: { limit?: number; enabled?: boolean } = {},
) {
  return useInfiniteQuery({ ...patientSummarySearchQueryOptions(criteria, { limit }), enabled });
}
