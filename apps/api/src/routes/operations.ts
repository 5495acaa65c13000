import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ENDPOINTS } from '@portal/contract';
import { queryRows } from '../db/database';
import { databaseUnavailable } from '../errors';
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
      // Ready only once a primary answers: a standby (during a switch, or a router that sent
      // this connection to one) answers too, but cannot take the portal's writes.
      let primary = false;
      try {
        const [row] = await queryRows<{ primary: boolean }>(
          db,
          sql`select not pg_is_in_recovery() as primary`,
        );
        primary = row?.primary === true;
      } catch (error) {
        request.log.warn({ err: { type: (error as Error).name } }, 'database not reachable');
      }
      if (!primary) throw databaseUnavailable({ code: '08006' })!;
      return { status: 'ready' as const };
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.openapi, {}),
    schema: { hide: true },
    handler: async () => app.swagger(),
  });
};
