import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database';
import { notFound } from '../errors';
import type { Config } from '../config';
import { FHIR_JSON, outcomeOf } from './outcome';
import { operationRoutes } from './routes/operations';
import { readSearchRoutes } from './routes/read-search';
import { scheduleRoutes } from './routes/schedule';
import { writeRoutes } from './routes/writes';

/**
 * The FHIR R4 interface: the API's tables as resources, under the API's sessions and rules.
 * Every answer is application/fhir+json, every error an OperationOutcome. The routes are in
 * routes/, one module per kind of interaction; SMART and the bulk export are the bulk plugin's.
 */
export async function fhirPlugin(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  // The API's OpenAPI document describes /api; this interface is described by /metadata.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.addContentTypeParser(
    ['application/fhir+json', 'application/json+fhir'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.setErrorHandler((error, request, reply) => {
    const { status, outcome, headers } = outcomeOf(error as never);
    if (status >= 500)
      request.log.error({ err: { type: (error as Error).name } }, 'FHIR request failed');
    if (headers) void reply.headers(headers);
    return reply.code(status).type(FHIR_JSON).send(outcome);
  });
  app.setNotFoundHandler((request, reply) => {
    const { status, outcome } = outcomeOf(notFound('This server offers nothing at this path'));
    return reply.code(status).type(FHIR_JSON).send(outcome);
  });
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  const options = { db, config };
  // Schedule and Slot (computed, not rows of a table) on their own paths, before /:type.
  await app.register(scheduleRoutes, options);
  await app.register(readSearchRoutes, options);
  await app.register(operationRoutes, options);
  await app.register(writeRoutes, options);
}
