import { useFormContext, useWatch } from 'react-hook-form';
import { MESSAGES, OWN_ACCESS_FIELDS_MESSAGE } from '@portal/contract';
import {
  DateField,
  EmailField,
  NumberField,
  SelectField,
  type SelectOption,
  TextField,
  YesNoField,
} from '@portal/form-widgets';
import { IdSuggestion } from '@portal/shell';
import { ADD_POSITION_OPTIONS, EDIT_POSITION_OPTIONS } from './position-options';

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
 * Every field of an employee (spec §3 and §5). The add form marks the spec's required fields
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
  const required = mode === 'add';
  const positionOptions =
    mode === 'add'
      ? ADD_POSITION_OPTIONS
      : currentPosition
        ? [...EDIT_POSITION_OPTIONS, currentPosition]
        : EDIT_POSITION_OPTIONS;
  return (
    <>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-brand-800">Employee</legend>
        <TextField
          name="employee_id"
          label="Employee ID"
          required
          placeholder={MESSAGES.employeeIdPlaceholder}
          autoComplete="off"
          disabled={mode === 'edit'}
        />
        {mode === 'add' && <IdSuggestion name="employee_id" suggestion={idSuggestion} />}
        <SelectField
          name="position_id"
          label="Position"
          options={positionOptions}
          disabled={ownRecord}
          hint={
            mode === 'add'
              ? 'Doctors, nurses and HR staff can register for the portal.'
              : ownRecord
                ? OWN_ACCESS_FIELDS_MESSAGE
                : undefined
          }
        />
        <TextField name="first_name" label="First Name" required={required} autoComplete="off" />
        <TextField name="last_name" label="Last Name" required={required} autoComplete="off" />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-brand-800">Employment</legend>
        <DateField name="hire_date" label="Hire Date" required={required} />
        <NumberField
          name="salary"
          label="Salary"
          required={required}
          min={0}
          hint="A whole number, e.g. 45000."
        />
        {mode === 'edit' && <WorkStatusFields ownRecord={ownRecord} />}
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-brand-800">Contact</legend>
        <EmailField name="email" label="Email" required={required} />
        <TextField
          name="phone_number"
          label="Phone Number"
          type="tel"
          required={required}
          autoComplete="off"
        />
      </fieldset>
    </>
  );
}

/**
 * Work status, and the Resignation Date it needs when it is no (spec §2, §4): the date field
 * appears only then, and the picker starts at the hire date.
 */
function WorkStatusFields({ ownRecord }: { ownRecord: boolean }) {
  const { control } = useFormContext();
  const [workStatus, hireDate] = useWatch({ control, name: ['work_status', 'hire_date'] }) as [
    unknown,
    unknown,
  ];
  return (
    <>
      <YesNoField
        name="work_status"
        label="Work Status"
        disabled={ownRecord}
        hint={ownRecord ? OWN_ACCESS_FIELDS_MESSAGE : undefined}
      />
      {workStatus === 'no' && (
        <DateField
          name="resignation_date"
          label="Resignation Date"
          required
          min={typeof hireDate === 'string' && hireDate ? hireDate : undefined}
          hint="On or after the hire date."
        />
      )}
    </>
  );
}
