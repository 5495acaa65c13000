import { ENDPOINTS } from './endpoints';

/** A kind of record the portal keeps alike: patients (clinical) and employees (HR). */
export type RecordKind = 'patient' | 'employee';

type KindName = Capitalize<RecordKind>;

/**
 * A kind's entries in {@link ENDPOINTS} for the calls both kinds answer alike, and the field
 * that names one of its records (`patient_id`, in a path and in the next-id answer). Plain, like
 * the endpoint table, so a page can use it before zod loads.
 */
function recordKindOf<K extends RecordKind, N extends KindName>(kind: K, name: N) {
  return {
    id: `${kind}_id` as const,
    list: ENDPOINTS[`list${name}s`],
    get: ENDPOINTS[`get${name}`],
    nextId: ENDPOINTS[`next${name}Id`],
    search: ENDPOINTS[`search${name}s`],
    add: ENDPOINTS[`add${name}`],
    update: ENDPOINTS[`update${name}`],
    reissueCode: ENDPOINTS[`reissue${name}Code`],
  };
}

/** Each record kind's calls: the API registers them and the API client calls them from here. */
export const RECORD_KINDS = {
  patient: recordKindOf('patient', 'Patient'),
  employee: recordKindOf('employee', 'Employee'),
};

/** A record kind's calls and id field (see {@link RECORD_KINDS}). */
export type RecordKindCalls<K extends RecordKind> = (typeof RECORD_KINDS)[K];
