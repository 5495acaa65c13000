import { sql } from 'drizzle-orm';
import type { AuditEvent, AuditEventAgent, AuditEventEntity } from '@medplum/fhirtypes';
import { CODE_SYSTEMS, HOSPITAL_NAME } from '@portal/reference-data';
import { instantText } from '../../repositories/appointments';
import { pageIdsQuery } from '../../repositories/page-queries';
import { patientReference, practitionerReference, type RowKey, type RowWindow } from './common';

/** An audit event row as {@link auditEventRowsQuery} selects it (no address, no username). */
export interface AuditEventRow {
  readonly k: RowKey;
  readonly occurred_at: string;
  readonly action: string;
  readonly outcome: string;
  readonly actor_role: string | null;
  readonly actor_employee_id: string | null;
  readonly actor_patient_id: string | null;
  readonly actor_clinical: boolean | null;
  readonly record_type: string | null;
  readonly record_ids: string[] | null;
}

const auditColumns = sql`${instantText(sql`t.occurred_at`)} as occurred_at, t.action, t.outcome,
  t.actor_role, e.employee_id as actor_employee_id, ap.patient_id as actor_patient_id,
  (pos.portal_role = 'medical_personnel') as actor_clinical, t.record_type, t.record_ids`;

/**
 * One keyset page of audit event rows (keyset: the row id); `where` on audit_event's columns.
 * Only patients search AuditEvent, always within their own compartment ({@link concernsPatient}),
 * so a page's events are few among millions: they are read from the partitions' GIN indexes
 * first (the index-first path of pageIdsQuery), and joined back on the partition key too, so
 * each row is read from its month's partition alone instead of probing every month's.
 */
export function auditEventRowsQuery(window: RowWindow) {
  const page = pageIdsQuery(
    sql`audit_event`,
    window.where,
    window.after,
    window.limit,
    'oldest',
    'index-first',
    sql`id, occurred_at`,
  );
  return sql`select t.id as k, ${auditColumns}
    from audit_event t join (${page}) page on page.id = t.id and page.occurred_at = t.occurred_at
    left join app_user u on u.id = t.actor_user_id
    left join employee e on e.id = u.employee_id
    left join position pos on pos.id = e.position_id
    left join patient ap on ap.id = u.patient_id
    order by t.id`;
}

/** The audit events about one patient's record, on audit_event's columns (GIN-indexed). */
export const concernsPatient = (patientId: string) =>
  sql`record_type = 'patient' and record_ids @> array[${patientId}]::text[]`;

/** The FHIR action code of a portal action: create, update, read, or execute for the rest. */
function actionCode(action: string): AuditEvent['action'] {
  if (/\.create$/.test(action) || action === 'register') return 'C';
  if (/\.(update|cancel|reschedule|status|approve|request|reset|enrol)$/.test(action)) return 'U';
  if (/\.(read|list|search|day-list)(\.summary)?$|\.summary$/.test(action)) return 'R';
  return 'E';
}

const OUTCOMES: Record<string, AuditEvent['outcome']> = { success: '0', failure: '4', denied: '8' };

/**
 * An audit trail event as AuditEvent. `viewer`, when the reader is a patient, is their own id:
 * another patient acting then stays anonymous (as in the API's access log), while staff are
 * named and the reader is recognised, and of the patients the event names only the reader is
 * given. Addresses and usernames are never carried.
 */
export function toAuditEvent(row: AuditEventRow, viewer?: string): AuditEvent {
  const agent: AuditEventAgent = {
    requestor: true,
    ...(row.actor_role ? { role: [{ text: row.actor_role }] } : {}),
  };
  if (row.actor_employee_id) {
    agent.who = row.actor_clinical
      ? practitionerReference(row.actor_employee_id)
      : { identifier: { system: CODE_SYSTEMS.portalEmployeeId, value: row.actor_employee_id } };
  } else if (row.actor_patient_id && (viewer === undefined || viewer === row.actor_patient_id)) {
    agent.who = patientReference(row.actor_patient_id);
  } else if (!row.actor_role) {
    agent.who = { display: 'system' };
  }
  // A staff list or search names every patient it showed; a patient reading the event (as in
  // their access log, which names no record) sees only themselves among them.
  const named =
    viewer !== undefined && row.record_type === 'patient'
      ? (row.record_ids ?? []).filter((id) => id === viewer)
      : (row.record_ids ?? []);
  const entity: AuditEventEntity[] = named.map((id) =>
    row.record_type === 'patient'
      ? { what: patientReference(id) }
      : row.record_type === 'employee'
        ? { what: { identifier: { system: CODE_SYSTEMS.portalEmployeeId, value: id } } }
        : { what: { display: row.record_type ?? 'record' } },
  );
  return {
    resourceType: 'AuditEvent',
    id: String(row.k),
    type: {
      system: 'http://terminology.hl7.org/CodeSystem/audit-event-type',
      code: 'rest',
      display: 'RESTful Operation',
    },
    subtype: [{ system: CODE_SYSTEMS.portalAuditAction, code: row.action }],
    action: actionCode(row.action),
    recorded: row.occurred_at,
    outcome: OUTCOMES[row.outcome] ?? '4',
    agent: [agent],
    source: { observer: { display: `${HOSPITAL_NAME} portal` } },
    ...(entity.length ? { entity } : {}),
  };
}
