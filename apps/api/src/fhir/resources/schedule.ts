import type { Schedule, Slot } from '@medplum/fhirtypes';
import { findDepartment } from '@portal/reference-data';
import { practitionerReference, type RowKey } from './common';

/** A clinician with clinic hours, as the Schedule search selects them. */
export interface ScheduleRow {
  readonly k: RowKey;
  readonly employee_id: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly work_status: string;
  /** The departments their weekly sessions name (none: no department given). */
  readonly departments: readonly string[] | null;
}

/** The departments as service types, by name (the portal's departments have no code system). */
const serviceTypes = (ids: readonly (string | null)[]) =>
  ids.flatMap((id) => {
    const department = id ? findDepartment(id) : undefined;
    return department ? [{ text: department.name }] : [];
  });

/**
 * A clinician's clinic hours as Schedule: one per clinician with weekly sessions, its id their
 * Employee ID, the Practitioner as actor, the departments of their sessions as service types,
 * and the planning horizon: the hospital dates a patient may book in (today to the booking
 * horizon, BOOKING_HORIZON_DAYS).
 */
export function toSchedule(
  row: ScheduleRow,
  horizon: { readonly start: string; readonly end: string },
): Schedule {
  const serviceType = serviceTypes(row.departments ?? []);
  return {
    resourceType: 'Schedule',
    id: row.employee_id,
    active: row.work_status === 'yes',
    ...(serviceType.length ? { serviceType } : {}),
    actor: [practitionerReference(row.employee_id, row.first_name, row.last_name)],
    planningHorizon: { start: horizon.start, end: horizon.end },
  };
}

/** A free slot as the slots logic computes it (GET /api/slots). */
export interface FreeSlotRow {
  readonly clinician_id: string;
  readonly start: string;
  readonly end: string;
  readonly department_id: string | null;
}

/** A slot id's time part: the start in UTC to the minute (`20301231T0230Z`). */
const SLOT_TIME = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})Z$/;

/**
 * A free slot's id. Slots are computed from the clinic hours, not stored, so the id is derived:
 * the clinician's Employee ID and the start in UTC to the minute, `E001-20301231T0230Z`. The
 * same slot keeps its id for as long as it is free; read back, it is looked up again.
 */
export function slotId(clinicianId: string, start: string): string {
  const at = new Date(start).toISOString();
  return `${clinicianId}-${at.slice(0, 4)}${at.slice(5, 7)}${at.slice(8, 10)}T${at.slice(11, 13)}${at.slice(14, 16)}Z`;
}

/** The clinician and start (ms) a slot id names, or null for an id no slot can have. */
export function parseSlotId(id: string): { clinicianId: string; start: number } | null {
  const dash = id.lastIndexOf('-');
  if (dash <= 0) return null;
  const match = SLOT_TIME.exec(id.slice(dash + 1));
  if (!match) return null;
  const [, y, mo, d, h, mi] = match;
  const start = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:00Z`);
  if (Number.isNaN(start) || slotId('x', new Date(start).toISOString()) !== `x-${match[0]}`)
    return null;
  return { clinicianId: id.slice(0, dash), start };
}

/** A free slot as Slot: status free, in its clinician's Schedule, its department as service type. */
export function toSlot(slot: FreeSlotRow): Slot {
  const serviceType = serviceTypes([slot.department_id]);
  return {
    resourceType: 'Slot',
    id: slotId(slot.clinician_id, slot.start),
    ...(serviceType.length ? { serviceType } : {}),
    schedule: { reference: `Schedule/${slot.clinician_id}` },
    status: 'free',
    start: slot.start.replace('.000Z', 'Z'),
    end: slot.end.replace('.000Z', 'Z'),
  };
}
