import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveAccessRequestSchema,
  employeeIdParamsSchema,
  employeeSchema,
  ENDPOINTS,
  pendingAccessListSchema,
  refuseAccessRequestSchema,
} from '@portal/contract';
import { employeesRepository as employees } from '../repositories/employees';
import { recordKindRoutes } from './record-routes';
import { fromEndpoint, type RouteDeps } from './route-kit';

/** The spec's /employee calls, for HR only. */
export const employeeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  recordKindRoutes(app, deps, 'employee', employees);

  app.route({
    ...fromEndpoint(ENDPOINTS.getEmployee, {
      params: employeeIdParamsSchema,
      response: { 200: employeeSchema },
    }),
    handler: async (request) => employees.get(db, request.context(), request.params.employee_id),
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
    ...fromEndpoint(ENDPOINTS.refuseEmployeeAccess, {
      params: employeeIdParamsSchema,
      body: refuseAccessRequestSchema,
      response: { 200: employeeSchema },
    }),
    handler: async (request) =>
      employees.refuseAccess(
        db,
        request.context(),
        request.params.employee_id,
        request.body.position_id,
        request.body.reason,
      ),
  });
};
