import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  accessLogSchema,
  type Endpoint,
  ENDPOINTS,
  type PageParams,
  pageQuerySchema,
  upcomingAppointmentListSchema,
} from '@portal/contract';
import type { Db } from '../db/database';
import { forbidden } from '../errors';
import type { RequestContext } from '../repositories/audit';
import { myRecordRepository as myRecord } from '../repositories/my-record';
import type { Page } from '../repositories/paging';
import { fromEndpoint, type RouteDeps, sendPage } from './route-kit';

/** The signed-in patient's own record id; the calls take none, so no other can be asked for. */
function ownPatientId(patientId: string | null | undefined): string {
  if (!patientId) throw forbidden('Only a patient has a record to show');
  return patientId;
}

/**
 * Beyond the spec: a patient's upcoming appointments and who opened their record,
 * their own only, paged like every list (`?limit=&cursor=`, X-Total-Count, X-Next-Cursor, Link).
 */
export const myRecordRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  /** A paged list of the signed-in patient's own record: the same route for each call. */
  const ownList = <T>(
    endpoint: Endpoint,
    schema: z.ZodType,
    list: (
      db: Db,
      context: RequestContext,
      patientId: string,
      page: PageParams,
    ) => Promise<Page<T>>,
  ) =>
    app.route({
      ...fromEndpoint(endpoint, { querystring: pageQuerySchema, response: { 200: schema } }),
      handler: async (request, reply) =>
        sendPage(
          reply,
          await list(db, request.context(), ownPatientId(request.actor?.patientId), request.query),
        ),
    });

  ownList(ENDPOINTS.myAppointments, upcomingAppointmentListSchema, (...args) =>
    myRecord.upcomingAppointments(...args),
  );
  ownList(ENDPOINTS.myAccessLog, accessLogSchema, (...args) => myRecord.accessLog(...args));
};
