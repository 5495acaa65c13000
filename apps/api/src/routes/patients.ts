import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  addAppointmentRequestSchema,
  addHistoryRequestSchema,
  appointmentActionResponseSchema,
  appointmentParamsSchema,
  appointmentResponseSchema,
  appointmentStatusRequestSchema,
  cancelAppointmentRequestSchema,
  chartAppointmentListSchema,
  clinicianListSchema,
  contactChangeListSchema,
  dayAppointmentListSchema,
  dayAppointmentsQuerySchema,
  ENDPOINTS,
  historyResponseSchema,
  MERGE_PATCH_CONTENT_TYPE,
  pageQuerySchema,
  patientIdParamsSchema,
  patientMergePatchSchema,
  patientRecordSchema,
  rescheduleAppointmentRequestSchema,
  rescheduleResponseSchema,
} from '@portal/contract';
import { ProblemError, forbidden } from '../errors';
import { appointmentsRepository as appointments } from '../repositories/appointments';
import { audit } from '../repositories/audit';
import { contactChangesRepository as contactChanges } from '../repositories/contact-changes';
import { patientsRepository as patients } from '../repositories/patients';
import { recordKindRoutes } from './record-routes';
import { fromEndpoint, type RouteDeps, sendJson, sendPage } from './route-kit';

/** The spec's /patient calls: medical personnel use them all; a patient reads their own record. */
export const patientRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db, appointmentMail } = deps;
  recordKindRoutes(app, deps, 'patient', patients);

  app.route({
    ...fromEndpoint(ENDPOINTS.getPatient, {
      params: patientIdParamsSchema,
      response: { 200: patientRecordSchema },
    }),
    handler: async (request, reply) => {
      const { patient_id: patientId } = request.params;
      const actor = request.actor!;
      if (actor.role === 'patient' && actor.patientId !== patientId) {
        await audit(db, request.context(), {
          action: 'patient.read',
          recordType: 'patient',
          recordIds: [patientId],
          outcome: 'denied',
        });
        throw forbidden('Patients may only open their own record');
      }
      return sendJson(reply, await patients.getJson(db, request.context(), patientId));
    },
  });

  // Beyond the spec: every appointment of one patient, for the chart.
  app.route({
    ...fromEndpoint(ENDPOINTS.patientAppointments, {
      params: patientIdParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: chartAppointmentListSchema },
    }),
    handler: async (request, reply) =>
      sendPage(
        reply,
        await patients.appointments(
          db,
          request.context(),
          request.params.patient_id,
          request.query,
        ),
      ),
  });

  // Beyond the spec: who changed the patient's contact details, for the chart.
  app.route({
    ...fromEndpoint(ENDPOINTS.patientContactChanges, {
      params: patientIdParamsSchema,
      querystring: pageQuerySchema,
      response: { 200: contactChangeListSchema },
    }),
    handler: async (request, reply) =>
      sendPage(
        reply,
        await contactChanges.list(db, request.context(), request.params.patient_id, request.query),
      ),
  });

  // Beyond the spec: a JSON Merge Patch of a record, in a scope of its own so that only this
  // call reads the merge-patch media type (parsed as JSON is, with its poisoning checks).
  await app.register(async (scope) => {
    scope.addContentTypeParser(
      MERGE_PATCH_CONTENT_TYPE,
      { parseAs: 'string' },
      scope.getDefaultJsonParser('error', 'error'),
    );
    scope.withTypeProvider<ZodTypeProvider>().route({
      ...fromEndpoint(ENDPOINTS.patchPatient, {
        // The OpenAPI document's media type for the body.
        consumes: [MERGE_PATCH_CONTENT_TYPE],
        params: patientIdParamsSchema,
        body: patientMergePatchSchema,
        response: { 200: patientRecordSchema },
      }),
      // A plain JSON body would mean the same to many clients but is not a merge patch: its
      // empty list reads as "unchanged" elsewhere in this API, so the type must say which.
      preValidation: async (request) => {
        const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
        if (type !== MERGE_PATCH_CONTENT_TYPE) {
          throw new ProblemError(
            415,
            'Unsupported Media Type',
            `Send the patch as ${MERGE_PATCH_CONTENT_TYPE} (RFC 7396)`,
          );
        }
      },
      handler: async (request) =>
        patients.patch(db, request.context(), request.params.patient_id, request.body),
    });
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.addAppointment, {
      body: addAppointmentRequestSchema,
      response: { 201: appointmentResponseSchema },
    }),
    handler: async (request, reply) => {
      const booked = await patients.addAppointment(db, request.context(), request.body);
      appointmentMail.sendAppointmentMail('booked', booked);
      return reply.code(201).send(booked);
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.addHistory, {
      body: addHistoryRequestSchema,
      response: { 201: historyResponseSchema },
    }),
    handler: async (request, reply) =>
      reply.code(201).send(await patients.addHistory(db, request.context(), request.body)),
  });

  // The clinical record: cancel, reschedule and mark an appointment; a clinician's day; the
  // clinicians a booking may name. Each change is audited like the spec's writes.
  app.route({
    ...fromEndpoint(ENDPOINTS.cancelAppointment, {
      params: appointmentParamsSchema,
      body: cancelAppointmentRequestSchema,
      response: { 200: appointmentActionResponseSchema },
    }),
    handler: async (request) => {
      const cancelled = await appointments.cancel(
        db,
        request.context(),
        request.params.patient_id,
        request.params.appointment_id,
        request.body,
      );
      appointmentMail.sendAppointmentMail('cancelled', cancelled);
      return cancelled;
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.rescheduleAppointment, {
      params: appointmentParamsSchema,
      body: rescheduleAppointmentRequestSchema,
      response: { 200: rescheduleResponseSchema },
    }),
    handler: async (request) => {
      const moved = await appointments.reschedule(
        db,
        request.context(),
        request.params.patient_id,
        request.params.appointment_id,
        request.body,
      );
      appointmentMail.sendAppointmentMail('cancelled', moved.cancelled);
      appointmentMail.sendAppointmentMail('booked', moved.booked);
      return moved;
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.setAppointmentStatus, {
      params: appointmentParamsSchema,
      body: appointmentStatusRequestSchema,
      response: { 200: appointmentActionResponseSchema },
    }),
    handler: async (request) =>
      appointments.setStatus(
        db,
        request.context(),
        request.params.patient_id,
        request.params.appointment_id,
        request.body,
      ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.dayAppointments, {
      querystring: dayAppointmentsQuerySchema,
      response: { 200: dayAppointmentListSchema },
    }),
    handler: async (request, reply) =>
      sendPage(reply, await appointments.day(db, request.context(), request.query)),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.listClinicians, {
      querystring: pageQuerySchema,
      response: { 200: clinicianListSchema },
    }),
    handler: async (request, reply) =>
      sendPage(reply, await appointments.clinicians(db, request.query)),
  });
};
