import type { Locale } from '@portal/reference-data';
import { type SQL, sql } from 'drizzle-orm';
import type { Role } from '@portal/reference-data';
import type { Db } from '../db/database';
import type { DeviceJar } from '../security/device-cookies';

/** Who is acting, from where: what every audited repository call needs. */
export interface RequestContext {
  /** The signed-in user, or null for login and registration. */
  readonly actor: Actor | null;
  readonly address: string;
  readonly requestId: string;
  /** Told of each audit event once it is written for good (the metrics count them). */
  readonly audited?: (entry: Pick<AuditEntry, 'action' | 'outcome'>) => void;
  /** The login calls' device cookie (security/device-cookies.ts); other calls have none. */
  readonly device?: DeviceJar;
  /** The caller's User-Agent header, kept with a new session so My account can name it. */
  readonly userAgent?: string;
  /**
   * The Idempotency-Key this request holds (plugins/idempotency.ts), if any: a successful
   * write marks it done in its own transaction ({@link audit}).
   */
  readonly idempotencyClaim?: { readonly accountId: string; readonly keyHash: string };
}

/** The signed-in user behind a request, as the session check found them. */
export interface Actor {
  readonly userId: string;
  readonly username: string;
  readonly role: Role;
  readonly sessionId: string;
  /** The patient's own id (patients only). */
  readonly patientId: string | null;
  /** The employee's own id (staff only). */
  readonly employeeId: string | null;
  /** The employee's position, which the clinical actions' matrix reads (staff only). */
  readonly positionId?: string | null;
  /** The person's name from their record, which the token carries for the top bar. */
  readonly displayName?: string | null;
  /** The language chosen on the account, which the token carries for the apps. */
  readonly locale?: Locale | null;
}

/** What happened, as the audit trail names it. */
export type AuditAction =
  | 'login'
  | 'logout'
  | 'register'
  | 'register.code-locked'
  | 'password.confirm'
  | 'session.renew'
  | 'mfa.challenge'
  | 'mfa.verify'
  | 'mfa.recovery-code'
  | 'mfa.setup'
  | 'mfa.enrol'
  | 'mfa.reset'
  | 'mfa.disable'
  | 'mfa.recovery-codes'
  | 'account.password.change'
  | 'account.password.reset'
  | 'account.password.reset-request'
  | 'account.password.reset-link'
  | 'account.sessions.list'
  | 'account.session.end'
  | 'account.sessions.end-others'
  | 'patient.read'
  | 'patient.list'
  | 'patient.search'
  | 'patient.create'
  | 'patient.update'
  | 'patient.appointment.create'
  | 'patient.history.create'
  | 'patient.activation-code.create'
  | 'patient.appointment.list'
  | 'patient.appointment.read'
  | 'patient.access-log.read'
  | 'patient.list.summary'
  | 'patient.search.summary'
  | 'patient.appointment.day-list'
  | 'patient.appointment.cancel'
  | 'patient.appointment.reschedule'
  | 'patient.appointment.status'
  | 'patient.appointment.status-undo'
  | 'patient.vitals.read'
  | 'patient.vitals.create'
  | 'patient.notes.read'
  | 'patient.note.create'
  | 'patient.note.addendum'
  | 'patient.note.entered-in-error'
  | 'patient.medication.read'
  | 'patient.medication.create'
  | 'patient.medication.create-override'
  | 'patient.medication.stop'
  | 'patient.condition.read'
  | 'patient.condition.create'
  | 'patient.condition.update'
  | 'patient.allergy.read'
  | 'patient.allergy.create'
  | 'patient.allergy.update'
  | 'patient.allergy.none'
  | 'patient.contact.update'
  | 'patient.contact-change.list'
  | 'employee.read'
  | 'employee.list'
  | 'employee.search'
  | 'employee.create'
  | 'employee.update'
  | 'employee.activation-code.create'
  | 'employee.access.request'
  | 'employee.access.list'
  | 'employee.access.approve'
  | 'employee.schedule.read'
  | 'employee.schedule.update'
  | 'employee.leave.create'
  | 'employee.leave.withdraw'
  | 'employee.access.refuse'
  | 'access.denied'
  | 'backend-client.create'
  | 'backend-client.disable'
  | 'backend-client.enable'
  | 'backend.token'
  | 'bulk.export.start'
  | 'bulk.export.download'
  | 'bulk.export.cancel'
  | 'audit.archive'
  | 'audit.restore';

/** One audit event. */
export interface AuditEntry {
  readonly action: AuditAction;
  readonly outcome: 'success' | 'failure' | 'denied';
  /** `audit-partition`: a month of the audit trail (YYYY-MM), archived or restored. */
  readonly recordType?: 'patient' | 'employee' | 'account' | 'audit-partition';
  readonly recordIds?: readonly string[];
  /** For login and registration, the username tried (there is no actor yet). */
  readonly username?: string;
}

/**
 * Appends one event to the audit trail, inside the caller's transaction when there is one, so
 * that a write and its audit event are kept or lost together. The table refuses updates and
 * deletes (see migration 0002), and nothing here offers them. The event is sealed into the
 * chain in the same statement ({@link sealedAuditSql}).
 */
export async function audit(
  db: Pick<Db, 'execute'>,
  context: RequestContext,
  entry: AuditEntry,
): Promise<void> {
  await db.execute(
    sealedAuditSql(sql`insert into audit_event ${AUDIT_COLUMNS}
      values (${context.actor?.userId ?? null}::uuid,
        ${context.actor?.username ?? entry.username ?? null}, ${context.actor?.role ?? null},
        ${entry.action}, ${entry.recordType ?? null},
        ${entry.recordIds ? sql`${sql.param([...entry.recordIds])}::text[]` : sql`null::text[]`},
        ${context.address}, ${entry.outcome}, ${context.requestId})`),
  );
  // A write that succeeded marks its Idempotency-Key done in the same transaction, so the mark
  // stands or falls with the write: a retry never does again what committed, even when the
  // instance died before it kept the answer (plugins/idempotency.ts).
  const claim = context.idempotencyClaim;
  if (claim && entry.outcome === 'success') {
    await db.execute(
      sql`update idempotency_key set write_committed = true
          where account_id = ${claim.accountId}::uuid and key_hash = ${claim.keyHash}
            and status is null`,
    );
  }
  // Inside a transaction the event is counted when it commits (auditedWrite), not here.
  if (!('rollback' in db)) context.audited?.(entry);
}

/** What an INSERT into audit_event returns for {@link AUDIT_CHAIN_SEAL} to seal. */
const SEALED_RETURNING = sql.raw(
  'returning id, occurred_at, audit_event_canonical(audit_event) as canonical',
);

/**
 * The CTEs that seal the events the CTE `audited` wrote as one batch of the chain (migration
 * 0022): their digest, the head moved on (the row lock serialises batches until this
 * transaction ends, so the chain follows the commit order of every instance), the batch kept.
 * Data-modifying CTEs run whether or not the statement reads them; none when nothing was written.
 */
const AUDIT_CHAIN_SEAL = sql.raw(`chain_digest as (
      select sha256(convert_to(string_agg(canonical, '' order by id, occurred_at), 'UTF8')) as digest,
        array_agg(id order by id, occurred_at) as ids, min(occurred_at) as first_at,
        max(occurred_at) as last_at
      from audited),
    chain_head as (update audit_chain_head
      set seq = seq + 1, hash = sha256(hash || (select digest from chain_digest))
      where exists (select 1 from audited) returning seq, hash),
    chain_batch as (insert into audit_chain_batch (seq, first_at, last_at, event_ids, digest, hash)
      select h.seq, d.first_at, d.last_at, d.ids, d.digest, h.hash from chain_head h, chain_digest d)`);

/**
 * The CTEs of a statement that writes audit events: \`audited\` (the INSERT \`insert\`, whose
 * RETURNING this adds) and the chain's seal of what it wrote. Every write of events goes
 * through here; an event written otherwise (by hand, in SQL) is in no batch, and verify-audit
 * says so.
 */
export function auditedCtes(insert: SQL): SQL {
  return sql`audited as (${insert} ${SEALED_RETURNING}), ${AUDIT_CHAIN_SEAL}`;
}

/** A whole statement that writes audit events with {@link auditedCtes}. */
const sealedAuditSql = (insert: SQL): SQL => sql`with ${auditedCtes(insert)} select 1`;

/** The columns a statement that writes audit events fills, in the order its values give them. */
const AUDIT_COLUMNS = sql.raw(
  '(actor_user_id, actor_username, actor_role, action, record_type, record_ids, address, outcome, request_id)',
);

/**
 * The CTEs (\`audited\` and the chain's seal, {@link auditedCtes}) that write one successful
 * event of \`context\`, for a statement that reads and audits at once: \`recordIds\` is an SQL
 * \`text[]\` expression over the statement's own CTEs (the record ids its answer reveals). The
 * caller reports it to \`context.audited\` once the statement has run. {@link audit} is the same
 * event written on its own.
 */
export function auditInsertSql(
  context: RequestContext,
  entry: Pick<AuditEntry, 'action'> & {
    readonly recordType: NonNullable<AuditEntry['recordType']>;
  },
  recordIds: SQL,
): SQL {
  return auditedCtes(sql`insert into audit_event ${AUDIT_COLUMNS}
    values (${context.actor?.userId ?? null}::uuid, ${context.actor?.username ?? null},
      ${context.actor?.role ?? null}, ${entry.action}, ${entry.recordType}, ${recordIds},
      ${context.address}, 'success', ${context.requestId})`);
}

/** One read of one record to audit, for {@link auditedReadsSql}. */
export interface AuditedRead {
  readonly context: RequestContext;
  readonly action: AuditAction;
  readonly recordType: NonNullable<AuditEntry['recordType']>;
  readonly recordId: string;
}

/**
 * One statement that reads several records and appends each read's audit event (the reads that
 * wait together go as one statement and one commit, db/group-commit.ts). The events
 * come in as arrays, one element per read, so that the text is the same for any number of
 * reads (a prepared statement). `found` selects `ord` (the read's 1-based position) and
 * `result` from `events e` (with `e.record_id`), one row per read; a read whose result is null
 * is audited as a failure. The answer is one row per read, in order, after the commit when the
 * statement runs on its own; the caller reports each outcome to its `context.audited`.
 */
export function auditedReadsSql(reads: readonly AuditedRead[], found: SQL): SQL {
  const column = (value: (read: AuditedRead) => string | null) =>
    sql`${sql.param(reads.map(value))}::text[]`;
  return sql`with events as (
      select * from unnest(${column((r) => r.context.actor?.userId ?? null)}::uuid[],
        ${column((r) => r.context.actor?.username ?? null)}, ${column((r) => r.context.actor?.role ?? null)},
        ${column((r) => r.action)}, ${column((r) => r.recordType)}, ${column((r) => r.recordId)},
        ${column((r) => r.context.address)}, ${column((r) => r.context.requestId)})
        with ordinality as e(actor_user_id, actor_username, actor_role, action, record_type,
          record_id, address, request_id, ord)),
    found as (${found}),
    ${auditedCtes(sql`insert into audit_event ${AUDIT_COLUMNS}
      select e.actor_user_id, e.actor_username, e.actor_role, e.action, e.record_type,
        array[e.record_id], e.address,
        case when f.result is null then 'failure' else 'success' end, e.request_id
      from events e join found f on f.ord = e.ord`)}
    select f.result, (select count(*) from audited)::int as audited from found f order by f.ord`;
}

/**
 * Runs a write in a transaction and audits it: a success inside the same transaction, so the
 * change and its event stand or fall together; a refusal (validation, not found, duplicate, or
 * anything else) after the rollback, with outcome `failure`. A failure to write that event
 * must not hide the original error, so it is swallowed.
 */
export async function auditedWrite<T>(
  db: Db,
  context: RequestContext,
  entry: Omit<AuditEntry, 'outcome'>,
  work: (tx: Db) => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await db.transaction(async (tx) => {
      const done = await work(tx);
      await audit(tx, context, { ...entry, outcome: 'success' });
      return done;
    });
  } catch (error) {
    await audit(db, context, { ...entry, outcome: 'failure' }).catch(() => undefined);
    throw error;
  }
  context.audited?.({ ...entry, outcome: 'success' });
  return result;
}
