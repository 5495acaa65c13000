import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  addAddendumRequestSchema,
  addNoteRequestSchema,
  clinicalNoteListSchema,
  clinicalNoteSchema,
  ENDPOINTS,
  noteEnteredInErrorRequestSchema,
  noteParamsSchema,
  notesQuerySchema,
  patientIdParamsSchema,
  recordVitalsRequestSchema,
  vitalSignsListSchema,
  vitalSignsQuerySchema,
  vitalSignsSchema,
} from '@portal/contract';
import { visitRepository as visit } from '../repositories/visit';
import { fromEndpoint, type RouteDeps, sendPage } from './route-kit';

/**
 * The visit's records on the chart: vital signs (recorded by those whose position may record
 * them) and signed notes with their addenda and the entered-in-error mark (written by those who
 * may write notes). Each list is paged, newest first.
 */
export const visitRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db }) => {
  app.route({
    ...fromEndpoint(ENDPOINTS.listVitals, {
      params: patientIdParamsSchema,
      querystring: vitalSignsQuerySchema,
      response: { 200: vitalSignsListSchema },
    }),
    handler: async (request, reply) =>
      sendPage(
        reply,
        await visit.listVitals(db, request.context(), request.params.patient_id, request.query),
      ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.recordVitals, {
      params: patientIdParamsSchema,
      body: recordVitalsRequestSchema,
      response: { 201: vitalSignsSchema },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await visit.recordVitals(db, request.context(), request.params.patient_id, request.body),
        ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.listNotes, {
      params: patientIdParamsSchema,
      querystring: notesQuerySchema,
      response: { 200: clinicalNoteListSchema },
    }),
    handler: async (request, reply) =>
      sendPage(
        reply,
        await visit.listNotes(db, request.context(), request.params.patient_id, request.query),
      ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.addNote, {
      params: patientIdParamsSchema,
      body: addNoteRequestSchema,
      response: { 201: clinicalNoteSchema },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(await visit.addNote(db, request.context(), request.params.patient_id, request.body)),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.addNoteAddendum, {
      params: noteParamsSchema,
      body: addAddendumRequestSchema,
      response: { 201: clinicalNoteSchema },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await visit.addAddendum(
            db,
            request.context(),
            request.params.patient_id,
            request.params.note_id,
            request.body,
          ),
        ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.markNoteEnteredInError, {
      params: noteParamsSchema,
      body: noteEnteredInErrorRequestSchema,
      response: { 200: clinicalNoteSchema },
    }),
    handler: async (request) =>
      visit.markEnteredInError(
        db,
        request.context(),
        request.params.patient_id,
        request.params.note_id,
        request.body,
      ),
  });
};
