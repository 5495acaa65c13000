import { checkEmployeeDates, updateEmployeeRequestSchema } from '@portal/contract';

/**
 * The edit form's rules: the update call's (nothing required, the email domain rule …) and,
 * when work status is no, the contract's dates rule against the hire date on the form: a
 * Resignation Date is required and may not precede it. The server checks the same against the
 * stored record.
 */
export const editEmployeeFormSchema = updateEmployeeRequestSchema.superRefine((e, ctx) => {
  if (e.work_status !== 'no') return;
  const errors = checkEmployeeDates({
    work_status: 'no',
    hire_date: e.hire_date ?? '',
    resignation_date: e.resignation_date ?? null,
  });
  for (const { field, message } of errors) {
    ctx.addIssue({ code: 'custom', path: [field], message });
  }
});
