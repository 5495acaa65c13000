import { type PatientSummary, RECORD_KINDS, type SearchPatientRequest } from '@portal/contract';
import { queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { recordSearcher, recordSearchHook, recordSearchQuery } from '../record-kind-calls';
import { parsePage, send, type RequestOptions } from '../request';

/** POST /patient/search-patient: one page of the records matching the criteria. */
export const searchPatients = /* @__PURE__ */ recordSearcher('patient');

/** A patient search as an infinite query keyed by its (trimmed) criteria. */
export const patientSearchQueryOptions = /* @__PURE__ */ recordSearchQuery(
  'patient',
  searchPatients,
);

/** A patient search, paged; pass `enabled: false` until the form is submitted. */
export const usePatientSearch = /* @__PURE__ */ recordSearchHook(patientSearchQueryOptions);

/** POST /patient/search-patient?view=summary: one page of the matching patients' summaries. */
export async function searchPatientSummaries(
  criteria: SearchPatientRequest,
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<PatientSummary>> {
  const response = await send(RECORD_KINDS.patient.search, {
    ...options,
    data: criteria,
    page,
    query: { view: 'summary' },
  });
  return parsePage((answers) => answers.patientSummaryListSchema, response);
}

/** A summary search as an infinite query keyed by its (trimmed) criteria. */
export const patientSummarySearchQueryOptions = /* @__PURE__ */ recordSearchQuery(
  'patient',
  searchPatientSummaries,
  queryKeys.patients.summarySearch,
);

/** A summary search, paged; pass `enabled: false` until the form is submitted. */
export const usePatientSummarySearch = /* @__PURE__ */ recordSearchHook(
  patientSummarySearchQueryOptions,
);
