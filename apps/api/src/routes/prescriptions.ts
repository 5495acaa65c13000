import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ENDPOINTS,
  medicationListSchema,
  medicationParamsSchema,
  medicationSchema,
  myMedicationListSchema,
  patientIdParamsSchema,
  prescribeRequestSchema,
  stopMedicationRequestSchema,
} from '@portal/contract';
import { forbidden } from '../errors';
import { prescriptionsRepository as prescriptions } from '../repositories/prescriptions';
import { fromEndpoint, refuseOtherPatient, type RouteDeps } from './route-kit';

/**
 * Prescriptions (docs/api.md, "Prescriptions"): medical personnel read every patient's, a
 * patient only their own (and MyInfo's current medications); prescribing and stopping are the
 * `prescribe` clinical action (a Doctor's). The allergy and duplicate-therapy checks are the
 * repository's, inside the write's transaction.
 */
export const prescriptionRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.route({
    ...fromEndpoint(ENDPOINTS.listMedications, {
      params: patientIdParamsSchema,
      response: { 200: medicationListSchema },
    }),
    handler: async (request) => {
      await refuseOtherPatient(db, request, request.params.patient_id);
      return prescriptions.list(db, request.context(), request.params.patient_id);
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.prescribe, {
      params: patientIdParamsSchema,
      body: prescribeRequestSchema,
      response: { 201: medicationSchema },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await prescriptions.prescribe(
            db,
            request.context(),
            request.params.patient_id,
            request.body,
          ),
        ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.stopMedication, {
      params: medicationParamsSchema,
      body: stopMedicationRequestSchema,
      response: { 200: medicationSchema },
    }),
    handler: async (request) =>
      prescriptions.stop(
        db,
        request.context(),
        request.params.patient_id,
        request.params.medication_id,
        request.body,
      ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.myMedications, { response: { 200: myMedicationListSchema } }),
    handler: async (request) => {
      const patientId = request.actor?.patientId;
      if (!patientId) throw forbidden('Only a patient has a record to show');
      return prescriptions.active(db, request.context(), patientId);
    },
  });
};
