import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bookSlotRequestSchema,
  employeeIdParamsSchema,
  ENDPOINTS,
  leaveParamsSchema,
  leaveRequestSchema,
  leaveResponseSchema,
  leaveSchema,
  scheduleRequestSchema,
  scheduleSchema,
  slotListSchema,
  slotQuerySchema,
  upcomingAppointmentSchema,
} from '@portal/contract';
import { forbidden } from '../errors';
import { clinicHoursRepository as hours } from '../repositories/clinic-hours';
import { fromEndpoint, type RouteDeps, sendPage } from './route-kit';

/**
 * Clinic hours: HR keeps a clinician's weekly sessions, dated exceptions and leave; anyone
 * signed in reads the free slots; a patient books one for themselves.
 */
export const clinicHoursRoutes: FastifyPluginAsyncZod<RouteDeps> = async (
  app,
  { db, config, appointmentMail },
) => {
  app.route({
    ...fromEndpoint(ENDPOINTS.getSchedule, {
      params: employeeIdParamsSchema,
      response: { 200: scheduleSchema },
    }),
    handler: async (request) => hours.schedule(db, request.context(), request.params.employee_id),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.putSchedule, {
      params: employeeIdParamsSchema,
      body: scheduleRequestSchema,
      response: { 200: scheduleSchema },
    }),
    handler: async (request) =>
      hours.replaceSchedule(db, request.context(), request.params.employee_id, request.body),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.addLeave, {
      params: employeeIdParamsSchema,
      body: leaveRequestSchema,
      response: { 201: leaveResponseSchema },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await hours.addLeave(db, request.context(), request.params.employee_id, request.body),
        ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.withdrawLeave, {
      params: leaveParamsSchema,
      response: { 200: leaveSchema },
    }),
    handler: async (request) =>
      hours.withdrawLeave(
        db,
        request.context(),
        request.params.employee_id,
        request.params.leave_id,
      ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.listSlots, {
      querystring: slotQuerySchema,
      response: { 200: slotListSchema },
    }),
    handler: async (request, reply) =>
      sendPage(reply, await hours.slots(db, request.query, config.booking)),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.bookMyAppointment, {
      body: bookSlotRequestSchema,
      response: { 201: upcomingAppointmentSchema },
    }),
    handler: async (request, reply) => {
      const patientId = request.actor?.patientId;
      if (!patientId) throw forbidden('Only a patient books for themselves');
      const booked = await hours.book(
        db,
        request.context(),
        patientId,
        request.body,
        config.booking,
      );
      // The same confirmation (and .ics) as a booking made by staff.
      appointmentMail.sendAppointmentMail('booked', booked);
      return reply.code(201).send(booked);
    },
  });
};
