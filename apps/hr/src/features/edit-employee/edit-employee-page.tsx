import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type z } from 'zod';
import { type Employee, MESSAGES, type UpdateEmployeeRequest } from '@portal/contract';
import { findPosition } from '@portal/reference-data';
import {
  employeeQueryOptions,
  toApiError,
  useProfile,
  useReissueEmployeeCodeMutation,
  useUpdateEmployeeMutation,
} from '@portal/api-client';
import {
  FormActions,
  PortalForm,
  SubmitErrorNotice,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import {
  NewActivationCodePanel,
  RecordLookup,
  type SaveOutcome,
  SaveOutcomeNotice,
  usePrefilledId,
  LeaveGuard,
  useDiscardQuestion,
} from '@portal/shell';
import { PageHeading } from '@portal/ui';
import { EmployeeFields } from '../employee-form/employee-fields';
import { otherPositionOption } from '../employee-form/position-options';
import {
  changedFieldCount,
  changesBetween,
  EMPTY_EDIT_FORM,
  type EmployeeFormValues,
  formValuesOf,
} from './employee-changes';
import type { editEmployeeFormSchema } from './edit-employee-schema';

// The forms' rules (and zod) load after the first paint, or at the first submit (usePortalForm).
const editEmployeeSchema = () =>
  import('./edit-employee-schema').then((m) => m.editEmployeeFormSchema);
const lookupSchema = () => import('@portal/contract/schemas').then((c) => c.employeeIdParamsSchema);

// The form holds strings and a nullable yes/no, which the schema's input type does not name.
const asFormInput = (values: EmployeeFormValues) =>
  values as unknown as z.input<typeof editEmployeeFormSchema>;

type Saved =
  | (Extract<SaveOutcome, { kind: 'updated' }> & {
      /** The person whose portal access ended with this save, if any. */
      revokedName: string | null;
      /** Whether that person may log in again with the role of a new position. */
      keepsPortalRole: boolean;
    })
  | Extract<SaveOutcome, { kind: 'unchanged' }>;

/**
 * Whether an employee may be given a new activation code (the API answers 409 otherwise): to
 * register, or, once registered, to set a new password with it.
 */
function mayGetNewCode(employee: Employee): boolean {
  return (
    employee.work_status === 'yes' && findPosition(employee.position_id ?? '')?.portalRole != null
  );
}

/**
 * Whether the employee has a portal account and whether it signs in with a second factor
 * (issue 17): HR sees that it is on, never the secret; a lost phone is the administrator's to
 * reset.
 */
export function PortalAccountStatus({ employee }: { employee: Employee }) {
  const waiting = employee.access_pending
    ? ' Their access waits for a second HR person’s approval (Employee Information).'
    : '';
  if (!employee.registered) {
    return <p className="text-sm text-ink">Portal account: not registered yet.{waiting}</p>;
  }
  return (
    <p className="text-sm text-ink">
      Portal account: registered. Two-step verification:{' '}
      <strong>{employee.second_factor ? 'on' : 'off'}</strong>.
      {employee.second_factor && ' A lost phone is reset by an administrator.'}
      {waiting}
    </p>
  );
}

/**
 * The sentence HR reads when a save ended someone's sessions: a leaver, or a new position with
 * no portal role, loses access; a new position with another portal role (nurse → HR) means
 * logging in again with it (product decisions §3: the role follows the position).
 */
export function accessRevokedText(name: string, keepsPortalRole = false): string {
  return keepsPortalRole
    ? `${name}'s open sessions were ended: the new position changes what they may do in the portal, so they log in again to continue.`
    : `${name}'s access to the portal has been revoked; their open sessions were ended.`;
}

/**
 * Edit Employee: enter an id and the form fills itself; change what is wrong and only that is
 * sent. Work status no asks for a Resignation Date and ends the person's portal access. A
 * working doctor, nurse or HR employee who has not registered can be given a new code.
 */
export function EditEmployeePage() {
  // `?employee_id=E012` (from Employee Information) fills the id in and loads the employee.
  const initialId = usePrefilledId('employee');
  const queryClient = useQueryClient();
  const [loaded, setLoaded] = useState<{ employee: Employee; values: EmployeeFormValues } | null>(
    null,
  );
  const [lookupReset, setLookupReset] = useState(0);
  const form = usePortalForm(editEmployeeSchema, {
    defaultValues: asFormInput(EMPTY_EDIT_FORM),
  });
  const update = useUpdateEmployeeMutation();
  const reissue = useReissueEmployeeCodeMutation();
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<Saved>();

  const resetAll = () => {
    setLoaded(null);
    reissue.reset();
    form.reset(asFormInput(EMPTY_EDIT_FORM));
    setLookupReset((n) => n + 1);
  };

  const saved = feedback?.kind === 'success' ? feedback.value : null;
  const employee = loaded?.employee;
  // The signed-in HR person's own record: position and work status are another HR person's.
  const profile = useProfile();
  const ownRecord = employee !== undefined && profile.data?.employee_id === employee.employee_id;
  const fullName = employee ? `${employee.first_name} ${employee.last_name}` : '';
  // Loading another employee over unsaved changes asks first, with leaving the page's dialog.
  const discard = useDiscardQuestion(form.formState.isDirty, {
    question: `Load another employee? What you changed for ${fullName || 'this employee'} has not been saved.`,
    proceedLabel: 'Load without saving',
  });

  return (
    <div className="flex flex-col gap-6">
      {/* Leaving with something typed and not saved asks first (issue 12). */}
      <LeaveGuard dirty={form.formState.isDirty} />
      {discard.dialog}
      <PageHeading description="Find an employee by ID; the form fills in, and only what you change is saved.">
        Edit Employee
      </PageHeading>
      {saved && (
        <SaveOutcomeNotice noun="Employee" outcome={saved} noticeRef={noticeRef}>
          {saved.kind === 'updated' && saved.revokedName && (
            <p>{accessRevokedText(saved.revokedName, saved.keepsPortalRole)}</p>
          )}
        </SaveOutcomeNotice>
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title="The employee was not updated"
      />

      <RecordLookup
        noun={{ article: 'an', word: 'employee' }}
        field={{
          name: 'employee_id',
          label: 'Employee ID',
          placeholder: MESSAGES.employeeIdPlaceholder,
        }}
        schema={lookupSchema}
        resetKey={lookupReset}
        initialId={initialId}
        confirmReplace={discard.ask}
        onStart={() => {
          clear();
          reissue.reset();
          setLoaded(null);
          form.reset(asFormInput(EMPTY_EDIT_FORM));
        }}
        onLoad={async (employeeId) => {
          const found = await queryClient.fetchQuery(employeeQueryOptions(employeeId));
          const values = formValuesOf(found);
          setLoaded({ employee: found, values });
          form.reset(asFormInput(values));
        }}
      />

      {employee && <PortalAccountStatus employee={employee} />}

      {employee && mayGetNewCode(employee) && (
        <NewActivationCodePanel
          person={{ id: employee.employee_id, name: fullName }}
          registered={employee.registered}
          reissue={reissue}
        />
      )}

      <PortalForm
        form={form}
        aria-label="Edit Employee"
        onSubmit={async () => {
          if (!loaded) return;
          clear();
          const changes = changesBetween(
            loaded.values,
            form.getValues() as unknown as EmployeeFormValues,
          );
          if (!changes) {
            succeed({ kind: 'unchanged' });
            return;
          }
          try {
            const answer = await update.mutateAsync(changes satisfies UpdateEmployeeRequest);
            const revoked = answer.sessions_revoked >= 1 || changes.work_status === 'no';
            succeed({
              kind: 'updated',
              id: answer.employee_id,
              fields: changedFieldCount(changes),
              revokedName: revoked ? `${answer.first_name} ${answer.last_name}` : null,
              keepsPortalRole:
                answer.work_status === 'yes' &&
                findPosition(answer.position_id ?? '')?.portalRole != null,
            });
            resetAll();
          } catch (error) {
            // The spec's internal message; the person sees the server's own words.
            console.error(MESSAGES.editEmployeeFailed);
            fail(form, toApiError(error));
          }
        }}
      >
        <fieldset disabled={!loaded} className="flex flex-col gap-4 disabled:opacity-70">
          {!loaded && <p className="text-sm text-muted">Load an employee to edit their record.</p>}
          <EmployeeFields
            mode="edit"
            currentPosition={otherPositionOption(loaded?.employee.position_id ?? null)}
            ownRecord={ownRecord}
          />
          <FormActions
            submitLabel="Done"
            busy={update.isPending}
            onReset={() => {
              resetAll();
              clear();
            }}
          />
        </fieldset>
      </PortalForm>
    </div>
  );
}
