import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addAllergyRequestSchema,
  addConditionRequestSchema,
  allergyListSchema,
  allergySchema,
  conditionListSchema,
  conditionSchema,
  ENDPOINTS,
  listEntryParamsSchema,
  noKnownAllergiesRequestSchema,
  patchAllergyRequestSchema,
  patchConditionRequestSchema,
  patientIdParamsSchema,
} from '@portal/contract';
import type { FastifyRequest } from 'fastify';
import { clinicalListsRepository as lists } from '../repositories/clinical-lists';
import type { RouteDeps } from './route-kit';
import { fromEndpoint, refuseOtherPatient } from './route-kit';

/**
 * The problem list and the allergy list (docs/api.md, "Problems and allergies"): medical
 * personnel read every patient's, a patient only their own; the writes follow the clinical
 * actions' matrix (a Doctor diagnoses; a Doctor or a Nurse records allergies).
 */
export const clinicalListRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  /** A patient reading another patient's list: refused and audited as the record read is. */
  const ownOnly = (request: FastifyRequest, patientId: string) =>
    refuseOtherPatient(db, request, patientId);

  app.route({
    ...fromEndpoint(ENDPOINTS.listConditions, {
      params: patientIdParamsSchema,
      response: { 200: conditionListSchema },
    }),
    handler: async (request) => {
      await ownOnly(request, request.params.patient_id);
      return lists.conditions(db, request.context(), request.params.patient_id);
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.addCondition, {
      params: patientIdParamsSchema,
      body: addConditionRequestSchema,
      response: { 201: conditionSchema },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await lists.addCondition(db, request.context(), request.params.patient_id, request.body),
        ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.patchCondition, {
      params: listEntryParamsSchema,
      body: patchConditionRequestSchema,
      response: { 200: conditionSchema },
    }),
    handler: async (request) =>
      lists.patchCondition(
        db,
        request.context(),
        request.params.patient_id,
        request.params.entry_id,
        request.body,
      ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.listAllergies, {
      params: patientIdParamsSchema,
      response: { 200: allergyListSchema },
    }),
    handler: async (request) => {
      await ownOnly(request, request.params.patient_id);
      return lists.allergies(db, request.context(), request.params.patient_id);
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.addAllergy, {
      params: patientIdParamsSchema,
      body: addAllergyRequestSchema,
      response: { 201: allergySchema },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await lists.addAllergy(db, request.context(), request.params.patient_id, request.body),
        ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.recordNoKnownAllergies, {
      params: patientIdParamsSchema,
      body: noKnownAllergiesRequestSchema,
      response: { 200: allergyListSchema },
    }),
    handler: async (request) =>
      lists.recordNoKnownAllergies(db, request.context(), request.params.patient_id),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.patchAllergy, {
      params: listEntryParamsSchema,
      body: patchAllergyRequestSchema,
      response: { 200: allergySchema },
    }),
    handler: async (request) =>
      lists.patchAllergy(
        db,
        request.context(),
        request.params.patient_id,
        request.params.entry_id,
        request.body,
      ),
  });
};
