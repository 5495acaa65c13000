import { useFormContext, useWatch } from 'react-hook-form';
import { EMPLOYEE_ID_PLACEHOLDER_MESSAGE, OWN_ACCESS_FIELDS_MESSAGE } from '@portal/contract';
import {
  DateField,
  NumberField,
  SelectField,
  type SelectOption,
  YesNoField,
} from '@portal/form-widgets';
import { translateEnglish } from '@portal/i18n';
import { IdSuggestion, RecordFields } from '@portal/shell';
import { useLocale, useT } from '@portal/ui';
import { addPositionOptions, editPositionOptions } from './position-options';

/** Props of {@link EmployeeFields}. */
export interface EmployeeFieldsProps {
  mode: 'add' | 'edit';
  /**
   * Edit form only: the loaded employee's position when the edit form does not offer it (one
   * the reference data no longer lists), so that the list can show it as it is.
   */
  currentPosition?: SelectOption | null;
  /** Add form only: the next free Employee ID, offered beside the field. */
  idSuggestion?: string | undefined;
  /**
   * Edit form only: the loaded record is the signed-in HR person's own, whose position and work
   * status another HR person must change (the two-person rule): those fields are read-only.
   */
  ownRecord?: boolean;
}

/**
 * Every field of an employee. The add form marks the spec's required fields
 * and offers positions by id (P001 Doctor …); the edit form requires nothing, fixes the id once
 * loaded, offers every position (doctor / nurse / HR as the spec's edit form sends them, the
 * others by id), and asks for a Resignation Date only when work status is no.
 */
export function EmployeeFields({
  mode,
  currentPosition,
  idSuggestion,
  ownRecord = false,
}: EmployeeFieldsProps) {
  const t = useT();
  const locale = useLocale();
  const required = mode === 'add';
  const positionOptions =
    mode === 'add'
      ? addPositionOptions(locale)
      : currentPosition
        ? [...editPositionOptions(locale), currentPosition]
        : editPositionOptions(locale);
  return (
    <>
      <RecordFields.Group legend={t('hr.employeeFields.employee')}>
        <RecordFields.Id
          name="employee_id"
          label={t('hr.employeeFields.employeeId')}
          placeholder={EMPLOYEE_ID_PLACEHOLDER_MESSAGE}
          mode={mode}
        />
        {mode === 'add' && <IdSuggestion name="employee_id" suggestion={idSuggestion} />}
        <SelectField
          name="position_id"
          label={t('hr.employeeFields.position')}
          options={positionOptions}
          disabled={ownRecord}
          hint={
            mode === 'add'
              ? t('hr.employeeFields.positionHint')
              : ownRecord
                ? translateEnglish(OWN_ACCESS_FIELDS_MESSAGE)
                : undefined
          }
        />
        <RecordFields.Names
          required={required}
          labels={{
            firstName: t('hr.employeeFields.firstName'),
            lastName: t('hr.employeeFields.lastName'),
          }}
        />
      </RecordFields.Group>
      <RecordFields.Group legend={t('hr.employeeFields.employment')}>
        <DateField name="hire_date" label={t('hr.employeeFields.hireDate')} required={required} />
        <NumberField
          name="salary"
          label={t('hr.employeeFields.salary')}
          required={required}
          min={0}
          hint={t('hr.employeeFields.salaryHint')}
        />
        {mode === 'edit' && <WorkStatusFields ownRecord={ownRecord} />}
      </RecordFields.Group>
      <RecordFields.Group legend={t('hr.employeeFields.contact')}>
        <RecordFields.Contact
          required={required}
          labels={{
            email: t('hr.employeeFields.email'),
            phoneNumber: t('hr.employeeFields.phoneNumber'),
          }}
        />
      </RecordFields.Group>
    </>
  );
}

/**
 * Work status, and the Resignation Date it needs when it is no: the date field
 * appears only then, and the picker starts at the hire date.
 */
function WorkStatusFields({ ownRecord }: { ownRecord: boolean }) {
  const t = useT();
  const { control } = useFormContext();
  const [workStatus, hireDate] = useWatch({ control, name: ['work_status', 'hire_date'] }) as [
    unknown,
    unknown,
  ];
  return (
    <>
      <YesNoField
        name="work_status"
        label={t('hr.employeeFields.workStatus')}
        disabled={ownRecord}
        hint={ownRecord ? translateEnglish(OWN_ACCESS_FIELDS_MESSAGE) : undefined}
      />
      {workStatus === 'no' && (
        <DateField
          name="resignation_date"
          label={t('hr.employeeFields.resignationDate')}
          required
          min={typeof hireDate === 'string' && hireDate ? hireDate : undefined}
          hint={t('hr.employeeFields.resignationDateHint')}
        />
      )}
    </>
  );
}
