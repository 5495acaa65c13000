/**
 * The database schema, the one source of the SQL migrations in db/migrations
 * (`npm run db:generate` writes a new one when this file changes).
 */
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

/**
 * The largest pending list (kB) of the name trigram indexes (migration 0019). A GIN index puts new
 * entries in a pending list, which every search through the index reads in full until they are
 * merged into the index: by the insert that takes the list past this limit, or by a vacuum.
 * After the bench's load of 1,000,000 patients, PostgreSQL's default of 4 MB had let it reach 328
 * pages, 2–2.5 ms of CPU for each name search (docs/performance.md); 256 kB is 32 pages at most.
 * Inserts merge smaller batches: a bulk import is faster with the limit raised for it, then set
 * back and the list merged (`gin_clean_pending_list`), as the data-layer tests load their
 * 100,000 patients.
 */
export const TRIGRAM_PENDING_LIST_KB = 256;

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const department = pgTable('department', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const position = pgTable('position', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  departmentId: text('department_id')
    .notNull()
    .references(() => department.id),
  portalRole: text('portal_role'),
});

export const disease = pgTable('disease', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const drug = pgTable('drug', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
});

export const patient = pgTable(
  'patient',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    patientId: text('patient_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // The names lower-cased once, on write, for the trigram search (NAME_SEARCH_COLUMNS).
    firstNameLower: text('first_name_lower').generatedAlwaysAs(sql`lower(first_name)`),
    lastNameLower: text('last_name_lower').generatedAlwaysAs(sql`lower(last_name)`),
    age: integer('age').notNull(),
    dateOfBirth: date('date_of_birth', { mode: 'string' }).notNull(),
    gender: text('gender').notNull(),
    bloodType: text('blood_type'),
    email: text('email').notNull(),
    healthInsurance: text('health_insurance').notNull(),
    address: text('address'),
    phoneNumber: text('phone_number').notNull(),
    idCardNumber: text('id_card_number').notNull(),
    ongoingTreatment: text('ongoing_treatment').notNull(),
    unhealthyHabits: text('unhealthy_habits').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // text_pattern_ops lets `patient_id LIKE 'P00%'` use the index whatever the collation.
    uniqueIndex('patient_patient_id_key').using('btree', t.patientId.op('text_pattern_ops')),
    // Unique without regard to case: `ab-1234` and `AB-1234` are one card (kept as typed).
    uniqueIndex('patient_id_card_number_key').on(sql`lower(${t.idCardNumber})`),
    // Both names in one trigram index: a search by first AND last name intersects the two
    // fragments inside the index and reads only the rows that match both (one index per
    // name would read every row matching the first and filter them by the second). Over the
    // lower-cased names: each match is rechecked with LIKE, not ILIKE, which lower-cases the
    // name again at every row (docs/performance.md, "Database measurements behind the design").
    index('patient_names_trgm')
      .using('gin', t.firstNameLower.op('gin_trgm_ops'), t.lastNameLower.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: TRIGRAM_PENDING_LIST_KB }),
    // A 1–2 letter fragment matches the name's start: `lower(first_name) LIKE 'so%'`.
    index('patient_first_name_prefix').using('btree', sql`lower(${t.firstName}) text_pattern_ops`),
    index('patient_last_name_prefix').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    // The next free id (highestIdNumberQuery in repositories/record-kinds.ts): the largest number of a P… id, read from the end.
    index('patient_id_number')
      .using('btree', sql`(substring(${t.patientId} from 2)::bigint)`)
      .where(sql`${t.patientId} ~ '^P[0-9]{1,15}$'`),
    // FHIR search by birth date (migration 0012).
    index('patient_date_of_birth').on(t.dateOfBirth),
    check('patient_age_range', sql`${t.age} between 1 and 120`),
    check('patient_gender', sql`${t.gender} in ('male', 'female')`),
    check('patient_blood_type', sql`${t.bloodType} in ('A', 'B', 'AB', 'O')`),
    check('patient_health_insurance', sql`${t.healthInsurance} in ('yes', 'no')`),
  ],
);

export const patientChronicDisease = pgTable(
  'patient_chronic_disease',
  {
    patientId: bigint('patient_id', { mode: 'number' })
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    diseaseId: text('disease_id')
      .notNull()
      .references(() => disease.id),
  },
  (t) => [primaryKey({ columns: [t.patientId, t.diseaseId] })],
);

export const patientDrugAllergy = pgTable(
  'patient_drug_allergy',
  {
    patientId: bigint('patient_id', { mode: 'number' })
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    drugId: text('drug_id')
      .notNull()
      .references(() => drug.id),
    // Migration 0011: what the reaction was and how severe (null: not known).
    reaction: text('reaction'),
    severity: text('severity'),
  },
  (t) => [
    primaryKey({ columns: [t.patientId, t.drugId] }),
    check('patient_drug_allergy_severity', sql`${t.severity} in ('mild', 'moderate', 'severe')`),
  ],
);

export const appointment = pgTable(
  'appointment',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' })
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    time: time('time').notNull(),
    topic: text('topic'),
    createdAt: createdAt(),
    // Migration 0011: the stable id the API gives out, the clinician, the length and status,
    // why it was cancelled, the appointment it replaced (a reschedule), and who booked it and
    // when (from the session; null on appointments booked before).
    appointmentId: uuid('appointment_id').notNull().defaultRandom(),
    clinicianId: bigint('clinician_id', { mode: 'number' }).references(
      (): AnyPgColumn => employee.id,
    ),
    durationMinutes: integer('duration_minutes').notNull().default(15),
    status: text('status').notNull().default('booked'),
    cancelReason: text('cancel_reason'),
    rescheduledFrom: bigint('rescheduled_from', { mode: 'number' }).references(
      (): AnyPgColumn => appointment.id,
      { onDelete: 'set null' },
    ),
    recordedBy: bigint('recorded_by', { mode: 'number' }).references(
      (): AnyPgColumn => employee.id,
    ),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    // A cancellation's note for colleagues, beside `cancel_reason` (the patient's part): never in
    // anything the patient receives. And who recorded the outcome (attended, no-show) and when,
    // which decides until when it may be set back to booked (that hospital day).
    staffNote: text('staff_note'),
    outcomeRecordedBy: bigint('outcome_recorded_by', { mode: 'number' }).references(
      (): AnyPgColumn => employee.id,
    ),
    outcomeRecordedAt: timestamp('outcome_recorded_at', { withTimezone: true }),
  },
  (t) => [
    index('appointment_latest').on(t.patientId, t.date.desc(), t.time.desc()),
    uniqueIndex('appointment_appointment_id_key').on(t.appointmentId),
    uniqueIndex('appointment_rescheduled_from_key').on(t.rescheduledFrom),
    index('appointment_day').on(t.date, t.time, t.id),
    // Migration 0033: FHIR search by status (Appointment, Encounter), in row order.
    index('appointment_status').on(t.status, t.id),
    index('appointment_clinician_day')
      .on(t.clinicianId, t.date, t.time)
      .where(sql`${t.clinicianId} is not null`),
    check('appointment_status', sql`${t.status} in ('booked', 'cancelled', 'fulfilled', 'noshow')`),
    check('appointment_duration', sql`${t.durationMinutes} between 5 and 480`),
    check(
      'appointment_cancel_reason',
      sql`${t.status} <> 'cancelled' or ${t.cancelReason} is not null or ${t.staffNote} is not null`,
    ),
  ],
);

/**
 * An outcome set back to booked: what it was, why, who and when. The appointment row holds only
 * its current status, so this keeps what was undone (nothing clinical is deleted).
 */
export const appointmentStatusChange = pgTable(
  'appointment_status_change',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    appointmentId: bigint('appointment_id', { mode: 'number' })
      .notNull()
      .references(() => appointment.id, { onDelete: 'cascade' }),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    reason: text('reason').notNull(),
    changedBy: bigint('changed_by', { mode: 'number' }).references(() => employee.id),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
    // When the undone outcome had been recorded, and by whom.
    outcomeRecordedBy: bigint('outcome_recorded_by', { mode: 'number' }).references(
      () => employee.id,
    ),
    outcomeRecordedAt: timestamp('outcome_recorded_at', { withTimezone: true }),
  },
  (t) => [index('appointment_status_change_appointment').on(t.appointmentId, t.id)],
);

/**
 * A change of a patient's contact details (phone, email, address): which fields, who changed
 * them (the account; its role says whether the patient or staff) and when. The values are the
 * record's; this is the chart's short history of who changed what.
 */
export const patientContactChange = pgTable(
  'patient_contact_change',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' })
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    fields: text('fields').array().notNull(),
    changedBy: uuid('changed_by').references((): AnyPgColumn => appUser.id, {
      onDelete: 'set null',
    }),
    changedByRole: text('changed_by_role'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('patient_contact_change_patient').on(t.patientId, t.id)],
);

export const medicalHistory = pgTable(
  'medical_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' })
      .notNull()
      .references(() => patient.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    time: time('time').notNull(),
    detail: text('detail'),
    createdAt: createdAt(),
    // Migration 0011: who wrote it and when, from the session (null on older entries).
    recordedBy: bigint('recorded_by', { mode: 'number' }).references(
      (): AnyPgColumn => employee.id,
    ),
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
  },
  (t) => [index('medical_history_patient').on(t.patientId, t.date.desc(), t.time.desc())],
);

export const employee = pgTable(
  'employee',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    employeeId: text('employee_id').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    // The names lower-cased once, on write, for the trigram search (NAME_SEARCH_COLUMNS).
    firstNameLower: text('first_name_lower').generatedAlwaysAs(sql`lower(first_name)`),
    lastNameLower: text('last_name_lower').generatedAlwaysAs(sql`lower(last_name)`),
    positionId: text('position_id').references(() => position.id),
    phoneNumber: text('phone_number').notNull(),
    salary: integer('salary').notNull(),
    email: text('email').notNull(),
    hireDate: date('hire_date', { mode: 'string' }).notNull(),
    resignationDate: date('resignation_date', { mode: 'string' }),
    workStatus: text('work_status').notNull().default('yes'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    // The two-person rule (migration 0010): the portal role a second HR person approved; the
    // account uses its position's role only while the two agree. Requester and approver are
    // kept beside it (approver null: the admin tool).
    accessRole: text('access_role'),
    accessRequestedBy: uuid('access_requested_by').references((): AnyPgColumn => appUser.id, {
      onDelete: 'set null',
    }),
    accessRequestedAt: timestamp('access_requested_at', { withTimezone: true }),
    accessApprovedBy: uuid('access_approved_by').references((): AnyPgColumn => appUser.id, {
      onDelete: 'set null',
    }),
    accessApprovedAt: timestamp('access_approved_at', { withTimezone: true }),
    // A refused request (migration 0028): who refused it, when and why. The request's columns
    // are cleared, so it no longer waits; the role stays the one approved before.
    accessRefusedBy: uuid('access_refused_by').references((): AnyPgColumn => appUser.id, {
      onDelete: 'set null',
    }),
    accessRefusedAt: timestamp('access_refused_at', { withTimezone: true }),
    accessRefusalReason: text('access_refusal_reason'),
  },
  (t) => [
    index('employee_access_requested')
      .on(t.accessRequestedAt)
      .where(sql`${t.accessRequestedAt} is not null and ${t.accessApprovedAt} is null`),
    uniqueIndex('employee_employee_id_key').using('btree', t.employeeId.op('text_pattern_ops')),
    // Both names in one trigram index: a search by first AND last name intersects the two
    // fragments inside the index and reads only the rows that match both (one index per
    // name would read every row matching the first and filter them by the second).
    index('employee_names_trgm')
      .using('gin', t.firstNameLower.op('gin_trgm_ops'), t.lastNameLower.op('gin_trgm_ops'))
      .with({ gin_pending_list_limit: TRIGRAM_PENDING_LIST_KB }),
    index('employee_first_name_prefix').using('btree', sql`lower(${t.firstName}) text_pattern_ops`),
    index('employee_last_name_prefix').using('btree', sql`lower(${t.lastName}) text_pattern_ops`),
    index('employee_id_number')
      .using('btree', sql`(substring(${t.employeeId} from 2)::bigint)`)
      .where(sql`${t.employeeId} ~ '^E[0-9]{1,15}$'`),
    // HR's employee table (migration 0016): a page sorted by name or hire date is read from
    // these in order, and the position, department and work-status filters find their rows.
    index('employee_name_order').using(
      'btree',
      sql`lower(${t.lastName})`,
      sql`lower(${t.firstName})`,
      t.id,
    ),
    index('employee_hire_date_order').on(t.hireDate, t.id),
    index('employee_position').on(t.positionId, t.id),
    index('employee_work_status').on(t.workStatus, t.id),
    check('employee_work_status', sql`${t.workStatus} in ('yes', 'no')`),
    check(
      'employee_resignation',
      sql`(${t.workStatus} = 'yes' or ${t.resignationDate} is not null) and (${t.resignationDate} is null or ${t.resignationDate} >= ${t.hireDate})`,
    ),
    check('employee_salary', sql`${t.salary} >= 0`),
  ],
);

export const appUser = pgTable(
  'app_user',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role').notNull(),
    patientId: bigint('patient_id', { mode: 'number' }).references(() => patient.id),
    employeeId: bigint('employee_id', { mode: 'number' }).references(
      (): AnyPgColumn => employee.id,
    ),
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    createdAt: createdAt(),
    // The second factor: the TOTP secret encrypted with AES-256-GCM (security/
    // secret-box.ts), set once confirmed; a secret being enrolled waits in mfa_pending_secret.
    mfaSecret: text('mfa_secret'),
    mfaEnabledAt: timestamp('mfa_enabled_at', { withTimezone: true }),
    mfaPendingSecret: text('mfa_pending_secret'),
    /** The last TOTP step accepted: a code of that step or an earlier one is refused (replay). */
    mfaLastStep: bigint('mfa_last_step', { mode: 'number' }),
    /** The language the person chose ('en', 'th'); null: never chose, the browser's decides. */
    locale: text('locale'),
  },
  (t) => [
    // Usernames are stored in their one form (normaliseUsername), so the index compares them
    // as they are: SQL lower() depends on the locale and would disagree with the contract.
    uniqueIndex('app_user_username_key').on(t.username),
    uniqueIndex('app_user_patient_key').on(t.patientId),
    uniqueIndex('app_user_employee_key').on(t.employeeId),
    check('app_user_role', sql`${t.role} in ('patient', 'HR', 'medical_personnel')`),
    check('app_user_locale', sql`${t.locale} in ('en', 'th')`),
    check(
      'app_user_subject',
      sql`(${t.role} = 'patient' and ${t.patientId} is not null and ${t.employeeId} is null) or (${t.role} <> 'patient' and ${t.employeeId} is not null and ${t.patientId} is null)`,
    ),
  ],
);

export const activationCode = pgTable(
  'activation_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    patientId: bigint('patient_id', { mode: 'number' }).references(() => patient.id, {
      onDelete: 'cascade',
    }),
    employeeId: bigint('employee_id', { mode: 'number' }).references(() => employee.id, {
      onDelete: 'cascade',
    }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /**
     * Registrations that named this code, whatever their answer; past
     * ACTIVATION_CODE_MAX_ATTEMPTS the code is locked (a username cannot be probed with it).
     */
    attempts: integer('attempts').notNull().default(0),
    createdBy: uuid('created_by').references(() => appUser.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('activation_code_patient').on(t.patientId),
    index('activation_code_employee').on(t.employeeId),
    check('activation_code_subject', sql`num_nonnulls(${t.patientId}, ${t.employeeId}) = 1`),
  ],
);

export const session = pgTable(
  'session',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    absoluteExpiresAt: timestamp('absolute_expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
    /** A session that may only enrol a second factor (STAFF_MFA=required, none yet). */
    mfaEnrolmentOnly: boolean('mfa_enrolment_only').notNull().default(false),
    // What My account lists so that a person can tell their sessions apart: the browser's
    // user agent (cut to 300 characters) and address at login, and the last renewal. Renewal,
    // not every request, moves last_seen_at, so the per-request check stays a read.
    userAgent: text('user_agent'),
    address: text('address'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('session_user_open')
      .on(t.userId)
      .where(sql`${t.revokedAt} is null`),
  ],
);

/** A user's single-use recovery codes, stored as SHA-256 hashes. */
export const mfaRecoveryCode = pgTable(
  'mfa_recovery_code',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('mfa_recovery_code_user').on(t.userId)],
);

/** A login whose password was right, waiting for its second factor's code (the mfa_token). */
export const mfaChallenge = pgTable(
  'mfa_challenge',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('mfa_challenge_token_hash').on(t.tokenHash)],
);

/**
 * A password reset link sent by e-mail: only the SHA-256 hash of its token is kept; it works
 * once (used_at), until expires_at (30 minutes), and a reset ends every other link of the account.
 */
export const passwordReset = pgTable(
  'password_reset',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => appUser.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('password_reset_token_hash').on(t.tokenHash),
    index('password_reset_user').on(t.userId),
  ],
);

export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowStartedAt: timestamp('window_started_at', { withTimezone: true }).notNull(),
  blockedUntil: timestamp('blocked_until', { withTimezone: true }),
});

export const auditEvent = pgTable(
  'audit_event',
  {
    id: bigint('id', { mode: 'number' }).generatedAlwaysAsIdentity(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorUserId: uuid('actor_user_id'),
    actorUsername: text('actor_username'),
    actorRole: text('actor_role'),
    action: text('action').notNull(),
    recordType: text('record_type'),
    recordIds: text('record_ids').array(),
    address: text('address'),
    outcome: text('outcome').notNull(),
    requestId: text('request_id'),
  },
  (t) => [
    // Partitioned by month of occurred_at (migration 0015; Drizzle cannot say so), and a
    // partitioned table's primary key must hold the partition key. Ids stay unique: only the
    // identity sequence makes them.
    primaryKey({ columns: [t.id, t.occurredAt] }),
    index('audit_event_occurred_at').on(t.occurredAt),
    index('audit_event_actor').on(t.actorUserId, t.occurredAt),
    // "Who opened my record": the events whose record_ids hold a patient's id. An
    // array column needs GIN for `@>`; partial, so employee and account events stay out of it.
    index('audit_event_patient_record_ids')
      .using('gin', t.recordIds)
      .where(sql`${t.recordType} = 'patient'`),
    check('audit_event_outcome', sql`${t.outcome} in ('success', 'failure', 'denied')`),
  ],
);

/** A backend system allowed to export (SMART Backend Services), with its public keys. */
export const backendClient = pgTable('backend_client', {
  clientId: text('client_id').primaryKey(),
  name: text('name').notNull(),
  jwks: jsonb('jwks').notNull(),
  createdAt: createdAt(),
  disabled: boolean('disabled').notNull().default(false),
});

/** The jti of each accepted client assertion until its expiry: a second use is a replay. */
export const backendAssertionJti = pgTable(
  'backend_assertion_jti',
  {
    clientId: text('client_id')
      .notNull()
      .references(() => backendClient.clientId, { onDelete: 'cascade' }),
    jti: text('jti').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'backend_assertion_jti_pk', columns: [t.clientId, t.jti] }),
    index('backend_assertion_jti_expires').on(t.expiresAt),
  ],
);

/** One Bulk Data export, so that any instance answers its status. */
export const bulkExportJob = pgTable(
  'bulk_export_job',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    clientId: text('client_id')
      .notNull()
      .references(() => backendClient.clientId, { onDelete: 'cascade' }),
    requestUrl: text('request_url').notNull(),
    level: text('level').notNull(),
    types: text('types').array().notNull(),
    since: timestamp('since', { withTimezone: true }),
    status: text('status').notNull().default('in-progress'),
    progress: text('progress'),
    error: text('error'),
    transactionTime: timestamp('transaction_time', { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    // One running export per client, on every instance at once.
    uniqueIndex('bulk_export_job_running')
      .on(t.clientId)
      .where(sql`${t.status} = 'in-progress'`),
    index('bulk_export_job_expires').on(t.expiresAt),
    check('bulk_export_job_level', sql`${t.level} in ('system', 'patient')`),
    check('bulk_export_job_status', sql`${t.status} in ('in-progress', 'completed', 'failed')`),
  ],
);

/** An export's NDJSON, per resource type in numbered parts of a bounded number of lines. */
export const bulkExportPart = pgTable(
  'bulk_export_part',
  {
    jobId: uuid('job_id')
      .notNull()
      .references(() => bulkExportJob.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    seq: integer('seq').notNull(),
    lines: integer('lines').notNull(),
    ndjson: text('ndjson').notNull(),
  },
  (t) => [primaryKey({ name: 'bulk_export_part_pk', columns: [t.jobId, t.type, t.seq] })],
);

/**
 * Clinic hours (migration 0027): a clinician's weekly sessions, replaced whole by HR's PUT of
 * the schedule; the free slots are cut from them (contract: freeSlots).
 */
export const clinicianSession = pgTable(
  'clinician_session',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    employeeId: bigint('employee_id', { mode: 'number' })
      .notNull()
      .references(() => employee.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startTime: time('start_time').notNull(),
    endTime: time('end_time').notNull(),
    slotMinutes: integer('slot_minutes').notNull(),
    departmentId: text('department_id').references(() => department.id),
  },
  (t) => [
    index('clinician_session_employee').on(t.employeeId, t.weekday, t.startTime),
    index('clinician_session_department')
      .on(t.departmentId)
      .where(sql`${t.departmentId} is not null`),
    check('clinician_session_weekday', sql`${t.weekday} between 1 and 7`),
    check('clinician_session_hours', sql`${t.endTime} > ${t.startTime}`),
    check('clinician_session_slot', sql`${t.slotMinutes} between 5 and 240`),
  ],
);

/** A dated exception to a clinician's sessions: the whole day, or the hours given. */
export const clinicianScheduleException = pgTable(
  'clinician_schedule_exception',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    employeeId: bigint('employee_id', { mode: 'number' })
      .notNull()
      .references(() => employee.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    startTime: time('start_time'),
    endTime: time('end_time'),
  },
  (t) => [
    index('clinician_schedule_exception_employee').on(t.employeeId, t.date),
    check(
      'clinician_schedule_exception_hours',
      sql`(${t.startTime} is null and ${t.endTime} is null) or (${t.startTime} is not null and ${t.endTime} is not null and ${t.endTime} > ${t.startTime})`,
    ),
  ],
);

/** A clinician's leave, whole hospital days; withdrawn, never deleted. */
export const clinicianLeave = pgTable(
  'clinician_leave',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    leaveId: uuid('leave_id').notNull().defaultRandom(),
    employeeId: bigint('employee_id', { mode: 'number' })
      .notNull()
      .references(() => employee.id, { onDelete: 'cascade' }),
    fromDate: date('from_date', { mode: 'string' }).notNull(),
    toDate: date('to_date', { mode: 'string' }).notNull(),
    note: text('note'),
    recordedBy: bigint('recorded_by', { mode: 'number' }).references(() => employee.id),
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnBy: bigint('withdrawn_by', { mode: 'number' }).references(() => employee.id),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('clinician_leave_leave_id_key').on(t.leaveId),
    index('clinician_leave_employee')
      .on(t.employeeId, t.fromDate)
      .where(sql`${t.withdrawnAt} is null`),
    check('clinician_leave_dates', sql`${t.toDate} >= ${t.fromDate}`),
  ],
);
