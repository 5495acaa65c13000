import { ENDPOINTS } from './endpoints';

/** A kind of record the portal keeps alike: patients (clinical) and employees (HR). */
export type RecordKind = 'patient' | 'employee';

type KindName = Capitalize<RecordKind>;

/**
 * A kind's entries in {@link ENDPOINTS} for the calls both kinds answer alike, and the field
 * that names one of its records (`patient_id`, in a path and in the next-id answer).
 */
function recordKindOf<K extends RecordKind, N extends KindName>(kind: K, name: N) {
  return {
    id: `${kind}_id` as const,
    list: ENDPOINTS[`list${name}s`],
    nextId: ENDPOINTS[`next${name}Id`],
    search: ENDPOINTS[`search${name}s`],
    add: ENDPOINTS[`add${name}`],
    update: ENDPOINTS[`update${name}`],
    reissueCode: ENDPOINTS[`reissue${name}Code`],
  };
}

/** Each record kind's shared calls, which the API registers from here (`recordKindRoutes`). */
export const RECORD_KINDS = {
  patient: recordKindOf('patient', 'Patient'),
  employee: recordKindOf('employee', 'Employee'),
};
