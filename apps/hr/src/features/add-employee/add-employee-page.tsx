import type { Ref } from 'react';
import {
  ADD_EMPLOYEE_FAILED_MESSAGE,
  type AddEmployeeRequest,
  type AddEmployeeResponse,
} from '@portal/contract';
import { findPosition, type Position } from '@portal/reference-data';
import { nextEmployeeIdQueryOptions, useAddEmployeeMutation } from '@portal/api-client';
import type { MessageId } from '@portal/i18n';
import type { Pack } from '@portal/i18n';
import { ADD_EMPLOYEE_WORDS, AddRecordPage } from '@portal/shell';
import { Notice, useT } from '@portal/ui';
import { EmployeeFields } from '../employee-record-fields/employee-fields';
import addEmployeePageTexts from '@portal/i18n/packs/page-add-employee';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [addEmployeePageTexts];

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

/** An added employee: the answer, their name, and the role they register with (null for none). */
type Added = AddEmployeeResponse & { name: string; role: Position['portalRole'] };

/** The handout's words for the role a new employee registers as. */
const ROLE_WORDS: Record<NonNullable<Position['portalRole']>, MessageId> = {
  HR: 'hr.addEmployee.roleHr',
  medical_personnel: 'hr.addEmployee.roleMedicalPersonnel',
};

/** What HR reads after adding someone whose access waits, in English (for the tests). */
export { ACCESS_WAITS_TEXT } from '../english-words';

/** What a success says besides the code: access that waits, or why there is no code. */
function AddedNotes({ added, noticeRef }: { added: Added; noticeRef: Ref<HTMLDivElement> }) {
  const t = useT();
  return (
    <>
      {added.access_pending && (
        <p className="text-sm text-ink">{t('hr.addEmployee.accessWaits')}</p>
      )}
      {!added.activation_code && (
        <Notice
          ref={noticeRef}
          tone="success"
          title={t('hr.addEmployee.added', { employeeId: added.employee_id })}
        >
          <p>{t('hr.addEmployee.noCode', { name: added.name })}</p>
        </Notice>
      )}
    </>
  );
}

/** The added employee as the form named them, and the role their position registers with. */
function addedPerson(values: {
  first_name: string;
  last_name: string;
  position_id?: string | null | undefined;
}): Pick<Added, 'name' | 'role'> {
  return {
    name: `${values.first_name} ${values.last_name}`,
    role: findPosition(values.position_id ?? '')?.portalRole ?? null,
  };
}

/**
 * Add Employee: the spec's fields and rules; on success the new employee's activation code to
 * hand over (for a position with portal access).
 */
export function AddEmployeePage() {
  const t = useT();
  const mutation = useAddEmployeeMutation();

  return (
    <AddRecordPage
      words={ADD_EMPLOYEE_WORDS}
      description={t('hr.addEmployee.description')}
      schema={addEmployeeSchema}
      empty={EMPTY_EMPLOYEE_FORM}
      save={mutation}
      nextId={nextEmployeeIdQueryOptions}
      person={addedPerson}
      handoutRole={(added: Added) => (added.role ? t(ROLE_WORDS[added.role]) : '')}
      More={AddedNotes}
      failureMessage={ADD_EMPLOYEE_FAILED_MESSAGE}
      fields={(idSuggestion) => <EmployeeFields mode="add" idSuggestion={idSuggestion} />}
    />
  );
}
