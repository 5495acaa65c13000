import type {
  EmployeeListView,
  MyAppointmentList,
  SearchEmployeeRequest,
  SearchPatientRequest,
} from '@portal/contract';

/** The patient search criteria a query is keyed by, trimmed so equal searches share a cache entry. */
export interface PatientCriteria {
  readonly patient_id: string;
  readonly first_name: string;
  readonly last_name: string;
}

/** The employee search criteria a query is keyed by. */
export interface EmployeeCriteria {
  readonly employee_id: string;
  readonly first_name: string;
  readonly last_name: string;
}

/** Trims a patient search form's values into query-key criteria. */
export function normalizePatientCriteria(criteria: SearchPatientRequest = {}): PatientCriteria {
  return {
    patient_id: criteria.patient_id?.trim() ?? '',
    first_name: criteria.first_name?.trim() ?? '',
    last_name: criteria.last_name?.trim() ?? '',
  };
}

/** Trims an employee search form's values into query-key criteria. */
export function normalizeEmployeeCriteria(criteria: SearchEmployeeRequest = {}): EmployeeCriteria {
  return {
    employee_id: criteria.employee_id?.trim() ?? '',
    first_name: criteria.first_name?.trim() ?? '',
    last_name: criteria.last_name?.trim() ?? '',
  };
}

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
    /** One of the two lists (upcoming, past); under `all()`, so a cancel refreshes both. */
    appointments: (when: MyAppointmentList = 'upcoming', limit?: number) =>
      ['my-record', 'appointments', when, { limit }] as const,
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
    /** One patient's problem list and allergy list; under `all()`, so a write refreshes them. */
    conditions: (patientId: string) => ['patients', 'conditions', patientId] as const,
    allergies: (patientId: string) => ['patients', 'allergies', patientId] as const,
    /** Who changed the patient's contact details (the chart). */
    contactChanges: (patientId: string, limit?: number) =>
      ['patients', 'contact-changes', patientId, { limit }] as const,
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
    /** A clinician's hours: sessions, exceptions and leave. */
    schedule: (employeeId: string) => ['employees', 'schedule', employeeId] as const,
  },
  /** Free slots, by query; a booking, a schedule or a leave refreshes them. */
  slots: {
    all: () => ['slots'] as const,
    list: (query: SlotFilter, limit?: number) => ['slots', 'list', { ...query, limit }] as const,
  },
  /** The coded catalogues' searches, by query and options (reference data: never invalidated). */
  catalogues: {
    conditions: (q: string, options: { limit?: number } = {}) =>
      ['catalogues', 'conditions', { q, ...options }] as const,
    substances: (q: string, options: { limit?: number; kind?: string } = {}) =>
      ['catalogues', 'substances', { q, ...options }] as const,
  },
} as const;

/** What a list of free slots is asked for: the dates, and a clinician or a department. */
export interface SlotFilter {
  readonly from: string;
  readonly to: string;
  readonly clinician_id?: string | undefined;
  readonly department_id?: string | undefined;
}
