import { FHIR_BASE } from '@portal/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { BundleEntry, Resource } from '@medplum/fhirtypes';
import type { Db } from '../../db/database';
import { forbidden, notFound } from '../../errors';
import { type Actor, audit } from '../../repositories/audit';
import type { Config } from '../../config';
import { FHIR_JSON, methodNotAllowed } from '../outcome';
import { RESOURCE_TYPES, type ResourceType } from '../types';

/** What every route module of the FHIR plugin is given. */
export interface FhirRouteOptions {
  readonly db: Db;
  readonly config: Config;
}

/** A row of a type's row query: its keyset position and whose record it is. */
export type Row = { k: string | number; patient_id?: string; employee_id?: string };

/** The base URL as the client reached it (the proxy's, with trustProxy). */
export const baseUrlOf = (request: FastifyRequest) =>
  `${request.protocol}://${request.host}${FHIR_BASE}`;

/** The resource type a path names; 404 for any other. */
export function resourceType(name: string): ResourceType {
  const type = RESOURCE_TYPES.get(name);
  if (!type) throw notFound(`This server offers no resource type ${name.slice(0, 64)}`);
  return type;
}

/** A resource (or Bundle) answered as FHIR JSON. */
export const send = (reply: FastifyReply, resource: Resource, status = 200) =>
  reply.code(status).type(FHIR_JSON).send(resource);

/** A search Bundle's entry of a resource. */
export const entryOf = (base: string, resource: Resource): BundleEntry => ({
  fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
  resource,
  search: { mode: 'match' },
});

/** Refuses a role the type is not for, audited as the API audits a refused call. */
export async function checkRole(
  db: Db,
  request: FastifyRequest,
  type: ResourceType,
): Promise<Actor> {
  const actor = request.actor!;
  if (!type.roles.includes(actor.role)) {
    await audit(db, request.context(), { action: 'access.denied', outcome: 'denied' });
    throw forbidden(`Your role may not read ${type.type}`);
  }
  return actor;
}

// The interactions not offered answer 405, not 404: the path is right, the method is not.
export const notOffered = () =>
  methodNotAllowed('This server does not offer that interaction on this path');

/** A handler that refuses its method on its path (405). */
export const refuse = async () => {
  throw notOffered();
};
