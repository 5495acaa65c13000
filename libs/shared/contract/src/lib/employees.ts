import { z } from 'zod';
import { resolvePositionId } from '@portal/reference-data';
import {
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
  yesNoSchema,
} from './rules';
import { activationCodeResponseSchema } from './auth';

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
});

/** `{employee_id}` in a path. */
export const employeeIdParamsSchema = z.object({ employee_id: employeeIdSchema });

export type AddEmployeeRequest = z.input<typeof addEmployeeRequestSchema>;
export type UpdateEmployeeRequest = z.input<typeof updateEmployeeRequestSchema>;
export type SearchEmployeeRequest = z.input<typeof searchEmployeeRequestSchema>;
export type Employee = z.infer<typeof employeeSchema>;
export type UpdateEmployeeResponse = z.infer<typeof updateEmployeeResponseSchema>;
export type AddEmployeeResponse = z.infer<typeof addEmployeeResponseSchema>;
