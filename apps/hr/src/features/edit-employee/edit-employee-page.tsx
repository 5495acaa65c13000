import {
  EDIT_EMPLOYEE_FAILED_MESSAGE,
  type Employee,
  type UpdateEmployeeRequest,
} from '@portal/contract';
import { findPosition } from '@portal/reference-data';
import {
  employeeQueryOptions,
  useProfile,
  useReissueEmployeeCodeMutation,
  useUpdateEmployeeMutation,
} from '@portal/api-client';
import { t } from '@portal/i18n';
import type { Pack } from '@portal/i18n';
import {
  EDIT_EMPLOYEE_WORDS,
  EditRecordPage,
  type UpdatedOutcome,
  useDiscardQuestion,
} from '@portal/shell';
import { Msg, useT } from '@portal/ui';
import { ClinicHoursLink, keepsClinicHours } from '../clinic-hours/clinic-hours-link';
import { EmployeeFields } from '../employee-record-fields/employee-fields';
import { otherPositionOption } from '../employee-record-fields/position-options';
import {
  changedFieldCount,
  changesBetween,
  EMPTY_EDIT_FORM,
  formValuesOf,
} from './employee-changes';
import editEmployeePageTexts from '@portal/i18n/packs/page-edit-employee';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [editEmployeePageTexts];

// The forms' rules (and zod) load after the first paint, or at the first submit (usePortalForm).
const editEmployeeSchema = () =>
  import('./edit-employee-schema').then((m) => m.editEmployeeFormSchema);
const lookupSchema = () => import('@portal/contract/schemas').then((c) => c.employeeIdParamsSchema);

const fullName = (person: { first_name: string; last_name: string }) =>
  `${person.first_name} ${person.last_name}`;

type Saved = UpdatedOutcome & {
  /** The person whose portal access ended with this save, if any. */
  revokedName: string | null;
  /** Whether that person may log in again with the role of a new position. */
  keepsPortalRole: boolean;
};

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
 * Whether the employee has a portal account and whether it signs in with a second factor:
 * HR sees that it is on, never the secret; a lost phone is the administrator's to reset.
 */
export function PortalAccountStatus({ employee }: { employee: Employee }) {
  const t = useT();
  // Each sentence its own message; a space between them, as the English reads.
  const waiting = employee.access_pending && <> {t('hr.editEmployee.accessPending')}</>;
  if (!employee.registered) {
    return (
      <p className="text-sm text-ink">
        {t('hr.editEmployee.accountNotRegistered')}
        {waiting}
      </p>
    );
  }
  return (
    <p className="text-sm text-ink">
      <Msg
        id={
          employee.second_factor
            ? 'hr.editEmployee.accountRegisteredOn'
            : 'hr.editEmployee.accountRegisteredOff'
        }
        components={{ 0: <strong /> }}
      />
      {employee.second_factor && <> {t('hr.editEmployee.lostPhone')}</>}
      {waiting}
    </p>
  );
}

/**
 * The sentence HR reads when a save ended someone's sessions: a leaver, or a new position with
 * no portal role, loses access; a new position with another portal role (nurse → HR) means
 * logging in again with it (the product decisions: the role follows the position).
 */
export function accessRevokedText(name: string, keepsPortalRole = false): string {
  return keepsPortalRole
    ? t('hr.editEmployee.accessRevokedNewRole', { name })
    : t('hr.editEmployee.accessRevoked', { name });
}

/**
 * Edit Employee: only what changed is sent. Work status no asks for a Resignation Date and ends
 * the person's portal access. A working doctor, nurse or HR employee can be given a new code;
 * a working clinician's record links to their clinic hours.
 */
export function EditEmployeePage() {
  const t = useT();
  const update = useUpdateEmployeeMutation();
  const reissue = useReissueEmployeeCodeMutation();
  // The signed-in HR person's own record: position and work status are another HR person's.
  const profile = useProfile();

  return (
    <EditRecordPage
      words={EDIT_EMPLOYEE_WORDS}
      lookupSchema={lookupSchema}
      schema={editEmployeeSchema}
      empty={EMPTY_EDIT_FORM}
      query={employeeQueryOptions}
      idOf={(employee) => employee.employee_id}
      valuesOf={formValuesOf}
      changesBetween={changesBetween}
      save={async (_, changes): Promise<Saved> => {
        const answer = await update.mutateAsync(changes satisfies UpdateEmployeeRequest);
        const revoked = answer.sessions_revoked >= 1 || changes.work_status === 'no';
        return {
          kind: 'updated',
          id: answer.employee_id,
          fields: changedFieldCount(changes),
          revokedName: revoked ? fullName(answer) : null,
          keepsPortalRole:
            answer.work_status === 'yes' &&
            findPosition(answer.position_id ?? '')?.portalRole != null,
        };
      }}
      busy={update.isPending}
      failureMessage={EDIT_EMPLOYEE_FAILED_MESSAGE}
      newCode={{
        reissue,
        personOf: (employee) =>
          mayGetNewCode(employee)
            ? {
                id: employee.employee_id,
                name: fullName(employee),
                registered: employee.registered,
              }
            : null,
      }}
      discard={{
        use: useDiscardQuestion,
        question: (employee) =>
          employee
            ? t('hr.editEmployee.discardQuestion', { name: fullName(employee) })
            : t('hr.editEmployee.discardQuestionNoName'),
      }}
      status={(employee) => (
        <>
          <PortalAccountStatus employee={employee} />
          {keepsClinicHours(employee) && (
            <p>
              <ClinicHoursLink employeeId={employee.employee_id}>
                {t('hr.editEmployee.clinicHours', { name: fullName(employee) })}
              </ClinicHoursLink>
            </p>
          )}
        </>
      )}
      savedNote={(saved: Saved | { kind: 'unchanged' }) =>
        saved.kind === 'updated' &&
        saved.revokedName && <p>{accessRevokedText(saved.revokedName, saved.keepsPortalRole)}</p>
      }
      fields={(employee) => (
        <EmployeeFields
          mode="edit"
          currentPosition={otherPositionOption(employee?.position_id ?? null)}
          ownRecord={employee !== null && profile.data?.employee_id === employee.employee_id}
        />
      )}
    />
  );
}
