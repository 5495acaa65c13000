import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessLogSchema,
  type Endpoint,
  ENDPOINTS,
  type PageParams,
  pageQuerySchema,
  RECORD_PDF_TYPE,
  recordPdfQuerySchema,
  upcomingAppointmentListSchema,
} from '@portal/contract';
import { gatherEverything } from '../fhir/everything';
import { audit } from '../repositories/audit';
import { PdfWorker, summaryOf } from '../record-pdf/record-pdf';
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

  const pdfWorker = new PdfWorker();
  app.addHook('onClose', async () => pdfWorker.close());
  // The record's summary as a PDF, in the language asked for: read from the same resources as
  // the FHIR file ($everything), and audited as that read is.
  app.route({
    ...fromEndpoint(ENDPOINTS.myRecordPdf, {
      querystring: recordPdfQuerySchema,
      // The PDF's bytes, sent as they are (no JSON serializer for a Buffer).
      response: { 200: z.unknown() },
    }),
    handler: async (request, reply) => {
      const patientId = ownPatientId(request.actor?.patientId);
      const { resources } = await gatherEverything(db, patientId);
      for (const action of ['patient.read', 'patient.appointment.read'] as const)
        await audit(db, request.context(), {
          action,
          recordType: 'patient',
          recordIds: [patientId],
          outcome: 'success',
        });
      const { locale } = request.query;
      const pdf = await pdfWorker.render(
        summaryOf(patientId, resources, locale),
        locale,
        new Date(),
      );
      return reply
        .type(RECORD_PDF_TYPE)
        .header('content-disposition', `attachment; filename="my-record-${patientId}.pdf"`)
        .send(pdf);
    },
  });
};
