import type { Ref } from 'react';
import { type AddEmployeeRequest, type AddEmployeeResponse, MESSAGES } from '@portal/contract';
import { findPosition, ROLE_LABELS } from '@portal/reference-data';
import { nextEmployeeIdQueryOptions, useAddEmployeeMutation } from '@portal/api-client';
import { AddRecordPage } from '@portal/shell';
import { Notice } from '@portal/ui';
import { EmployeeFields } from '../employee-record-fields/employee-fields';

/** The form's rules, loaded after the first paint (see usePortalForm). */
const addEmployeeSchema = () =>
  import('@portal/contract/schemas').then((c) => c.addEmployeeRequestSchema);

/**
 * The add form's empty values (also what Reset and a success leave behind). The salary and the
 * select start blank, which the schema's input type does not name, hence the cast. A new
 * employee is working (the schema's default work status) and has no resignation date.
 */
export const EMPTY_EMPLOYEE_FORM = {
  employee_id: '',
  first_name: '',
  last_name: '',
  position_id: '',
  phone_number: '',
  salary: '',
  email: '',
  hire_date: '',
} as unknown as AddEmployeeRequest;

/** An added employee: the answer, their name, and the role they register with ('' for none). */
type Added = AddEmployeeResponse & { name: string; role: string };

/** What HR reads after adding someone whose portal access waits (the two-person rule). */
export const ACCESS_WAITS_TEXT =
  'Their access to the portal waits for a second HR person: they can register with the code now, and sign in once another HR person approves it under Employee Information.';

/** What a success says besides the code: access that waits, or why there is no code. */
function AddedNotes({ added, noticeRef }: { added: Added; noticeRef: Ref<HTMLDivElement> }) {
  return (
    <>
      {added.access_pending && <p className="text-sm text-ink">{ACCESS_WAITS_TEXT}</p>}
      {!added.activation_code && (
        <Notice ref={noticeRef} tone="success" title={`Employee ${added.employee_id} added`}>
          <p>
            {added.name}&apos;s position does not give access to the portal, so no activation code
            was issued.
          </p>
        </Notice>
      )}
    </>
  );
}

/**
 * Add Employee: the spec's fields and rules; on success the new employee's activation code to
 * hand over (for a position with portal access).
 */
export function AddEmployeePage() {
  const mutation = useAddEmployeeMutation();

  return (
    <AddRecordPage
      kind="employee"
      description="Register an employee. Doctors, nurses and HR staff get an activation code to register for the portal."
      schema={addEmployeeSchema}
      empty={EMPTY_EMPLOYEE_FORM}
      save={mutation}
      nextId={nextEmployeeIdQueryOptions}
      added={(created, values): Added => {
        const portalRole = findPosition(values.position_id ?? '')?.portalRole;
        return {
          ...created,
          name: `${values.first_name} ${values.last_name}`,
          role: portalRole ? ROLE_LABELS[portalRole] : '',
        };
      }}
      codeOf={(added) =>
        added.activation_code && added.activation_code_expires_at
          ? {
              code: added.activation_code,
              expiresAt: added.activation_code_expires_at,
              id: added.employee_id,
              name: added.name,
              role: added.role,
            }
          : null
      }
      More={AddedNotes}
      failureMessage={MESSAGES.addEmployeeFailed}
      fields={(idSuggestion) => <EmployeeFields mode="add" idSuggestion={idSuggestion} />}
    />
  );
}
