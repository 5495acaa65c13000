import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { Bundle, BundleLink, Resource } from '@medplum/fhirtypes';
import { queryRows } from '../../db/database';
import { ProblemError, forbidden, notFound } from '../../errors';
import { type Actor, audit, type AuditEntry } from '../../repositories/audit';
import { decodeCursor, encodeCursor } from '../../repositories/paging';
import {
  allOf,
  badParameter,
  checkFormat,
  checkReadParameters,
  parseCount,
  type RawQuery,
  relativeReference,
  single,
} from '../search';
import { type ResourceType, searchWhere } from '../types';
import {
  baseUrlOf,
  checkRole as checkRoleOf,
  entryOf,
  type FhirRouteOptions,
  resourceType,
  type Row,
  send,
} from './shared';

/**
 * The query with each reference parameter's values (`patient`, `subject`, `practitioner`) made
 * relative where they are absolute URLs of this server ({@link relativeReference}).
 */
export function withRelativeReferences(
  type: { readonly params: Readonly<Record<string, { readonly type: string }>> },
  query: RawQuery,
  base: string,
): RawQuery {
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

/** The read and search interactions: `GET /{type}/{id}` and `GET /{type}?…`, audited. */
export async function readSearchRoutes(app: FastifyInstance, { db }: FhirRouteOptions) {
  const checkRole = (request: FastifyRequest, type: ResourceType) => checkRoleOf(db, request, type);

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
}
