import { useEffect, useState } from 'react';
import { asPatientId } from '@portal/contract';
import { usePatientSummarySearch } from '@portal/api-client';
import { useT } from '@portal/ui';

/** How long the id must stay unchanged before the patient is looked up. */
export const NAME_LOOKUP_DELAY_MS = 400;

/**
 * Who a Patient ID names, as the appointment and history forms show it next to the field, so a
 * typo is caught before saving: the patient's name once known, that there is no such patient,
 * or nothing (no id yet, an id of the wrong form, or a lookup under way). The patient is looked
 * up once the id has rested for {@link NAME_LOOKUP_DELAY_MS}, with the summary search (names
 * only): the full record (history, ID card) is the chart's to fetch, and its reading would be
 * logged as a view of the patient's record for a mere booking. The search matches ids by their
 * start in id order, so the exact id, when it exists, is the first match.
 */
export function usePatientName(typedId: string): string {
  const [id, setId] = useState('');
  useEffect(() => {
    const next = asPatientId(typedId) ?? '';
    const timer = setTimeout(() => setId(next), next ? NAME_LOOKUP_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [typedId]);
  const search = usePatientSummarySearch(
    { patient_id: id, first_name: '', last_name: '' },
    { limit: 1, enabled: id !== '' },
  );
  const t = useT();
  if (!id || !search.data) return '';
  const found = search.data.pages[0]?.items.find((summary) => summary.patient_id === id);
  if (found)
    return t('clinical.entry.patientNamed', { name: `${found.first_name} ${found.last_name}` });
  return t('clinical.entry.noSuchPatient', { patientId: id });
}
