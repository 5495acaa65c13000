import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  type CatalogueItem,
  catalogueQuerySchema,
  conditionSearchResponseSchema,
  ENDPOINTS,
  type SubstanceItem,
  type SubstanceKind,
  substanceQuerySchema,
  substanceSearchResponseSchema,
} from '@portal/contract';
import type { CatalogueEntry } from '../catalogues/catalogue';
import { searchConditions, searchSubstances } from '../catalogues/search';
import { fromEndpoint, type RouteDeps } from './route-kit';

/** An entry as a search answers it. */
function item({ id, name, name_th, codes }: CatalogueEntry): CatalogueItem {
  return {
    id,
    name,
    name_th,
    codes: codes.map(({ system, code, display }) => ({ system, code, display })),
  };
}

/**
 * Beyond the spec: the coded catalogues searched as a clinician types (docs/api.md,
 * "Catalogues"). Reference data, the same for everyone: nothing about a patient, so nothing
 * to audit; answered from the index in memory (catalogues/search.ts).
 */
export const catalogueRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app) => {
  app.route({
    ...fromEndpoint(ENDPOINTS.searchConditions, {
      querystring: catalogueQuerySchema,
      response: { 200: conditionSearchResponseSchema },
    }),
    handler: async (request) => searchConditions(request.query.q, request.query.limit).map(item),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.searchSubstances, {
      querystring: substanceQuerySchema,
      response: { 200: substanceSearchResponseSchema },
    }),
    handler: async (request) => {
      const { q, limit, kind } = request.query;
      return searchSubstances(q, limit, kind ? [kind] : undefined).map((entry): SubstanceItem => ({
        ...item(entry),
        kind: entry.kind as SubstanceKind,
      }));
    },
  });
};
