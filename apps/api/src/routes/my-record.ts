import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accessLogSchema,
  cancelMyAppointmentRequestSchema,
  type Endpoint,
  ENDPOINTS,
  MERGE_PATCH_CONTENT_TYPE,
  myAppointmentParamsSchema,
  myAppointmentsQuerySchema,
  myContactRequestSchema,
  myContactSchema,
  type PageParams,
  pageQuerySchema,
  RECORD_PDF_TYPE,
  recordPdfQuerySchema,
  upcomingAppointmentListSchema,
  upcomingAppointmentSchema,
} from '@portal/contract';
import { gatherEverything } from '../fhir/everything';
import { audit } from '../repositories/audit';
import { PdfWorker, summaryOf } from '../record-pdf/record-pdf';
import type { Db } from '../db/database';
import { forbidden } from '../errors';
import type { RequestContext } from '../repositories/audit';
import { appointmentsRepository as appointments } from '../repositories/appointments';
import { contactChangesRepository as contacts } from '../repositories/contact-changes';
import { myRecordRepository as myRecord } from '../repositories/my-record';
import type { Page } from '../repositories/paging';
import { fromEndpoint, type RouteDeps, sendPage } from './route-kit';

/** The signed-in patient's own record id; the calls take none, so no other can be asked for. */
function ownPatientId(patientId: string | null | undefined): string {
  if (!patientId) throw forbidden('Only a patient has a record to show');
  return patientId;
}

/**
 * Beyond the spec: a patient's appointments (upcoming and past) and who opened their record,
 * their own only, paged like every list (`?limit=&cursor=`, X-Total-Count, X-Next-Cursor, Link);
 * cancelling their own booked appointment and changing their contact details.
 */
export const myRecordRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, config, appointmentMail },
) => {
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

  app.route({
    ...fromEndpoint(ENDPOINTS.myAppointments, {
      querystring: myAppointmentsQuerySchema,
      response: { 200: upcomingAppointmentListSchema },
    }),
    handler: async (request, reply) =>
      sendPage(
        reply,
        await myRecord.appointments(
          db,
          request.context(),
          ownPatientId(request.actor?.patientId),
          request.query,
        ),
      ),
  });
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

  app.route({
    ...fromEndpoint(ENDPOINTS.cancelMyAppointment, {
      params: myAppointmentParamsSchema,
      body: cancelMyAppointmentRequestSchema,
      response: { 200: upcomingAppointmentSchema },
    }),
    handler: async (request) => {
      const cancelled = await appointments.cancelOwn(
        db,
        request.context(),
        ownPatientId(request.actor?.patientId),
        request.params.appointment_id,
        request.body.reason,
        config.patientCancelNoticeHours,
      );
      // The same cancellation mail (and .ics) as a cancellation by staff.
      appointmentMail.sendAppointmentMail('cancelled', cancelled);
      return cancelled;
    },
  });

  // The contact change is a merge patch of the details (a member left out stays, null empties
  // the address): it takes that media type as well as plain JSON, parsed alike.
  app.addContentTypeParser(
    MERGE_PATCH_CONTENT_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
  app.route({
    ...fromEndpoint(ENDPOINTS.updateMyContact, {
      consumes: ['application/json', MERGE_PATCH_CONTENT_TYPE],
      body: myContactRequestSchema,
      response: { 200: myContactSchema },
    }),
    handler: async (request) =>
      contacts.updateOwn(
        db,
        request.context(),
        ownPatientId(request.actor?.patientId),
        request.body,
      ),
  });
};
