import type {
  EmployeeListView,
  RecordKind,
  SearchEmployeeRequest,
  SearchPatientRequest,
} from '@portal/contract';

/**
 * A record kind's search criteria as a query is keyed by them (its id, first and last name),
 * trimmed so equal searches share a cache entry.
 */
export type RecordCriteria<K extends RecordKind> = Readonly<
  Record<`${K}_id` | 'first_name' | 'last_name', string>
>;

/** The patient search criteria a query is keyed by. */
export type PatientCriteria = RecordCriteria<'patient'>;

/** The employee search criteria a query is keyed by. */
export type EmployeeCriteria = RecordCriteria<'employee'>;

/** Trims a search form's values into query-key criteria. */
export function normalizeCriteria<K extends RecordKind>(
  kind: K,
  criteria: Partial<Record<keyof RecordCriteria<K>, string>> = {},
): RecordCriteria<K> {
  const id = `${kind}_id` as const;
  return {
    [id]: criteria[id]?.trim() ?? '',
    first_name: criteria.first_name?.trim() ?? '',
    last_name: criteria.last_name?.trim() ?? '',
  } as RecordCriteria<K>;
}

/** Trims a patient search form's values into query-key criteria. */
export const normalizePatientCriteria = (criteria?: SearchPatientRequest): PatientCriteria =>
  normalizeCriteria('patient', criteria);

/** Trims an employee search form's values into query-key criteria. */
export const normalizeEmployeeCriteria = (criteria?: SearchEmployeeRequest): EmployeeCriteria =>
  normalizeCriteria('employee', criteria);

/**
 * Every query key of the portal, from one place. Each domain's keys start with its `all()`, so
 * a write invalidates everything of its domain with one call.
 */
export const queryKeys = {
  profile: () => ['profile'] as const,
  /** The signed-in person's own account (My account). */
  account: {
    all: () => ['account'] as const,
    summary: () => ['account', 'summary'] as const,
    sessions: () => ['account', 'sessions'] as const,
  },
  /** The signed-in patient's own lists beyond the record. */
  myRecord: {
    all: () => ['my-record'] as const,
    appointments: (limit?: number) => ['my-record', 'appointments', { limit }] as const,
    accessLog: (limit?: number) => ['my-record', 'access-log', { limit }] as const,
  },
  patients: {
    all: () => ['patients'] as const,
    list: (limit?: number) => ['patients', 'list', { limit }] as const,
    search: (criteria: PatientCriteria, limit?: number) =>
      ['patients', 'search', { ...criteria, limit }] as const,
    /** The list and search with `?view=summary` (the clinical list pages). */
    summaryList: (limit?: number) => ['patients', 'summary-list', { limit }] as const,
    summarySearch: (criteria: PatientCriteria, limit?: number) =>
      ['patients', 'summary-search', { ...criteria, limit }] as const,
    /**
     * A clinician's day; under `all()`, so booking, cancelling or marking an appointment
     * refreshes it.
     */
    day: (date: string, clinicianId?: string, limit?: number) =>
      ['patients', 'day', date, { clinicianId, limit }] as const,
    detail: (patientId: string) => ['patients', 'detail', patientId] as const,
    /** The add form's suggested id. */
    nextId: () => ['patients', 'next-id'] as const,
    /** All of one patient's appointments (the chart); under `all()`, so a write refreshes it. */
    appointments: (patientId: string, limit?: number) =>
      ['patients', 'appointments', patientId, { limit }] as const,
  },
  employees: {
    all: () => ['employees'] as const,
    /**
     * The list, by page size and view (sort and filters; the spec's list has none). Keys of
     * every view start the same, so `['employees', 'list']` reaches them all.
     */
    list: (limit?: number, view: EmployeeListView = {}) =>
      ['employees', 'list', { limit, ...view }] as const,
    search: (criteria: EmployeeCriteria, limit?: number) =>
      ['employees', 'search', { ...criteria, limit }] as const,
    detail: (employeeId: string) => ['employees', 'detail', employeeId] as const,
    /** The add form's suggested id. */
    nextId: () => ['employees', 'next-id'] as const,
    /** The active clinicians a booking may name (the clinical app). */
    clinicians: () => ['employees', 'clinicians'] as const,
    /** The portal access waiting for a second HR person's approval. */
    accessApprovals: () => ['employees', 'access-approvals'] as const,
  },
} as const;

/** The query keys a record kind's shared calls use (its domain's in {@link queryKeys}). */
export function recordKindKeys<K extends RecordKind>(kind: K) {
  const keys = kind === 'patient' ? queryKeys.patients : queryKeys.employees;
  return keys as Pick<typeof keys, 'all' | 'detail' | 'nextId'> & {
    search(criteria: RecordCriteria<K>, limit?: number): readonly unknown[];
  };
}
