import { useEffect, useState } from 'react';
import { asPatientId } from '@portal/contract';
import { isApiError, usePatient } from '@portal/api-client';
import { useT } from '@portal/ui';

/** How long the id must stay unchanged before the patient is looked up. */
export const NAME_LOOKUP_DELAY_MS = 400;

/**
 * Who a Patient ID names, as the appointment and history forms show it next to the field, so a
 * typo is caught before saving: the patient's name once known, that there is no such patient,
 * or nothing (no id yet, an id of the wrong form, or a lookup under way). The record is asked
 * for once the id has rested for {@link NAME_LOOKUP_DELAY_MS}.
 */
export function usePatientName(typedId: string): string {
  const [id, setId] = useState('');
  useEffect(() => {
    const next = asPatientId(typedId) ?? '';
    const timer = setTimeout(() => setId(next), next ? NAME_LOOKUP_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [typedId]);
  const record = usePatient(id, { enabled: id !== '' });
  const t = useT();
  if (!id) return '';
  if (record.data?.patient.patient_id === id)
    return t('clinical.entry.patientNamed', {
      name: `${record.data.patient.first_name} ${record.data.patient.last_name}`,
    });
  if (record.isError && isApiError(record.error) && record.error.status === 404)
    return t('clinical.entry.noSuchPatient', { patientId: id });
  return '';
}
