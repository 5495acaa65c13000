import { useId } from 'react';
import { hospitalToday } from '@portal/contract';
import { useMyMedications } from '@portal/api-client';
import { useDoseLine, useDrugNameForPatient, useFormat, useT } from '@portal/ui';

/** Its texts (lib/packs.ts in @portal/i18n): fetched with this module, before it renders. */
export { default as MY_MEDICATIONS_TEXTS } from '@portal/i18n/packs/page-my-medications';

/**
 * MyInfo's current medications: each drug by its English generic name (the Thai name beside it
 * in Thai), how much and how often, until when, and the instructions the prescriber wrote in
 * the patient's language. Loaded once MyInfo shows, with its texts: MyInfo's first visit does
 * not carry it.
 */
export function MyMedications() {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const doseLine = useDoseLine();
  const drugName = useDrugNameForPatient();
  const medications = useMyMedications();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5">
      <h2 id={id} className="text-lg font-semibold text-brand-800">
        {t('public.myMedications.title')}
      </h2>
      <div className="mt-3 flex flex-col gap-2">
        {medications.isPending ? (
          <p className="text-muted">{t('public.myMedications.loading')}</p>
        ) : medications.isError ? (
          <p className="text-danger-700">{t('public.myMedications.failed')}</p>
        ) : medications.data.length === 0 ? (
          <p className="text-muted">{t('public.myMedications.none')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {medications.data.map((m) => (
              <li
                key={m.id}
                className="flex flex-col gap-1 rounded-lg border border-line px-3 py-2 [overflow-wrap:anywhere]"
              >
                <span className="font-semibold">{drugName(m)}</span>
                <span>{doseLine(m)}</span>
                <span className="whitespace-pre-line">
                  {t('public.myMedications.instructions', { instructions: m.instructions })}
                </span>
                <span className="text-sm text-muted">
                  {t('public.myMedications.until', {
                    date: format.day(hospitalToday(new Date(m.ends_at))),
                  })}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
