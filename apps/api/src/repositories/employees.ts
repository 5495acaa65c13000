import { eq, type SQL, sql } from 'drizzle-orm';
import type {
  addEmployeeRequestSchema,
  Employee,
  updateEmployeeRequestSchema,
} from '@portal/contract';
import {
  checkEmployeeDates,
  MAX_PENDING_ACCESS,
  OWN_ACCESS_FIELDS_MESSAGE,
  type EmployeeSortKey,
  type PageParams,
  type PendingAccess,
} from '@portal/contract';
import { findPosition, type Role } from '@portal/reference-data';
import type { z } from 'zod';
import { type Db, preparedRows, queryRows } from '../db/database';
import { employee } from '../db/schema';
import { ProblemError, badRequest, conflict, uniqueViolation } from '../errors';
import { REVOKE_REASONS, accountsRepository } from './accounts';
import { audit, auditedWrite, type RequestContext } from './audit';
import { type Page, decodeCursor } from './paging';
import { withoutUndefined } from './edits';
import { auditedRecordPage } from './record-pages';
import { lockedRecord, nextFreeId, noRecord, recordPage, writeRecord } from './record-kinds';
import type { JsonText } from './paging';

type AddEmployee = z.output<typeof addEmployeeRequestSchema>;
type UpdateEmployee = z.output<typeof updateEmployeeRequestSchema>;

/**
 * Whether `e`'s portal access waits for a second HR person: working, in a position with a portal
 * role that is not the approved one (the session check in accounts.ts applies the same rule).
 */
const accessPendingSql = sql`(e.work_status = 'yes' and pos.portal_role is not null
  and e.access_role is distinct from pos.portal_role and e.access_refused_at is null)`;

/** An employee as one JSON value, with position and department names. */
const employeeJson = sql`json_build_object(
  'employee_id', e.employee_id, 'first_name', e.first_name, 'last_name', e.last_name,
  'position_id', e.position_id, 'position_name', pos.name, 'department_name', d.name,
  'phone_number', e.phone_number, 'salary', e.salary, 'email', e.email,
  'hire_date', e.hire_date, 'resignation_date', e.resignation_date, 'work_status', e.work_status,
  'registered', exists(select 1 from app_user u where u.employee_id = e.id),
  'second_factor', exists(select 1 from app_user u
    where u.employee_id = e.id and u.mfa_enabled_at is not null),
  'access_pending', ${accessPendingSql})`;

const employeeFrom = sql`employee e
  left join position pos on pos.id = e.position_id
  left join department d on d.id = pos.department_id`;

async function readEmployee(db: Db, employeeId: string): Promise<Employee | undefined> {
  const [row] = await preparedRows<{ record: Employee }>(
    db,
    sql`select ${employeeJson} as record from ${employeeFrom} where e.employee_id = ${employeeId}`,
  );
  return row?.record;
}

function employeeConflict(error: unknown): never {
  if (uniqueViolation(error) === 'employee_employee_id_key') {
    throw conflict('employee_id', 'An employee with this Employee ID already exists');
  }
  throw error;
}

/** The portal role a position gives its holder (null: none). */
const portalRoleOf = (positionId: string | null | undefined) =>
  (positionId && findPosition(positionId)?.portalRole) || null;

/** Whether a position lets its holder register for the portal. */
const grantsPortalAccess = (positionId: string | null | undefined) =>
  portalRoleOf(positionId) !== null;

/**
 * What a change does to the employee's approved portal access: `drop` it (no role, or left:
 * at once, never waiting), `keep` it (the role stays the approved one, or the request already
 * waiting is still about the same position and status), or `request` a second HR person's
 * approval of the new role (a new role, a return to work).
 */
function accessAfterChange(
  stored: {
    accessRole: string | null;
    accessRequestedAt: Date | null;
    accessApprovedAt: Date | null;
  },
  next: { role: Role | null; working: boolean },
  positionOrStatusChanged: boolean,
): 'keep' | 'drop' | 'request' {
  if (!next.working || next.role === null) {
    const nothingStored = stored.accessRole === null && stored.accessRequestedAt === null;
    return nothingStored ? 'keep' : 'drop';
  }
  if (next.role === stored.accessRole) return 'keep';
  const waiting = stored.accessRequestedAt !== null && stored.accessApprovedAt === null;
  return waiting && !positionOrStatusChanged ? 'keep' : 'request';
}

/** How the employee list is sorted and filtered (GET /employee's query beyond the page). */
export interface EmployeeListView {
  readonly sort?: EmployeeSortKey | undefined;
  readonly order?: 'asc' | 'desc' | undefined;
  readonly position_id?: string | undefined;
  readonly department_id?: string | undefined;
  readonly work_status?: 'yes' | 'no' | undefined;
}

/**
 * Each sort's key over `employeeFrom`'s aliases, before the internal id that breaks ties. The
 * name and hire date keys are written as the indexes `employee_name_order` and
 * `employee_hire_date_order` (migration 0016) hold them, so a page is read from the index; the
 * position and department names come through the join (eleven positions), so those sorts read
 * the filtered employees and sort them, which a hospital's few thousand staff keep cheap.
 */
const SORT_KEYS: Record<EmployeeSortKey, SQL[]> = {
  name: [sql`lower(e.last_name)`, sql`lower(e.first_name)`],
  position: [sql`coalesce(pos.name, '')`],
  department: [sql`coalesce(d.name, '')`],
  hire_date: [sql`e.hire_date`],
};

/**
 * The list's filters on the employee table alone (so the total counts it without the joins):
 * the department through its positions, so the `employee_position` index serves both.
 */
function listFilter(view: EmployeeListView): SQL | undefined {
  const conditions: SQL[] = [];
  if (view.position_id) conditions.push(sql`employee.position_id = ${view.position_id}`);
  if (view.department_id)
    conditions.push(
      sql`employee.position_id in (select p.id from position p where p.department_id = ${view.department_id})`,
    );
  if (view.work_status) conditions.push(sql`employee.work_status = ${view.work_status}`);
  return conditions.length ? sql.join(conditions, sql` and `) : undefined;
}

/** Whether a list call asks for more than the spec's list (a sort or a filter). */
const isShaped = (view: EmployeeListView) =>
  view.sort !== undefined ||
  view.position_id !== undefined ||
  view.department_id !== undefined ||
  view.work_status !== undefined;

/**
 * One page of the sorted or filtered list, plus one row: keyset paging on (sort key, internal
 * id), the position read from the cursor's own row, so the cursor stays the list's usual
 * opaque row id and a deep page costs what the first does.
 */
function shapedPageQuery(view: EmployeeListView, after: number, limit: number): SQL {
  const keys = [...(view.sort ? SORT_KEYS[view.sort] : []), sql`e.id`];
  const desc = view.order === 'desc';
  const tuple = sql.join(keys, sql`, `);
  const where: SQL[] = [];
  const filter = listFilter(view);
  // The filter names `employee`; inside the page query that table is `e`.
  if (filter) where.push(sql`e.id in (select employee.id from employee where ${filter})`);
  if (after > 0)
    where.push(
      sql`(${tuple}) ${desc ? sql`<` : sql`>`} (select ${tuple} from ${employeeFrom} where e.id = ${after})`,
    );
  const order = sql.join(
    keys.map((k) => (desc ? sql`${k} desc` : sql`${k} asc`)),
    sql`, `,
  );
  return sql`select e.id, e.employee_id as record_id, (${employeeJson})::text as record from ${employeeFrom}
    ${where.length ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by ${order} limit ${limit + 1}`;
}

/** A 403 naming the field at fault. */
const refused = (errors: { field: string; message: string }[]) =>
  new ProblemError(403, 'Forbidden', errors[0]!.message, errors);

/** The two-person rule's columns when no access is approved or asked for. */
const NO_ACCESS = {
  accessRole: null,
  accessRequestedBy: null,
  accessRequestedAt: null,
  accessApprovedBy: null,
  accessApprovedAt: null,
} as const;

/** The two-person rule's columns when the actor's add or change asks for access. */
const accessRequestBy = (context: RequestContext) => ({
  accessRequestedBy: context.actor?.userId ?? null,
  accessRequestedAt: sql`now()`,
  accessApprovedBy: null,
  accessApprovedAt: null,
  accessRefusedBy: null,
  accessRefusedAt: null,
  accessRefusalReason: null,
});

/**
 * The employee row whose access waits for a second HR person, locked, so that of approvals,
 * refusals and changes arriving together each sees the one before it. 404 for no employee;
 * 409 when nothing waits or the position is not the one the HR person saw (`seenPositionId`;
 * the admin tool, with no actor, decides on what is there); 403 to the HR person who asked and
 * to the employee themselves.
 */
async function lockWaitingAccess(
  tx: Db,
  context: RequestContext,
  employeeId: string,
  seenPositionId: string | undefined,
  decision: 'approve' | 'refuse',
): Promise<{ id: number; portalRole: Role | null }> {
  const [row] = await queryRows<{
    id: string;
    positionId: string | null;
    portalRole: Role | null;
    requestedBy: string | null;
    pending: boolean;
  }>(
    tx,
    sql`select e.id, e.position_id as "positionId", pos.portal_role as "portalRole",
          e.access_requested_by as "requestedBy", ${accessPendingSql} as pending
        from employee e left join position pos on pos.id = e.position_id
        where e.employee_id = ${employeeId} for update of e`,
  );
  if (!row) throw noRecord('employee', employeeId);
  if (!row.pending) {
    throw conflict('employee_id', "This employee's access is not waiting for approval");
  }
  if (seenPositionId !== undefined && seenPositionId !== row.positionId) {
    throw conflict(
      'position_id',
      `The employee's position changed meanwhile; look at it again before ${decision === 'approve' ? 'approving' : 'refusing'}`,
    );
  }
  const actor = context.actor;
  if (actor && actor.userId === row.requestedBy) {
    throw refused([
      {
        field: 'employee_id',
        message: `You asked for this access; another HR person must ${decision} it`,
      },
    ]);
  }
  if (actor && actor.employeeId === employeeId) {
    throw refused([{ field: 'employee_id', message: `You cannot ${decision} your own access` }]);
  }
  return { id: Number(row.id), portalRole: row.portalRole };
}

/** Audits that an add or a change asks a second HR person to approve portal access. */
const auditAccessRequest = (tx: Db, context: RequestContext, employeeId: string) =>
  audit(tx, context, {
    action: 'employee.access.request',
    outcome: 'success',
    recordType: 'employee',
    recordIds: [employeeId],
  });

/**
 * The resignation date to store: none for someone working here (the product decisions:
 * `work_status: "yes"` clears it, so one sent with `yes` is dropped, not refused — the spec's
 * edit form sends the whole form, date field and all, when HR takes a leaver back).
 */
const resignationDateFor = <T extends string | null | undefined>(
  workStatus: 'yes' | 'no',
  sent: T,
): T | null => (workStatus === 'yes' ? null : sent);

/** Reads and writes employee records; every call is audited with the request's actor. */
export const employeesRepository = {
  /** The add form's suggestion for a new employee's id (`E013` after `E012`). */
  nextId: (db: Db): Promise<string> => nextFreeId(db, 'employee'),

  /** One employee; 404 when there is none. */
  async get(db: Db, context: RequestContext, employeeId: string): Promise<Employee> {
    const found = await readEmployee(db, employeeId);
    await audit(db, context, {
      action: 'employee.read',
      recordType: 'employee',
      recordIds: [employeeId],
      outcome: found ? 'success' : 'failure',
    });
    if (!found) throw noRecord('employee', employeeId);
    return found;
  },

  /**
   * A page of employees matching the criteria (all when every criterion is empty); the list
   * without criteria sorted and filtered as the query's view asks (GET /employee's `sort`…).
   */
  async list(
    db: Db,
    context: RequestContext,
    { limit, cursor, ...view }: PageParams & EmployeeListView,
    criteria?: { employee_id: string; first_name: string; last_name: string },
  ): Promise<Page<JsonText>> {
    if (!criteria && isShaped(view)) {
      return this.listShaped(db, context, limit, decodeCursor(cursor), view);
    }
    return recordPage(db, context, { limit, cursor }, criteria, {
      kind: 'employee',
      record: employeeJson,
      from: employeeFrom,
      alias: sql`e`,
      action: criteria ? 'employee.search' : 'employee.list',
    });
  },

  /**
   * A page of the list sorted and filtered (HR's table); audited as the list, naming the rows
   * shown and, when filtered, every employee the total counts (the search rule: no answer tells
   * of a record that is not audited).
   */
  async listShaped(
    db: Db,
    context: RequestContext,
    limit: number,
    after: number,
    view: EmployeeListView,
  ): Promise<Page<JsonText>> {
    return auditedRecordPage(db, context, {
      rows: shapedPageQuery(view, after, limit),
      where: listFilter(view),
      // Each sort and filter is its own text; its values change its best plan.
      prepared: false,
      table: sql`employee`,
      recordId: sql`employee_id`,
      limit,
      action: 'employee.list',
      recordType: 'employee',
    });
  },

  /** Creates an employee; a position with portal access also gets an activation code. */
  async add(db: Db, context: RequestContext, input: AddEmployee, codeTtlDays: number) {
    return writeRecord(
      db,
      context,
      { kind: 'employee', change: 'create', id: input.employee_id },
      async (error) => employeeConflict(error),
      async (tx) => {
        const asksForAccess = grantsPortalAccess(input.position_id) && input.work_status === 'yes';
        const [created] = await tx
          .insert(employee)
          .values({
            employeeId: input.employee_id,
            firstName: input.first_name,
            lastName: input.last_name,
            positionId: input.position_id,
            phoneNumber: input.phone_number,
            salary: input.salary,
            email: input.email,
            hireDate: input.hire_date,
            resignationDate: resignationDateFor(input.work_status, input.resignation_date),
            workStatus: input.work_status,
            // Portal access waits for a second HR person (two-person rule).
            ...(asksForAccess ? accessRequestBy(context) : NO_ACCESS),
          })
          .returning({ id: employee.id });
        if (asksForAccess) await auditAccessRequest(tx, context, input.employee_id);
        const code = asksForAccess
          ? await accountsRepository.issueActivationCode(
              tx,
              { employeeRowId: created!.id },
              codeTtlDays,
              context.actor?.userId ?? null,
            )
          : { activation_code: null, activation_code_expires_at: null };
        return { employee_id: input.employee_id, ...code, access_pending: asksForAccess };
      },
    );
  },

  /**
   * Changes what was sent and nothing else, but for the resignation date, which `yes` clears.
   * Leaving work_status at `no`, or a new position that changes the portal role (Doctor →
   * Porter, Doctor → HR; not Doctor → Nurse), revokes every open session of the employee's
   * account in the same transaction: the person is out at once, and logs in again with the new
   * role if the position gives one.
   *
   * The two-person rule: HR cannot change its own position or work status (403 naming the
   * field), and a change that gives a portal role not approved before (a new role, or a return
   * to work) asks a second HR person to approve it; until then the account has no role. A change
   * to a position without one, or leaving, drops the approval at once.
   */
  async update(
    db: Db,
    context: RequestContext,
    input: UpdateEmployee,
  ): Promise<Employee & { sessions_revoked: number }> {
    const { employee_id: employeeId, ...fields } = input;
    let revoked = 0;
    await writeRecord(
      db,
      context,
      { kind: 'employee', change: 'update', id: employeeId },
      async (error) => employeeConflict(error),
      async (tx) => {
        const [stored] = await tx
          .select({
            id: employee.id,
            hireDate: employee.hireDate,
            resignationDate: employee.resignationDate,
            workStatus: employee.workStatus,
            positionId: employee.positionId,
            accessRole: employee.accessRole,
            accessRequestedAt: employee.accessRequestedAt,
            accessApprovedAt: employee.accessApprovedAt,
          })
          .from(employee)
          .where(eq(employee.employeeId, employeeId))
          .for('update');
        if (!stored) throw noRecord('employee', employeeId);
        const positionChanged =
          fields.position_id !== undefined && fields.position_id !== stored.positionId;
        const workStatusChanged =
          fields.work_status !== undefined && fields.work_status !== stored.workStatus;
        if (context.actor?.employeeId === employeeId && (positionChanged || workStatusChanged)) {
          throw refused(
            [positionChanged && 'position_id', workStatusChanged && 'work_status']
              .filter((field): field is string => !!field)
              .map((field) => ({ field, message: OWN_ACCESS_FIELDS_MESSAGE })),
          );
        }
        const workStatus = (fields.work_status ?? stored.workStatus) as 'yes' | 'no';
        const merged = {
          work_status: workStatus,
          hire_date: fields.hire_date ?? stored.hireDate,
          resignation_date: resignationDateFor(
            workStatus,
            fields.resignation_date ?? stored.resignationDate,
          ),
        };
        const errors = checkEmployeeDates(merged);
        if (errors.length) throw badRequest(errors[0]!.message, errors);
        await tx
          .update(employee)
          .set({
            ...withoutUndefined({
              firstName: fields.first_name,
              lastName: fields.last_name,
              positionId: fields.position_id,
              phoneNumber: fields.phone_number,
              salary: fields.salary,
              email: fields.email,
              hireDate: fields.hire_date,
              resignationDate: resignationDateFor(workStatus, fields.resignation_date),
              workStatus: fields.work_status,
            }),
            updatedAt: sql`now()`,
          })
          .where(eq(employee.id, stored.id));
        const newRole = portalRoleOf(fields.position_id ?? stored.positionId);
        const roleChanged = newRole !== portalRoleOf(stored.positionId);
        const access = accessAfterChange(
          stored,
          { role: newRole, working: workStatus === 'yes' },
          positionChanged || workStatusChanged,
        );
        if (access !== 'keep') {
          await tx
            .update(employee)
            .set(access === 'request' ? accessRequestBy(context) : NO_ACCESS)
            .where(eq(employee.id, stored.id));
          if (access === 'request') await auditAccessRequest(tx, context, employeeId);
        }
        if (roleChanged) await accountsRepository.setEmployeeAccountRole(tx, stored.id, newRole);
        if (merged.work_status === 'no')
          revoked = await accountsRepository.revokeEmployeeSessions(
            tx,
            stored.id,
            REVOKE_REASONS.leaver,
          );
        else if (roleChanged)
          revoked = await accountsRepository.revokeEmployeeSessions(
            tx,
            stored.id,
            REVOKE_REASONS.roleChanged,
          );
      },
    );
    return { ...(await readEmployee(db, employeeId))!, sessions_revoked: revoked };
  },

  /**
   * The portal access waiting for a second HR person: working employees whose position's role
   * is not the approved one, the oldest request first, at most {@link MAX_PENDING_ACCESS}.
   * `requested_by_you`: the caller asked for it or is the employee, so someone else must approve.
   */
  async pendingAccess(db: Db, context: RequestContext): Promise<PendingAccess[]> {
    const actor = context.actor;
    const rows = await queryRows<PendingAccess>(
      db,
      sql`select e.employee_id, e.first_name, e.last_name, e.position_id,
            pos.name as position_name, pos.portal_role as role,
            coalesce(nullif(concat_ws(' ', re.first_name, re.last_name), ''), ru.username)
              as requested_by,
            to_char(e.access_requested_at at time zone 'UTC',
              'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as requested_at,
            (e.access_requested_by is not distinct from ${actor?.userId ?? null}::uuid
              or e.employee_id = ${actor?.employeeId ?? null}) is true as requested_by_you
          from employee e
          join position pos on pos.id = e.position_id
          left join app_user ru on ru.id = e.access_requested_by
          left join employee re on re.id = ru.employee_id
          where e.access_requested_at is not null and e.access_approved_at is null
            and ${accessPendingSql}
          order by e.access_requested_at, e.id
          limit ${MAX_PENDING_ACCESS}`,
    );
    await audit(db, context, {
      action: 'employee.access.list',
      recordType: 'employee',
      recordIds: rows.map((r) => r.employee_id),
      outcome: 'success',
    });
    return rows;
  },

  /**
   * A second HR person approves the portal access an add or a change asked for: the employee's
   * account gets its position's role from now on. Refused (403) to the HR person who asked and
   * to the employee; 409 when nothing waits or the position is not the one the approver saw
   * (`seenPositionId`; the admin tool, with no actor, approves what is there). The row is
   * locked, so of approvals and changes arriving together each sees the one before it.
   */
  async approveAccess(
    db: Db,
    context: RequestContext,
    employeeId: string,
    seenPositionId?: string,
  ): Promise<Employee> {
    await auditedWrite(
      db,
      context,
      { action: 'employee.access.approve', recordType: 'employee', recordIds: [employeeId] },
      async (tx) => {
        const row = await lockWaitingAccess(tx, context, employeeId, seenPositionId, 'approve');
        await tx
          .update(employee)
          .set({
            accessRole: row.portalRole,
            accessApprovedBy: context.actor?.userId ?? null,
            accessApprovedAt: sql`now()`,
          })
          .where(eq(employee.id, row.id));
      },
    );
    return (await readEmployee(db, employeeId))!;
  },

  /**
   * A second HR person refuses the portal access an add or a change asked for, with a reason:
   * the request no longer waits, and the employee keeps the role approved before (none for a
   * new one). The same checks as an approval ({@link lockWaitingAccess}); a later change that
   * asks for access again makes it wait again.
   */
  async refuseAccess(
    db: Db,
    context: RequestContext,
    employeeId: string,
    seenPositionId: string,
    reason: string,
  ): Promise<Employee> {
    await auditedWrite(
      db,
      context,
      { action: 'employee.access.refuse', recordType: 'employee', recordIds: [employeeId] },
      async (tx) => {
        const row = await lockWaitingAccess(tx, context, employeeId, seenPositionId, 'refuse');
        await tx
          .update(employee)
          .set({
            accessRequestedBy: null,
            accessRequestedAt: null,
            accessRefusedBy: context.actor?.userId ?? null,
            accessRefusedAt: sql`now()`,
            accessRefusalReason: reason,
          })
          .where(eq(employee.id, row.id));
      },
    );
    return (await readEmployee(db, employeeId))!;
  },

  /**
   * A new activation code for an active employee with portal access: to register, or, once
   * registered, to set a new password with it (a forgotten password: registering again resets
   * the account). Whoever holds the new code can register as the employee, so an HR person's
   * reissue asks again for a second HR person's approval (with the reissuer as the one who
   * asked): otherwise one person could reissue a doctor's code and register, or take over the
   * doctor's account, with it. A registered employee's account has no role until then. The
   * admin tool (no actor) leaves the approval as it is.
   */
  async reissueCode(db: Db, context: RequestContext, employeeId: string, codeTtlDays: number) {
    return auditedWrite(
      db,
      context,
      {
        action: 'employee.activation-code.create',
        recordType: 'employee',
        recordIds: [employeeId],
      },
      async (tx) => {
        // A signed-in person changes their own password in My account: a code for themselves
        // would put their own access back to waiting for approval and end their session.
        if (context.actor?.employeeId === employeeId)
          throw conflict('employee_id', 'Change your own password in My account');
        const row = await lockedRecord<{
          id: string;
          positionId: string | null;
          workStatus: string;
        }>(
          tx,
          'employee',
          employeeId,
          sql`id, position_id as "positionId", work_status as "workStatus"`,
        );
        if (row.workStatus !== 'yes' || !grantsPortalAccess(row.positionId)) {
          throw conflict(
            'employee_id',
            'Only working doctors, nurses and HR staff can register for the portal',
          );
        }
        const code = await accountsRepository.issueActivationCode(
          tx,
          { employeeRowId: Number(row.id) },
          codeTtlDays,
          context.actor?.userId ?? null,
        );
        if (context.actor) {
          await tx
            .update(employee)
            .set({ accessRole: null, ...accessRequestBy(context) })
            .where(eq(employee.id, Number(row.id)));
          await auditAccessRequest(tx, context, employeeId);
        }
        return code;
      },
    );
  },
};
