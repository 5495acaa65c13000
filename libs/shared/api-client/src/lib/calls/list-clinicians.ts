import { queryOptions, useQuery } from '@tanstack/react-query';
import { type Clinician, ENDPOINTS, MAX_PAGE_SIZE } from '@portal/contract';
import { queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { parsePage, send, type RequestOptions } from '../request';

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

/** How many of the largest pages the booking form reads at most (2,000 clinicians by name). */
export const CLINICIAN_PAGES_READ = 10;

/** The booking form's clinician choices: every active clinician, up to CLINICIAN_PAGES_READ pages. */
export interface ClinicianChoices {
  readonly items: Clinician[];
  /** Whether clinicians beyond those read remain (the form says it shows the first ones). */
  readonly more: boolean;
}

/** The booking form's clinician choices, read a page at a time by the server's cursor. */
export function cliniciansQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.employees.clinicians(),
    queryFn: async ({ signal }): Promise<ClinicianChoices> => {
      const items: Clinician[] = [];
      let cursor: string | null = null;
      for (let read = 0; read < CLINICIAN_PAGES_READ; read += 1) {
        const page: Page<Clinician> = await listClinicians(
          { limit: MAX_PAGE_SIZE, ...(cursor ? { cursor } : {}) },
          { signal },
        );
        items.push(...page.items);
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      return { items, more: cursor !== null };
    },
  });
}

/** The active clinicians a booking may name. */
export function useClinicians() {
  return useQuery(cliniciansQueryOptions());
}
