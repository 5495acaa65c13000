import { z } from 'zod';
import { DEPARTMENTS, POSITION_IDS, resolvePositionId } from '@portal/reference-data';
import {
  EMPLOYEE_SORT_KEYS,
  emailSchema,
  emptyAsAbsent,
  zeroOrEmptyAsAbsent,
  emptyAsNull,
  employeeIdSchema,
  personNameSchema,
  phoneSchema,
  plausibleDateSchema,
  salarySchema,
  searchCriterionSchema,
  textSchema,
  yesNoSchema,
} from './rules';
import { activationCodeResponseSchema, roleSchema } from './auth';
import { pageQuerySchema } from './paging';

/**
 * A position as either form sends it: an id (`P001`) or the edit form's word (`doctor`, any
 * case). Parsed to the position id.
 */
export const positionInputSchema = z.string().transform((value, ctx) => {
  const id = resolvePositionId(value);
  if (!id) {
    ctx.addIssue({ code: 'custom', message: 'Choose a position from the list' });
    return z.NEVER;
  }
  return id;
});

/** A hire date: from 1950 to one year ahead (a contract signed for next year). */
export const hireDateSchema = plausibleDateSchema('hire');
/**
 * A resignation date: from 1950 to one year ahead (a notice given for a later day), and on or
 * after the hire date ({@link checkEmployeeDates}).
 */
export const resignationDateSchema = plausibleDateSchema('resignation');

const WORK_STATUS_NO_NEEDS_DATE = 'Resignation Date is required when work status is no';
const RESIGNATION_AFTER_HIRE = 'Resignation Date must be on or after the hire date';

/** POST /employee/add-employee. */
export const addEmployeeRequestSchema = z
  .object({
    employee_id: employeeIdSchema,
    first_name: personNameSchema,
    last_name: personNameSchema,
    position_id: emptyAsNull(positionInputSchema),
    phone_number: phoneSchema,
    salary: salarySchema,
    email: emailSchema,
    hire_date: hireDateSchema,
    resignation_date: emptyAsNull(resignationDateSchema),
    work_status: emptyAsAbsent(yesNoSchema).transform((v) => v ?? 'yes'),
  })
  .superRefine((e, ctx) => {
    for (const { field, message } of checkEmployeeDates(e)) {
      ctx.addIssue({ code: 'custom', path: [field], message });
    }
  });

/**
 * PUT /employee/update-employee: nothing required but the id; an absent or empty field is left
 * as it is. Whether work_status `no` has a resignation date on or after the hire date can only
 * be known with the stored record, so the server checks it with {@link checkEmployeeDates}.
 */
export const updateEmployeeRequestSchema = z.object({
  employee_id: employeeIdSchema,
  first_name: emptyAsAbsent(personNameSchema),
  last_name: emptyAsAbsent(personNameSchema),
  position_id: emptyAsAbsent(positionInputSchema),
  phone_number: emptyAsAbsent(phoneSchema),
  salary: zeroOrEmptyAsAbsent(salarySchema),
  email: emptyAsAbsent(emailSchema),
  hire_date: emptyAsAbsent(hireDateSchema),
  resignation_date: emptyAsAbsent(resignationDateSchema),
  work_status: emptyAsAbsent(yesNoSchema),
});

/**
 * The work-status rule on a whole employee (stored values merged with an edit): `no` needs a
 * resignation date, which cannot precede the hire date. Returns the field errors, if any.
 */
export function checkEmployeeDates(e: {
  work_status: 'yes' | 'no';
  hire_date: string;
  resignation_date: string | null;
}): { field: string; message: string }[] {
  if (e.work_status === 'no' && !e.resignation_date) {
    return [{ field: 'resignation_date', message: WORK_STATUS_NO_NEEDS_DATE }];
  }
  if (e.resignation_date && e.resignation_date < e.hire_date) {
    return [{ field: 'resignation_date', message: RESIGNATION_AFTER_HIRE }];
  }
  return [];
}

/** POST /employee/search-employee: any non-empty criteria, ANDed. */
export const searchEmployeeRequestSchema = z.object({
  employee_id: searchCriterionSchema(20),
  first_name: searchCriterionSchema(100),
  last_name: searchCriterionSchema(100),
});

const DEPARTMENT_IDS = DEPARTMENTS.map((d) => d.id) as [string, ...string[]];

/**
 * `?limit=&cursor=&sort=&order=&position_id=&department_id=&work_status=` of GET /employee.
 * Without sort and filters the call answers as the spec's (oldest first, every employee).
 * A filter value is a reference-data id (`P010`, `D007`) or `yes`/`no`; the name's order is
 * last name, then first name.
 */
export const employeeListQuerySchema = pageQuerySchema.extend({
  sort: z
    .enum(EMPLOYEE_SORT_KEYS, { error: 'sort is name, position, department or hire_date' })
    .optional(),
  order: z.enum(['asc', 'desc'], { error: 'order is asc or desc' }).optional(),
  position_id: z.enum(POSITION_IDS, { error: 'position_id is a position id (P001…)' }).optional(),
  department_id: z
    .enum(DEPARTMENT_IDS, { error: 'department_id is a department id (D001…)' })
    .optional(),
  work_status: z.enum(['yes', 'no'], { error: 'work_status is yes or no' }).optional(),
});
/** The employee list's query as a client sends it. */
export type EmployeeListQuery = z.input<typeof employeeListQuerySchema>;
/** The employee list's sort and filters, without the page (what a list view is keyed by). */
export type EmployeeListView = Omit<EmployeeListQuery, 'limit' | 'cursor'>;

/** An employee as the API answers, with the position's and department's names. */
export const employeeSchema = z.object({
  employee_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  position_id: z.string().nullable(),
  position_name: z.string().nullable(),
  department_name: z.string().nullable(),
  phone_number: z.string(),
  salary: z.number().int(),
  email: z.string(),
  hire_date: z.string(),
  resignation_date: z.string().nullable(),
  work_status: z.enum(['yes', 'no']),
  /** Whether an account has been registered for this employee. */
  registered: z.boolean(),
  /**
   * Whether that account signs in with a second factor (never the secret). Always sent by the
   * server; optional so that older answers and fixtures without it still read.
   */
  second_factor: z.boolean().optional(),
  /**
   * Whether the portal access the employee's position gives waits for a second HR person's
   * approval (POST /employee/{id}/approve-access). Always sent by the server; optional so that
   * older answers and fixtures without it still read.
   */
  access_pending: z.boolean().optional(),
});

/** The answer to update-employee: the employee, and how many open sessions were revoked. */
export const updateEmployeeResponseSchema = employeeSchema.extend({
  sessions_revoked: z.number().int(),
});

/** GET /employee and POST /employee/search-employee. */
export const employeeListSchema = z.array(employeeSchema);

/**
 * The answer to add-employee: the new id and, for a position that grants portal access, the
 * activation code to hand over (null for positions without access).
 */
export const addEmployeeResponseSchema = z.object({
  employee_id: z.string(),
  activation_code: activationCodeResponseSchema.shape.activation_code.nullable(),
  activation_code_expires_at:
    activationCodeResponseSchema.shape.activation_code_expires_at.nullable(),
  /** Whether the position's portal access waits for a second HR person's approval. */
  access_pending: z.boolean().optional(),
});

/**
 * POST /employee/{employee_id}/approve-access: the position the approver saw waiting (an id or
 * the edit form's word). The approval is refused (409) if the position changed meanwhile, so
 * that no one approves a role they were not shown.
 */
export const approveAccessRequestSchema = z.object({ position_id: positionInputSchema });

/** The longest reason for refusing an access, in characters. */
export const ACCESS_REFUSAL_REASON_MAX = 500;

/** Why a refusal without a reason is refused (400 on `reason`). */
export const ACCESS_REFUSAL_REASON_MESSAGE = 'Say why the access is refused';

/**
 * POST /employee/{employee_id}/refuse-access: the position the HR person saw waiting (as for an
 * approval) and why it is refused. The employee keeps the access they had before the request.
 */
export const refuseAccessRequestSchema = z.object({
  position_id: positionInputSchema,
  reason: z.preprocess(
    (value) => (value === undefined || value === null ? '' : value),
    textSchema({ max: ACCESS_REFUSAL_REASON_MAX, multiline: true }).refine((v) => v !== '', {
      error: ACCESS_REFUSAL_REASON_MESSAGE,
    }),
  ),
});

/** One approval waiting for a second HR person (GET /employee/access-approvals). */
export const pendingAccessSchema = z.object({
  employee_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  position_id: z.string(),
  position_name: z.string(),
  /** The portal role the approval would give. */
  role: roleSchema,
  /**
   * The name of the HR person whose add or change asked for it, from their employee record
   * (their username only when no record is behind the account; null: the admin tool).
   */
  requested_by: z.string().nullable(),
  requested_at: z.iso.datetime({ offset: true }),
  /** Whether the caller asked for it (or is the employee): then someone else must approve. */
  requested_by_you: z.boolean(),
});

/** GET /employee/access-approvals: the oldest first, at most {@link MAX_PENDING_ACCESS}. */
export const pendingAccessListSchema = z.array(pendingAccessSchema);

/** Most approvals the list answers at once (the oldest; the rest show as those are approved). */
export const MAX_PENDING_ACCESS = 200;

/** `{employee_id}` in a path. */
export const employeeIdParamsSchema = z.object({ employee_id: employeeIdSchema });

export type AddEmployeeRequest = z.input<typeof addEmployeeRequestSchema>;
export type UpdateEmployeeRequest = z.input<typeof updateEmployeeRequestSchema>;
export type SearchEmployeeRequest = z.input<typeof searchEmployeeRequestSchema>;
export type Employee = z.infer<typeof employeeSchema>;
export type UpdateEmployeeResponse = z.infer<typeof updateEmployeeResponseSchema>;
export type AddEmployeeResponse = z.infer<typeof addEmployeeResponseSchema>;
export type ApproveAccessRequest = z.input<typeof approveAccessRequestSchema>;
export type PendingAccess = z.infer<typeof pendingAccessSchema>;
export type RefuseAccessRequest = z.input<typeof refuseAccessRequestSchema>;
