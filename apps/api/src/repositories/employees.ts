import { eq, sql } from 'drizzle-orm';
import type {
  addEmployeeRequestSchema,
  Employee,
  updateEmployeeRequestSchema,
} from '@portal/contract';
import { checkEmployeeDates, nextIdAfter, type PageParams } from '@portal/contract';
import { findPosition } from '@portal/reference-data';
import type { z } from 'zod';
import { type Db, preparedRows, queryRows } from '../db/database';
import { employee } from '../db/schema';
import { badRequest, conflict, notFound, uniqueViolation } from '../errors';
import {
  issueActivationCode,
  REVOKE_REASONS,
  revokeEmployeeSessions,
  setEmployeeAccountRole,
} from './accounts';
import { audit, auditedWrite, type RequestContext } from './audit';
import {
  type Page,
  decodeCursor,
  encodeCursor,
  listRows,
  pageIdsQuery,
  revealedIds,
  searchFilter,
  searchTotal,
  highestIdNumberQuery,
  withoutUndefined,
} from './query-kit';

type AddEmployee = z.output<typeof addEmployeeRequestSchema>;
type UpdateEmployee = z.output<typeof updateEmployeeRequestSchema>;

/** An employee as one JSON value, with position and department names. */
const employeeJson = sql`json_build_object(
  'employee_id', e.employee_id, 'first_name', e.first_name, 'last_name', e.last_name,
  'position_id', e.position_id, 'position_name', pos.name, 'department_name', d.name,
  'phone_number', e.phone_number, 'salary', e.salary, 'email', e.email,
  'hire_date', e.hire_date, 'resignation_date', e.resignation_date, 'work_status', e.work_status,
  'registered', exists(select 1 from app_user u where u.employee_id = e.id),
  'second_factor', exists(select 1 from app_user u
    where u.employee_id = e.id and u.mfa_enabled_at is not null))`;

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
 * The resignation date to store: none for someone working here (product decisions §3:
 * `work_status: "yes"` clears it, so one sent with `yes` is dropped, not refused — the spec's
 * edit form sends the whole form, date field and all, when HR takes a leaver back).
 */
const resignationDateFor = <T extends string | null | undefined>(
  workStatus: 'yes' | 'no',
  sent: T,
): T | null => (workStatus === 'yes' ? null : sent);

/** Reads and writes employee records; every call is audited with the request's actor. */
export const employeesRepository = {
  /**
   * The id after the highest `E` + digits in use (`E013` after `E012`), for the add form to
   * suggest. Ids of another form are left out. Not audited: it reads no record.
   */
  async nextId(db: Db): Promise<string> {
    const [row] = await queryRows<{ highest: string | number | null }>(
      db,
      highestIdNumberQuery('E'),
    );
    return nextIdAfter('E', Number(row?.highest ?? 0));
  },

  /** One employee; 404 when there is none. */
  async get(db: Db, context: RequestContext, employeeId: string): Promise<Employee> {
    const found = await readEmployee(db, employeeId);
    await audit(db, context, {
      action: 'employee.read',
      recordType: 'employee',
      recordIds: [employeeId],
      outcome: found ? 'success' : 'failure',
    });
    if (!found) throw notFound(`No employee with ID ${employeeId}`);
    return found;
  },

  /** A page of employees matching the criteria (all when every criterion is empty). */
  async list(
    db: Db,
    context: RequestContext,
    page: PageParams,
    criteria?: { employee_id: string; first_name: string; last_name: string },
  ): Promise<Page<Employee>> {
    const after = decodeCursor(page.cursor);
    const { where, selective } = searchFilter(
      { id: sql`employee_id`, firstName: sql`first_name`, lastName: sql`last_name` },
      criteria && {
        id: criteria.employee_id,
        firstName: criteria.first_name,
        lastName: criteria.last_name,
      },
    );
    const rows = await listRows<{ id: string; record: Employee }>(
      db,
      where,
      sql`select e.id, ${employeeJson} as record
          from ${employeeFrom} join (${pageIdsQuery(sql`employee`, where, after, page.limit, 'oldest', selective)}) page on page.id = e.id
          order by e.id`,
    );
    const total = await searchTotal(db, sql`employee`, sql`employee_id`, where);
    const items = rows.slice(0, page.limit).map((r) => r.record);
    const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
    await audit(db, context, {
      action: criteria ? 'employee.search' : 'employee.list',
      recordType: 'employee',
      recordIds: revealedIds(
        items.map((e) => e.employee_id),
        total,
        rows[page.limit]?.record.employee_id,
      ),
      outcome: 'success',
    });
    return {
      items,
      total: total.total,
      more: total.more,
      nextCursor: last ? encodeCursor(Number(last.id)) : null,
    };
  },

  /** Creates an employee; a position with portal access also gets an activation code. */
  async add(db: Db, context: RequestContext, input: AddEmployee, codeTtlDays: number) {
    try {
      return await auditedWrite(
        db,
        context,
        { action: 'employee.create', recordType: 'employee', recordIds: [input.employee_id] },
        async (tx) => {
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
            })
            .returning({ id: employee.id });
          const code =
            grantsPortalAccess(input.position_id) && input.work_status === 'yes'
              ? await issueActivationCode(
                  tx,
                  { employeeRowId: created!.id },
                  codeTtlDays,
                  context.actor?.userId ?? null,
                )
              : { activation_code: null, activation_code_expires_at: null };
          return { employee_id: input.employee_id, ...code };
        },
      );
    } catch (error) {
      return employeeConflict(error);
    }
  },

  /**
   * Changes what was sent and nothing else, but for the resignation date, which `yes` clears.
   * Leaving work_status at `no`, or a new position that changes the portal role (Doctor →
   * Porter, Doctor → HR; not Doctor → Nurse), revokes every open session of the employee's
   * account in the same transaction: the person is out at once, and logs in again with the new
   * role if the position gives one.
   */
  async update(
    db: Db,
    context: RequestContext,
    input: UpdateEmployee,
  ): Promise<Employee & { sessions_revoked: number }> {
    const { employee_id: employeeId, ...fields } = input;
    let revoked = 0;
    try {
      await auditedWrite(
        db,
        context,
        { action: 'employee.update', recordType: 'employee', recordIds: [employeeId] },
        async (tx) => {
          const [stored] = await tx
            .select({
              id: employee.id,
              hireDate: employee.hireDate,
              resignationDate: employee.resignationDate,
              workStatus: employee.workStatus,
              positionId: employee.positionId,
            })
            .from(employee)
            .where(eq(employee.employeeId, employeeId))
            .for('update');
          if (!stored) throw notFound(`No employee with ID ${employeeId}`);
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
          if (roleChanged) await setEmployeeAccountRole(tx, stored.id, newRole);
          if (merged.work_status === 'no')
            revoked = await revokeEmployeeSessions(tx, stored.id, REVOKE_REASONS.leaver);
          else if (roleChanged)
            revoked = await revokeEmployeeSessions(tx, stored.id, REVOKE_REASONS.roleChanged);
        },
      );
    } catch (error) {
      employeeConflict(error);
    }
    return { ...(await readEmployee(db, employeeId))!, sessions_revoked: revoked };
  },

  /** A new activation code for an active employee with portal access who has not registered. */
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
        const [row] = await queryRows<{
          id: string;
          positionId: string | null;
          workStatus: string;
          registered: boolean;
        }>(
          tx,
          sql`select e.id, e.position_id as "positionId", e.work_status as "workStatus",
              exists(select 1 from app_user u where u.employee_id = e.id) as registered
            from employee e where e.employee_id = ${employeeId} for update`,
        );
        if (!row) throw notFound(`No employee with ID ${employeeId}`);
        if (row.registered)
          throw conflict('employee_id', 'This employee has already registered an account');
        if (row.workStatus !== 'yes' || !grantsPortalAccess(row.positionId)) {
          throw conflict(
            'employee_id',
            'Only working doctors, nurses and HR staff can register for the portal',
          );
        }
        const code = await issueActivationCode(
          tx,
          { employeeRowId: Number(row.id) },
          codeTtlDays,
          context.actor?.userId ?? null,
        );
        return code;
      },
    );
  },
};
