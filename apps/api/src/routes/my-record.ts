import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessLogSchema,
  ENDPOINTS,
  pageQuerySchema,
  upcomingAppointmentListSchema,
} from '@portal/contract';
import { forbidden } from '../errors';
import { myRecordRepository as myRecord } from '../repositories/my-record';
import { fromEndpoint, type RouteDeps, sendPage } from './route-kit';

/** The signed-in patient's own record id; the calls take none, so no other can be asked for. */
function ownPatientId(patientId: string | null | undefined): string {
  if (!patientId) throw forbidden('Only a patient has a record to show');
  return patientId;
}

/**
 * Beyond the spec (issue 13): a patient's upcoming appointments and who opened their record,
 * their own only, paged like every list (`?limit=&cursor=`, X-Total-Count, X-Next-Cursor, Link).
 */
export const myRecordRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.route({
    ...fromEndpoint(ENDPOINTS.myAppointments, {
      querystring: pageQuerySchema,
      response: { 200: upcomingAppointmentListSchema },
    }),
    handler: async (request, reply) =>
      sendPage(
        reply,
        await myRecord.upcomingAppointments(
          db,
          request.context(),
          ownPatientId(request.actor?.patientId),
          request.query,
        ),
      ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.myAccessLog, {
      querystring: pageQuerySchema,
      response: { 200: accessLogSchema },
    }),
    handler: async (request, reply) =>
      sendPage(
        reply,
        await myRecord.accessLog(
          db,
          request.context(),
          ownPatientId(request.actor?.patientId),
          request.query,
        ),
      ),
  });
};
