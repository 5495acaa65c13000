import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import { recordKindRoutes } from './record-routes';
import { fromEndpoint, type RouteDeps, sendJsonPage } from './route-kit';

/** The spec's /employee calls, for HR only. */
export const employeeRoutes: FastifyPluginAsyncZod<RouteDeps> = async (app, deps) => {
  const { db } = deps;
  recordKindRoutes(app, deps, {
    id: 'employee_id',
    repository: employees,
    params: employeeIdParamsSchema,
    // Beyond the spec: the add form's suggestion for a new employee's id.
    nextId: [ENDPOINTS.nextEmployeeId, nextEmployeeIdSchema],
    search: [
      ENDPOINTS.searchEmployees,
      {
        querystring: pageQuerySchema,
        body: searchEmployeeRequestSchema,
        answer: employeeListSchema,
      },
    ],
    add: [
      ENDPOINTS.addEmployee,
      { body: addEmployeeRequestSchema, answer: addEmployeeResponseSchema },
    ],
    update: [
      ENDPOINTS.updateEmployee,
      { body: updateEmployeeRequestSchema, answer: updateEmployeeResponseSchema },
    ],
    reissueCode: ENDPOINTS.reissueEmployeeCode,
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
};
