import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import {
  type CatalogueItem,
  ENDPOINTS,
  type SubstanceItem,
  type SubstanceKind,
} from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** How a catalogue search is narrowed: how many entries, and (substances) which kind. */
export interface CatalogueSearchOptions {
  readonly limit?: number;
}
export interface SubstanceSearchOptions extends CatalogueSearchOptions {
  readonly kind?: SubstanceKind;
}

/** GET /catalogues/conditions: the diagnoses for what a clinician typed, best first. */
export async function searchConditions(
  q: string,
  { limit }: CatalogueSearchOptions = {},
  options: RequestOptions = {},
): Promise<CatalogueItem[]> {
  const response = await send(ENDPOINTS.searchConditions, {
    ...options,
    query: { q, limit: limit === undefined ? undefined : String(limit) },
  });
  const { conditionSearchResponseSchema } = await import('./catalogue-answers');
  return parseAnswer(() => conditionSearchResponseSchema, response);
}

/** GET /catalogues/substances: what an allergy can be to, for what a clinician typed. */
export async function searchSubstances(
  q: string,
  { limit, kind }: SubstanceSearchOptions = {},
  options: RequestOptions = {},
): Promise<SubstanceItem[]> {
  const response = await send(ENDPOINTS.searchSubstances, {
    ...options,
    query: { q, limit: limit === undefined ? undefined : String(limit), kind },
  });
  const { substanceSearchResponseSchema } = await import('./catalogue-answers');
  return parseAnswer(() => substanceSearchResponseSchema, response);
}

/**
 * A search as the clinician types: the previous answer stays on screen while the next comes,
 * and a blank query asks nothing. Reference data, so an answer is fresh for a minute.
 */
export const conditionSearchQueryOptions = (q: string, search: CatalogueSearchOptions = {}) =>
  queryOptions({
    queryKey: queryKeys.catalogues.conditions(q.trim(), search),
    queryFn: ({ signal }) => searchConditions(q.trim(), search, { signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });

export const substanceSearchQueryOptions = (q: string, search: SubstanceSearchOptions = {}) =>
  queryOptions({
    queryKey: queryKeys.catalogues.substances(q.trim(), search),
    queryFn: ({ signal }) => searchSubstances(q.trim(), search, { signal }),
    enabled: q.trim() !== '',
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
