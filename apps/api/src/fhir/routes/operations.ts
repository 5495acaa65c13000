import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bundle } from '@medplum/fhirtypes';
import { forbidden, notFound } from '../../errors';
import { audit } from '../../repositories/audit';
import { capabilityStatement } from '../capability';
import { everythingCut, gatherEverything } from '../everything';
import { checkReadParameters, type RawQuery } from '../search';
import type { ResourceType } from '../types';
import {
  baseUrlOf,
  checkRole as checkRoleOf,
  entryOf,
  type FhirRouteOptions,
  refuse,
  resourceType,
  send,
} from './shared';

/**
 * The operations and the paths no interaction takes: `metadata`, `Patient/{id}/$everything`,
 * another method than GET on an operation (405, `$export` included, whose GET the bulk export
 * plugin serves), and the OperationOutcome 404 of every other path under the base.
 */
export async function operationRoutes(app: FastifyInstance, { db }: FhirRouteOptions) {
  const checkRole = (request: FastifyRequest, type: ResourceType) => checkRoleOf(db, request, type);

  app.get('/metadata', { config: { access: 'public' } }, async (request, reply) =>
    send(reply, capabilityStatement(baseUrlOf(request))),
  );

  app.get<{ Params: { id: string }; Querystring: RawQuery }>(
    '/Patient/:id/$everything',
    { config: { access: 'authenticated' } },
    async (request, reply) => {
      const patientType = resourceType('Patient');
      const actor = await checkRole(request, patientType);
      checkReadParameters(request.query);
      const { id } = request.params;
      if (actor.role === 'patient' && id !== actor.patientId) {
        await audit(db, request.context(), {
          action: 'patient.read',
          recordType: 'patient',
          recordIds: [id.slice(0, 64)],
          outcome: 'denied',
        });
        throw forbidden('Patients may only read their own record');
      }
      const { resources, cut } = await gatherEverything(db, id);
      const outcome = resources.length ? 'success' : 'failure';
      for (const action of ['patient.read', 'patient.appointment.read'] as const)
        await audit(db, request.context(), {
          action,
          recordType: 'patient',
          recordIds: [id.slice(0, 64)],
          outcome,
        });
      if (!resources.length) throw notFound(`No Patient with id ${id}`);
      const base = baseUrlOf(request);
      return send(reply, {
        resourceType: 'Bundle',
        type: 'searchset',
        link: [{ relation: 'self', url: `${base}/Patient/${id}/$everything` }],
        entry: [
          ...resources.map((r) => entryOf(base, r)),
          ...(cut.length
            ? [{ resource: everythingCut(id, cut), search: { mode: 'outcome' as const } }]
            : []),
        ],
      } satisfies Bundle);
    },
  );

  // The operations are GET only: another method on their path is the wrong method, not a path
  // that is not there.
  for (const url of ['/metadata', '/Patient/:id/$everything', '/$export', '/Patient/$export'])
    app.route({
      method: ['POST', 'PUT', 'DELETE', 'PATCH'],
      url,
      config: { access: 'public' },
      handler: refuse,
    });
  // Every other path under the base answers FHIR (an OperationOutcome 404), never falling
  // through to the web apps' pages: `Patient/P001/_history`, `Patient/P001/Condition`,
  // `Patient/P001/$foo`, `Group/1/$export`, the base itself.
  const nothingHere = async () => {
    throw notFound('This server offers nothing at this path');
  };
  app.all('/', { config: { access: 'public' } }, nothingHere);
  app.all('/*', { config: { access: 'public' } }, nothingHere);
}
