import type { Locale } from '@portal/reference-data';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { normaliseUsername } from '@portal/contract';
import type { Role } from '@portal/reference-data';
import { type Db, preparedRows, queryRows } from '../db/database';
import { activationCode, appUser, mfaChallenge, session } from '../db/schema';
import { generateActivationCode, hashActivationCode } from '../security/activation-codes';

/**
 * The role an account may use now, worked out in SQL on every login and every request: a
 * patient's account is a patient's; staff use the portal role of their current position (null:
 * the position gives none, e.g. a porter), and only once a second HR person approved that role
 * (`e.access_role`, the two-person rule). Needs `u` (app_user), `e` and `pos` (the employee's
 * position) from {@link accountFrom}.
 */
const currentRole = sql`case when u.employee_id is null then u.role
  when pos.portal_role = e.access_role then pos.portal_role end`;

/** Staff whose position gives a portal role that no second HR person approved yet. */
const accessPending = sql`(u.employee_id is not null and pos.portal_role is not null
  and e.access_role is distinct from pos.portal_role)`;

/** An account with its patient or employee record and the employee's position. */
const accountFrom = sql`app_user u
  left join patient p on p.id = u.patient_id
  left join employee e on e.id = u.employee_id
  left join position pos on pos.id = e.position_id`;

/** The columns of an account that login and the per-request check read. */
const accountColumns = sql`u.id, u.username, coalesce(${currentRole}, u.role) as role,
  ${currentRole} is not null as "hasPortalRole", u.locked_at as "lockedAt",
  p.patient_id as "patientId", e.employee_id as "employeeId", e.work_status as "workStatus",
  e.position_id as "positionId",
  u.mfa_enabled_at is not null as "mfaEnabled", ${accessPending} as "accessPending",
  coalesce(p.first_name || ' ' || p.last_name, e.first_name || ' ' || e.last_name) as "displayName",
  u.locale`;

/** What login needs to know of an account. */
export interface LoginCandidate {
  readonly id: string;
  readonly username: string;
  readonly passwordHash: string;
  /**
   * The role the account may use: from the employee's current position, not from what was
   * stored at registration. When the position gives none it is the last stored role, and
   * `hasPortalRole` is false: the account cannot be used.
   */
  readonly role: Role;
  /** Whether the account's record gives it a role now (false: staff moved to a position without one). */
  readonly hasPortalRole: boolean;
  readonly lockedAt: string | null;
  readonly patientId: string | null;
  readonly employeeId: string | null;
  /** The linked employee's position ('P001'); null for patients. */
  readonly positionId: string | null;
  /** The linked employee's work status; null for patients. */
  readonly workStatus: 'yes' | 'no' | null;
  /** Whether the account signs in with a second factor. */
  readonly mfaEnabled: boolean;
  /** Staff whose position's portal role waits for a second HR person (no role until then). */
  readonly accessPending: boolean;
  /**
   * The person's name from the linked record ("Malee Srisuk"), for the apps' top bar to say
   * who is signed in; null for an account without one.
   */
  readonly displayName: string | null;
  /** The language the person chose on their account; null when they never chose. */
  readonly locale: Locale | null;
}

/** How much of a user agent a session keeps: enough to name the browser, bounded. */
const USER_AGENT_MAX = 300;

/** Why a session was revoked (stored in `session.revoked_reason`). */
export const REVOKE_REASONS = {
  logout: 'logout',
  leaver: 'work_status set to no',
  roleChanged: 'position changed the portal role',
  locked: 'locked by administrator',
  /** The person changed their password: every other session of theirs ends. */
  passwordChanged: 'password changed',
  /** The person ended it from My account (one session, or every other one). */
  signedOutElsewhere: 'signed out from another session',
  /** A new password set with a reissued activation code (forgotten password). */
  passwordReset: 'password reset with an activation code',
  /** A new password set with a link sent by e-mail. */
  passwordResetByMail: 'password reset with a link sent by e-mail',
} as const;
export type RevokeReason = (typeof REVOKE_REASONS)[keyof typeof REVOKE_REASONS];

/** The revocations the hospital made (HR, an administrator), as opposed to the person's logout. */
const BY_HOSPITAL: ReadonlySet<string> = new Set<RevokeReason>([
  REVOKE_REASONS.leaver,
  REVOKE_REASONS.roleChanged,
  REVOKE_REASONS.locked,
]);

/** Whether a session was revoked by the hospital rather than by its own logout. */
export const revokedByHospital = (reason: string | null): boolean =>
  reason !== null && BY_HOSPITAL.has(reason);

/** A session as each authenticated request sees it, with its account. */
export interface SessionState extends Omit<LoginCandidate, 'passwordHash'> {
  readonly sessionId: string;
  readonly revoked: boolean;
  /** Why it was revoked; null while it is not. */
  readonly revokedReason: string | null;
  readonly absoluteExpiresAt: Date;
  readonly ended: boolean;
  /** The session may only enrol a second factor (and log out). */
  readonly mfaEnrolmentOnly: boolean;
}

/** An open session of an account, as My account lists it. */
export interface OpenSession {
  readonly id: string;
  readonly userAgent: string | null;
  readonly address: string | null;
  readonly startedAt: string;
  readonly lastSeenAt: string;
}

/** Whose activation code: a patient's or an employee's row (internal ids). */
export type CodeSubject = { patientRowId: number } | { employeeRowId: number };

const subjectColumns = (subject: CodeSubject) =>
  'patientRowId' in subject
    ? { patientId: subject.patientRowId, employeeId: null }
    : { patientId: null, employeeId: subject.employeeRowId };

const subjectCondition = (subject: CodeSubject) =>
  'patientRowId' in subject
    ? eq(activationCode.patientId, subject.patientRowId)
    : eq(activationCode.employeeId, subject.employeeRowId);

/** The record's current activation code, if `code` is it: unused, unrevoked and unexpired. */
const isCurrentCode = (subject: CodeSubject, code: string) =>
  and(
    subjectCondition(subject),
    eq(activationCode.codeHash, hashActivationCode(code)),
    isNull(activationCode.usedAt),
    isNull(activationCode.revokedAt),
    sql`${activationCode.expiresAt} > now()`,
  );

/** The record an account would be linked to, found by the id the person typed. */
export interface RegistrationSubject {
  readonly subject: CodeSubject;
  /** The role the record entitles its holder to (null: an employee whose position grants none). */
  readonly grantsRole: Role | null;
  readonly active: boolean;
  readonly registered: boolean;
}

/** An account whose position gives no portal role, as the admin tool lists it. */
export const NO_PORTAL_ROLE = 'no portal role';
/** An account whose position's role waits for a second HR person, as the admin tool lists it. */
export const AWAITING_APPROVAL = 'awaiting approval';

/**
 * Whether an account may sign in at all: not locked, and staff still working here in a
 * position that gives a portal role.
 */
export function accountIsActive(
  account: Pick<LoginCandidate, 'lockedAt' | 'role' | 'workStatus' | 'hasPortalRole'>,
): boolean {
  return (
    account.lockedAt === null &&
    account.hasPortalRole &&
    (account.role === 'patient' || account.workStatus === 'yes')
  );
}

/**
 * Whether the account must enrol a second factor before anything else: staff without one while
 * STAFF_MFA is `required`. Login opens such an account's session for enrolment only, and every
 * request checks it again under the policy in force then.
 */
export function mustEnrolSecondFactor(
  staffMfa: 'required' | 'optional',
  account: Pick<LoginCandidate, 'role' | 'mfaEnabled'>,
): boolean {
  return staffMfa === 'required' && account.role !== 'patient' && !account.mfaEnabled;
}

/** The accounts data: each call takes the database (or a transaction) first. */
/**
 * Ends the sign-ins of these accounts still waiting for their second factor: whatever ends an
 * account's sessions (a password change or reset, a lock, a change of role, the person ending
 * a session) ends them too, so an mfa_token from before it is refused after it.
 */
async function endWaitingSignIns(db: Db, userIds: SQL): Promise<void> {
  await db.delete(mfaChallenge).where(sql`${mfaChallenge.userId} in (${userIds})`);
}

export const accountsRepository = {
  /**
   * The account behind a username in any spelling, with its record's ids. Names are stored in
   * their one form, so the lookup is an equality on it (never SQL lower(), which follows the
   * database's locale and need not agree with the contract).
   */
  async findLoginCandidate(db: Db, username: string): Promise<LoginCandidate | undefined> {
    const [row] = await queryRows<LoginCandidate>(
      db,
      sql`select ${accountColumns}, u.password_hash as "passwordHash"
          from ${accountFrom}
          where u.username = ${normaliseUsername(username)}`,
    );
    return row;
  },

  /** Keeps the language the person chose (see AccountService.setLocale). */
  async setLocale(db: Db, userId: string, locale: Locale): Promise<void> {
    await db.update(appUser).set({ locale }).where(eq(appUser.id, userId));
  },

  /** An account's password hash, to check the password a signed-in user types again. */
  async findPasswordHash(db: Db, userId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ passwordHash: appUser.passwordHash })
      .from(appUser)
      .where(eq(appUser.id, userId));
    return row?.passwordHash;
  },

  /** The account with this id (a login waiting for its second factor knows only the id). */
  async findAccountById(
    db: Db,
    userId: string,
  ): Promise<Omit<LoginCandidate, 'passwordHash'> | undefined> {
    const [row] = await queryRows<Omit<LoginCandidate, 'passwordHash'>>(
      db,
      sql`select ${accountColumns} from ${accountFrom} where u.id = ${userId}`,
    );
    return row;
  },

  /**
   * Opens a session that can be renewed until `maxSeconds` from now; `enrolmentOnly`: it reaches
   * only the second factor's enrolment calls until one is confirmed (STAFF_MFA=required).
   */
  async createSession(
    db: Db,
    userId: string,
    ttlSeconds: number,
    maxSeconds: number,
    enrolmentOnly = false,
    origin: { userAgent?: string | undefined; address?: string | undefined } = {},
  ) {
    const [row] = await db
      .insert(session)
      .values({
        userId,
        mfaEnrolmentOnly: enrolmentOnly,
        userAgent: origin.userAgent?.slice(0, USER_AGENT_MAX) ?? null,
        address: origin.address ?? null,
        expiresAt: sql`now() + make_interval(secs => ${ttlSeconds})`,
        absoluteExpiresAt: sql`now() + make_interval(secs => ${maxSeconds})`,
      })
      .returning({ id: session.id, absoluteExpiresAt: session.absoluteExpiresAt });
    return row!;
  },

  /** One query: the session, its account and the account's record, for the per-request check. */
  async findSession(db: Db, sessionId: string): Promise<SessionState | undefined> {
    const [row] = await preparedRows<
      Omit<SessionState, 'absoluteExpiresAt'> & { absoluteExpiresAt: string }
    >(
      db,
      sql`select s.id as "sessionId", s.revoked_at is not null as revoked,
            s.revoked_reason as "revokedReason",
            s.absolute_expires_at as "absoluteExpiresAt", s.absolute_expires_at <= now() as ended,
            s.mfa_enrolment_only as "mfaEnrolmentOnly",
            ${accountColumns}
          from session s
          join ${accountFrom} on u.id = s.user_id
          where s.id = ${sessionId}`,
    );
    return row && { ...row, absoluteExpiresAt: new Date(row.absoluteExpiresAt) };
  },

  /** Records that the session was renewed until `expiresAt` (and so was seen now). */
  async touchSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
    await db
      .update(session)
      .set({ expiresAt, lastSeenAt: sql`now()` })
      .where(eq(session.id, sessionId));
  },

  /**
   * The account's open sessions (not revoked, not past their renewal or absolute limit), newest
   * first. The partial index on open sessions by user serves it.
   */
  async listOpenSessions(db: Db, userId: string): Promise<OpenSession[]> {
    return queryRows<OpenSession>(
      db,
      sql`select id, user_agent as "userAgent", address,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "startedAt",
            to_char(last_seen_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as "lastSeenAt"
          from session
          where user_id = ${userId} and revoked_at is null
            and expires_at > now() and absolute_expires_at > now()
          order by created_at desc, id`,
    );
  },

  /**
   * Ends one open session of the account; false when the account has no open session with that
   * id (someone else's session answers exactly as an unknown one).
   */
  async revokeOwnSession(
    db: Db,
    userId: string,
    sessionId: string,
    reason: RevokeReason,
  ): Promise<boolean> {
    await endWaitingSignIns(db, sql`${userId}`);
    const rows = await db
      .update(session)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(
        and(
          eq(session.id, sessionId),
          eq(session.userId, userId),
          isNull(session.revokedAt),
          sql`${session.expiresAt} > now()`,
        ),
      )
      .returning({ id: session.id });
    return rows.length === 1;
  },

  /** Ends every open session of the account but `keepSessionId`; returns how many. */
  async revokeOtherSessions(
    db: Db,
    userId: string,
    keepSessionId: string,
    reason: RevokeReason,
  ): Promise<number> {
    await endWaitingSignIns(db, sql`${userId}`);
    const rows = await db
      .update(session)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(
        and(
          eq(session.userId, userId),
          sql`${session.id} <> ${keepSessionId}`,
          isNull(session.revokedAt),
        ),
      )
      .returning({ id: session.id });
    return rows.length;
  },

  /** The account already linked to a record, if any: a forgotten password is reset on it. */
  async findAccountOfSubject(db: Db, subject: CodeSubject): Promise<{ id: string } | undefined> {
    const [row] = await db
      .select({ id: appUser.id })
      .from(appUser)
      .where(
        'patientRowId' in subject
          ? eq(appUser.patientId, subject.patientRowId)
          : eq(appUser.employeeId, subject.employeeRowId),
      );
    return row;
  },

  /**
   * A forgotten password: sets the username the person typed and a new password hash on the
   * account already linked to the record (the reissued activation code proved who they are).
   * A username taken by another account surfaces as `app_user_username_key`, as at registration.
   */
  async resetAccountCredentials(
    db: Db,
    userId: string,
    username: string,
    passwordHash: string,
  ): Promise<void> {
    await db
      .update(appUser)
      .set({ username: normaliseUsername(username), passwordHash })
      .where(eq(appUser.id, userId));
  },

  /** Sets an account's password hash (a reset by e-mail: the link proved who it is). */
  async setPasswordHash(db: Db, userId: string, passwordHash: string): Promise<void> {
    await db.update(appUser).set({ passwordHash }).where(eq(appUser.id, userId));
  },

  /** Ends one session. */
  async revokeSession(db: Db, sessionId: string, reason: RevokeReason): Promise<void> {
    await db
      .update(session)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(session.id, sessionId), isNull(session.revokedAt)));
  },

  /** Ends every open session of the accounts linked to an employee (internal id); returns how many. */
  async revokeEmployeeSessions(
    db: Db,
    employeeRowId: number,
    reason: RevokeReason,
  ): Promise<number> {
    await endWaitingSignIns(db, sql`select id from app_user where employee_id = ${employeeRowId}`);
    const rows = await queryRows<{ id: string }>(
      db,
      sql`update session set revoked_at = now(), revoked_reason = ${reason}
          where revoked_at is null
            and user_id in (select id from app_user where employee_id = ${employeeRowId})
          returning id`,
    );
    return rows.length;
  },

  /**
   * Keeps the stored role of an employee's account in step with a new position's portal role (the
   * admin tool lists it); a position without one leaves it, since {@link currentRole} decides.
   */
  async setEmployeeAccountRole(db: Db, employeeRowId: number, role: Role | null): Promise<void> {
    if (role === null) return;
    await db
      .update(appUser)
      .set({ role })
      .where(and(eq(appUser.employeeId, employeeRowId), sql`${appUser.role} <> ${role}`));
  },

  /** Ends every open session of one account; returns how many. */
  async revokeUserSessions(db: Db, userId: string, reason: RevokeReason): Promise<number> {
    await endWaitingSignIns(db, sql`${userId}`);
    const rows = await db
      .update(session)
      .set({ revokedAt: sql`now()`, revokedReason: reason })
      .where(and(eq(session.userId, userId), isNull(session.revokedAt)))
      .returning({ id: session.id });
    return rows.length;
  },

  /**
   * Issues a new one-time activation code for a record, revoking any earlier unused one, and
   * returns the code in clear: the only time it exists outside the person's hands.
   */
  async issueActivationCode(
    db: Db,
    subject: CodeSubject,
    ttlDays: number,
    createdBy: string | null,
  ): Promise<{ activation_code: string; activation_code_expires_at: string }> {
    await db
      .update(activationCode)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          subjectCondition(subject),
          isNull(activationCode.usedAt),
          isNull(activationCode.revokedAt),
        ),
      );
    const code = generateActivationCode();
    const [row] = await db
      .insert(activationCode)
      .values({
        ...subjectColumns(subject),
        codeHash: hashActivationCode(code),
        expiresAt: sql`now() + make_interval(days => ${ttlDays})`,
        createdBy,
      })
      .returning({ expiresAt: activationCode.expiresAt });
    return { activation_code: code, activation_code_expires_at: row!.expiresAt.toISOString() };
  },

  /**
   * Uses up the record's activation code if `code` is its current one (unused, unrevoked, not
   * expired). Returns whether it was.
   */
  async consumeActivationCode(db: Db, subject: CodeSubject, code: string): Promise<boolean> {
    const rows = await db
      .update(activationCode)
      .set({ usedAt: sql`now()` })
      .where(isCurrentCode(subject, code))
      .returning({ id: activationCode.id });
    return rows.length === 1;
  },

  /**
   * Counts one registration against the record's current activation code, if `code` is it
   * (unused, unrevoked, unexpired), and answers its count with this one; undefined when `code` is
   * not the record's current code. One statement under the row's lock, so concurrent attempts each
   * get their own number: at most ACTIVATION_CODE_MAX_ATTEMPTS of them get a number within the
   * limit, however many arrive together. Callers run it in no transaction of their own, so the
   * count stays whatever the registration's answer.
   */
  async countActivationCodeAttempt(
    db: Db,
    subject: CodeSubject,
    code: string,
  ): Promise<number | undefined> {
    const [row] = await db
      .update(activationCode)
      .set({ attempts: sql`${activationCode.attempts} + 1` })
      .where(isCurrentCode(subject, code))
      .returning({ attempts: activationCode.attempts });
    return row?.attempts;
  },

  /** Looks up the patient (for role patient) or employee (for staff) that an id names. */
  async findRegistrationSubject(
    db: Db,
    role: Role,
    id: string,
  ): Promise<RegistrationSubject | undefined> {
    if (role === 'patient') {
      const [row] = await queryRows<{ id: string; registered: boolean }>(
        db,
        sql`select p.id, exists(select 1 from app_user u where u.patient_id = p.id) as registered
            from patient p where p.patient_id = ${id}`,
      );
      return (
        row && {
          subject: { patientRowId: Number(row.id) },
          grantsRole: 'patient',
          active: true,
          registered: row.registered,
        }
      );
    }
    const [row] = await queryRows<{
      id: string;
      portalRole: Role | null;
      workStatus: string;
      registered: boolean;
    }>(
      db,
      sql`select e.id, pos.portal_role as "portalRole", e.work_status as "workStatus",
            exists(select 1 from app_user u where u.employee_id = e.id) as registered
          from employee e left join position pos on pos.id = e.position_id
          where e.employee_id = ${id}`,
    );
    return (
      row && {
        subject: { employeeRowId: Number(row.id) },
        grantsRole: row.portalRole,
        active: row.workStatus === 'yes',
        registered: row.registered,
      }
    );
  },

  /** Creates the account; a duplicate username surfaces as the unique violation `app_user_username_key`. */
  async insertUser(
    db: Db,
    user: { username: string; passwordHash: string; role: Role; subject: CodeSubject },
  ): Promise<string> {
    const [row] = await db
      .insert(appUser)
      .values({
        username: normaliseUsername(user.username),
        passwordHash: user.passwordHash,
        role: user.role,
        ...subjectColumns(user.subject),
      })
      .returning({ id: appUser.id });
    return row!.id;
  },

  /**
   * Replaces an account's password hash only if it is still `checked` (the one the current
   * password was verified against): a compare-and-set, so of changes racing on one account
   * exactly one wins (a password change, or an old scheme's hash upgraded at login). Returns
   * whether it did.
   */
  async replacePasswordHash(
    db: Db,
    userId: string,
    checked: string,
    passwordHash: string,
  ): Promise<boolean> {
    const rows = await db
      .update(appUser)
      .set({ passwordHash })
      .where(and(eq(appUser.id, userId), eq(appUser.passwordHash, checked)))
      .returning({ id: appUser.id });
    return rows.length === 1;
  },

  /** Locks or unlocks an account by username; returns whether it exists. */
  async setAccountLocked(db: Db, username: string, locked: boolean): Promise<string | undefined> {
    const [row] = await db
      .update(appUser)
      .set({ lockedAt: locked ? sql`now()` : null })
      .where(eq(appUser.username, normaliseUsername(username)))
      .returning({ id: appUser.id });
    return row?.id;
  },

  /** Every account with its record id, the role it may use now and its state, for the admin tool. */
  async listAccounts(db: Db) {
    return queryRows<{
      username: string;
      role: Role | typeof NO_PORTAL_ROLE | typeof AWAITING_APPROVAL;
      record_id: string | null;
      locked: boolean;
      work_status: string | null;
      open_sessions: number;
      second_factor: boolean;
      last_login: string | null;
    }>(
      db,
      sql`select u.username, coalesce(${currentRole},
            case when ${accessPending} then ${AWAITING_APPROVAL} else ${NO_PORTAL_ROLE} end) as role,
            coalesce(p.patient_id, e.employee_id) as record_id,
            u.locked_at is not null as locked, e.work_status,
            (select count(*)::int from session s where s.user_id = u.id and s.revoked_at is null
               and s.absolute_expires_at > now() and s.expires_at > now()) as open_sessions,
            u.mfa_enabled_at is not null as second_factor,
            -- Every login that succeeds opens a session (renewal keeps it), so the newest one is
            -- the last login; minutes are enough for an administrator, in UTC.
            (select to_char(max(s.created_at) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"')
               from session s where s.user_id = u.id) as last_login
          from ${accountFrom}
          order by 2, u.username`,
    );
  },
};
