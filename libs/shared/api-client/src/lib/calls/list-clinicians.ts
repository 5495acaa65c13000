import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Clinician, ENDPOINTS, MAX_PAGE_SIZE } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parsePage, send, type Page, type PageParams, type RequestOptions } from '../request';

/** GET /clinicians: one page of the active clinicians a booking may name, by name. */
export async function listClinicians(
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<Clinician>> {
  return parsePage(
    (answers) => answers.clinicianListSchema,
    await send(ENDPOINTS.listClinicians, { ...options, page }),
  );
}

/** The booking form's clinician choices: the first (largest) page. */
export function cliniciansQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.employees.clinicians(),
    queryFn: ({ signal }) => listClinicians({ limit: MAX_PAGE_SIZE }, { signal }),
  });
}

/** The active clinicians (a page of up to MAX_PAGE_SIZE). */
export function useClinicians() {
  return useQuery(cliniciansQueryOptions());
}
