import { delay, http, type HttpHandler, HttpResponse, type JsonBodyType } from 'msw';
import {
  type AccessLogEntry,
  type Access,
  accountMfaCodeRequestSchema,
  addAllergyRequestSchema,
  addConditionRequestSchema,
  type Allergy,
  type CatalogueItem,
  type SubstanceItem,
  type Condition,
  listEntryParamsSchema,
  patchAllergyRequestSchema,
  patchConditionRequestSchema,
  accountSessionParamsSchema,
  type AccountSession,
  changePasswordRequestSchema,
  MFA_REQUIRED_MESSAGE,
  NO_SUCH_SESSION_MESSAGE,
  USED_MFA_CODE_MESSAGE,
  approveAccessRequestSchema,
  OWN_ACCESS_FIELDS_MESSAGE,
  type PendingAccess,
  addAppointmentRequestSchema,
  type AppointmentWarning,
  appointmentParamsSchema,
  appointmentStatusRequestSchema,
  appointmentsOverlap,
  cancelAppointmentRequestSchema,
  cancelMyAppointmentRequestSchema,
  CONTACT_FIELDS,
  type ContactChange,
  myAppointmentParamsSchema,
  myAppointmentsQuerySchema,
  myContactRequestSchema,
  PATIENT_CANCEL_NOTICE_HOURS,
  PATIENT_CANCEL_TOO_LATE_MESSAGE,
  refuseAccessRequestSchema,
  type ChartAppointment,
  CLINICIAN_BUSY_MESSAGE,
  dayAppointmentsQuerySchema,
  DEFAULT_APPOINTMENT_MINUTES,
  type LatestAppointment,
  NOT_A_CLINICIAN_MESSAGE,
  notBookedMessage,
  RESCHEDULED_REASON,
  appointmentHasStarted,
  NO_SHOW_TOO_EARLY_MESSAGE,
  NOT_AN_OUTCOME_MESSAGE,
  outcomeMayBeUndone,
  UNDO_TOO_LATE_MESSAGE,
  patientListQuerySchema,
  rescheduleAppointmentRequestSchema,
  type StaffRef,
  addEmployeeRequestSchema,
  addHistoryRequestSchema,
  addPatientRequestSchema,
  checkEmployeeDates,
  checkPatientAge,
  DEFAULT_API_BASE,
  type Employee,
  employeeIdParamsSchema,
  employeeListQuerySchema,
  type EmployeeListView,
  type EndpointName,
  ENDPOINTS,
  type FieldError,
  loginRequestSchema,
  mfaConfirmRequestSchema,
  mfaLoginRequestSchema,
  mfaSetupRequestSchema,
  normaliseMfaCode,
  otpauthUrl,
  nextIdAfter,
  type PatientRecord,
  type PatientSummary,
  patientIdParamsSchema,
  registerRequestSchema,
  searchEmployeeRequestSchema,
  searchPatientRequestSchema,
  type TokenClaims,
  hospitalNow,
  hospitalToday,
  type UpcomingAppointment,
  matchesNameFragment,
  TOTAL_COUNT_HEADER,
  toTimeWithSeconds,
  updateEmployeeRequestSchema,
  updatePatientRequestSchema,
  MERGE_PATCH_CONTENT_TYPE,
  patientMergePatchSchema,
  WRONG_CREDENTIALS_MESSAGE,
  WRONG_MFA_CODE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
  addAddendumRequestSchema,
  addNoteRequestSchema,
  bodyMassIndex,
  type ClinicalNote,
  noteEnteredInErrorRequestSchema,
  noteParamsSchema,
  recordVitalsRequestSchema,
  type Medication,
  MEDICATION_ALLERGY_MESSAGE,
  MEDICATION_DUPLICATE_MESSAGE,
  MEDICATION_NOT_ACTIVE_MESSAGE,
  medicationParamsSchema,
  PROBLEM_CONTENT_TYPE,
  prescribeRequestSchema,
  type PrescriptionConflicts,
  stopMedicationRequestSchema,
  VITAL_FIELDS,
  vitalFlags,
  type VitalSigns,
} from '@portal/contract';
import { findDepartment, findPosition, type Role } from '@portal/reference-data';
import {
  ACTIVATION_CODE_EXPIRES_AT,
  decodeFakeToken,
  makeAccessLog,
  makeAccountSessions,
  makeActivationCode,
  makeAppointmentId,
  makeClinicians,
  makeEmployee,
  makeEmployees,
  makeFakeToken,
  makePatientRecords,
  makePatientSummary,
  makeProfile,
  makeUpcomingAppointments,
} from './factories';
import {
  makeProblem,
  MockProblem,
  pageResponse,
  parseBody,
  parseParams,
  problemResponse,
  validationProblem,
} from './mock-http';

/** An endpoint the mock API answers: every one of ENDPOINTS but the OpenAPI document. */
export type MockEndpointName = Exclude<EndpointName, 'openapi'>;

/** The endpoints that answer a page of records. */
export type ListEndpointName =
  | 'listPatients'
  | 'searchPatients'
  | 'listEmployees'
  | 'searchEmployees'
  | 'myAppointments'
  | 'patientAppointments'
  | 'myAccessLog'
  | 'dayAppointments'
  | 'listClinicians';

/** The sort key of an employee for each of the list's sorts, as the API orders them. */
const EMPLOYEE_SORT_VALUE = {
  name: (e: Employee) => `${e.last_name.toLowerCase()}\u0000${e.first_name.toLowerCase()}`,
  position: (e: Employee) => e.position_name ?? '',
  department: (e: Employee) => e.department_name ?? '',
  hire_date: (e: Employee) => e.hire_date,
} as const;

/** The employee list filtered and sorted as GET /employee's query asks (creation order else). */
export function employeeListView(
  employees: readonly Employee[],
  view: EmployeeListView,
): Employee[] {
  const kept = employees.filter(
    (e) =>
      (!view.position_id || e.position_id === view.position_id) &&
      (!view.department_id ||
        findPosition(e.position_id ?? '')?.departmentId === view.department_id) &&
      (!view.work_status || e.work_status === view.work_status),
  );
  const value = view.sort ? EMPLOYEE_SORT_VALUE[view.sort] : null;
  // A stable sort keeps creation order among equals, as the API's tie-break on the row id does;
  // descending reverses the whole order, ties included, as the API's (key, id) desc does.
  const sorted = value
    ? kept.sort((a, b) => {
        const [x, y] = [value(a), value(b)];
        return x < y ? -1 : x > y ? 1 : 0;
      })
    : kept;
  return view.order === 'desc' ? sorted.reverse() : sorted;
}

/** An account of the mock API, for login and the profile. */
export interface MockAccount {
  readonly username: string;
  readonly password: string;
  readonly role: Role;
  /** The patient id (patients) or employee id (staff) the account is linked to. */
  readonly id: string;
  /**
   * The second factor: `on` — login asks for a code (MOCK_TOTP_CODE or a recovery code);
   * `enrol` — staff under STAFF_MFA=required without one: login answers a session that must
   * enrol first. Absent: the password alone.
   */
  readonly mfa?: 'on' | 'enrol';
}

/** The code the mock's authenticator "shows": accepted at sign-in and at enrolment. */
export const MOCK_TOTP_CODE = '246810';

/** The secret the mock's set-up answers (base-32, as the real API's). */
export const MOCK_MFA_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The ten recovery codes the mock's confirm answers; each works once at sign-in. */
export const MOCK_RECOVERY_CODES: readonly string[] = Array.from(
  { length: 10 },
  (_, i) => `7K4Q2-M9X${'ABCDEFGHJK'[i]}${i}`,
);

/** A code the mock's authenticator "showed" a moment ago: answered as used (login, My account). */
export const MOCK_USED_TOTP_CODE = '135790';

/** The ten recovery codes the mock's My account answers when asked for new ones. */
export const MOCK_NEW_RECOVERY_CODES: readonly string[] = Array.from(
  { length: 10 },
  (_, i) => `9R2W6-H4T${'ABCDEFGHJK'[i]}${i}`,
);

/** The password of every mock account. */
export const MOCK_PASSWORD = 'mock-password-2026';

/** One ready account per role (two clinical), linked to the factories' first records. */
export const MOCK_ACCOUNTS: readonly MockAccount[] = [
  { username: 'demo.patient', password: MOCK_PASSWORD, role: 'patient', id: 'P001' },
  { username: 'demo.doctor', password: MOCK_PASSWORD, role: 'medical_personnel', id: 'E001' },
  { username: 'demo.nurse', password: MOCK_PASSWORD, role: 'medical_personnel', id: 'E002' },
  { username: 'demo.hr', password: MOCK_PASSWORD, role: 'HR', id: 'E003' },
];

/** What the mock API starts with and how strict it is. Every part has a default. */
export interface MockScenario {
  /** The patient records (default: 24 from makePatientRecords). */
  readonly patients?: readonly PatientRecord[];
  /** The employees (default: 12 from makeEmployees). */
  readonly employees?: readonly Employee[];
  /** The accounts that can log in (default: MOCK_ACCOUNTS). */
  readonly accounts?: readonly MockAccount[];
  /**
   * Portal access waiting for a second HR person (default: none). `requested_by_you` is worked
   * out per request from the token (its username asked), as the API does; without a token, as
   * given.
   */
  readonly pendingAccess?: readonly PendingAccess[];
  /**
   * Each patient's upcoming appointments, soonest first (default: P001 has three), in the
   * patient's list's shape or the chart's; what they leave out is filled in (an id, booked, 15
   * minutes, no clinician). The chart's list shows them with the past ones booked since (or, for
   * a patient with neither, the latest appointment of their record).
   */
  readonly appointments?: Readonly<Record<string, readonly UpcomingAppointment[]>>;
  /** Each patient's access log, newest first (default: P001 has twelve entries). */
  readonly accessLog?: Readonly<Record<string, readonly AccessLogEntry[]>>;
  /**
   * Check the bearer token as the API does: 401 without a valid one, 403 for the wrong role or
   * another patient's record. Off by default, so that a story need not sign in to show a page.
   */
  readonly checkAuth?: boolean;
  /** Where the API is mounted; the default matches `/api` on any origin. */
  readonly baseUrl?: string;
  /**
   * The signed-in account's open sessions, this one first (default: three from
   * makeAccountSessions), as My account lists them.
   */
  readonly accountSessions?: readonly AccountSession[];
  /** The hospital's second-factor policy for staff (default `optional`). */
  readonly staffMfa?: 'optional' | 'required';
  /** Each patient's sets of vital signs, most recently taken first (default: none). */
  readonly vitals?: Readonly<Record<string, readonly VitalSigns[]>>;
  /** Each patient's signed notes, newest first, entered in error included (default: none). */
  readonly notes?: Readonly<Record<string, readonly ClinicalNote[]>>;
  /** Each patient's prescriptions, newest first (default: none). */
  readonly medications?: Readonly<Record<string, readonly Medication[]>>;
}

/** The mock API's data, which its handlers read and change. */
export interface MockDb {
  patients: PatientRecord[];
  employees: Employee[];
  accounts: MockAccount[];
  pendingAccess: PendingAccess[];
  /** Each patient's upcoming appointments (the patient's own list), in the chart's shape. */
  appointments: Record<string, ChartAppointment[]>;
  /**
   * Each patient's other appointments: booked in the past while the mock ran, or the latest of
   * a record whose patient has no upcoming list (the chart lists them all).
   */
  pastAppointments: Record<string, ChartAppointment[]>;
  accessLog: Record<string, AccessLogEntry[]>;
  /** Each patient's contact changes, newest first (the chart's history). */
  contactChanges: Record<string, ContactChange[]>;
  /** The signed-in account's open sessions (My account), this one first. */
  accountSessions: AccountSession[];
}

/** A mock API: its MSW handlers and the in-memory data they share. */
export interface MockApi {
  readonly handlers: HttpHandler[];
  readonly db: MockDb;
  /** Puts the data back as the scenario started it. */
  reset(): void;
}

/** The default base: `/api` on whatever origin (jsdom's, Storybook's, or http://localhost). */
export const MOCK_API_BASE = `*${DEFAULT_API_BASE}`;

const SESSION_ENDED = 'Your session has ended. Please log in again.';
const NOT_ELIGIBLE =
  'These details do not match a record waiting for registration. Check the ID and the activation code, or ask for a new code.';

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const METHODS = {
  GET: http.get,
  POST: http.post,
  PUT: http.put,
  PATCH: http.patch,
  DELETE: http.delete,
} as const;

/** The URL pattern of an endpoint under a base. */
function urlOf(name: MockEndpointName, baseUrl = MOCK_API_BASE): string {
  return `${baseUrl}${ENDPOINTS[name].path}`;
}

type Resolver = (info: {
  request: Request;
  params: Record<string, string | readonly string[] | undefined>;
  claims: TokenClaims | undefined;
}) => Response | Promise<Response>;

/** An MSW handler for an endpoint whose resolver may throw a MockProblem. */
function endpointHandler(name: MockEndpointName, baseUrl: string | undefined, resolver: Resolver) {
  const method: Method = ENDPOINTS[name].method;
  return METHODS[method](urlOf(name, baseUrl), async ({ request, params }) => {
    try {
      return await resolver({ request, params, claims: claimsOf(request) });
    } catch (error) {
      if (error instanceof MockProblem) return error.toResponse();
      throw error;
    }
  });
}

/** The claims of the request's bearer token, if it carries a well-formed one. */
function claimsOf(request: Request): TokenClaims | undefined {
  const match = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '');
  return match ? decodeFakeToken(match[1]!) : undefined;
}

/** Throws the 401 or 403 the API would give this request, if any. */
function authorise(request: Request, access: Access, claims: TokenClaims | undefined) {
  if (access === 'public') return;
  if (!request.headers.get('authorization')) throw new MockProblem(401, 'Sign in to continue');
  if (!claims || claims.exp <= Date.now() / 1000) throw new MockProblem(401, SESSION_ENDED);
  if (access !== 'authenticated' && !access.includes(claims.role)) {
    throw new MockProblem(403, 'You are not allowed to do this');
  }
}

/** Case-insensitive search as the API does it: the id's start, the contract's name rule. */
function matches(
  record: { id: string; first: string; last: string },
  criteria: { id: string; first: string; last: string },
): boolean {
  return (
    (!criteria.id || record.id.toUpperCase().startsWith(criteria.id.toUpperCase())) &&
    (!criteria.first || matchesNameFragment(record.first, criteria.first)) &&
    (!criteria.last || matchesNameFragment(record.last, criteria.last))
  );
}

/** The position and department names of a position id. */
function positionNames(positionId: string | null) {
  const position = positionId ? findPosition(positionId) : undefined;
  return {
    position_name: position?.name ?? null,
    department_name: position ? (findDepartment(position.departmentId)?.name ?? null) : null,
  };
}

/** Copies without undefined values, so that a merge leaves absent fields alone. */
function defined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/** The id after the highest `prefix` + digits among `ids`, as the API suggests it. */
function nextId(prefix: 'P' | 'E', ids: readonly string[]): string {
  const pattern = new RegExp(`^${prefix}(\\d{1,15})$`);
  const numbers = ids.map((id) => Number(pattern.exec(id)?.[1] ?? 0));
  return nextIdAfter(prefix, Math.max(0, ...numbers));
}

const json = (body: unknown, status = 200) => HttpResponse.json(body as JsonBodyType, { status });

/** Who recorded the mock's list entries, and when. */
const MOCK_AUTHORSHIP = {
  recorded_by: null,
  recorded_at: '2026-01-05T03:00:00.000Z',
  changed_by: null,
  changed_at: '2026-01-05T03:00:00.000Z',
};

/** Who signs the mock's notes and records its vital signs. */
export const MOCK_SIGNER = { employee_id: 'E001', first_name: 'Anong', last_name: 'Sukjai' };

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const ATC = 'http://www.whocc.no/atc';

/** A few substances of the catalogue, as GET /catalogues/substances answers them. */
export const MOCK_SUBSTANCES: readonly SubstanceItem[] = [
  {
    id: 'rxn:723',
    name: 'amoxicillin',
    name_th: 'อะม็อกซีซิลลิน',
    codes: [{ system: RXNORM, code: '723', display: 'amoxicillin' }],
    kind: 'drug',
  },
  {
    id: 'rxn:161',
    name: 'paracetamol',
    name_th: 'พาราเซตามอล',
    codes: [{ system: RXNORM, code: '161', display: 'acetaminophen' }],
    kind: 'drug',
  },
  {
    id: 'rxn:5640',
    name: 'ibuprofen',
    name_th: 'ไอบูโพรเฟน',
    codes: [{ system: RXNORM, code: '5640', display: 'ibuprofen' }],
    kind: 'drug',
  },
  {
    id: 'atc:J01C',
    name: 'Beta-lactam antibacterials, penicillins',
    name_th: 'ยาต้านแบคทีเรียกลุ่มเพนิซิลลิน',
    codes: [{ system: ATC, code: 'J01C', display: 'Beta-lactam antibacterials, penicillins' }],
    kind: 'class',
  },
];

/** The mock's catalogue entry for an id: one of MOCK_SUBSTANCES, or its code from the id, named by it. */
function mockCatalogueItem(id: string): CatalogueItem {
  const known = MOCK_SUBSTANCES.find((item) => item.id === id);
  if (known) return { id, name: known.name, name_th: known.name_th, codes: known.codes };
  const code = id.slice(id.indexOf(':') + 1);
  return { id, name: id, name_th: null, codes: [{ system: 'urn:mock', code, display: id }] };
}

/** A patch's fields that were sent. */
function withoutAbsent(body: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
}

/**
 * A mock of the whole API (every endpoint of ENDPOINTS but the OpenAPI document) over an
 * in-memory data set: requests are validated with the contract's schemas and refused with the
 * API's problems; lists page with its headers; writes change the data for later calls.
 */
export function createMockApi(scenario: MockScenario = {}): MockApi {
  const initial = (): MockDb => {
    const patients = structuredClone([...(scenario.patients ?? makePatientRecords(24))]);
    const given = scenario.appointments ?? { P001: makeUpcomingAppointments(3) };
    const appointments: Record<string, ChartAppointment[]> = {};
    const pastAppointments: Record<string, ChartAppointment[]> = {};
    let seed = 0;
    for (const [id, list] of Object.entries(given))
      appointments[id] = list.map((a) => toChartAppointment(a, ++seed));
    // A patient without a list still has the latest appointment of their record.
    for (const { patient, patient_appointment: latest } of patients) {
      if (!given[patient.patient_id] && latest.date)
        pastAppointments[patient.patient_id] = [toChartAppointment(latest, ++seed)];
    }
    return {
      patients,
      employees: structuredClone([...(scenario.employees ?? makeEmployees(12))]),
      accounts: [...(scenario.accounts ?? MOCK_ACCOUNTS)],
      pendingAccess: structuredClone([...(scenario.pendingAccess ?? [])]),
      accountSessions: structuredClone([...(scenario.accountSessions ?? makeAccountSessions(3))]),
      appointments,
      pastAppointments,
      contactChanges: {},
      accessLog: structuredClone({
        ...(scenario.accessLog ?? { P001: makeAccessLog(12) }),
      }) as Record<string, AccessLogEntry[]>,
    };
  };
  /** The scenario's data, with a record for each waiting approval that names no employee. */
  const withWaitingEmployees = (start: MockDb): MockDb => {
    start.pendingAccess.forEach((p, i) => {
      const employee = start.employees.find((e) => e.employee_id === p.employee_id);
      if (employee) employee.access_pending = true;
      else {
        start.employees.push(
          makeEmployee(
            {
              employee_id: p.employee_id,
              first_name: p.first_name,
              last_name: p.last_name,
              position_id: p.position_id,
              work_status: 'yes',
              resignation_date: null,
              registered: false,
              access_pending: true,
            },
            start.employees.length + i + 1,
          ),
        );
      }
    });
    return start;
  };
  const db: MockDb = withWaitingEmployees(initial());
  let codesIssued = 0;
  const usedRecoveryCodes = new Set<string>();
  const usedActivationCodes = new Set<string>();
  const newCode = () => ({
    activation_code: makeActivationCode(++codesIssued),
    activation_code_expires_at: ACTIVATION_CODE_EXPIRES_AT,
  });
  const base = scenario.baseUrl;

  const on = (name: MockEndpointName, resolver: Resolver) =>
    endpointHandler(name, base, async (info) => {
      if (scenario.checkAuth) authorise(info.request, ENDPOINTS[name].access, info.claims);
      return resolver(info);
    });

  /** The problem and allergy lists the mock has been told of, by patient. */
  const lists = {
    conditions: new Map<string, Condition[]>(),
    allergies: new Map<string, Allergy[]>(),
    noKnown: new Set<string>(),
    vitals: new Map<string, VitalSigns[]>(
      Object.entries(scenario.vitals ?? {}).map(([id, sets]) => [id, structuredClone([...sets])]),
    ),
    notes: new Map<string, ClinicalNote[]>(
      Object.entries(scenario.notes ?? {}).map(([id, notes]) => [id, structuredClone([...notes])]),
    ),
    medications: new Map<string, Medication[]>(
      Object.entries(scenario.medications ?? {}).map(([id, list]) => [
        id,
        structuredClone([...list]),
      ]),
    ),
  };
  /** A patient's allergy list: listed once the record or the list names one. */
  const allergyListOf = (id: string) => {
    const record = findPatient(id);
    const allergies = lists.allergies.get(id) ?? [];
    const listed = allergies.length > 0 || record.patient_drug_allergy.length > 0;
    const noKnown = !listed && lists.noKnown.has(id);
    return {
      state: listed ? 'listed' : noKnown ? 'no_known' : 'not_asked',
      no_known_allergies: noKnown
        ? { recorded_by: null, recorded_at: MOCK_AUTHORSHIP.recorded_at }
        : null,
      allergies,
    };
  };
  const findPatient = (id: string) => {
    const record = db.patients.find((p) => p.patient.patient_id === id);
    if (!record) throw new MockProblem(404, `No patient with ID ${id}`);
    return record;
  };
  const findNote = (patientId: string, noteId: string) => {
    const note = lists.notes.get(patientId)?.find((n) => n.note_id === noteId);
    if (!note) throw new MockProblem(404, 'This patient has no such note');
    return note;
  };
  /** A signature as the server makes it: the signer, now, and a hash (a stand-in here). */
  const mockSignature = () => ({
    signed_by: MOCK_SIGNER,
    signed_at: new Date().toISOString(),
    content_hash: '0'.repeat(64),
  });
  /**
   * An edit as the server makes it (update-patient and the merge patch): the ID card's
   * uniqueness, the age rule on the stored record merged with the edit (naming the field that
   * was sent), then the fields and the lists given (undefined: left alone).
   */
  const editRecord = (
    record: PatientRecord,
    changes: Partial<PatientRecord['patient']>,
    lists: {
      diseases: PatientRecord['patient_chronic_disease'] | undefined;
      allergies: PatientRecord['patient_drug_allergy'] | undefined;
    },
  ) => {
    const card = changes.id_card_number;
    if (
      card &&
      db.patients.some((r) => r !== record && sameIdCard(r.patient.id_card_number, card))
    ) {
      throw conflict('patient.id_card_number', 'A patient with this ID card number already exists');
    }
    if (changes.age !== undefined || changes.date_of_birth !== undefined) {
      const [problem] = checkPatientAge({ ...record.patient, ...changes });
      if (problem) {
        const field = changes.age !== undefined ? 'patient.age' : 'patient.date_of_birth';
        throw new MockProblem(400, `${field}: ${problem.message}`, [
          { field, message: problem.message },
        ]);
      }
    }
    record.patient = { ...record.patient, ...changes };
    if (lists.diseases) record.patient_chronic_disease = lists.diseases;
    if (lists.allergies) record.patient_drug_allergy = lists.allergies;
  };
  /** A patient's appointments, past and upcoming. */
  const appointmentsOf = (id: string): ChartAppointment[] => [
    ...(db.pastAppointments[id] ?? []),
    ...(db.appointments[id] ?? []),
  ];
  /** Every appointment with its patient's id. */
  const allAppointments = () =>
    db.patients.flatMap((p) =>
      appointmentsOf(p.patient.patient_id).map((a) => ({ record: p, appointment: a })),
    );
  const findAppointment = (patientId: string, appointmentId: string) => {
    findPatient(patientId);
    const found = appointmentsOf(patientId).find((a) => a.appointment_id === appointmentId);
    if (!found) throw new MockProblem(404, 'No such appointment for this patient');
    return found;
  };
  /** The token's employee as an author (the demo doctor without a token), as the API does. */
  const authorOf = (claims: TokenClaims | undefined): StaffRef | null => {
    const e = db.employees.find((x) => x.employee_id === (claims?.employee_id ?? 'E001'));
    return e
      ? { employee_id: e.employee_id, first_name: e.first_name, last_name: e.last_name }
      : null;
  };
  /** The clinician a booking names: an active employee in a clinical position, or a 400. */
  const clinicianOf = (id: string | undefined): StaffRef | null => {
    if (id === undefined) return null;
    const e = db.employees.find((x) => x.employee_id === id);
    if (
      !e ||
      e.work_status !== 'yes' ||
      findPosition(e.position_id ?? '')?.portalRole !== 'medical_personnel'
    ) {
      throw new MockProblem(400, `clinician_id: ${NOT_A_CLINICIAN_MESSAGE}`, [
        { field: 'clinician_id', message: NOT_A_CLINICIAN_MESSAGE },
      ]);
    }
    return { employee_id: e.employee_id, first_name: e.first_name, last_name: e.last_name };
  };
  /** The warning that the clinician has a booked appointment overlapping this one. */
  const warningsFor = (a: ChartAppointment): AppointmentWarning[] =>
    a.clinician &&
    allAppointments().some(
      ({ appointment: b }) =>
        b !== a &&
        b.status === 'booked' &&
        b.date === a.date &&
        b.clinician?.employee_id === a.clinician?.employee_id &&
        appointmentsOverlap(a, b),
    )
      ? [{ code: 'clinician_busy', message: CLINICIAN_BUSY_MESSAGE, field: 'clinician_id' }]
      : [];
  /** Stores a new appointment and brings the record's latest in step. */
  const book = (patientId: string, a: ChartAppointment) => {
    const list = a.date >= hospitalToday() ? db.appointments : db.pastAppointments;
    list[patientId] = [...(list[patientId] ?? []), a].sort((x, y) =>
      `${x.date} ${x.time}`.localeCompare(`${y.date} ${y.time}`),
    );
    refreshLatest(patientId);
  };
  /** The record's "Latest Appointment" by the API's rule (latestOf). */
  const refreshLatest = (patientId: string) => {
    const record = findPatient(patientId);
    record.patient_appointment = latestOf(appointmentsOf(patientId));
  };
  /** A booked appointment, or the 409 the API answers for any other. */
  const bookedOrConflict = (a: ChartAppointment) => {
    if (a.status !== 'booked') {
      const detail = notBookedMessage(a.status);
      throw new MockProblem(409, detail, [{ field: 'appointment_id', message: detail }]);
    }
  };
  let booked = 0;
  const newAppointmentId = () => makeAppointmentId(900_000 + ++booked);
  /**
   * Who an approval names as having asked: the token's employee by name, as the API does (the
   * username without a record behind it; the demo HR person without a token).
   */
  const requesterName = (claims: TokenClaims | undefined): string => {
    const e = db.employees.find((x) => x.employee_id === (claims?.employee_id ?? 'E003'));
    return e ? `${e.first_name} ${e.last_name}` : (claims?.sub ?? 'demo.hr');
  };
  const findEmployee = (id: string) => {
    const employee = db.employees.find((e) => e.employee_id === id);
    if (!employee) throw new MockProblem(404, `No employee with ID ${id}`);
    return employee;
  };
  const tokenFor = (account: MockAccount) =>
    makeFakeToken({
      role: account.role,
      sub: account.username,
      ...(account.role === 'patient' ? { patient_id: account.id } : { employee_id: account.id }),
    });

  /** The account a token stands for: by username, else the first of its role (demo.patient). */
  const accountOf = (claims: TokenClaims | undefined): MockAccount =>
    db.accounts.find((a) => a.username === claims?.sub) ??
    db.accounts.find((a) => a.role === (claims?.role ?? 'patient')) ??
    MOCK_ACCOUNTS[0]!;
  /** Replaces an account with a changed copy (accounts are read-only values). */
  const setAccount = (account: MockAccount, changes: Partial<MockAccount>) => {
    const { mfa: _old, ...rest } = account;
    const next: MockAccount = { ...rest, ...changes };
    if (next.mfa === undefined) delete (next as { mfa?: unknown }).mfa;
    db.accounts = db.accounts.map((a) => (a === account ? next : a));
  };
  /**
   * A current code, as My account asks for one: MOCK_TOTP_CODE, or an unused recovery code;
   * MOCK_USED_TOTP_CODE is answered as a code used a moment ago. 409 without a second factor.
   */
  const checkCurrentCode = (account: MockAccount, code: string) => {
    if (account.mfa !== 'on') {
      throw conflict('code', 'Two-step verification is not on for this account.');
    }
    const recovery = MOCK_RECOVERY_CODES.map(normaliseMfaCode).includes(code);
    if (recovery && !usedRecoveryCodes.has(code)) {
      usedRecoveryCodes.add(code);
      return;
    }
    if (code === MOCK_TOTP_CODE) return;
    const message = code === MOCK_USED_TOTP_CODE ? USED_MFA_CODE_MESSAGE : WRONG_MFA_CODE_MESSAGE;
    throw new MockProblem(400, message, [{ field: 'code', message }]);
  };

  const handlers: HttpHandler[] = [
    on('register', async ({ request }) => {
      const body = await parseBody(request, registerRequestSchema);
      // A code works once, as the API's (any other code is taken as the record's current one).
      if (usedActivationCodes.has(body.activation_code)) {
        throw new MockProblem(400, NOT_ELIGIBLE, [
          { field: 'activation_code', message: NOT_ELIGIBLE },
        ]);
      }
      // A record that has an account already: registering again (with a new code from the
      // hospital) gives that account the new username and password (a forgotten password).
      const existing = db.accounts.find((a) => a.id === body.id);
      if (db.accounts.some((a) => a.username === body.username && a !== existing)) {
        const detail = 'This username is taken; choose another';
        throw new MockProblem(409, detail, [{ field: 'username', message: detail }]);
      }
      const eligible =
        body.role === 'patient'
          ? db.patients.some((p) => p.patient.patient_id === body.id)
          : db.employees.some(
              (e) =>
                e.employee_id === body.id &&
                e.work_status === 'yes' &&
                findPosition(e.position_id ?? '')?.portalRole === body.role,
            );
      if (!eligible) {
        throw new MockProblem(400, NOT_ELIGIBLE, [
          { field: 'activation_code', message: NOT_ELIGIBLE },
        ]);
      }
      usedActivationCodes.add(body.activation_code);
      if (existing) setAccount(existing, { username: body.username, password: body.password });
      else
        db.accounts.push({
          username: body.username,
          password: body.password,
          role: body.role,
          id: body.id,
        });
      for (const p of db.patients) if (p.patient.patient_id === body.id) p.registered = true;
      for (const e of db.employees) if (e.employee_id === body.id) e.registered = true;
      return json({ username: body.username, role: body.role, id: body.id }, 201);
    }),

    on('login', async ({ request }) => {
      const body = await parseBody(request, loginRequestSchema);
      const account = db.accounts.find(
        (a) => a.username === body.username && a.password === body.password,
      );
      if (!account) throw new MockProblem(401, WRONG_CREDENTIALS_MESSAGE);
      if (account.mfa === 'on') {
        return json({ mfa_required: true, mfa_token: `mock-mfa:${account.username}` });
      }
      return json({
        token: tokenFor(account),
        role: account.role,
        ...(account.mfa === 'enrol' ? { mfa_setup_required: true } : {}),
      });
    }),

    on('loginMfa', async ({ request }) => {
      const body = await parseBody(request, mfaLoginRequestSchema);
      const account = db.accounts.find((a) => `mock-mfa:${a.username}` === body.mfa_token);
      if (!account) throw new MockProblem(401, 'Your sign-in has expired. Please log in again.');
      const recovery = MOCK_RECOVERY_CODES.map(normaliseMfaCode).includes(body.code);
      if (recovery && !usedRecoveryCodes.has(body.code)) usedRecoveryCodes.add(body.code);
      else if (body.code === MOCK_USED_TOTP_CODE) throw new MockProblem(401, USED_MFA_CODE_MESSAGE);
      else if (body.code !== MOCK_TOTP_CODE) throw new MockProblem(401, WRONG_MFA_CODE_MESSAGE);
      return json({ token: tokenFor(account), role: account.role });
    }),

    // The account's current password first, as the API asks (a session the story or test
    // made up names no account: every mock account's password then).
    on('mfaSetup', async ({ request, claims }) => {
      const body = await parseBody(request, mfaSetupRequestSchema);
      const expected =
        db.accounts.find((a) => a.username === claims?.sub)?.password ?? MOCK_PASSWORD;
      if (body.password !== expected) {
        throw new MockProblem(400, WRONG_PASSWORD_MESSAGE, [
          { field: 'password', message: WRONG_PASSWORD_MESSAGE },
        ]);
      }
      return json({
        secret: MOCK_MFA_SECRET,
        otpauth_url: otpauthUrl(MOCK_MFA_SECRET, claims?.sub ?? 'demo.nurse'),
      });
    }),

    on('mfaConfirm', async ({ request, claims }) => {
      const body = await parseBody(request, mfaConfirmRequestSchema);
      if (body.code !== MOCK_TOTP_CODE) {
        throw new MockProblem(400, WRONG_MFA_CODE_MESSAGE, [
          { field: 'code', message: WRONG_MFA_CODE_MESSAGE },
        ]);
      }
      setAccount(accountOf(claims), { mfa: 'on' });
      return json({ recovery_codes: MOCK_RECOVERY_CODES });
    }),

    // My account: the token's account (the first of its role for a made-up token).
    on('accountSummary', ({ claims }) => {
      const account = accountOf(claims);
      const on = account.mfa === 'on';
      return json({
        username: account.username,
        role: account.role,
        mfa_enabled: on,
        mfa_required: scenario.staffMfa === 'required' && account.role !== 'patient',
        recovery_codes_left: on ? MOCK_RECOVERY_CODES.length - usedRecoveryCodes.size : 0,
        locale: null,
      });
    }),

    on('changePassword', async ({ request, claims }) => {
      const body = await parseBody(request, changePasswordRequestSchema);
      const account = accountOf(claims);
      if (body.current_password !== account.password) {
        throw new MockProblem(400, WRONG_PASSWORD_MESSAGE, [
          { field: 'current_password', message: WRONG_PASSWORD_MESSAGE },
        ]);
      }
      setAccount(account, { password: body.new_password });
      const ended = db.accountSessions.filter((x) => !x.current).length;
      db.accountSessions = db.accountSessions.filter((x) => x.current);
      return json({ ended_sessions: ended });
    }),

    on('listAccountSessions', () => json(db.accountSessions)),

    on('endAccountSession', ({ params }) => {
      const { session_id } = parseParams(params, accountSessionParamsSchema);
      if (!db.accountSessions.some((x) => x.id === session_id)) {
        throw new MockProblem(404, NO_SUCH_SESSION_MESSAGE);
      }
      db.accountSessions = db.accountSessions.filter((x) => x.id !== session_id);
      return new HttpResponse(null, { status: 204 });
    }),

    on('endOtherSessions', () => {
      const ended = db.accountSessions.filter((x) => !x.current).length;
      db.accountSessions = db.accountSessions.filter((x) => x.current);
      return json({ ended_sessions: ended });
    }),

    on('regenerateRecoveryCodes', async ({ request, claims }) => {
      const body = await parseBody(request, accountMfaCodeRequestSchema);
      checkCurrentCode(accountOf(claims), body.code);
      usedRecoveryCodes.clear();
      return json({ recovery_codes: MOCK_NEW_RECOVERY_CODES });
    }),

    on('disableMfa', async ({ request, claims }) => {
      const body = await parseBody(request, accountMfaCodeRequestSchema);
      const account = accountOf(claims);
      if (scenario.staffMfa === 'required' && account.role !== 'patient') {
        throw new MockProblem(403, MFA_REQUIRED_MESSAGE);
      }
      checkCurrentCode(account, body.code);
      setAccount(account, { mfa: undefined });
      return new HttpResponse(null, { status: 204 });
    }),

    on('renew', ({ claims }) => {
      if (!claims || claims.exp <= Date.now() / 1000) throw new MockProblem(401, SESSION_ENDED);
      const token = makeFakeToken({
        role: claims.role,
        sub: claims.sub,
        ...(claims.patient_id ? { patient_id: claims.patient_id } : {}),
        ...(claims.employee_id ? { employee_id: claims.employee_id } : {}),
      });
      return json({ token, role: claims.role });
    }),

    on('logout', () => new HttpResponse(null, { status: 204 })),

    // Every open tab asks this every few seconds; the mock's sessions never end on their own.
    on('sessionStatus', () =>
      json({ active: true, ends_at: new Date(Date.now() + 12 * 3_600_000).toISOString() }),
    ),

    on('profile', ({ claims }) => {
      if (!claims) return json(makeProfile());
      const id = claims.patient_id ?? claims.employee_id;
      const account = db.accounts.find((a) => a.role === claims.role && a.id === id);
      return json(
        makeProfile({
          username: account?.username ?? claims.sub,
          role: claims.role,
          patient_id: claims.patient_id ?? null,
          employee_id: claims.employee_id ?? null,
        }),
      );
    }),

    // A patient's own lists: the token's patient (P001, as the profile, without a token).
    on('myAppointments', ({ request, claims }) => {
      const query = myAppointmentsQuerySchema.safeParse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (!query.success) throw validationProblem(query.error, 'querystring');
      // Upcoming: the scenario's list of the patient's appointments to come, booked; past: the
      // rest and the ones before it, newest first (the data's days, not the clock's).
      const id = claims?.patient_id ?? 'P001';
      const toCome = db.appointments[id] ?? [];
      const at = (a: ChartAppointment) => `${a.date} ${a.time}`;
      const listed =
        query.data.when === 'upcoming'
          ? toCome.filter((a) => a.status === 'booked')
          : [
              ...(db.pastAppointments[id] ?? []),
              ...toCome.filter((a) => a.status !== 'booked'),
            ].sort((a, b) => at(b).localeCompare(at(a)));
      return pageResponse(
        request,
        listed.map((a) => ({
          date: a.date,
          time: a.time,
          topic: a.topic,
          appointment_id: a.appointment_id,
          status: a.status,
          duration_minutes: a.duration_minutes,
          clinician: a.clinician
            ? { first_name: a.clinician.first_name, last_name: a.clinician.last_name }
            : null,
          cancel_reason: a.cancel_reason,
        })),
      );
    }),

    // The patient cancels their own booked appointment (the notice: PATIENT_CANCEL_NOTICE_HOURS).
    on('cancelMyAppointment', async ({ request, params, claims }) => {
      const { appointment_id } = parseParams(params, myAppointmentParamsSchema);
      const body = await parseBody(request, cancelMyAppointmentRequestSchema);
      const patientId = claims?.patient_id ?? 'P001';
      const appointment = findAppointment(patientId, appointment_id);
      bookedOrConflict(appointment);
      const start = Date.parse(`${appointment.date}T${appointment.time}+07:00`);
      if (start - Date.now() < PATIENT_CANCEL_NOTICE_HOURS * 3_600_000) {
        throw conflict('appointment_id', PATIENT_CANCEL_TOO_LATE_MESSAGE);
      }
      Object.assign(appointment, { status: 'cancelled', cancel_reason: body.reason });
      refreshLatest(patientId);
      const { staff_note: _note, ...mine } = appointment;
      return json({
        date: mine.date,
        time: mine.time,
        topic: mine.topic,
        appointment_id: mine.appointment_id,
        status: mine.status,
        duration_minutes: mine.duration_minutes,
        clinician: mine.clinician
          ? { first_name: mine.clinician.first_name, last_name: mine.clinician.last_name }
          : null,
        cancel_reason: mine.cancel_reason,
      });
    }),

    // The patient's contact details, kept in the chart's history of changes.
    on('updateMyContact', async ({ request, claims }) => {
      const body = await parseBody(request, myContactRequestSchema);
      const patientId = claims?.patient_id ?? 'P001';
      const record = findPatient(patientId);
      const fields = CONTACT_FIELDS.filter(
        (field) => body[field] !== undefined && body[field] !== record.patient[field],
      );
      Object.assign(record.patient, defined(body));
      if (fields.length) {
        (db.contactChanges[patientId] ??= []).unshift({
          changed_at: new Date().toISOString(),
          fields,
          changed_by: 'patient',
          name: null,
        });
      }
      const { phone_number, email, address } = record.patient;
      return json({ phone_number, email, address });
    }),

    on('patientContactChanges', ({ request, params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      return pageResponse(request, db.contactChanges[id] ?? []);
    }),

    // The problem and allergy lists, kept per patient for the mock's lifetime.
    on('listConditions', ({ params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      return json(lists.conditions.get(id) ?? []);
    }),
    on('listAllergies', ({ params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      return json(allergyListOf(id));
    }),
    on('addCondition', async ({ request, params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      const body = await parseBody(request, addConditionRequestSchema);
      const item = mockCatalogueItem(body.condition_id);
      const state = {
        onset_date: body.onset_date ?? null,
        clinical_status: body.clinical_status ?? 'active',
        verification_status: body.verification_status ?? 'confirmed',
        error_reason: null,
        note: body.note ?? null,
      } as const;
      const condition: Condition = {
        id: crypto.randomUUID(),
        condition_id: item.id,
        name: item.name,
        name_th: item.name_th,
        codes: item.codes,
        ...state,
        ...MOCK_AUTHORSHIP,
        history: [{ ...state, changed_by: null, changed_at: MOCK_AUTHORSHIP.changed_at }],
      };
      lists.conditions.set(id, [...(lists.conditions.get(id) ?? []), condition]);
      return json(condition, 201);
    }),
    on('patchCondition', async ({ request, params }) => {
      const { patient_id: id, entry_id } = parseParams(params, listEntryParamsSchema);
      const body = await parseBody(request, patchConditionRequestSchema);
      const all = lists.conditions.get(id) ?? [];
      const found = all.find((c) => c.id === entry_id);
      if (!found) throw new MockProblem(404, 'This patient has no such condition');
      const changed: Condition = { ...found, ...withoutAbsent(body) };
      lists.conditions.set(
        id,
        all.map((c) => (c.id === entry_id ? changed : c)),
      );
      return json(changed);
    }),
    on('addAllergy', async ({ request, params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      const body = await parseBody(request, addAllergyRequestSchema);
      const item = mockCatalogueItem(body.substance_id);
      const state = {
        reaction: body.reaction ?? null,
        severity: body.severity ?? null,
        criticality: body.criticality ?? null,
        onset_date: body.onset_date ?? null,
        clinical_status: 'active',
        verification_status: 'confirmed',
        error_reason: null,
      } as const;
      const allergy: Allergy = {
        id: crypto.randomUUID(),
        substance_id: item.id,
        kind: item.id.startsWith('atc:') ? 'class' : 'drug',
        seed_code: null,
        name: item.name,
        name_th: item.name_th,
        codes: item.codes,
        ...state,
        ...MOCK_AUTHORSHIP,
        history: [{ ...state, changed_by: null, changed_at: MOCK_AUTHORSHIP.changed_at }],
      };
      lists.allergies.set(id, [...(lists.allergies.get(id) ?? []), allergy]);
      lists.noKnown.delete(id);
      return json(allergy, 201);
    }),
    on('recordNoKnownAllergies', ({ params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      lists.noKnown.add(id);
      return json(allergyListOf(id));
    }),
    on('patchAllergy', async ({ request, params }) => {
      const { patient_id: id, entry_id } = parseParams(params, listEntryParamsSchema);
      const body = await parseBody(request, patchAllergyRequestSchema);
      const all = lists.allergies.get(id) ?? [];
      const found = all.find((a) => a.id === entry_id);
      if (!found) throw new MockProblem(404, 'This patient has no such allergy');
      const changed: Allergy = { ...found, ...withoutAbsent(body) };
      lists.allergies.set(
        id,
        all.map((a) => (a.id === entry_id ? changed : a)),
      );
      return json(changed);
    }),

    // The visit's records: vital signs and signed notes, newest first.
    on('listVitals', ({ request, params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      return pageResponse(request, lists.vitals.get(id) ?? []);
    }),
    on('recordVitals', async ({ request, params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      const body = await parseBody(request, recordVitalsRequestSchema);
      const now = new Date().toISOString();
      const values = Object.fromEntries(VITAL_FIELDS.map((f) => [f, body[f] ?? null])) as Record<
        (typeof VITAL_FIELDS)[number],
        number | null
      >;
      const bmi = bodyMassIndex(values.weight_kg, values.height_cm);
      const set: VitalSigns = {
        vital_id: crypto.randomUUID(),
        taken_at: body.taken_at ?? now,
        ...values,
        bmi,
        flags: vitalFlags({ ...values, bmi }),
        recorded_by: MOCK_SIGNER,
        recorded_at: now,
      };
      lists.vitals.set(
        id,
        [set, ...(lists.vitals.get(id) ?? [])].sort((a, b) => b.taken_at.localeCompare(a.taken_at)),
      );
      return json(set, 201);
    }),
    on('listNotes', ({ request, params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      const all = new URL(request.url).searchParams.get('status') === 'all';
      const notes = lists.notes.get(id) ?? [];
      return pageResponse(request, all ? notes : notes.filter((n) => n.status === 'current'));
    }),
    on('addNote', async ({ request, params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      const body = await parseBody(request, addNoteRequestSchema);
      const note: ClinicalNote = {
        note_id: crypto.randomUUID(),
        text: body.text,
        appointment_id: body.appointment_id ?? null,
        status: 'current',
        signature: mockSignature(),
        addenda: [],
        entered_in_error: null,
      };
      lists.notes.set(id, [note, ...(lists.notes.get(id) ?? [])]);
      return json(note, 201);
    }),
    on('addNoteAddendum', async ({ request, params }) => {
      const { patient_id: id, note_id } = parseParams(params, noteParamsSchema);
      const body = await parseBody(request, addAddendumRequestSchema);
      const note = findNote(id, note_id);
      note.addenda.push({
        addendum_id: crypto.randomUUID(),
        text: body.text,
        signature: mockSignature(),
      });
      return json(note, 201);
    }),
    on('markNoteEnteredInError', async ({ request, params }) => {
      const { patient_id: id, note_id } = parseParams(params, noteParamsSchema);
      const body = await parseBody(request, noteEnteredInErrorRequestSchema);
      const note = findNote(id, note_id);
      if (note.status === 'entered-in-error')
        throw conflict('note_id', 'This note is already marked entered in error');
      note.status = 'entered-in-error';
      note.entered_in_error = {
        reason: body.reason,
        by: MOCK_SIGNER,
        at: new Date().toISOString(),
      };
      return json(note);
    }),

    // The substances' catalogue (a few entries): by a name's or a code's start, of one kind.
    on('searchSubstances', ({ request }) => {
      const query = new URL(request.url).searchParams;
      const q = (query.get('q') ?? '').trim().toLowerCase();
      const kind = query.get('kind');
      return json(
        MOCK_SUBSTANCES.filter(
          (item) =>
            (!kind || item.kind === kind) &&
            (item.name.toLowerCase().includes(q) ||
              item.codes.some((c) => c.code.toLowerCase().startsWith(q))),
        ),
      );
    }),
    on('searchConditions', () => json([])),

    // Prescriptions, newest first: checked against the patient's active allergies listed with
    // the drug's own id and the active prescriptions of the same drug (the API also checks the
    // drug's classes), a 409 with the conflicts unless an override reason is given.
    on('listMedications', ({ params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      return json(lists.medications.get(id) ?? []);
    }),
    on('prescribe', async ({ request, params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      const body = await parseBody(request, prescribeRequestSchema);
      const list = lists.medications.get(id) ?? [];
      const conflicts: PrescriptionConflicts = {
        allergies: (lists.allergies.get(id) ?? [])
          .filter((a) => a.clinical_status === 'active' && a.substance_id === body.drug_id)
          .map((a) => ({ allergy_id: a.id, substance_id: a.substance_id, name: a.name })),
        duplicates: list
          .filter((m) => m.status === 'active' && m.drug_id === body.drug_id)
          .map((m) => ({
            medication_id: m.id,
            drug_id: m.drug_id,
            name: m.name,
            shared: m.drug_id,
          })),
      };
      if (!body.override_reason && (conflicts.allergies.length || conflicts.duplicates.length)) {
        const errors = [
          ...(conflicts.allergies.length
            ? [{ field: 'allergy', message: MEDICATION_ALLERGY_MESSAGE }]
            : []),
          ...(conflicts.duplicates.length
            ? [{ field: 'duplicate_therapy', message: MEDICATION_DUPLICATE_MESSAGE }]
            : []),
        ];
        return HttpResponse.json(
          {
            ...makeProblem(409, errors[0]!.message, errors),
            prescription_conflicts: conflicts,
          },
          { status: 409, headers: { 'content-type': PROBLEM_CONTENT_TYPE } },
        );
      }
      const item = mockCatalogueItem(body.drug_id);
      const now = new Date();
      const medication: Medication = {
        id: crypto.randomUUID(),
        drug_id: body.drug_id,
        name: item.name,
        name_th: item.name_th,
        codes: item.codes,
        dose: body.dose,
        unit: body.unit,
        route: body.route,
        frequency: body.frequency,
        duration_days: body.duration_days,
        quantity: body.quantity,
        instructions: body.instructions,
        status: 'active',
        stopped: null,
        override_reason: body.override_reason ?? null,
        prescribed_by: MOCK_SIGNER,
        created_at: now.toISOString(),
        ends_at: new Date(now.getTime() + body.duration_days * 86_400_000).toISOString(),
        allergy_conflicts: conflicts.allergies,
      };
      lists.medications.set(id, [medication, ...list]);
      return json(medication, 201);
    }),
    on('stopMedication', async ({ request, params }) => {
      const { patient_id: id, medication_id } = parseParams(params, medicationParamsSchema);
      const body = await parseBody(request, stopMedicationRequestSchema);
      const medication = lists.medications.get(id)?.find((m) => m.id === medication_id);
      if (!medication) throw new MockProblem(404, 'This patient has no such prescription');
      if (medication.status !== 'active')
        throw conflict('medication_id', MEDICATION_NOT_ACTIVE_MESSAGE);
      medication.status = 'stopped';
      medication.stopped = { reason: body.reason, by: MOCK_SIGNER, at: new Date().toISOString() };
      return json(medication);
    }),
    on('myMedications', ({ claims }) => {
      const id = claims?.patient_id ?? 'P001';
      return json((lists.medications.get(id) ?? []).filter((m) => m.status === 'active'));
    }),

    // The chart's list: every appointment of the patient, newest first.
    on('patientAppointments', ({ request, params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      findPatient(id);
      const all = [...appointmentsOf(id)].sort((a, b) =>
        `${b.date} ${b.time}`.localeCompare(`${a.date} ${a.time}`),
      );
      return pageResponse(request, all);
    }),

    on('myAccessLog', ({ request, claims }) =>
      pageResponse(request, db.accessLog[claims?.patient_id ?? 'P001'] ?? []),
    ),

    on('listPatients', ({ request }) => pageResponse(request, viewOf(request, db.patients))),

    // The add forms' suggestions: the id after the highest of its form in use.
    on('nextPatientId', () =>
      json({
        patient_id: nextId(
          'P',
          db.patients.map((p) => p.patient.patient_id),
        ),
      }),
    ),

    on('nextEmployeeId', () =>
      json({
        employee_id: nextId(
          'E',
          db.employees.map((e) => e.employee_id),
        ),
      }),
    ),

    on('getPatient', ({ params, claims }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      if (scenario.checkAuth && claims?.role === 'patient' && claims.patient_id !== id) {
        throw new MockProblem(403, 'Patients may only open their own record');
      }
      return json(findPatient(id));
    }),

    on('searchPatients', async ({ request }) => {
      const c = await parseBody(request, searchPatientRequestSchema);
      const criteria = { id: c.patient_id, first: c.first_name, last: c.last_name };
      const found = db.patients.filter(({ patient: p }) =>
        matches({ id: p.patient_id, first: p.first_name, last: p.last_name }, criteria),
      );
      return pageResponse(request, viewOf(request, found));
    }),

    on('addPatient', async ({ request }) => {
      const body = await parseBody(request, addPatientRequestSchema);
      const p = body.patient;
      if (db.patients.some((r) => r.patient.patient_id === p.patient_id)) {
        throw conflict('patient.patient_id', 'A patient with this Patient ID already exists');
      }
      if (db.patients.some((r) => sameIdCard(r.patient.id_card_number, p.id_card_number))) {
        throw conflict(
          'patient.id_card_number',
          'A patient with this ID card number already exists',
        );
      }
      db.patients.push({
        patient: p,
        patient_appointment: { date: '', time: '', topic: null },
        patient_drug_allergy: body.patient_drug_allergy,
        patient_chronic_disease: body.patient_chronic_disease,
        medical_history: [],
        registered: false,
      });
      return json({ patient_id: p.patient_id, ...newCode() }, 201);
    }),

    on('updatePatient', async ({ request }) => {
      const body = await parseBody(request, updatePatientRequestSchema);
      const record = findPatient(body.patient.patient_id);
      editRecord(record, defined(body.patient), {
        diseases: body.patient_chronic_disease,
        allergies: body.patient_drug_allergy,
      });
      return json(record);
    }),

    on('patchPatient', async ({ request, params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      const type = request.headers.get('content-type') ?? '';
      if (!type.startsWith(MERGE_PATCH_CONTENT_TYPE)) {
        throw new MockProblem(415, `Send the patch as ${MERGE_PATCH_CONTENT_TYPE} (RFC 7396)`);
      }
      const body = await parseBody(request, patientMergePatchSchema);
      const record = findPatient(id);
      editRecord(record, defined(body.patient ?? {}), {
        diseases: body.patient_chronic_disease === null ? [] : body.patient_chronic_disease,
        allergies: body.patient_drug_allergy === null ? [] : body.patient_drug_allergy,
      });
      return json(record);
    }),

    on('addAppointment', async ({ request, claims }) => {
      const body = await parseBody(request, addAppointmentRequestSchema);
      const record = findPatient(body.patient_id);
      const author = authorOf(claims);
      const appointment: ChartAppointment = {
        appointment_id: newAppointmentId(),
        date: body.date,
        time: toTimeWithSeconds(body.time),
        topic: body.topic,
        duration_minutes: body.duration_minutes ?? DEFAULT_APPOINTMENT_MINUTES,
        status: 'booked',
        clinician: clinicianOf(body.clinician_id),
        cancel_reason: null,
        staff_note: null,
        outcome_recorded_at: null,
        rescheduled_from: null,
        rescheduled_to: null,
        recorded_by: author,
        recorded_at: new Date().toISOString(),
      };
      const warnings = warningsFor(appointment);
      book(body.patient_id, appointment);
      const { first_name, last_name } = record.patient;
      const {
        cancel_reason,
        staff_note,
        rescheduled_from,
        rescheduled_to,
        outcome_recorded_at,
        ...answer
      } = appointment;
      void cancel_reason;
      void staff_note;
      void rescheduled_from;
      void rescheduled_to;
      void outcome_recorded_at;
      return json({ patient_id: body.patient_id, first_name, last_name, ...answer, warnings }, 201);
    }),

    on('cancelAppointment', async ({ request, params }) => {
      const { patient_id, appointment_id } = parseParams(params, appointmentParamsSchema);
      const body = await parseBody(request, cancelAppointmentRequestSchema);
      const appointment = findAppointment(patient_id, appointment_id);
      bookedOrConflict(appointment);
      Object.assign(appointment, {
        status: 'cancelled',
        cancel_reason: body.reason ?? null,
        staff_note: body.staff_note ?? null,
      });
      refreshLatest(patient_id);
      return json(appointment);
    }),

    on('rescheduleAppointment', async ({ request, params, claims }) => {
      const { patient_id, appointment_id } = parseParams(params, appointmentParamsSchema);
      const body = await parseBody(request, rescheduleAppointmentRequestSchema);
      const old = findAppointment(patient_id, appointment_id);
      bookedOrConflict(old);
      const replacement: ChartAppointment = {
        ...old,
        appointment_id: newAppointmentId(),
        date: body.date,
        time: toTimeWithSeconds(body.time),
        topic: body.topic === undefined ? old.topic : body.topic,
        duration_minutes: body.duration_minutes ?? old.duration_minutes,
        clinician: body.clinician_id === undefined ? old.clinician : clinicianOf(body.clinician_id),
        status: 'booked',
        cancel_reason: null,
        staff_note: null,
        outcome_recorded_at: null,
        rescheduled_from: old.appointment_id,
        rescheduled_to: null,
        recorded_by: authorOf(claims),
        recorded_at: new Date().toISOString(),
      };
      Object.assign(old, {
        status: 'cancelled',
        cancel_reason: body.reason ?? RESCHEDULED_REASON,
        rescheduled_to: replacement.appointment_id,
      });
      const warnings = warningsFor(replacement);
      book(patient_id, replacement);
      return json({ cancelled: old, booked: replacement, warnings });
    }),

    on('setAppointmentStatus', async ({ request, params }) => {
      const { patient_id, appointment_id } = parseParams(params, appointmentParamsSchema);
      const body = await parseBody(request, appointmentStatusRequestSchema);
      const appointment = findAppointment(patient_id, appointment_id);
      const refuse = (detail: string) => {
        throw new MockProblem(409, detail, [{ field: 'status', message: detail }]);
      };
      if (body.status === 'booked') {
        if (appointment.status !== 'fulfilled' && appointment.status !== 'noshow')
          refuse(NOT_AN_OUTCOME_MESSAGE);
        if (!outcomeMayBeUndone(appointment)) refuse(UNDO_TOO_LATE_MESSAGE);
        Object.assign(appointment, { status: 'booked', outcome_recorded_at: null });
      } else {
        bookedOrConflict(appointment);
        if (body.status === 'noshow' && !appointmentHasStarted(appointment))
          refuse(NO_SHOW_TOO_EARLY_MESSAGE);
        Object.assign(appointment, {
          status: body.status,
          outcome_recorded_at: new Date().toISOString(),
        });
      }
      refreshLatest(patient_id);
      return json(appointment);
    }),

    // A clinician's day: every appointment of the date (of one clinician), by time.
    on('dayAppointments', ({ request }) => {
      const query = dayAppointmentsQuerySchema.safeParse(
        Object.fromEntries(new URL(request.url).searchParams),
      );
      if (!query.success) throw validationProblem(query.error, 'querystring');
      const { date, clinician_id } = query.data;
      const rows = allAppointments()
        .filter(
          ({ appointment: a }) =>
            a.date === date && (!clinician_id || a.clinician?.employee_id === clinician_id),
        )
        .sort((x, y) => x.appointment.time.localeCompare(y.appointment.time))
        .map(({ record, appointment }) => ({
          ...appointment,
          patient_id: record.patient.patient_id,
          first_name: record.patient.first_name,
          last_name: record.patient.last_name,
        }));
      return pageResponse(request, rows);
    }),

    on('listClinicians', ({ request }) => pageResponse(request, makeClinicians(db.employees))),

    on('addHistory', async ({ request, claims }) => {
      const body = await parseBody(request, addHistoryRequestSchema);
      const record = findPatient(body.patient_id);
      const entry = {
        date: body.date,
        time: toTimeWithSeconds(body.time),
        recorded_by: authorOf(claims),
        recorded_at: new Date().toISOString(),
      };
      // The record names the text `details`; the answer to the call, `detail` (both the spec's).
      record.medical_history = [{ ...entry, details: body.detail }, ...record.medical_history].sort(
        (a, b) => `${b.date} ${b.time}`.localeCompare(`${a.date} ${a.time}`),
      );
      const { first_name, last_name } = record.patient;
      return json(
        { patient_id: body.patient_id, first_name, last_name, ...entry, detail: body.detail },
        201,
      );
    }),

    on('reissuePatientCode', ({ params }) => {
      const { patient_id: id } = parseParams(params, patientIdParamsSchema);
      // A registered patient gets one too: registering again with it sets a new password.
      findPatient(id);
      return json(newCode(), 201);
    }),

    on('listEmployees', ({ request }) => {
      const url = new URL(request.url);
      const view = employeeListQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!view.success) throw validationProblem(view.error, 'querystring');
      return pageResponse(request, employeeListView(db.employees, view.data));
    }),

    // Before GET /employee/:employee_id, whose pattern would take the path as an id.
    on('listAccessApprovals', ({ claims }) =>
      json(
        db.pendingAccess.map((p) =>
          claims
            ? {
                ...p,
                requested_by_you:
                  p.requested_by_you ||
                  p.requested_by === requesterName(claims) ||
                  p.employee_id === claims.employee_id,
              }
            : p,
        ),
      ),
    ),

    on('getEmployee', ({ params }) => {
      const { employee_id: id } = parseParams(params, employeeIdParamsSchema);
      return json(findEmployee(id));
    }),

    on('searchEmployees', async ({ request }) => {
      const c = await parseBody(request, searchEmployeeRequestSchema);
      const criteria = { id: c.employee_id, first: c.first_name, last: c.last_name };
      const found = db.employees.filter((e) =>
        matches({ id: e.employee_id, first: e.first_name, last: e.last_name }, criteria),
      );
      return pageResponse(request, found);
    }),

    on('addEmployee', async ({ request, claims }) => {
      const body = await parseBody(request, addEmployeeRequestSchema);
      if (db.employees.some((e) => e.employee_id === body.employee_id)) {
        throw conflict('employee_id', 'An employee with this Employee ID already exists');
      }
      const portal = findPosition(body.position_id ?? '')?.portalRole != null;
      const pending = portal && body.work_status === 'yes';
      db.employees.push({
        ...body,
        ...positionNames(body.position_id),
        registered: false,
        access_pending: pending,
      });
      if (pending)
        db.pendingAccess.push(pendingOf(findEmployee(body.employee_id), requesterName(claims)));
      const code =
        portal && body.work_status === 'yes'
          ? newCode()
          : { activation_code: null, activation_code_expires_at: null };
      return json({ employee_id: body.employee_id, ...code, access_pending: pending }, 201);
    }),

    on('updateEmployee', async ({ request, claims }) => {
      const body = await parseBody(request, updateEmployeeRequestSchema);
      const stored = findEmployee(body.employee_id);
      // HR cannot change its own position or work status (the two-person rule).
      const own = claims?.employee_id === body.employee_id;
      const ownFields = (['position_id', 'work_status'] as const).filter(
        (field) => own && body[field] !== undefined && body[field] !== stored[field],
      );
      if (ownFields.length) {
        throw new MockProblem(
          403,
          OWN_ACCESS_FIELDS_MESSAGE,
          ownFields.map((field) => ({ field, message: OWN_ACCESS_FIELDS_MESSAGE })),
        );
      }
      const merged: Employee = { ...stored, ...defined(body) };
      const errors = checkEmployeeDates(merged);
      if (errors.length) throw new MockProblem(400, errors[0]!.message, errors);
      Object.assign(stored, merged, positionNames(merged.position_id));
      const revoked = merged.work_status === 'no' && stored.registered ? 1 : 0;
      return json({ ...stored, sessions_revoked: revoked });
    }),

    on('approveEmployeeAccess', async ({ request, params, claims }) => {
      const { employee_id: id } = parseParams(params, employeeIdParamsSchema);
      const body = await parseBody(request, approveAccessRequestSchema);
      const employee = findEmployee(id);
      const waiting = db.pendingAccess.find((p) => p.employee_id === id);
      if (!waiting) {
        throw conflict('employee_id', "This employee's access is not waiting for approval");
      }
      if (waiting.position_id !== body.position_id) {
        throw conflict(
          'position_id',
          "The employee's position changed meanwhile; look at it again before approving",
        );
      }
      const asked = waiting.requested_by_you || waiting.requested_by === requesterName(claims);
      if (asked || claims?.employee_id === id) {
        const detail = 'You asked for this access; another HR person must approve it';
        throw new MockProblem(403, detail, [{ field: 'employee_id', message: detail }]);
      }
      db.pendingAccess = db.pendingAccess.filter((p) => p !== waiting);
      employee.access_pending = false;
      return json(employee);
    }),

    on('refuseEmployeeAccess', async ({ request, params, claims }) => {
      const { employee_id: id } = parseParams(params, employeeIdParamsSchema);
      const body = await parseBody(request, refuseAccessRequestSchema);
      const employee = findEmployee(id);
      const waiting = db.pendingAccess.find((p) => p.employee_id === id);
      if (!waiting) {
        throw conflict('employee_id', "This employee's access is not waiting for approval");
      }
      if (waiting.position_id !== body.position_id) {
        throw conflict(
          'position_id',
          "The employee's position changed meanwhile; look at it again before refusing",
        );
      }
      if (waiting.requested_by_you || waiting.requested_by === requesterName(claims)) {
        const detail = 'You asked for this access; another HR person must refuse it';
        throw new MockProblem(403, detail, [{ field: 'employee_id', message: detail }]);
      }
      db.pendingAccess = db.pendingAccess.filter((p) => p !== waiting);
      employee.access_pending = false;
      return json(employee);
    }),

    on('reissueEmployeeCode', ({ params }) => {
      const { employee_id: id } = parseParams(params, employeeIdParamsSchema);
      // A registered employee gets one too: registering again with it sets a new password.
      const employee = findEmployee(id);
      if (employee.work_status !== 'yes' || !findPosition(employee.position_id ?? '')?.portalRole) {
        throw conflict(
          'employee_id',
          'Only working doctors, nurses and HR staff can register for the portal',
        );
      }
      return json(newCode(), 201);
    }),

    on('health', () => json({ status: 'ok' })),
    on('ready', () => json({ status: 'ready' })),
  ];

  return {
    handlers,
    db,
    reset() {
      Object.assign(db, withWaitingEmployees(initial()));
      codesIssued = 0;
      booked = 0;
      usedRecoveryCodes.clear();
      usedActivationCodes.clear();
    },
  };
}

/** The waiting approval of a new employee, asked for by the HR person named. */
function pendingOf(employee: Employee, requestedBy: string): PendingAccess {
  const position = findPosition(employee.position_id ?? '')!;
  return {
    employee_id: employee.employee_id,
    first_name: employee.first_name,
    last_name: employee.last_name,
    position_id: position.id,
    position_name: position.name,
    role: position.portalRole!,
    requested_by: requestedBy,
    requested_at: new Date().toISOString(),
    requested_by_you: false,
  };
}

/**
 * An appointment in the chart's shape from one in the patient's list's (or the record's latest):
 * what it leaves out is filled in (an id from `seed`, booked, 15 minutes, no clinician).
 */
function toChartAppointment(
  a: UpcomingAppointment | LatestAppointment | ChartAppointment,
  seed: number,
): ChartAppointment {
  const full = a as Partial<ChartAppointment>;
  return {
    appointment_id: a.appointment_id ?? makeAppointmentId(500_000 + seed),
    date: a.date,
    time: a.time,
    topic: a.topic,
    duration_minutes: a.duration_minutes ?? DEFAULT_APPOINTMENT_MINUTES,
    status: a.status ?? 'booked',
    clinician: (full.clinician as StaffRef | undefined) ?? null,
    cancel_reason: full.cancel_reason ?? null,
    staff_note: full.staff_note ?? null,
    rescheduled_from: full.rescheduled_from ?? null,
    rescheduled_to: full.rescheduled_to ?? null,
    recorded_by: full.recorded_by ?? null,
    recorded_at: full.recorded_at ?? null,
    outcome_recorded_at: full.outcome_recorded_at ?? null,
  };
}

/**
 * The "Latest Appointment" as the API works it out: the next booked one from now (the hospital's
 * clock), else the most recent past one that was not cancelled; none: empty date and time.
 */
export function latestOf(
  appointments: readonly ChartAppointment[],
  now: Date = new Date(),
): LatestAppointment {
  const at = (a: ChartAppointment) => `${a.date}T${a.time}`;
  const clock = hospitalNow(now);
  const nowText = `${clock.date}T${clock.time}`;
  const next = appointments
    .filter((a) => a.status === 'booked' && at(a) >= nowText)
    .sort((x, y) => at(x).localeCompare(at(y)))[0];
  const past = appointments
    .filter((a) => a.status !== 'cancelled' && at(a) < nowText)
    .sort((x, y) => at(y).localeCompare(at(x)))[0];
  const chosen = next ?? past;
  if (!chosen) return { date: '', time: '', topic: null };
  return {
    date: chosen.date,
    time: chosen.time,
    topic: chosen.topic,
    appointment_id: chosen.appointment_id,
    status: chosen.status,
    duration_minutes: chosen.duration_minutes,
    clinician: chosen.clinician,
    recorded_by: chosen.recorded_by,
    recorded_at: chosen.recorded_at,
  };
}

/** The answer of a list or search in the view `?view=` asks for (the spec's records by default). */
function viewOf(
  request: Request,
  records: readonly PatientRecord[],
): readonly (PatientRecord | PatientSummary)[] {
  const query = patientListQuerySchema.safeParse(
    Object.fromEntries(new URL(request.url).searchParams),
  );
  if (!query.success) throw validationProblem(query.error, 'querystring');
  return query.data.view === 'summary' ? records.map(makePatientSummary) : records;
}

/** A 409 naming the field that would be duplicated. */
/** ID card numbers are one card whatever their case (the server's unique index on lower()). */
function sameIdCard(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

function conflict(field: string, detail: string) {
  return new MockProblem(409, detail, [{ field, message: detail }]);
}

/** The MSW handlers of a mock API over a scenario's data (see createMockApi). */
export function createHandlers(scenario: MockScenario = {}): HttpHandler[] {
  return createMockApi(scenario).handlers;
}

/** Every endpoint the mock API answers, for handler sets that answer them all alike. */
const MOCK_ENDPOINTS = (Object.keys(ENDPOINTS) as EndpointName[]).filter(
  (name): name is MockEndpointName => name !== 'openapi',
);

/**
 * Ready-made handler sets for `parameters: { msw: handlers.default }` and `setupMswServer(…)`.
 * Each read builds a fresh set with its own data, so one story's writes never reach another.
 */
export const handlers = {
  /** The default scenario: 24 patients, 12 employees, the demo accounts. */
  get default(): HttpHandler[] {
    return createHandlers();
  },
  /** No patients and no employees: every list is empty. */
  get empty(): HttpHandler[] {
    return createHandlers({ patients: [], employees: [] });
  },
  /** Every call fails with a 500 problem, as the API does when something breaks. */
  get error(): HttpHandler[] {
    return MOCK_ENDPOINTS.map((name) =>
      problemHandler(name, 500, 'Something went wrong on our side. Please try again.'),
    );
  },
  /** No call ever answers: loading states stay on screen. */
  get loading(): HttpHandler[] {
    return MOCK_ENDPOINTS.map((name) => pendingHandler(name));
  },
};

/** Options shared by the single-endpoint helpers. */
export interface EndpointHandlerOptions {
  /** Where the API is mounted (default: `/api` on any origin). */
  readonly baseUrl?: string;
  /** Answer only the first matching request, then let later handlers answer. */
  readonly once?: boolean;
}

/**
 * One endpoint answering an error problem (RFC 9457), e.g. `problemHandler('addPatient', 409,
 * 'A patient with this Patient ID already exists', [{ field: 'patient.patient_id', message }])`.
 * Put it before the default handlers (or `server.use` it) so that it wins.
 */
export function problemHandler(
  name: MockEndpointName,
  status: number,
  detail: string,
  fieldErrors?: FieldError[],
  options: EndpointHandlerOptions = {},
): HttpHandler {
  return METHODS[ENDPOINTS[name].method](
    urlOf(name, options.baseUrl),
    () => problemResponse(status, detail, fieldErrors),
    { once: options.once },
  );
}

/** A list or search endpoint answering an empty page (`[]`, total 0). */
export function emptyListHandler(
  name: ListEndpointName,
  options: EndpointHandlerOptions = {},
): HttpHandler {
  return METHODS[ENDPOINTS[name].method](
    urlOf(name, options.baseUrl),
    () => HttpResponse.json([], { headers: { [TOTAL_COUNT_HEADER]: '0' } }),
    { once: options.once },
  );
}

/**
 * An endpoint that keeps its caller waiting, for loading states: forever by default, or for
 * `delayMs` after which the next matching handler (usually the default one) answers.
 */
export function pendingHandler(
  name: MockEndpointName,
  delayMs?: number,
  options: EndpointHandlerOptions = {},
): HttpHandler {
  return METHODS[ENDPOINTS[name].method](
    urlOf(name, options.baseUrl),
    async () => {
      await delay(delayMs ?? 'infinite');
      // Nothing returned: MSW hands the request to the next handler.
    },
    { once: options.once },
  );
}

/**
 * Keeps a copy of every JSON body sent to an endpoint, in order, and lets the next handler (the
 * mock API) answer: `const sent = recordBodies(server, 'addPatient')`, then
 * `expect(sent).toEqual([…])` or `expect(sent).toEqual([])` when nothing may have been sent.
 */
export function recordBodies(
  server: { use(...handlers: HttpHandler[]): void },
  name: MockEndpointName,
  options: EndpointHandlerOptions = {},
): unknown[] {
  const bodies: unknown[] = [];
  server.use(
    METHODS[ENDPOINTS[name].method](urlOf(name, options.baseUrl), async ({ request }) => {
      bodies.push(await request.clone().json());
      // Nothing returned: MSW hands the request to the next handler.
    }),
  );
  return bodies;
}

/**
 * Records the query parameters of every request to an endpoint (then lets it through to the
 * other handlers, like {@link recordBodies}); returns the live array.
 */
export function recordQueries(
  server: { use(...handlers: HttpHandler[]): void },
  name: MockEndpointName,
  options: EndpointHandlerOptions = {},
): Record<string, string>[] {
  const queries: Record<string, string>[] = [];
  server.use(
    METHODS[ENDPOINTS[name].method](urlOf(name, options.baseUrl), ({ request }) => {
      queries.push(Object.fromEntries(new URL(request.url).searchParams));
    }),
  );
  return queries;
}

/** An endpoint whose request fails at the network level (no answer at all, as offline). */
export function networkErrorHandler(
  name: MockEndpointName,
  options: EndpointHandlerOptions = {},
): HttpHandler {
  return METHODS[ENDPOINTS[name].method](urlOf(name, options.baseUrl), () => HttpResponse.error(), {
    once: options.once,
  });
}
