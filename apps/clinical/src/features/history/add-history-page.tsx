import { ADD_HISTORY_FAILED_MESSAGE } from '@portal/contract';
import { useAddHistoryMutation } from '@portal/api-client';
import { useFormat, useT } from '@portal/ui';
import { PatientEntryForm } from '../chart-entry/patient-entry-form';
import type { Pack } from '@portal/i18n';
import addHistoryPageTexts from '@portal/i18n/packs/page-add-history';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [addHistoryPageTexts];

/** The form's rules, loaded after the first paint (see usePortalForm). */
const historySchema = () =>
  import('@portal/contract/schemas').then((c) => c.addHistoryRequestSchema);

/** Patient History: add an entry to a patient's medical history. */
export function AddHistoryPage() {
  const mutation = useAddHistoryMutation();
  const t = useT();
  const format = useFormat();
  return (
    <PatientEntryForm
      title={t('clinical.addHistory.title')}
      description={t('clinical.addHistory.description')}
      schema={historySchema}
      submit={(values) => mutation.mutateAsync(values)}
      pending={mutation.isPending}
      textField={{ name: 'detail', label: t('clinical.addHistory.detail'), multiline: true }}
      time={{ placeholder: '10:30:00' }}
      startsNow
      failureMessage={ADD_HISTORY_FAILED_MESSAGE}
      successText={(h) =>
        t('clinical.addHistory.added', {
          name: `${h.first_name} ${h.last_name}`,
          patientId: h.patient_id,
          date: format.day(h.date),
          time: h.time,
        })
      }
    />
  );
}
