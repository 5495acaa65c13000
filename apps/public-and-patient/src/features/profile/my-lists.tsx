import { useId, type ReactNode } from 'react';
import type { Allergy, Condition } from '@portal/contract';
import { usePatientAllergies, usePatientConditions } from '@portal/api-client';
import { catalogueEntryName } from '@portal/reference-data';
import { ErrorState, useFormat, useLocale, useT } from '@portal/ui';

type Entry = Condition | Allergy;

/**
 * The name a patient reads: Thai where the catalogue has it, else the English term; a drug by
 * its English generic name (as on the box) with the Thai beside it.
 */
function nameOf(entry: Entry, locale: string): string {
  return catalogueEntryName(entry, locale, 'patient');
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-2xl border border-line bg-surface p-5">
      <h2 id={id} className="text-lg font-semibold text-brand-800">
        {title}
      </h2>
      <div className="mt-3 flex flex-col gap-2">{children}</div>
    </section>
  );
}

/** Active entries by name; resolved ones apart; entries entered in error are left out. */
function Entries({ entries, empty }: { entries: readonly Entry[]; empty: string }) {
  const t = useT();
  const locale = useLocale();
  const kept = entries.filter((e) => e.verification_status !== 'entered-in-error');
  const current = kept.filter((e) => e.clinical_status !== 'resolved');
  const resolved = kept.filter((e) => e.clinical_status === 'resolved');
  return (
    <>
      {current.length ? (
        <ul className="list-disc pl-5">
          {current.map((e) => (
            <li key={e.id} className="[overflow-wrap:anywhere]">
              {nameOf(e, locale)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-muted">{empty}</p>
      )}
      {resolved.length > 0 && (
        <>
          <h3 className="text-sm font-semibold text-muted">{t('public.myInfo.resolved')}</h3>
          <ul className="list-disc pl-5 text-muted">
            {resolved.map((e) => (
              <li key={e.id} className="[overflow-wrap:anywhere]">
                {nameOf(e, locale)}
              </li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

/**
 * MyInfo's health problems and allergies by name (Thai where it exists), the resolved ones
 * apart, and whether the allergies were asked: not yet, or no known allergies (when).
 */
export function MyLists({ patientId }: { patientId: string }) {
  const t = useT();
  const format = useFormat();
  const conditions = usePatientConditions(patientId);
  const allergies = usePatientAllergies(patientId);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section title={t('public.myInfo.problems')}>
        {conditions.isPending ? (
          <p className="text-muted">{t('public.myInfo.listsLoading')}</p>
        ) : conditions.isError ? (
          <ErrorState variant="inline">{t('public.myInfo.listsFailed')}</ErrorState>
        ) : (
          <Entries entries={conditions.data} empty={t('public.myInfo.noProblems')} />
        )}
      </Section>
      <Section title={t('public.myInfo.allergies')}>
        {allergies.isPending ? (
          <p className="text-muted">{t('public.myInfo.listsLoading')}</p>
        ) : allergies.isError ? (
          <ErrorState variant="inline">{t('public.myInfo.listsFailed')}</ErrorState>
        ) : (
          <>
            {allergies.data.state === 'not_asked' && (
              <p className="font-semibold">{t('public.myInfo.allergiesNotAsked')}</p>
            )}
            {allergies.data.state === 'no_known' && allergies.data.no_known_allergies && (
              <p>
                {t('public.myInfo.noKnownAllergies', {
                  date: format.day(allergies.data.no_known_allergies.recorded_at.slice(0, 10)),
                })}
              </p>
            )}
            {allergies.data.state === 'listed' && (
              <Entries entries={allergies.data.allergies} empty={t('public.myInfo.noAllergies')} />
            )}
          </>
        )}
      </Section>
    </div>
  );
}
