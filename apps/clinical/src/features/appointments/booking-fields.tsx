import { useEffect } from 'react';
import { useFormContext } from 'react-hook-form';
import { DEFAULT_APPOINTMENT_MINUTES, personName } from '@portal/contract';
import { useClinicians } from '@portal/api-client';
import { SelectField } from '@portal/form-widgets';
import { localName, POSITIONS } from '@portal/reference-data';
import { useLocale, useT } from '@portal/ui';

/** The lengths offered, in minutes; '' (the first choice) is the standard length. */
const LENGTHS = [10, 20, 30, 45, 60, 90, 120] as const;

/**
 * An appointment's length: the standard one (the server's default) unless another is chosen.
 * Empty means the default, so the spec's Reset, which clears every field, leaves it standard.
 */
export function LengthField({ name = 'duration_minutes' }: { name?: string }) {
  const t = useT();
  return (
    <SelectField
      name={name}
      label={t('clinical.booking.length')}
      emptyLabel={t('clinical.booking.standardLength', { minutes: DEFAULT_APPOINTMENT_MINUTES })}
      options={LENGTHS.map((n) => ({
        value: String(n),
        label: t('clinical.booking.minutes', { minutes: n }),
      }))}
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
  const t = useT();
  const locale = useLocale();
  // A value given before the choices arrived (a reschedule starts with the old clinician) is
  // put on the drop-down again once they are there: the browser dropped it for want of a choice.
  useEffect(() => {
    if (clinicians.data) form.setValue(name, form.getValues(name), { shouldDirty: false });
  }, [clinicians.data, form, name]);
  const options =
    clinicians.data?.items.map((c) => ({
      value: c.employee_id,
      label: t('clinical.booking.clinicianOption', {
        name: personName(c),
        position: positionName(c.position_name, locale),
        employeeId: c.employee_id,
      }),
    })) ?? [];
  let hint: string | undefined;
  if (clinicians.isPending) hint = t('clinical.booking.cliniciansLoading');
  else if (clinicians.isError) hint = t('clinical.booking.cliniciansFailed');
  else if (clinicians.data.more)
    hint = t('clinical.booking.cliniciansFirst', { count: clinicians.data.items.length });
  return (
    <SelectField
      name={name}
      label={t('clinical.booking.clinician')}
      emptyLabel={t('clinical.booking.clinicianAny')}
      options={options}
      {...(hint ? { hint } : {})}
    />
  );
}

/** A position's name (the API sends the English one) in the language shown. */
function positionName(name: string, locale: string): string {
  const position = POSITIONS.find((p) => p.name === name);
  return position ? localName(position, locale) : name;
}
