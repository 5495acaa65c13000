import { sql } from 'drizzle-orm';
import type { Practitioner, PractitionerRole } from '@medplum/fhirtypes';
import { CODE_SYSTEMS, findDepartment, findPosition } from '@portal/reference-data';
import {
  concept,
  idPagedRows,
  officialName,
  phoneAndEmail,
  practitionerReference,
  type RowKey,
  type RowWindow,
} from './common';

/** A clinical staff member's row as {@link practitionerRowsQuery} selects it (no salary). */
export interface PractitionerRow {
  readonly k: RowKey;
  readonly employee_id: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly position_id: string | null;
  readonly phone_number: string;
  readonly email: string;
  readonly hire_date: string;
  readonly resignation_date: string | null;
  readonly work_status: string;
}

/** Clinical staff: employees whose position gives the medical personnel role, on their columns. */
export const CLINICAL_STAFF = sql`position_id in (select id from position where portal_role = 'medical_personnel')`;

const practitionerColumns = sql`t.employee_id, t.first_name, t.last_name, t.position_id,
  t.phone_number, t.email, t.hire_date::text as hire_date,
  t.resignation_date::text as resignation_date, t.work_status`;

/**
 * One keyset page of clinical staff rows (keyset: the row id); `where` (on employee's columns)
 * narrows them further. Salary is never selected.
 */
export function practitionerRowsQuery(window: RowWindow) {
  const where = window.where ? sql`${CLINICAL_STAFF} and (${window.where})` : CLINICAL_STAFF;
  return idPagedRows(sql`employee`, practitionerColumns, { ...window, where });
}

/** A clinical staff member as Practitioner: identifier, name, work telecom, active. */
export function toPractitioner(row: PractitionerRow): Practitioner {
  return {
    resourceType: 'Practitioner',
    id: row.employee_id,
    identifier: [
      { use: 'official', system: CODE_SYSTEMS.portalEmployeeId, value: row.employee_id },
    ],
    active: row.work_status === 'yes',
    name: officialName(row),
    telecom: phoneAndEmail(row, { phone: 'work', email: 'work' }),
  };
}

/**
 * The staff member's position at the hospital as PractitionerRole (one per person: the portal
 * keeps one position), with its period from hire to resignation.
 */
export function toPractitionerRole(row: PractitionerRow): PractitionerRole {
  const position = row.position_id ? findPosition(row.position_id) : undefined;
  const department = position ? findDepartment(position.departmentId) : undefined;
  return {
    resourceType: 'PractitionerRole',
    id: row.employee_id,
    active: row.work_status === 'yes',
    period: {
      start: row.hire_date,
      ...(row.resignation_date ? { end: row.resignation_date } : {}),
    },
    practitioner: practitionerReference(row.employee_id, row.first_name, row.last_name),
    ...(row.position_id
      ? { code: [concept(CODE_SYSTEMS.portalPosition, row.position_id, position?.name)] }
      : {}),
    ...(department ? { specialty: [{ text: department.name }] } : {}),
  };
}
