import type { Employee, UpdateEmployeeRequest } from '@portal/contract';
import { editValueOfPosition } from '../employee-record-fields/position-options';

/** The edit form's fields: what the inputs hold, all strings but the yes/no radios. */
export type EmployeeFormValues = {
  employee_id: string;
  first_name: string;
  last_name: string;
  /** doctor, nurse or HR as the spec's edit form offers, or the stored id of another position. */
  position_id: string;
  phone_number: string;
  /** As typed; the contract's salarySchema parses it. */
  salary: string;
  email: string;
  hire_date: string;
  resignation_date: string;
  work_status: 'yes' | 'no' | null;
};

/** The fields an edit can change, in the form's order. */
const EDITABLE = [
  'first_name',
  'last_name',
  'position_id',
  'phone_number',
  'salary',
  'email',
  'hire_date',
  'work_status',
  'resignation_date',
] as const satisfies readonly (keyof EmployeeFormValues)[];

/** The edit form with nothing loaded (also what Reset and a success leave behind). */
export const EMPTY_EDIT_FORM: EmployeeFormValues = {
  employee_id: '',
  first_name: '',
  last_name: '',
  position_id: '',
  phone_number: '',
  salary: '',
  email: '',
  hire_date: '',
  resignation_date: '',
  work_status: null,
};

/** A loaded employee as the edit form's starting values. */
export function formValuesOf(employee: Employee): EmployeeFormValues {
  return {
    employee_id: employee.employee_id,
    first_name: employee.first_name,
    last_name: employee.last_name,
    position_id: editValueOfPosition(employee.position_id),
    phone_number: employee.phone_number,
    salary: String(employee.salary),
    email: employee.email,
    hire_date: employee.hire_date,
    resignation_date: employee.resignation_date ?? '',
    work_status: employee.work_status,
  };
}

const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

/**
 * The update to send: the employee id and the fields whose value differs from the loaded
 * employee (the product decisions: an edit changes only what it is sent); the salary as a whole
 * number. A Resignation Date belongs to work status no, so it is sent only with that status
 * (while the field is hidden its value is ignored). Returns null when nothing changed.
 */
export function changesBetween(
  loaded: EmployeeFormValues,
  current: EmployeeFormValues,
): UpdateEmployeeRequest | null {
  const update: Record<string, string | number> = { employee_id: loaded.employee_id };
  for (const key of EDITABLE) {
    if (key === 'resignation_date' && current.work_status !== 'no') continue;
    const now = text(current[key]);
    if (now === text(loaded[key])) continue;
    // A field emptied is left as it is (the API reads an empty field as absent): nothing to send.
    if (now === '') continue;
    update[key] = key === 'salary' ? Number(now) : now;
  }
  return Object.keys(update).length > 1 ? (update as UpdateEmployeeRequest) : null;
}

/** How many fields an update changes (the id only names the employee). */
export function changedFieldCount(update: UpdateEmployeeRequest): number {
  return Object.keys(update).length - 1;
}
