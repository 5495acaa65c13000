import {
  type AccessKind,
  type AccessLogEntry,
  type AccountSession,
  ALLERGY_SEVERITIES,
  type ChartAppointment,
  type Clinician,
  type DayAppointment,
  DEFAULT_APPOINTMENT_MINUTES,
  type PatientSummary,
  type StaffRef,
  type AddEmployeeRequest,
  type AddPatientRequest,
  ageOn,
  BLOOD_TYPES,
  type Employee,
  type PendingAccess,
  formatActivationCode,
  parseTokenClaims,
  type Patient,
  type PatientRecord,
  type ProfileResponse,
  type TokenClaims,
  hospitalToday,
  todayUtc,
  type UpcomingAppointment,
} from '@portal/contract';
import {
  ALLOWED_EMAIL_DOMAINS,
  DISEASE_IDS,
  DRUG_IDS,
  findDepartment,
  findPosition,
  POSITIONS,
  type Role,
  SAMPLE_TEXT,
} from '@portal/reference-data';
import { decodeBase64Url, encodeBase64Url } from './base64url';
import { seededRandom } from './random';

/**
 * The moment the factories' data is "now": appointments fall after it, history before it. A
 * fixed instant rather than the clock, so that stories look the same on every run.
 */
export const FACTORY_NOW = '2026-11-02T09:00:00.000Z';

const TODAY = FACTORY_NOW.slice(0, 10);
const DAY_MS = 86_400_000;

/** The ISO date `days` after (or, negative, before) an ISO date. */
function addDays(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

const THAI_FIRST = [
  { name: 'Somchai', gender: 'male' },
  { name: 'Anong', gender: 'female' },
  { name: 'Kittisak', gender: 'male' },
  { name: 'Malee', gender: 'female' },
  { name: 'Niran', gender: 'male' },
  { name: 'Pimchanok', gender: 'female' },
  { name: 'Arthit', gender: 'male' },
  { name: 'Sunisa', gender: 'female' },
  { name: 'Wichai', gender: 'male' },
  { name: 'Ratana', gender: 'female' },
  { name: 'Chaiwat', gender: 'male' },
  { name: 'Kanya', gender: 'female' },
  { name: 'Thanawat', gender: 'male' },
  { name: 'Siriporn', gender: 'female' },
] as const;
const ENGLISH_FIRST = [
  { name: 'James', gender: 'male' },
  { name: 'Emily', gender: 'female' },
  { name: 'Daniel', gender: 'male' },
  { name: 'Sarah', gender: 'female' },
  { name: 'Oliver', gender: 'male' },
  { name: 'Grace', gender: 'female' },
] as const;
const THAI_LAST = [
  'Srisuk',
  'Chaiyaporn',
  'Wongsawat',
  'Rattanakul',
  'Thongdee',
  'Phromma',
  'Kaewmanee',
  'Boonyasit',
  'Suksawat',
  'Charoenrat',
  'Intharasombat',
  'Saetang',
];
const ENGLISH_LAST = ['Carter', 'Bennett', 'Hughes', 'Walker', 'Mitchell', 'Thompson'];
const STREETS = ['Sukhumvit Road', 'Rama IV Road', 'Phahonyothin Road', 'Charoen Krung Road'];
const DISTRICTS = ['Khlong Toei', 'Bang Rak', 'Chatuchak', 'Pathum Wan', 'Huai Khwang'];

const APPOINTMENT_TOPICS = [
  'Follow-up consultation',
  'Blood test results',
  'Physiotherapy session',
  'Annual check-up',
  'Vaccination',
] as const;

/** A clinic time on the quarter hour, as the API answers it (HH:MM:SS). */
function clinicTime(random: ReturnType<typeof seededRandom>): string {
  return `${pad(random.int(8, 16))}:${pad(random.pick([0, 15, 30, 45]))}:00`;
}

/** A Thai-style 13-digit national id card number, grouped with dashes. */
function idCardNumber(random: ReturnType<typeof seededRandom>): string {
  const digits = Array.from({ length: 13 }, () => random.int(0, 9)).join('');
  return `${digits.slice(0, 1)}-${digits.slice(1, 5)}-${digits.slice(5, 10)}-${digits.slice(10, 12)}-${digits.slice(12)}`;
}

/** A well-formed appointment id (a version-4 UUID); the same `seed` gives the same id. */
export function makeAppointmentId(seed: number): string {
  const random = seededRandom(seed * 6007 + 11);
  const hex = (n: number) =>
    Array.from({ length: n }, () => random.int(0, 15).toString(16)).join('');
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${random.pick(['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`;
}

/**
 * The staff who write in the factories' records: the demo doctor (E001) and nurse (E002), by
 * the names `makeEmployee` gives them.
 */
export function makeStaffRef(index = 1): StaffRef {
  const e = makeEmployee({}, index);
  return { employee_id: e.employee_id, first_name: e.first_name, last_name: e.last_name };
}

/** A patient id for the n-th record: P001, P002 … */
export function patientIdFor(index: number): string {
  return `P${pad(index, 3)}`;
}

/** An employee id for the n-th record: E001, E002 … */
export function employeeIdFor(index: number): string {
  return `E${pad(index, 3)}`;
}

/** Overrides of a patient record: any top-level part, and any of the patient's own fields. */
export type PatientRecordOverrides = Partial<
  Omit<PatientRecord, 'patient' | 'patient_appointment'>
> & {
  patient?: Partial<Patient>;
  patient_appointment?: Partial<PatientRecord['patient_appointment']>;
};

/**
 * A whole patient record as GET /patient/{id} answers it. `index` picks the record (its id is
 * P and the index, and it seeds everything else), so the same index always gives the same
 * patient; `overrides` replace what a story or test cares about.
 */
export function makePatientRecord(
  overrides: PatientRecordOverrides = {},
  index = 1,
): PatientRecord {
  const random = seededRandom(index * 7919 + 17);
  const thai = random.chance(0.8);
  const first = random.pick<{ name: string; gender: 'male' | 'female' }>(
    thai ? THAI_FIRST : ENGLISH_FIRST,
  );
  const lastName = random.pick(thai ? THAI_LAST : ENGLISH_LAST);
  const dateOfBirth = addDays(TODAY, -(random.int(1, 92) * 365 + random.int(0, 364)));
  const patient: Patient = {
    patient_id: patientIdFor(index),
    first_name: first.name,
    last_name: lastName,
    // The age on the real today, not FACTORY_NOW's: the forms check it against the clock.
    age: Math.max(1, ageOn(dateOfBirth, todayUtc())),
    date_of_birth: dateOfBirth,
    gender: first.gender,
    blood_type: random.chance(0.9) ? random.pick(BLOOD_TYPES) : null,
    email: `${first.name}.${lastName}${index}@${random.pick(ALLOWED_EMAIL_DOMAINS)}`.toLowerCase(),
    health_insurance: random.chance(0.75) ? 'yes' : 'no',
    address: random.chance(0.85)
      ? `${random.int(1, 299)}/${random.int(1, 99)} ${random.pick(STREETS)}, ${random.pick(DISTRICTS)}, Bangkok ${random.int(10100, 10900)}`
      : null,
    phone_number: `08${random.int(0, 9)}-${random.int(100, 999)}-${random.int(1000, 9999)}`,
    id_card_number: idCardNumber(random),
    ongoing_treatment: random.pick(SAMPLE_TEXT.ongoingTreatments),
    unhealthy_habits: random.pick(SAMPLE_TEXT.unhealthyHabits),
  };
  // The first record is the one most stories show: give it something in every list.
  const least = index === 1 ? 1 : 0;
  // The clinical record's fields (authors, clinicians, reactions) draw from their own sequence,
  // so that every record keeps the values it had before they were added.
  const extra = seededRandom(index * 3571 + 29);
  const history = Array.from({ length: random.int(least, 4) }, () => {
    const date = addDays(TODAY, -random.int(1, 900));
    const time = clinicTime(random);
    // Some entries predate the portal's recording of authors: null, shown as a dash.
    const details = random.chance(0.9) ? random.pick(SAMPLE_TEXT.historyDetails) : null;
    const authored = extra.chance(0.8);
    return {
      date,
      time,
      details,
      recorded_by: authored ? makeStaffRef(extra.int(1, 2)) : null,
      recorded_at: authored ? `${date}T${time}.000Z` : null,
    };
  }).sort((a, b) => `${b.date} ${b.time}`.localeCompare(`${a.date} ${a.time}`));
  const appointment =
    index === 1 || random.chance(0.7)
      ? {
          date: addDays(TODAY, random.int(1, 60)),
          time: clinicTime(random),
          topic: random.chance(0.85) ? random.pick(SAMPLE_TEXT.appointmentTopics) : null,
          appointment_id: makeAppointmentId(index),
          status: 'booked' as const,
          duration_minutes: extra.pick([15, 15, 30]),
          clinician: extra.chance(0.8) ? makeStaffRef(1) : null,
        }
      : { date: '', time: '', topic: null };
  const base: PatientRecord = {
    patient,
    patient_appointment: appointment,
    patient_drug_allergy: random.sample(DRUG_IDS, random.int(least, 2)).map((drug_id, i) =>
      // The first record's first allergy is severe, with its reaction (the chart's alert).
      index === 1 && i === 0
        ? { drug_id, reaction: 'Hives and swelling of the lips', severity: 'severe' as const }
        : extra.chance(0.5)
          ? {
              drug_id,
              reaction: extra.pick(['Rash', 'Nausea', 'Wheezing', 'Itching']),
              severity: extra.pick(ALLERGY_SEVERITIES),
            }
          : { drug_id, reaction: null, severity: null },
    ),
    patient_chronic_disease: random
      .sample(DISEASE_IDS, random.int(least, 2))
      .map((disease_id) => ({ disease_id })),
    medical_history: history,
    registered: index === 1 || random.chance(0.4),
  };
  return {
    ...base,
    ...overrides,
    patient: { ...base.patient, ...overrides.patient },
    patient_appointment: { ...base.patient_appointment, ...overrides.patient_appointment },
  };
}

/** `count` different patient records, P001 onwards (or from `start`). */
export function makePatientRecords(count: number, start = 1): PatientRecord[] {
  return Array.from({ length: count }, (_, i) => makePatientRecord({}, start + i));
}

/** A record's summary, as the list and search calls answer it with `?view=summary`. */
export function makePatientSummary(record: PatientRecord): PatientSummary {
  const p = record.patient;
  return {
    patient_id: p.patient_id,
    first_name: p.first_name,
    last_name: p.last_name,
    age: p.age,
    gender: p.gender,
    date_of_birth: p.date_of_birth,
    has_drug_allergies: record.patient_drug_allergy.length > 0,
  };
}

/**
 * One appointment as the chart lists it: by default booked by and with the demo doctor, 15
 * minutes, at FACTORY_NOW's day + `index` days; `index` seeds its id.
 */
export function makeChartAppointment(
  overrides: Partial<ChartAppointment> = {},
  index = 1,
): ChartAppointment {
  const doctor = makeStaffRef(1);
  return {
    appointment_id: makeAppointmentId(1000 + index),
    date: addDays(TODAY, index),
    time: `${pad(8 + (index % 8))}:${index % 2 ? '30' : '00'}:00`,
    topic: APPOINTMENT_TOPICS[index % APPOINTMENT_TOPICS.length]!,
    duration_minutes: DEFAULT_APPOINTMENT_MINUTES,
    status: 'booked',
    clinician: doctor,
    cancel_reason: null,
    staff_note: null,
    rescheduled_from: null,
    rescheduled_to: null,
    recorded_by: doctor,
    recorded_at: FACTORY_NOW,
    outcome_recorded_at: null,
    ...overrides,
  };
}

/**
 * `count` appointments of one day (default today, the real clock's: the Today page asks for
 * it), by time from 08:00 every 20 minutes, for the factories' patients P001 onwards: one
 * cancelled, one attended, one no-show, the rest booked; every other one with the nurse.
 */
export function makeDayAppointments(count: number, date = hospitalToday()): DayAppointment[] {
  const statuses = ['fulfilled', 'noshow', 'cancelled'] as const;
  return Array.from({ length: count }, (_, i) => {
    const record = makePatientRecord({}, i + 1);
    const minutes = 8 * 60 + i * 20;
    const status = statuses[i] ?? 'booked';
    return {
      ...makeChartAppointment(
        {
          date,
          time: `${pad(Math.floor(minutes / 60) % 24)}:${pad(minutes % 60)}:00`,
          status,
          clinician: makeStaffRef(i % 2 ? 2 : 1),
          cancel_reason: status === 'cancelled' ? 'The patient called to cancel' : null,
        },
        i + 1,
      ),
      patient_id: record.patient.patient_id,
      first_name: record.patient.first_name,
      last_name: record.patient.last_name,
    };
  });
}

/** The active clinicians among `employees`, as GET /clinicians answers them. */
export function makeClinicians(employees: readonly Employee[] = makeEmployees(12)): Clinician[] {
  return employees
    .filter(
      (e) =>
        e.work_status === 'yes' &&
        findPosition(e.position_id ?? '')?.portalRole === 'medical_personnel',
    )
    .map((e) => ({
      employee_id: e.employee_id,
      first_name: e.first_name,
      last_name: e.last_name,
      position_name: findPosition(e.position_id!)!.name,
    }))
    .sort((a, b) =>
      `${a.last_name} ${a.first_name} ${a.employee_id}`.localeCompare(
        `${b.last_name} ${b.first_name} ${b.employee_id}`,
      ),
    );
}

/** The add-patient request that would create a record like `makePatientRecord(…, index)`. */
export function makeAddPatientRequest(
  overrides: PatientRecordOverrides = {},
  index = 1,
): AddPatientRequest {
  const record = makePatientRecord(overrides, index);
  return {
    patient: record.patient,
    // The factory only picks catalogue ids; the record's type is wider because answers are.
    patient_chronic_disease:
      record.patient_chronic_disease as AddPatientRequest['patient_chronic_disease'],
    patient_drug_allergy: record.patient_drug_allergy as AddPatientRequest['patient_drug_allergy'],
  };
}

const SALARY_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  P001: [90_000, 180_000],
  P002: [30_000, 55_000],
  P011: [28_000, 60_000],
};

/**
 * An employee as GET /employee answers it, with the position's and department's names from
 * the reference data. E001 is a doctor, E002 a nurse and E003 in HR (the demo accounts'
 * records); later ones hold any position, and some have left. Overriding `position_id` updates
 * both names; overriding `work_status` to `no` brings a resignation date along.
 */
export function makeEmployee(overrides: Partial<Employee> = {}, index = 1): Employee {
  const random = seededRandom(index * 104_729 + 3);
  const thai = random.chance(0.85);
  const first = random.pick<{ name: string }>(thai ? THAI_FIRST : ENGLISH_FIRST).name;
  const lastName = random.pick(thai ? THAI_LAST : ENGLISH_LAST);
  const fixedPositions = ['P001', 'P002', 'P011'];
  const positionId = fixedPositions[index - 1] ?? random.pick(POSITIONS).id;
  const [low, high] = SALARY_RANGES[positionId] ?? [18_000, 60_000];
  const hireDate = addDays(TODAY, -random.int(60, 12 * 365));
  const working = index <= 3 || random.chance(0.85);
  const hiredDays = (Date.parse(TODAY) - Date.parse(hireDate)) / DAY_MS;
  const portal = findPosition(positionId)?.portalRole != null;
  const base: Employee = {
    employee_id: employeeIdFor(index),
    first_name: first,
    last_name: lastName,
    position_id: positionId,
    position_name: null,
    department_name: null,
    phone_number: `0${random.pick([2, 8, 9])}${random.int(0, 9)}-${random.int(100, 999)}-${random.int(1000, 9999)}`,
    salary: Math.round(random.int(low, high) / 500) * 500,
    email: `${first}.${lastName}.${index}@${random.pick(ALLOWED_EMAIL_DOMAINS)}`.toLowerCase(),
    hire_date: hireDate,
    resignation_date: working ? null : addDays(hireDate, random.int(30, hiredDays)),
    work_status: working ? 'yes' : 'no',
    registered: portal && working && (index <= 3 || random.chance(0.6)),
  };
  const finalPositionId = 'position_id' in overrides ? overrides.position_id : base.position_id;
  const position = finalPositionId ? findPosition(finalPositionId) : undefined;
  const resigned = overrides.work_status ?? base.work_status;
  return {
    ...base,
    position_name: position?.name ?? null,
    department_name: position ? (findDepartment(position.departmentId)?.name ?? null) : null,
    resignation_date:
      resigned === 'no' ? (base.resignation_date ?? addDays(TODAY, -random.int(1, 30))) : null,
    ...overrides,
  };
}

/** `count` different employees, E001 onwards (or from `start`). */
export function makeEmployees(count: number, start = 1): Employee[] {
  return Array.from({ length: count }, (_, i) => makeEmployee({}, start + i));
}

/** The add-employee request that would create an employee like `makeEmployee(…, index)`. */
export function makeAddEmployeeRequest(
  overrides: Partial<Employee> = {},
  index = 1,
): AddEmployeeRequest {
  const e = makeEmployee(overrides, index);
  return {
    employee_id: e.employee_id,
    first_name: e.first_name,
    last_name: e.last_name,
    position_id: e.position_id,
    phone_number: e.phone_number,
    salary: e.salary,
    email: e.email,
    hire_date: e.hire_date,
    resignation_date: e.resignation_date,
    work_status: e.work_status,
  };
}

/** Crockford's base-32 alphabet: no I, L, O or U. */
const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A well-formed activation code, as XXXX-XXXX-XXXX; the same `index` gives the same code. */
export function makeActivationCode(index = 1): string {
  const random = seededRandom(index * 31 + 5);
  const code = Array.from({ length: 12 }, () => random.pick([...CROCKFORD])).join('');
  return formatActivationCode(code);
}

/** When an activation code issued at FACTORY_NOW stops working (30 days on). */
export const ACTIVATION_CODE_EXPIRES_AT = new Date(
  Date.parse(FACTORY_NOW) + 30 * DAY_MS,
).toISOString();

/** The record id a role's demo account is linked to, as the mock data set holds them. */
const DEFAULT_RECORD_IDS: Readonly<
  Record<Role, { patient_id?: string; employee_id?: string; position_id?: string }>
> = {
  patient: { patient_id: 'P001' },
  medical_personnel: { employee_id: 'E001', position_id: 'P001' },
  HR: { employee_id: 'E003', position_id: 'P011' },
};

/** What a fake token is made of; the ids default to the demo records of the role. */
export interface FakeTokenOptions {
  role: Role;
  /** Seconds from now until it expires; negative for an already expired token. */
  expiresInSeconds?: number;
  patient_id?: string;
  employee_id?: string;
  /** The staff member's position (default: the demo record's, a Doctor for medical personnel). */
  position_id?: string;
  /** The account id (`sub`). */
  sub?: string;
}

/**
 * A token shaped like the API's (a JWT: base64url header and claims, and a dummy signature)
 * whose claims pass `parseTokenClaims`. Its times follow the real clock, because the apps
 * compare `exp` with it.
 */
export function makeFakeToken({
  role,
  expiresInSeconds = 3600,
  patient_id,
  employee_id,
  position_id,
  sub,
}: FakeTokenOptions): string {
  const iat = Math.floor(Date.now() / 1000);
  const ids = DEFAULT_RECORD_IDS[role];
  const claims: TokenClaims = {
    sub: sub ?? `mock-user-${role}`,
    sid: `mock-session-${role}`,
    role,
    ...((patient_id ?? ids.patient_id) ? { patient_id: patient_id ?? ids.patient_id } : {}),
    ...((employee_id ?? ids.employee_id) ? { employee_id: employee_id ?? ids.employee_id } : {}),
    ...((position_id ?? ids.position_id) ? { position_id: position_id ?? ids.position_id } : {}),
    iat,
    exp: iat + expiresInSeconds,
  };
  const header = encodeBase64Url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  return `${header}.${encodeBase64Url(JSON.stringify(claims))}.${encodeBase64Url('mock-signature')}`;
}

/** The claims of a token made by makeFakeToken (or any JWT), or undefined if it has none. */
export function decodeFakeToken(token: string): TokenClaims | undefined {
  const payload = token.split('.')[1];
  const json = payload === undefined ? undefined : decodeBase64Url(payload);
  if (json === undefined) return undefined;
  try {
    return parseTokenClaims(JSON.parse(json)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** GET /profile's answer for a role's demo account. */
export function makeProfile(overrides: Partial<ProfileResponse> = {}): ProfileResponse {
  const role = overrides.role ?? 'patient';
  const ids = DEFAULT_RECORD_IDS[role];
  return {
    username: `demo.${role === 'medical_personnel' ? 'doctor' : role.toLowerCase()}`,
    role,
    patient_id: ids.patient_id ?? null,
    employee_id: ids.employee_id ?? null,
    ...overrides,
  };
}

/** `count` upcoming appointments after FACTORY_NOW, soonest first (as the API answers them). */
export function makeUpcomingAppointments(count: number): UpcomingAppointment[] {
  const doctor = makeStaffRef(1);
  return Array.from({ length: count }, (_, i) => ({
    date: addDays(TODAY, 3 + i * 9),
    time: `${pad(8 + (i % 8))}:${i % 2 ? '30' : '00'}:00`,
    topic: APPOINTMENT_TOPICS[i % APPOINTMENT_TOPICS.length]!,
    appointment_id: makeAppointmentId(2000 + i),
    status: 'booked' as const,
    duration_minutes: DEFAULT_APPOINTMENT_MINUTES,
    clinician: { first_name: doctor.first_name, last_name: doctor.last_name },
    cancel_reason: null,
  }));
}

/** Staff who open records in the factories' access logs. */
const ACCESS_STAFF = [
  { name: 'Anan Wongsa', role: 'medical_personnel' },
  { name: 'Kanya Srisuk', role: 'medical_personnel' },
  { name: 'Ploy Chaiyaporn', role: 'HR' },
] as const;

const ACCESS_PATTERN: readonly AccessKind[] = [
  'viewed',
  'appointment-added',
  'listed',
  'changed',
  'history-added',
  'viewed',
  'refused',
  'activation-code',
];

/**
 * One entry of a patient's access log: by default a staff member viewed the record at
 * FACTORY_NOW; `index` picks the staff member.
 */
export function makeAccessLogEntry(
  overrides: Partial<AccessLogEntry> = {},
  index = 1,
): AccessLogEntry {
  const staff = ACCESS_STAFF[(index - 1) % ACCESS_STAFF.length]!;
  const entry: AccessLogEntry = {
    occurred_at: FACTORY_NOW,
    kind: 'viewed',
    actor: 'staff',
    name: staff.name,
    role: staff.role,
    count: 1,
    ...overrides,
  };
  return { ...entry, kinds: overrides.kinds ?? [entry.kind] };
}

/**
 * `count` entries, newest first, ending 90 minutes apart before FACTORY_NOW: staff views and
 * changes, the patient's own views ("You"), and a refused attempt by another patient.
 */
export function makeAccessLog(count: number): AccessLogEntry[] {
  return Array.from({ length: count }, (_, i) => {
    const occurred_at = new Date(Date.parse(FACTORY_NOW) - i * 90 * 60_000).toISOString();
    const kind = ACCESS_PATTERN[i % ACCESS_PATTERN.length]!;
    if (kind === 'refused')
      return makeAccessLogEntry({ occurred_at, kind, actor: 'patient', name: null, role: null });
    if (i % 5 === 4)
      return makeAccessLogEntry({
        occurred_at,
        kind: 'viewed',
        actor: 'you',
        name: null,
        role: null,
      });
    // A chart opened: the record and its appointments in the same minute, one line.
    if (i === 0)
      return makeAccessLogEntry(
        { occurred_at, kind, count: 2, kinds: ['viewed', 'viewed-appointments'] },
        i + 1,
      );
    return makeAccessLogEntry({ occurred_at, kind }, i + 1);
  });
}

/**
 * Portal access waiting for a second HR person, as GET /employee/access-approvals answers it:
 * the employee `makeEmployee({}, index)` in a position with portal access, asked for by demo.hr
 * an hour before FACTORY_NOW (`requested_by_you` false: the viewer may approve it).
 */
export function makePendingAccess(
  overrides: Partial<PendingAccess> = {},
  index = 13,
): PendingAccess {
  const e = makeEmployee({ position_id: (['P001', 'P002', 'P011'] as const)[index % 3] }, index);
  const position = findPosition(e.position_id!)!;
  return {
    employee_id: e.employee_id,
    first_name: e.first_name,
    last_name: e.last_name,
    position_id: position.id,
    position_name: position.name,
    role: position.portalRole!,
    requested_by: 'demo.hr',
    requested_at: new Date(Date.parse(FACTORY_NOW) - 3_600_000).toISOString(),
    requested_by_you: false,
    ...overrides,
  };
}

/** Browsers the factory's sessions were opened from, this one first. */
const SESSION_BROWSERS = [
  'Chrome on Windows',
  'Safari on iOS',
  'Firefox on Linux',
  'Edge on Windows',
];

/**
 * The signed-in account's open sessions, as GET /account/sessions answers them: this one first
 * (started an hour before FACTORY_NOW), then `count - 1` others, each a day older.
 */
export function makeAccountSessions(count: number): AccountSession[] {
  return Array.from({ length: count }, (_, i) => {
    const started = Date.parse(FACTORY_NOW) - (i === 0 ? 60 : i * 24 * 60) * 60_000;
    return {
      id: `00000000-0000-4000-8000-${String(i + 1).padStart(12, '0')}`,
      browser: SESSION_BROWSERS[i % SESSION_BROWSERS.length]!,
      address: `10.20.0.${i + 11}`,
      started_at: new Date(started).toISOString(),
      last_seen_at: new Date(Date.parse(FACTORY_NOW) - i * 35 * 60_000).toISOString(),
      current: i === 0,
    };
  });
}
