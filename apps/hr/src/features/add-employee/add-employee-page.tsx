import { LeaveGuard } from '@portal/shell';
import { type AddEmployeeRequest, type AddEmployeeResponse, MESSAGES } from '@portal/contract';
import { useState } from 'react';
import { findPosition, ROLE_LABELS } from '@portal/reference-data';
import { toApiError, useAddEmployeeMutation, useNextEmployeeId } from '@portal/api-client';
import {
  FormActions,
  PortalForm,
  RequiredFieldsNote,
  SubmitErrorNotice,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { ActivationCodeNotice, Notice, PageHeading, useIdle } from '@portal/ui';
import { EmployeeFields } from '../employee-form/employee-fields';

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

/**
 * Add Employee: the spec's fields and rules; on success the new employee's activation code to
 * hand over (for a position with portal access) and a cleared form. A refusal keeps what was
 * typed and marks the fields the server names.
 */
export function AddEmployeePage() {
  const mutation = useAddEmployeeMutation();
  // The next free id, offered beside the field once the page is shown (the API layer is not
  // part of the first visit); adding an employee brings the next one.
  const nextId = useNextEmployeeId({ enabled: useIdle() });
  const form = usePortalForm(addEmployeeSchema, { defaultValues: EMPTY_EMPLOYEE_FORM });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<Added>();
  // The last code issued stays on screen until dismissed or replaced by the next one (issue 12).
  const [issued, setIssued] = useState<Added | null>(null);
  const added = feedback?.kind === 'success' ? feedback.value : issued;
  const dismiss = () => {
    setIssued(null);
    if (feedback?.kind === 'success') clear();
  };

  return (
    <div className="flex flex-col gap-6">
      {/* Leaving with something typed and not saved asks first (issue 12). */}
      <LeaveGuard dirty={form.formState.isDirty} />
      <PageHeading description="Register an employee. Doctors, nurses and HR staff get an activation code to register for the portal.">
        Add Employee
      </PageHeading>
      {added?.activation_code && added.activation_code_expires_at && (
        <ActivationCodeNotice
          ref={noticeRef}
          code={added.activation_code}
          expiresAt={added.activation_code_expires_at}
          personLabel={`${added.name} (${added.employee_id})`}
          title={`Employee ${added.employee_id} added`}
          handout={{ name: added.name, id: added.employee_id, role: added.role }}
          onDismiss={dismiss}
        />
      )}
      {added?.access_pending && <p className="text-sm text-ink">{ACCESS_WAITS_TEXT}</p>}
      {added && !added.activation_code && (
        <Notice ref={noticeRef} tone="success" title={`Employee ${added.employee_id} added`}>
          <p>
            {added.name}&apos;s position does not give access to the portal, so no activation code
            was issued.
          </p>
        </Notice>
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title="The employee was not added"
      />
      <PortalForm
        form={form}
        aria-label="Add Employee"
        onSubmit={async (values) => {
          clear();
          try {
            const created = await mutation.mutateAsync(values);
            form.reset(EMPTY_EMPLOYEE_FORM);
            const portalRole = findPosition(values.position_id ?? '')?.portalRole;
            const done: Added = {
              ...created,
              name: `${values.first_name} ${values.last_name}`,
              role: portalRole ? ROLE_LABELS[portalRole] : '',
            };
            setIssued(done);
            succeed(done);
          } catch (error) {
            // The spec's internal message; the person sees the server's own words.
            console.error(MESSAGES.addEmployeeFailed);
            fail(form, toApiError(error));
          }
        }}
      >
        <RequiredFieldsNote />
        <EmployeeFields mode="add" idSuggestion={nextId.data} />
        <FormActions submitLabel="Done" busy={mutation.isPending} onReset={clear} />
      </PortalForm>
    </div>
  );
}
