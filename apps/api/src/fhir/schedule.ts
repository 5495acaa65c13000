import { type SQL, sql } from 'drizzle-orm';
import {
  addDays,
  daysInRange,
  SLOT_RANGE_MAX_DAYS,
  wallClock,
  zonedInstant,
} from '@portal/contract';
import { ROLES, type Role } from '@portal/reference-data';
import { type Db, queryRows } from '../db/database';
import { type BookingLimits, clinicHoursRepository } from '../repositories/clinic-hours';
import { type Page } from '../repositories/paging';
import { type ScheduleRow, parseSlotId, type FreeSlotRow } from './resources';
import { badParameter, dateBounds, list, type RawQuery, repeated, single } from './search';

/*
 * Schedule and Slot: a clinician's clinic hours and the free slots they leave. They are not rows
 * of one table each (a slot is computed by the slots logic, repositories/clinic-hours.ts), so
 * they are served by routes/schedule.ts rather than by the table-backed types of types.ts; the
 * CapabilityStatement lists them from here.
 */

/** A search parameter of Schedule or Slot, as the CapabilityStatement lists it. */
interface ComputedParameter {
  readonly type: 'token' | 'date' | 'reference';
  readonly documentation: string;
}

/** Schedule or Slot: who may read it and what a search takes. */
export interface ComputedType {
  readonly type: 'Schedule' | 'Slot';
  /** The roles of GET /api/slots: everyone signed in. */
  readonly roles: readonly Role[];
  readonly params: Readonly<Record<string, ComputedParameter>>;
}

/** The days a Slot search covers when its `start` sets no end. */
export const SLOT_SEARCH_DEFAULT_DAYS = 14;

export const SCHEDULE_TYPE: ComputedType = {
  type: 'Schedule',
  roles: ROLES,
  params: {
    _id: { type: 'token', documentation: 'The clinician’s Employee ID (a comma-separated list)' },
    actor: {
      type: 'reference',
      documentation: 'The clinician (Practitioner/{id} or {id}; a comma-separated list)',
    },
  },
};

export const SLOT_TYPE: ComputedType = {
  type: 'Slot',
  roles: ROLES,
  params: {
    schedule: {
      type: 'reference',
      documentation: 'The clinician’s Schedule (Schedule/{id} or {id}, one)',
    },
    start: {
      type: 'date',
      documentation: `When the slot starts: ge, gt, le, lt or eq, up to twice (a day without a time is the hospital’s day). The window is from now, or the lower bound, to the upper bound or ${SLOT_SEARCH_DEFAULT_DAYS} days on, within the booking horizon, at most ${SLOT_RANGE_MAX_DAYS} days`,
    },
    status: {
      type: 'token',
      documentation: 'free (the slots offered are the free ones; any other status matches none)',
    },
  },
};

/** Schedule and Slot, by name. */
export const COMPUTED_TYPES: ReadonlyMap<string, ComputedType> = new Map(
  [SCHEDULE_TYPE, SLOT_TYPE].map((t) => [t.type, t]),
);

/** 400 naming a parameter the type does not take. */
export function checkParameters(type: ComputedType, query: RawQuery): void {
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || ['_count', '_cursor', '_format'].includes(name)) continue;
    if (!Object.hasOwn(type.params, name))
      throw badParameter(
        name,
        `${type.type} cannot be searched by this parameter (see /metadata for those it can)`,
      );
  }
}

/** The planning horizon of every Schedule: today to the booking horizon, hospital dates. */
export function planningHorizon(limits: BookingLimits, now = Date.now()) {
  const today = wallClock(now).date;
  return { start: today, end: addDays(today, limits.horizonDays) };
}

/** A portal id as the router takes it (Employee IDs). */
const PORTAL_ID = /^[A-Za-z0-9.-]{1,64}$/;

/** The Employee IDs a reference parameter names (`Practitioner/E001`, `E001`, a list). */
function referencedIds(name: string, value: string | string[], type: string): string[] {
  return list(name, single(name, value)).map((v) => v.replace(new RegExp(`^${type}/`), ''));
}

/**
 * One keyset page of clinicians with weekly sessions (keyset: the employee row), narrowed by
 * `_id` and `actor`; rows past `after`, one more than `limit` (which tells that more follow).
 */
export async function scheduleRows(
  db: Db,
  query: RawQuery,
  after: number,
  limit: number,
): Promise<ScheduleRow[]> {
  const conditions: SQL[] = [];
  for (const [name, type] of [
    ['_id', 'Schedule'],
    ['actor', 'Practitioner'],
  ] as const) {
    const value = query[name];
    if (value === undefined) continue;
    const ids = referencedIds(name, value, type).filter((id) => PORTAL_ID.test(id));
    conditions.push(
      ids.length
        ? sql`e.employee_id in (${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`,
    );
  }
  return scheduleRowsWhere(db, conditions, after, limit);
}

/** The Schedule row of one clinician, or none. */
export async function scheduleRow(db: Db, employeeId: string): Promise<ScheduleRow | undefined> {
  if (!PORTAL_ID.test(employeeId)) return undefined;
  const [row] = await scheduleRowsWhere(db, [sql`e.employee_id = ${employeeId}`], 0, 1);
  return row;
}

async function scheduleRowsWhere(
  db: Db,
  conditions: readonly SQL[],
  after: number,
  limit: number,
): Promise<ScheduleRow[]> {
  const where = conditions.length ? sql` and ${sql.join([...conditions], sql` and `)}` : sql``;
  return queryRows<ScheduleRow>(
    db,
    sql`select e.id as k, e.employee_id, e.first_name, e.last_name, e.work_status,
          (select json_agg(d.department_id order by d.department_id)
             from (select distinct s.department_id from clinician_session s
                   where s.employee_id = e.id and s.department_id is not null) d) as departments
        from employee e join position pos on pos.id = e.position_id
        where pos.portal_role = 'medical_personnel'
          and exists (select 1 from clinician_session s where s.employee_id = e.id)
          and e.id > ${after}${where}
        order by e.id
        limit ${limit + 1}`,
  );
}

/** The instant (ms) a hospital date starts. */
const dayStart = (date: string) => zonedInstant(date, 0) ?? Date.parse(`${date}T00:00:00Z`);

/**
 * The window of a Slot search's `start` values, as instants: each bound the tighter of those
 * given; a value without a time is the hospital's day (or month, or year). `ne` is refused.
 */
function startWindow(query: RawQuery): { notBefore?: number; notAfter?: number } {
  const value = query['start'];
  if (value === undefined) return {};
  let notBefore = -Infinity;
  let notAfter = Infinity;
  for (const v of repeated('start', value)) {
    const bounds = dateBounds('start', v, 'timestamp');
    let { start, end } = { start: bounds.start.getTime(), end: bounds.end.getTime() };
    if (!bounds.timed) {
      start = dayStart(bounds.start.toISOString().slice(0, 10));
      end = dayStart(bounds.end.toISOString().slice(0, 10));
    }
    switch (bounds.prefix) {
      case 'ne':
        throw badParameter(
          'start',
          'ne is not offered on a slot’s start: use ge, gt, le, lt or eq',
        );
      case 'ge':
        notBefore = Math.max(notBefore, start);
        break;
      case 'gt':
        notBefore = Math.max(notBefore, end);
        break;
      case 'lt':
        notAfter = Math.min(notAfter, start - 1);
        break;
      case 'le':
        notAfter = Math.min(notAfter, end - 1);
        break;
      default:
        notBefore = Math.max(notBefore, start);
        notAfter = Math.min(notAfter, end - 1);
    }
  }
  return {
    ...(notBefore > -Infinity ? { notBefore } : {}),
    ...(notAfter < Infinity ? { notAfter } : {}),
  };
}

/**
 * A page of the free slots a Slot search asks for (the slots logic of GET /api/slots), by start
 * then clinician; `cursor` as that logic gives it out. The window: from now (or the later lower
 * bound) to the upper bound (or {@link SLOT_SEARCH_DEFAULT_DAYS} days on), within the booking
 * horizon; a window longer than SLOT_RANGE_MAX_DAYS hospital dates is a 400 naming `start`.
 */
export async function slotPage(
  db: Db,
  query: RawQuery,
  page: { limit: number; cursor: string | undefined },
  limits: BookingLimits,
  now = Date.now(),
): Promise<Page<FreeSlotRow>> {
  const empty = { items: [], total: 0, nextCursor: null };
  const status = query['status'];
  if (status !== undefined && !list('status', single('status', status)).includes('free'))
    return empty;
  let clinicianId: string | undefined;
  if (query['schedule'] !== undefined) {
    const ids = referencedIds('schedule', query['schedule'], 'Schedule');
    if (ids.length > 1) throw badParameter('schedule', 'one schedule at a time');
    if (!PORTAL_ID.test(ids[0]!)) return empty;
    clinicianId = ids[0];
  }
  const asked = startWindow(query);
  const notBefore = Math.max(now, asked.notBefore ?? now);
  const horizon = now + limits.horizonDays * 86_400_000;
  const notAfter = Math.min(
    horizon,
    asked.notAfter ?? notBefore + SLOT_SEARCH_DEFAULT_DAYS * 86_400_000,
  );
  if (notAfter < notBefore) return empty;
  const from = wallClock(notBefore).date;
  const to = wallClock(notAfter).date;
  if (daysInRange(from, to) > SLOT_RANGE_MAX_DAYS)
    throw badParameter('start', `a window of at most ${SLOT_RANGE_MAX_DAYS} days`);
  return clinicHoursRepository.slots(
    db,
    { from, to, limit: page.limit, cursor: page.cursor, clinician_id: clinicianId },
    limits,
    now,
    { notBefore, notAfter },
  );
}

/** The free slot a Slot id names, if it is (still) free and bookable. */
export async function slotById(
  db: Db,
  id: string,
  limits: BookingLimits,
): Promise<FreeSlotRow | undefined> {
  const named = parseSlotId(id);
  if (!named || !PORTAL_ID.test(named.clinicianId)) return undefined;
  const date = wallClock(named.start).date;
  const page = await clinicHoursRepository.slots(
    db,
    { from: date, to: date, limit: 24 * 60, cursor: undefined, clinician_id: named.clinicianId },
    limits,
    Date.now(),
    { notBefore: named.start, notAfter: named.start },
  );
  return page.items.find((slot) => Date.parse(slot.start) === named.start);
}
