import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDPOINTS } from '@portal/contract';
import { ProblemError } from '../errors';
import { fromEndpoint, type RouteDeps } from './route-kit';

/** Liveness, readiness and the OpenAPI document. */
export const operationsRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.route({
    ...fromEndpoint(ENDPOINTS.health, { response: { 200: z.object({ status: z.literal('ok') }) } }),
    handler: async () => ({ status: 'ok' as const }),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.ready, {
      response: { 200: z.object({ status: z.literal('ready') }) },
    }),
    handler: async (request) => {
      try {
        await db.execute(sql`select 1`);
      } catch (error) {
        request.log.warn({ err: { type: (error as Error).name } }, 'database not reachable');
        throw new ProblemError(503, 'Service Unavailable', 'The database is not reachable');
      }
      return { status: 'ready' as const };
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.openapi, {}),
    schema: { hide: true },
    handler: async () => app.swagger(),
  });
};
