/** Patient/$everything: what it gathers, and how it says a type was cut short. */
import type { OperationOutcome } from '@medplum/fhirtypes';
import { PATIENT_EXPORT_TYPES } from './bulk/resource-types';

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
