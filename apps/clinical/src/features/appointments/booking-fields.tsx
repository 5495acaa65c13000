import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { DEFAULT_APPOINTMENT_MINUTES, personName } from '@portal/contract';
import { useClinicians } from '@portal/api-client';
import { SelectField } from '@portal/form-widgets';

/** The lengths offered, in minutes; '' (the first choice) is the standard length. */
const LENGTHS = [10, 20, 30, 45, 60, 90, 120] as const;

/** How a length reads in the picker. */
const minutes = (n: number) => `${n} minutes`;

/**
 * An appointment's length: the standard one (the server's default) unless another is chosen.
 * Empty means the default, so the spec's Reset, which clears every field, leaves it standard.
 */
export function LengthField({ name = 'duration_minutes' }: { name?: string }) {
  return (
    <SelectField
      name={name}
      label="Length"
      emptyLabel={`${minutes(DEFAULT_APPOINTMENT_MINUTES)} (standard)`}
      options={LENGTHS.map((n) => ({ value: String(n), label: minutes(n) }))}
    />
  );
}

/**
 * The clinician an appointment is with: a choice among the active clinical staff
 * (GET /clinicians), or nobody in particular. While the list loads, or if it cannot, the choice
 * is "Any clinician" alone and the hint says why.
 */
export function ClinicianField({ name = 'clinician_id' }: { name?: string }) {
  const clinicians = useClinicians();
  const form = useFormContext();
  // A value given before the choices arrived (a reschedule starts with the old clinician) is
  // put on the drop-down again once they are there: the browser dropped it for want of a choice.
  useEffect(() => {
    if (clinicians.data) form.setValue(name, form.getValues(name), { shouldDirty: false });
  }, [clinicians.data, form, name]);
  const options =
    clinicians.data?.items.map((c) => ({
      value: c.employee_id,
      label: `${personName(c)} (${c.position_name}, ${c.employee_id})`,
    })) ?? [];
  let hint: string | undefined;
  if (clinicians.isPending) hint = 'Loading the clinicians…';
  else if (clinicians.isError) hint = 'The clinicians could not be loaded; book without one.';
  else if (clinicians.data.more)
    hint = `Showing the first ${clinicians.data.items.length} clinicians by name.`;
  return (
    <SelectField
      name={name}
      label="Clinician"
      emptyLabel="Any clinician"
      options={options}
      {...(hint ? { hint } : {})}
    />
  );
}
