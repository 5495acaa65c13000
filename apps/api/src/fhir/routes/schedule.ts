import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Bundle, BundleLink, Resource } from '@medplum/fhirtypes';
import { forbidden, notFound, ProblemError } from '../../errors';
import { audit } from '../../repositories/audit';
import { decodeCursor, encodeCursor } from '../../repositories/paging';
import { toSchedule, toSlot } from '../resources';
import {
  checkParameters,
  type ComputedType,
  planningHorizon,
  SCHEDULE_TYPE,
  scheduleRow,
  scheduleRows,
  SLOT_TYPE,
  slotById,
  slotPage,
} from '../schedule';
import {
  badParameter,
  checkFormat,
  checkReadParameters,
  parseCount,
  type RawQuery,
  single,
} from '../search';
import { withRelativeReferences } from './read-search';
import { baseUrlOf, entryOf, type FhirRouteOptions, refuse, send } from './shared';

/**
 * Schedule and Slot (fhir/schedule.ts): read and search by everyone signed in, as GET
 * /api/slots. Each answer is audited as a reading of the clinicians' hours
 * (`employee.schedule.read`, the Employee IDs shown).
 */
export async function scheduleRoutes(app: FastifyInstance, { db, config }: FhirRouteOptions) {
  /** Refuses a role the type is not for (every role reads them today), audited. */
  async function checkRole(request: FastifyRequest, type: ComputedType) {
    if (!type.roles.includes(request.actor!.role)) {
      await audit(db, request.context(), { action: 'access.denied', outcome: 'denied' });
      throw forbidden(`Your role may not read ${type.type}`);
    }
  }

  const audited = (request: FastifyRequest, employeeIds: readonly string[], ok = true) =>
    audit(db, request.context(), {
      action: 'employee.schedule.read',
      recordType: 'employee',
      recordIds: [...new Set(employeeIds)],
      outcome: ok ? 'success' : 'failure',
    });

  /** The search's query checked, its page size and where it starts. */
  function searchOf(type: ComputedType, query: RawQuery) {
    checkFormat(query);
    checkParameters(type, query);
    const count = parseCount(query['_count']);
    const cursor = query['_cursor'] === undefined ? undefined : single('_cursor', query['_cursor']);
    try {
      decodeCursor(cursor);
    } catch (error) {
      if (error instanceof ProblemError && error.status === 400)
        throw badParameter('_cursor', 'not a cursor this server gave out');
      throw error;
    }
    return { count, cursor };
  }

  /** The searchset of one page: `self`, and `next` with the cursor when more follow. */
  function bundleOf(
    request: FastifyRequest,
    type: ComputedType,
    resources: Resource[],
    next: string | null,
  ): Bundle {
    const base = baseUrlOf(request);
    const at = request.url.indexOf('?');
    const self = new URL(`${base}/${type.type}${at === -1 ? '' : request.url.slice(at)}`);
    const link: BundleLink[] = [{ relation: 'self', url: self.toString() }];
    if (next) {
      const url = new URL(self);
      url.searchParams.set('_cursor', next);
      link.push({ relation: 'next', url: url.toString() });
    }
    return {
      resourceType: 'Bundle',
      type: 'searchset',
      link,
      entry: resources.map((r) => entryOf(base, r)),
    };
  }

  app.get<{ Querystring: RawQuery }>(
    '/Schedule',
    { config: { access: 'authenticated' } },
    async (request, reply) => {
      await checkRole(request, SCHEDULE_TYPE);
      const query = withRelativeReferences(SCHEDULE_TYPE, request.query, baseUrlOf(request));
      const { count, cursor } = searchOf(SCHEDULE_TYPE, query);
      const rows = await scheduleRows(db, query, decodeCursor(cursor), count);
      const shown = rows.slice(0, count);
      await audited(
        request,
        shown.map((r) => r.employee_id),
      );
      const horizon = planningHorizon(config.booking);
      const next = rows.length > count ? encodeCursor(Number(shown.at(-1)!.k)) : null;
      return send(
        reply,
        bundleOf(
          request,
          SCHEDULE_TYPE,
          shown.map((row) => toSchedule(row, horizon)),
          next,
        ),
      );
    },
  );

  app.get<{ Params: { id: string }; Querystring: RawQuery }>(
    '/Schedule/:id',
    { config: { access: 'authenticated' } },
    async (request, reply) => {
      await checkRole(request, SCHEDULE_TYPE);
      checkReadParameters(request.query);
      const { id } = request.params;
      const row = await scheduleRow(db, id);
      if (!row) {
        await audited(request, [], false);
        throw notFound(`No Schedule with id ${id}`);
      }
      await audited(request, [row.employee_id]);
      return send(reply, toSchedule(row, planningHorizon(config.booking)));
    },
  );

  app.get<{ Querystring: RawQuery }>(
    '/Slot',
    { config: { access: 'authenticated' } },
    async (request, reply) => {
      await checkRole(request, SLOT_TYPE);
      const query = withRelativeReferences(SLOT_TYPE, request.query, baseUrlOf(request));
      const { count, cursor } = searchOf(SLOT_TYPE, query);
      const page = await slotPage(db, query, { limit: count, cursor }, config.booking);
      await audited(
        request,
        page.items.map((s) => s.clinician_id),
      );
      return send(reply, bundleOf(request, SLOT_TYPE, page.items.map(toSlot), page.nextCursor));
    },
  );

  app.get<{ Params: { id: string }; Querystring: RawQuery }>(
    '/Slot/:id',
    { config: { access: 'authenticated' } },
    async (request, reply) => {
      await checkRole(request, SLOT_TYPE);
      checkReadParameters(request.query);
      const { id } = request.params;
      const slot = await slotById(db, id, config.booking);
      if (!slot) {
        await audited(request, [], false);
        throw notFound(`No free Slot with id ${id}`);
      }
      await audited(request, [slot.clinician_id]);
      return send(reply, toSlot(slot));
    },
  );

  // Read and search only: every other method on their paths is a 405, as on the other types.
  for (const url of ['/Schedule', '/Schedule/:id', '/Slot', '/Slot/:id'])
    app.route({
      method: ['POST', 'PUT', 'DELETE', 'PATCH'],
      url,
      config: { access: 'authenticated' },
      handler: refuse,
    });
}
