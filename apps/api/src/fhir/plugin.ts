import { FHIR_BASE } from '@portal/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type SQL, sql } from 'drizzle-orm';
import type { Bundle, BundleEntry, BundleLink, Resource } from '@medplum/fhirtypes';
import { type Db, queryRows } from '../db/database';
import { ProblemError, forbidden, notFound } from '../errors';
import { type Actor, audit, type AuditEntry, type RequestContext } from '../repositories/audit';
import type { Config } from '../config';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { decodeCursor, encodeCursor } from '../repositories/paging';
import { capabilityStatement } from './capability';
import { FHIR_JSON, methodNotAllowed, outcomeOf } from './outcome';
import {
  allOf,
  badParameter,
  checkFormat,
  checkReadParameters,
  parseCount,
  parseToken,
  type RawQuery,
  relativeReference,
  single,
} from './search';
import { EVERYTHING_MAX, EVERYTHING_TYPES, everythingCut } from './everything';
import { fhirWrites, portalPatientId } from './writes';
import { RESOURCE_TYPES, type ResourceType, searchWhere } from './types';

type Row = { k: string | number; patient_id?: string; employee_id?: string };

/** The base URL as the client reached it (the proxy's, with trustProxy). */
const baseUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}${FHIR_BASE}`;

/**
 * The query with each reference parameter's values (`patient`, `subject`, `practitioner`) made
 * relative where they are absolute URLs of this server ({@link relativeReference}).
 */
function withRelativeReferences(type: ResourceType, query: RawQuery, base: string): RawQuery {
  const out: RawQuery = { ...query };
  for (const [name, value] of Object.entries(query)) {
    const parameter = Object.hasOwn(type.params, name) ? type.params[name] : undefined;
    if (typeof value !== 'string' || parameter?.type !== 'reference') continue;
    out[name] = value
      .split(',')
      .map((v) => relativeReference(v, base))
      .join(',');
  }
  return out;
}

/** The resource type a path names; 404 for any other. */
function resourceType(name: string): ResourceType {
  const type = RESOURCE_TYPES.get(name);
  if (!type) throw notFound(`This server offers no resource type ${name.slice(0, 64)}`);
  return type;
}

/**
 * The FHIR R4 interface: the API's tables as resources, under the API's sessions and rules.
 * Every answer is application/fhir+json, every error an OperationOutcome.
 */
export async function fhirPlugin(app: FastifyInstance, { db, config }: { db: Db; config: Config }) {
  // The API's OpenAPI document describes /api; this interface is described by /metadata.
  app.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, hide: true };
  });
  app.addContentTypeParser(
    ['application/fhir+json', 'application/json+fhir'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );

  app.setErrorHandler((error, request, reply) => {
    const { status, outcome, headers } = outcomeOf(error as never);
    if (status >= 500)
      request.log.error({ err: { type: (error as Error).name } }, 'FHIR request failed');
    if (headers) void reply.headers(headers);
    return reply.code(status).type(FHIR_JSON).send(outcome);
  });
  app.setNotFoundHandler((request, reply) => {
    const { status, outcome } = outcomeOf(notFound('This server offers nothing at this path'));
    return reply.code(status).type(FHIR_JSON).send(outcome);
  });
  app.addHook('onSend', async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
  });

  const send = (reply: FastifyReply, resource: Resource, status = 200) =>
    reply.code(status).type(FHIR_JSON).send(resource);

  /** Refuses a role the type is not for, audited as the API audits a refused call. */
  async function checkRole(request: FastifyRequest, type: ResourceType): Promise<Actor> {
    const actor = request.actor!;
    if (!type.roles.includes(actor.role)) {
      await audit(db, request.context(), { action: 'access.denied', outcome: 'denied' });
      throw forbidden(`Your role may not read ${type.type}`);
    }
    return actor;
  }

  /** The audit entry of reading `rows` of a type (patients: the ids shown; staff: theirs). */
  function readEntry(
    type: ResourceType,
    actor: Actor,
    rows: readonly Row[],
    search: { criteria: boolean } | null,
  ): Omit<AuditEntry, 'outcome'> {
    if (type.scope === 'audit')
      return { action: type.readAction, recordType: 'patient', recordIds: [actor.patientId!] };
    if (type.scope === 'staff') {
      return {
        action: search ? (search.criteria ? 'employee.search' : 'employee.list') : 'employee.read',
        recordType: 'employee',
        recordIds: [...new Set(rows.map((r) => r.employee_id!))],
      };
    }
    // A patient reads only their own record: the reading is about it even when a page is empty.
    const recordIds =
      actor.role === 'patient' ? [actor.patientId!] : [...new Set(rows.map((r) => r.patient_id!))];
    if (search && type.type === 'Patient' && actor.role !== 'patient')
      return {
        action: search.criteria ? 'patient.search' : 'patient.list',
        recordType: 'patient',
        recordIds,
      };
    return { action: type.readAction, recordType: 'patient', recordIds };
  }

  /** The patient a patient's search names (`patient`, `subject`): 403 for another's. */
  async function checkNamedPatient(request: FastifyRequest, type: ResourceType, query: RawQuery) {
    const actor = request.actor!;
    if (actor.role !== 'patient') return;
    for (const name of ['patient', 'subject'] as const) {
      const value = query[name];
      if (value === undefined || !Object.hasOwn(type.params, name)) continue;
      const named = single(name, value)
        .split(',')
        .map((v) => v.replace(/^Patient\//, ''))
        .filter((v) => v !== actor.patientId);
      if (named.length) {
        await audit(db, request.context(), {
          action: type.readAction,
          recordType: 'patient',
          recordIds: named.slice(0, 10),
          outcome: 'denied',
        });
        throw forbidden('Patients may only read their own record');
      }
    }
  }

  /** The rows of one window of a type, for the actor (a patient: their compartment only). */
  function rowsFor(
    type: ResourceType,
    actor: Actor,
    where: SQL | undefined,
    after: number,
    limit: number,
  ) {
    const own =
      actor.role === 'patient' && type.compartment ? type.compartment(actor.patientId!) : undefined;
    return queryRows<Row>(
      db,
      type.rows({ after, limit, where: allOf([own, where].filter((c): c is SQL => !!c)) }),
    );
  }

  const entryOf = (base: string, resource: Resource): BundleEntry => ({
    fullUrl: `${base}/${resource.resourceType}/${resource.id}`,
    resource,
    search: { mode: 'match' },
  });

  app.get('/metadata', { config: { access: 'public' } }, async (request, reply) =>
    send(reply, capabilityStatement(baseUrlOf(request))),
  );

  app.get<{ Params: { type: string }; Querystring: RawQuery }>(
    '/:type',
    { config: { access: 'authenticated' } },
    async (request, reply) => {
      const type = resourceType(request.params.type);
      const actor = await checkRole(request, type);
      const query = withRelativeReferences(type, request.query, baseUrlOf(request));
      checkFormat(query);
      const count = parseCount(query['_count']);
      let after: number;
      try {
        after =
          query['_cursor'] === undefined ? 0 : decodeCursor(single('_cursor', query['_cursor']));
      } catch (error) {
        if (error instanceof ProblemError && error.status === 400)
          throw badParameter('_cursor', 'not a cursor this server gave out');
        throw error;
      }
      const conditions = searchWhere(type, query);
      await checkNamedPatient(request, type, query);
      let rows: Row[];
      try {
        rows = await rowsFor(type, actor, allOf(conditions), after, count);
      } catch (error) {
        // A cursor position a catalogue key cannot have is refused while the query is built.
        if (error instanceof ProblemError && error.status === 400)
          throw badParameter('_cursor', 'not a cursor this server gave out');
        throw error;
      }
      const shown = rows.slice(0, count);
      const viewer = actor.role === 'patient' ? actor.patientId! : undefined;
      await audit(db, request.context(), {
        ...readEntry(type, actor, rows, { criteria: conditions.length > 0 }),
        outcome: 'success',
      });
      const base = baseUrlOf(request);
      const self = new URL(
        `${base}/${type.type}${request.url.slice(request.url.indexOf('?') === -1 ? request.url.length : request.url.indexOf('?'))}`,
      );
      const link: BundleLink[] = [{ relation: 'self', url: self.toString() }];
      if (rows.length > count) {
        const next = new URL(self);
        next.searchParams.set('_cursor', encodeCursor(Number(shown.at(-1)!.k)));
        link.push({ relation: 'next', url: next.toString() });
      }
      const bundle: Bundle = {
        resourceType: 'Bundle',
        type: 'searchset',
        link,
        entry: shown
          .map((row) => type.map(row as never, viewer))
          .filter((r): r is Resource => r !== null)
          .map((r) => entryOf(base, r)),
      };
      return send(reply, bundle);
    },
  );

  app.get<{ Params: { type: string; id: string }; Querystring: RawQuery }>(
    '/:type/:id',
    { config: { access: 'authenticated' } },
    async (request, reply) => {
      const type = resourceType(request.params.type);
      const actor = await checkRole(request, type);
      checkReadParameters(request.query);
      const { id } = request.params;
      const found = type.byId(id);
      const own = actor.role === 'patient' ? actor.patientId! : undefined;
      const failed = async (outcome: 'failure' | 'denied', patientId?: string) => {
        const entry = readEntry(type, actor, [], null);
        const named = type.scope === 'patient' && patientId ? [patientId] : entry.recordIds;
        await audit(db, request.context(), { ...entry, recordIds: named, outcome });
      };
      if (own && found?.patientId && found.patientId !== own) {
        await failed('denied', found.patientId);
        throw forbidden('Patients may only read their own record');
      }
      const rows = found ? await rowsFor(type, actor, found.where, 0, 1) : [];
      const resource = rows[0] ? type.map(rows[0] as never, own) : null;
      if (!rows[0] || !resource) {
        await failed('failure', found?.patientId);
        throw notFound(`No ${type.type} with id ${id}`);
      }
      await audit(db, request.context(), {
        ...readEntry(type, actor, rows.slice(0, 1), null),
        outcome: 'success',
      });
      return send(reply, resource);
    },
  );

  app.get<{ Params: { id: string }; Querystring: RawQuery }>(
    '/Patient/:id/$everything',
    { config: { access: 'authenticated' } },
    async (request, reply) => {
      const patientType = resourceType('Patient');
      const actor = await checkRole(request, patientType);
      checkReadParameters(request.query);
      const { id } = request.params;
      const found = patientType.byId(id);
      if (actor.role === 'patient' && id !== actor.patientId) {
        await audit(db, request.context(), {
          action: 'patient.read',
          recordType: 'patient',
          recordIds: [id.slice(0, 64)],
          outcome: 'denied',
        });
        throw forbidden('Patients may only read their own record');
      }
      const resources: Resource[] = [];
      const cut: string[] = [];
      if (found) {
        for (const name of EVERYTHING_TYPES) {
          const type = resourceType(name);
          // The row query reads one row past the limit: there, it tells of a type cut short.
          const rows = await queryRows<Row>(
            db,
            type.rows({ after: 0, limit: EVERYTHING_MAX, where: type.compartment!(id) }),
          );
          if (name === 'Patient' && rows.length === 0) break;
          if (rows.length > EVERYTHING_MAX) cut.push(name);
          for (const row of rows.slice(0, EVERYTHING_MAX)) {
            const resource = type.map(row as never);
            if (resource) resources.push(resource);
          }
        }
      }
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

  /** Writes are the clinicians' (as the API's add and update calls). */
  async function checkWriter(request: FastifyRequest): Promise<void> {
    if (request.actor!.role !== 'medical_personnel') {
      await audit(db, request.context(), { action: 'access.denied', outcome: 'denied' });
      throw forbidden('Only medical personnel may change records');
    }
  }

  const created = (request: FastifyRequest, reply: FastifyReply, resource: Resource) => {
    void reply.header('location', `${baseUrlOf(request)}/${resource.resourceType}/${resource.id}`);
    return send(reply, resource, 201);
  };

  // The interactions not offered answer 405, not 404: the path is right, the method is not.
  const notOffered = () =>
    methodNotAllowed('This server does not offer that interaction on this path');

  app.post<{ Params: { type: string } }>(
    '/:type',
    { config: { access: 'authenticated', idempotent: true } },
    async (request, reply) => {
      const type = resourceType(request.params.type);
      const create = CREATE[type.type];
      if (!create) throw notOffered();
      await checkWriter(request);
      return created(request, reply, await create(request.context(), request.body));
    },
  );

  app.put<{ Params: { type: string; id: string } }>(
    '/:type/:id',
    { config: { access: 'authenticated', idempotent: true } },
    async (request, reply) => {
      const type = resourceType(request.params.type);
      if (type.type !== 'Patient') throw notOffered();
      await checkWriter(request);
      return send(
        reply,
        await fhirWrites.updatePatient(db, request.context(), request.params.id, request.body),
      );
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
      await checkWriter(request);
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

  const refuse = async () => {
    throw notOffered();
  };
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

  /** The creates offered, by type. */
  const CREATE: Partial<
    Record<string, (context: RequestContext, body: unknown) => Promise<Resource>>
  > = {
    Patient: (context, body) =>
      fhirWrites.createPatient(db, context, body, config.activationCodeTtlDays),
    AllergyIntolerance: (context, body) => fhirWrites.createAllergy(db, context, body),
    Condition: (context, body) => fhirWrites.createCondition(db, context, body),
    Appointment: (context, body) => fhirWrites.createAppointment(db, context, body),
  };
}
