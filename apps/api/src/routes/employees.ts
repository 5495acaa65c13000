import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activationCodeResponseSchema,
  addEmployeeRequestSchema,
  addEmployeeResponseSchema,
  approveAccessRequestSchema,
  employeeIdParamsSchema,
  employeeListQuerySchema,
  employeeListSchema,
  employeeSchema,
  ENDPOINTS,
  nextEmployeeIdSchema,
  pageQuerySchema,
  pendingAccessListSchema,
  searchEmployeeRequestSchema,
  updateEmployeeRequestSchema,
  updateEmployeeResponseSchema,
} from '@portal/contract';
import { employeesRepository as employees } from '../repositories/employees';
import { fromEndpoint, type RouteDeps, sendJsonPage } from './route-kit';

/** The spec's /employee calls, for HR only. */
export const employeeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, { db, config }) => {
  // Beyond the spec: the add form's suggestion for a new employee's id.
  app.route({
    ...fromEndpoint(ENDPOINTS.nextEmployeeId, { response: { 200: nextEmployeeIdSchema } }),
    handler: async () => ({ employee_id: await employees.nextId(db) }),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.listEmployees, {
      querystring: employeeListQuerySchema,
      response: { 200: employeeListSchema },
    }),
    handler: async (request, reply) => {
      const { limit, cursor, ...view } = request.query;
      return sendJsonPage(
        reply,
        await employees.list(db, request.context(), { limit, cursor }, undefined, view),
      );
    },
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.searchEmployees, {
      querystring: pageQuerySchema,
      body: searchEmployeeRequestSchema,
      response: { 200: employeeListSchema },
    }),
    handler: async (request, reply) =>
      sendJsonPage(reply, await employees.list(db, request.context(), request.query, request.body)),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.getEmployee, {
      params: employeeIdParamsSchema,
      response: { 200: employeeSchema },
    }),
    handler: async (request) => employees.get(db, request.context(), request.params.employee_id),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.addEmployee, {
      body: addEmployeeRequestSchema,
      response: { 201: addEmployeeResponseSchema },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await employees.add(db, request.context(), request.body, config.activationCodeTtlDays),
        ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.updateEmployee, {
      body: updateEmployeeRequestSchema,
      response: { 200: updateEmployeeResponseSchema },
    }),
    handler: async (request) => employees.update(db, request.context(), request.body),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.listAccessApprovals, {
      response: { 200: pendingAccessListSchema },
    }),
    handler: async (request) => employees.pendingAccess(db, request.context()),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.approveEmployeeAccess, {
      params: employeeIdParamsSchema,
      body: approveAccessRequestSchema,
      response: { 200: employeeSchema },
    }),
    handler: async (request) =>
      employees.approveAccess(
        db,
        request.context(),
        request.params.employee_id,
        request.body.position_id,
      ),
  });

  app.route({
    ...fromEndpoint(ENDPOINTS.reissueEmployeeCode, {
      params: employeeIdParamsSchema,
      body: z.object({}).nullish(),
      response: { 201: activationCodeResponseSchema },
    }),
    handler: async (request, reply) =>
      reply
        .code(201)
        .send(
          await employees.reissueCode(
            db,
            request.context(),
            request.params.employee_id,
            config.activationCodeTtlDays,
          ),
        ),
  });
};
