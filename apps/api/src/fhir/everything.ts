/** Patient/$everything: what it gathers, and how it says a type was cut short. */
import type { OperationOutcome, Resource } from '@medplum/fhirtypes';
import { type Db, queryRows } from '../db/database';
import { PATIENT_EXPORT_TYPES } from './bulk/resource-types';
import { resourceType, type Row } from './routes/shared';

/**
 * The most rows of one type $everything gathers (a patient's record is far smaller). A type
 * with more is cut there, and the Bundle says so: an OperationOutcome entry with a warning per
 * type cut, naming the search that pages through all of them (the operation has no paging of
 * its own here: one cursor cannot stand for six types' positions).
 */
export const EVERYTHING_MAX = 1000;

/** The warning of a $everything Bundle whose types were cut at {@link EVERYTHING_MAX}. */
export function everythingCut(patientId: string, types: readonly string[]): OperationOutcome {
  return {
    resourceType: 'OperationOutcome',
    issue: types.map((type) => ({
      severity: 'warning',
      code: 'incomplete',
      diagnostics: `Only the first ${EVERYTHING_MAX} ${type} resources of this patient are included; search ${type}?patient=${patientId} for all of them`,
      expression: [type],
    })),
  };
}

/**
 * The types $everything gathers from a patient's compartment, in the Bundle's order: the same
 * compartment a Patient-level bulk export writes.
 */
export const EVERYTHING_TYPES = PATIENT_EXPORT_TYPES;

/**
 * A patient's compartment as $everything gathers it: each type's resources (at most
 * {@link EVERYTHING_MAX}; `cut` names the types that had more), nothing when there is no such
 * patient. The caller checks access and audits the read.
 */
export async function gatherEverything(
  db: Db,
  patientId: string,
): Promise<{ resources: Resource[]; cut: string[] }> {
  const resources: Resource[] = [];
  const cut: string[] = [];
  if (!resourceType('Patient').byId(patientId)) return { resources, cut };
  for (const name of EVERYTHING_TYPES) {
    const type = resourceType(name);
    // The row query reads one row past the limit: there, it tells of a type cut short.
    const rows = await queryRows<Row>(
      db,
      type.rows({ after: 0, limit: EVERYTHING_MAX, where: type.compartment!(patientId) }),
    );
    if (name === 'Patient' && rows.length === 0) break;
    if (rows.length > EVERYTHING_MAX) cut.push(name);
    for (const row of rows.slice(0, EVERYTHING_MAX)) {
      const resource = type.map(row as never);
      if (resource) resources.push(resource);
    }
  }
  return { resources, cut };
}
