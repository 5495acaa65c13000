import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Resource } from '@medplum/fhirtypes';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { queryRows } from '../../db/database';
import {
  actionNotAllowedMessage,
  type ClinicalAction,
  ENDPOINTS,
  mayPerform,
} from '@portal/contract';
import { forbidden, ProblemError } from '../../errors';
import { audit, type RequestContext } from '../../repositories/audit';
import { badParameter, parseToken, type RawQuery, single } from '../search';
import { createMedicationRequest } from '../medication-writes';
import { fhirWrites, portalPatientId } from '../writes';
import { baseUrlOf, type FhirRouteOptions, notOffered, refuse, resourceType, send } from './shared';

/**
 * The clinical action each type's writes are, as the API's calls of the same writes
 * (ENDPOINTS): a condition is a diagnosis, an allergy (or "no known allergies") is recorded,
 * a medication request is a prescription.
 */
const WRITE_ACTIONS: Readonly<Record<string, ClinicalAction | undefined>> = {
  Condition: ENDPOINTS.addCondition.action,
  AllergyIntolerance: ENDPOINTS.addAllergy.action,
  MedicationRequest: ENDPOINTS.prescribe.action,
};

/**
 * The writes (medical personnel only, as the API's add and update calls): create, update by
 * id, conditional update by identifier; 405 for the methods not offered on a type's paths.
 */
export async function writeRoutes(app: FastifyInstance, { db, config }: FhirRouteOptions) {
  /**
   * Writes are the clinicians' (as the API's add and update calls), and a type's writes the
   * clinical action the API's call of it is tied to (a Doctor diagnoses; allergies are a
   * Doctor's and a Nurse's): 403 naming the action otherwise, audited as the API refuses it.
   */
  async function checkWriter(request: FastifyRequest, type: string): Promise<void> {
    const actor = request.actor!;
    if (actor.role !== 'medical_personnel') {
      await audit(db, request.context(), { action: 'access.denied', outcome: 'denied' });
      throw forbidden('Only medical personnel may change records');
    }
    const action = WRITE_ACTIONS[type];
    if (action && !mayPerform(actor.positionId, action)) {
      await audit(db, request.context(), { action: 'access.denied', outcome: 'denied' });
      throw new ProblemError(
        403,
        'Forbidden',
        actionNotAllowedMessage(action),
        undefined,
        undefined,
        { action },
      );
    }
  }

  const created = (request: FastifyRequest, reply: FastifyReply, resource: Resource) => {
    void reply.header('location', `${baseUrlOf(request)}/${resource.resourceType}/${resource.id}`);
    return send(reply, resource, 201);
  };

  app.post<{ Params: { type: string } }>(
    '/:type',
    { config: { access: 'authenticated', idempotent: true } },
    async (request, reply) => {
      const type = resourceType(request.params.type);
      const create = CREATE[type.type];
      if (!create) throw notOffered();
      await checkWriter(request, type.type);
      return created(request, reply, await create(request.context(), request.body));
    },
  );

  app.put<{ Params: { type: string; id: string } }>(
    '/:type/:id',
    { config: { access: 'authenticated', idempotent: true } },
    async (request, reply) => {
      const type = resourceType(request.params.type);
      const update = UPDATE[type.type];
      if (!update) throw notOffered();
      await checkWriter(request, type.type);
      return send(reply, await update(request.context(), request.params.id, request.body));
    },
  );

  // Conditional update by identifier: the patient with that Patient ID is updated, or created
  // when there is none (the identifier is unique, so never more than one matches).
  app.put<{ Params: { type: string }; Querystring: RawQuery }>(
    '/:type',
    { config: { access: 'authenticated', idempotent: true } },
    async (request, reply) => {
      const type = resourceType(request.params.type);
      if (type.type !== 'Patient') throw notOffered();
      const names = Object.keys(request.query);
      if (names.length !== 1 || names[0] !== 'identifier')
        throw badParameter('identifier', 'a conditional update names the Patient ID only');
      const token = parseToken('identifier', single('identifier', request.query['identifier']!));
      if (token.system !== undefined && token.system !== CODE_SYSTEMS.portalPatientId)
        throw badParameter('identifier', `use the system ${CODE_SYSTEMS.portalPatientId}`);
      await checkWriter(request, type.type);
      const id = token.code.toUpperCase();
      const [existing] = await queryRows(db, sql`select 1 from patient where patient_id = ${id}`);
      if (existing)
        return send(reply, await fhirWrites.updatePatient(db, request.context(), id, request.body));
      const body = request.body as { identifier?: unknown } | null;
      const named = portalPatientId(
        body && Array.isArray(body.identifier) ? (body.identifier as never) : undefined,
      );
      if (named !== undefined && named.toUpperCase() !== id)
        throw badParameter('identifier', 'the resource names another Patient ID');
      const withId = {
        ...(body as object),
        identifier: [
          ...((body && Array.isArray(body.identifier) ? body.identifier : []) as object[]).filter(
            (i) => (i as { system?: unknown })?.system !== CODE_SYSTEMS.portalPatientId,
          ),
          { system: CODE_SYSTEMS.portalPatientId, value: id },
        ],
      };
      return created(
        request,
        reply,
        await fhirWrites.createPatient(db, request.context(), withId, config.activationCodeTtlDays),
      );
    },
  );

  app.route({
    method: ['DELETE', 'PATCH'],
    url: '/:type',
    config: { access: 'authenticated' },
    handler: refuse,
  });
  app.route({
    method: ['POST', 'DELETE', 'PATCH'],
    url: '/:type/:id',
    config: { access: 'authenticated' },
    handler: refuse,
  });

  /** The updates offered, by type. */
  const UPDATE: Partial<
    Record<string, (context: RequestContext, id: string, body: unknown) => Promise<Resource>>
  > = {
    Patient: (context, id, body) => fhirWrites.updatePatient(db, context, id, body),
    AllergyIntolerance: (context, id, body) => fhirWrites.updateAllergy(db, context, id, body),
    Condition: (context, id, body) => fhirWrites.updateCondition(db, context, id, body),
  };

  /** The creates offered, by type. */
  const CREATE: Partial<
    Record<string, (context: RequestContext, body: unknown) => Promise<Resource>>
  > = {
    Patient: (context, body) =>
      fhirWrites.createPatient(db, context, body, config.activationCodeTtlDays),
    AllergyIntolerance: (context, body) => fhirWrites.createAllergy(db, context, body),
    Condition: (context, body) => fhirWrites.createCondition(db, context, body),
    Appointment: (context, body) => fhirWrites.createAppointment(db, context, body),
    MedicationRequest: (context, body) => createMedicationRequest(db, context, body),
  };
}
