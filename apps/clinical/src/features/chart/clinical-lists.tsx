import { lazy, Suspense, useId, useState } from 'react';
import {
  ALLERGY_SEVERITY_LABELS,
  type Allergy,
  type AllergyList,
  type Condition,
  NO_DRUG_ALLERGIES_MESSAGE,
  personName,
} from '@portal/contract';
import {
  toApiError,
  useClinicalListMutations,
  usePatientAllergies,
  usePatientConditions,
} from '@portal/api-client';
import { useMayPerform } from '@portal/auth';
import { translateEnglish } from '@portal/i18n';
import { catalogueEntryName } from '@portal/reference-data';
import { Button, Card, ErrorState, LoadingState, useFormat, useLocale, useT } from '@portal/ui';

// The add form, its search-as-you-type picker and the catalogue's calls load when a clinician
// first adds an entry: a chart opened to be read does not download them.
const ListEntryForm = lazy(() =>
  import('./list-entry-form').then((m) => ({ default: m.ListEntryForm })),
);

type Entry = Condition | Allergy;

/** An entry's name as a clinician reads it: Thai where the catalogue has it, drugs in English. */
function nameOf(entry: Entry, locale: string): string {
  return catalogueEntryName(entry, locale, 'clinician');
}

/** An entry's name with its main standard code small beside it, for clinicians. */
function EntryName({ entry }: { entry: Entry }) {
  const locale = useLocale();
  return (
    <span className="font-semibold [overflow-wrap:anywhere]">
      {nameOf(entry, locale)}{' '}
      {entry.codes[0] && (
        <span className="font-mono text-xs font-normal text-muted">{entry.codes[0].code}</span>
      )}
    </span>
  );
}

/**
 * Resolve and Entered in error for one entry: Resolve in one click; Entered in error asks its
 * reason, then Mark entered in error.
 */
function EntryActions({
  entry,
  onResolve,
  onError,
  busy,
}: {
  entry: Entry;
  onResolve: () => Promise<void>;
  onError: (reason: string) => Promise<void>;
  busy: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const name = nameOf(entry, locale);
  return (
    <div className="flex flex-col gap-2 print:hidden">
      <div className="flex flex-wrap gap-2">
        {entry.clinical_status !== 'resolved' && (
          <Button
            variant="secondary"
            disabled={busy}
            aria-label={t('clinical.chart.resolveLabel', { name })}
            onClick={() => void onResolve()}
          >
            {t('clinical.chart.resolve')}
          </Button>
        )}
        <Button
          variant="ghost"
          disabled={busy}
          aria-expanded={asking}
          aria-label={t('clinical.chart.errorLabel', { name })}
          onClick={() => setAsking(!asking)}
        >
          {t('clinical.chart.enteredInError')}
        </Button>
      </div>
      {asking && (
        <form
          className="flex flex-col gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (reason.trim()) void onError(reason.trim());
          }}
        >
          <label htmlFor={`${id}-reason`} className="font-semibold">
            {t('clinical.chart.errorReason')}
          </label>
          <input
            id={`${id}-reason`}
            required
            maxLength={500}
            value={reason}
            className="min-h-11 rounded-lg border border-line bg-surface px-3 py-2 text-ink"
            onChange={(event) => setReason(event.target.value)}
          />
          <div>
            <Button type="submit" busy={busy}>
              {t('clinical.chart.confirmError')}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/** One entry: name and code, onset, severity and reaction (an allergy), who recorded it. */
function EntryItem({ entry, actions }: { entry: Entry; actions: React.ReactNode }) {
  const t = useT();
  const format = useFormat();
  const allergy = 'substance_id' in entry ? entry : null;
  return (
    <li className="flex flex-col gap-1 rounded-lg border border-line px-3 py-2">
      <EntryName entry={entry} />
      <span className="text-sm text-muted">
        {entry.onset_date && t('clinical.chart.since', { date: format.day(entry.onset_date) })}
        {allergy?.severity && ` · ${translateEnglish(ALLERGY_SEVERITY_LABELS[allergy.severity])}`}
        {allergy?.reaction && ` · ${t('clinical.chart.reaction', { reaction: allergy.reaction })}`}
      </span>
      <span className="text-xs text-muted">
        {t('clinical.chart.recordedBy', { name: personName(entry.recorded_by) })}
      </span>
      {actions}
    </li>
  );
}

/** Active entries, then the resolved ones apart; entered in error left out (kept on record). */
function EntryLists<T extends Entry>({
  entries,
  empty,
  actions,
}: {
  entries: readonly T[];
  empty: string;
  actions: (entry: T) => React.ReactNode;
}) {
  const t = useT();
  const shown = entries.filter((e) => e.verification_status !== 'entered-in-error');
  const current = shown.filter((e) => e.clinical_status !== 'resolved');
  const resolved = shown.filter((e) => e.clinical_status === 'resolved');
  return (
    <div className="flex flex-col gap-3">
      {current.length === 0 ? (
        <p className="text-muted">{empty}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {current.map((entry) => (
            <EntryItem key={entry.id} entry={entry} actions={actions(entry)} />
          ))}
        </ul>
      )}
      {resolved.length > 0 && (
        <section aria-label={t('clinical.chart.resolved')}>
          <h3 className="text-sm font-semibold text-muted">{t('clinical.chart.resolved')}</h3>
          <ul className="mt-1 flex flex-col gap-2">
            {resolved.map((entry) => (
              <EntryItem key={entry.id} entry={entry} actions={actions(entry)} />
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

/** The allergy list's state in words: not yet asked, or no known allergies (who, when). */
export function AllergyStateLine({ list }: { list: AllergyList }) {
  const t = useT();
  const format = useFormat();
  if (list.state === 'not_asked')
    return <p className="font-semibold text-warning-800">{t('clinical.chart.notAsked')}</p>;
  if (list.state === 'no_known' && list.no_known_allergies)
    return (
      <p className="text-ink">
        {t('clinical.chart.noKnownBy', {
          name: personName(list.no_known_allergies.recorded_by),
          date: format.day(list.no_known_allergies.recorded_at.slice(0, 10)),
        })}
      </p>
    );
  return null;
}

/**
 * The chart's problem list and allergy list: each entry by name with its code small beside,
 * active ones first, resolved ones apart; adding (picked from the catalogue as one types),
 * resolving and correcting for the positions that may (a Doctor diagnoses; a Doctor or a Nurse
 * records allergies); the allergy list's state.
 */
export function ClinicalLists({
  patientId,
  addingProblemFirst = false,
}: {
  patientId: string;
  /** The problem list's add form starts open, without taking the focus (the visit view). */
  addingProblemFirst?: boolean;
}) {
  const t = useT();
  const may = useMayPerform();
  const conditions = usePatientConditions(patientId);
  const allergies = usePatientAllergies(patientId);
  const mutations = useClinicalListMutations(patientId);
  const [adding, setAdding] = useState<'conditions' | 'allergies' | null>(
    addingProblemFirst ? 'conditions' : null,
  );
  // A form opened by the person takes the focus; one open as the page opens does not.
  const [focusForm, setFocusForm] = useState(!addingProblemFirst);
  const open = (list: 'conditions' | 'allergies') => {
    setFocusForm(true);
    setAdding(list);
  };
  const [failure, setFailure] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await work();
    } catch (error) {
      setFailure(toApiError(error).message);
    }
  };
  const busy =
    mutations.patchCondition.isPending ||
    mutations.patchAllergy.isPending ||
    mutations.noKnownAllergies.isPending;
  const diagnose = may('diagnose');
  const recordAllergy = may('record_allergy');
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      {failure && (
        <ErrorState variant="inline" className="lg:col-span-2">
          {t('clinical.chart.saveFailed', { message: failure })}
        </ErrorState>
      )}
      <Card title={t('clinical.chart.problems')}>
        {conditions.isPending ? (
          <LoadingState label={t('clinical.chart.listsLoading')} />
        ) : conditions.isError ? (
          <ErrorState>{t('clinical.chart.listsFailed')}</ErrorState>
        ) : (
          <div className="flex flex-col gap-3">
            <EntryLists
              entries={conditions.data}
              empty={t('clinical.chart.noProblems')}
              actions={(entry) =>
                diagnose && (
                  <EntryActions
                    entry={entry}
                    busy={busy}
                    onResolve={() =>
                      run(() =>
                        mutations.patchCondition.mutateAsync({
                          id: entry.id,
                          body: { clinical_status: 'resolved' },
                        }),
                      )
                    }
                    onError={(reason) =>
                      run(() =>
                        mutations.patchCondition.mutateAsync({
                          id: entry.id,
                          body: { verification_status: 'entered-in-error', error_reason: reason },
                        }),
                      )
                    }
                  />
                )
              }
            />
            {diagnose &&
              (adding === 'conditions' ? (
                <Suspense fallback={<LoadingState label={t('clinical.chart.listsLoading')} />}>
                  <ListEntryForm
                    patientId={patientId}
                    list="conditions"
                    focusOnOpen={focusForm}
                    onDone={() => setAdding(null)}
                  />
                </Suspense>
              ) : (
                <div className="print:hidden">
                  <Button onClick={() => open('conditions')}>
                    {t('clinical.chart.addProblem')}
                  </Button>
                </div>
              ))}
          </div>
        )}
      </Card>
      <Card title={t('clinical.chart.allergies')}>
        {allergies.isPending ? (
          <LoadingState label={t('clinical.chart.listsLoading')} />
        ) : allergies.isError ? (
          <ErrorState>{t('clinical.chart.listsFailed')}</ErrorState>
        ) : (
          <div className="flex flex-col gap-3">
            <AllergyStateLine list={allergies.data} />
            <EntryLists
              entries={allergies.data.allergies}
              empty={translateEnglish(NO_DRUG_ALLERGIES_MESSAGE)}
              actions={(entry) =>
                recordAllergy && (
                  <EntryActions
                    entry={entry}
                    busy={busy}
                    onResolve={() =>
                      run(() =>
                        mutations.patchAllergy.mutateAsync({
                          id: entry.id,
                          body: { clinical_status: 'resolved' },
                        }),
                      )
                    }
                    onError={(reason) =>
                      run(() =>
                        mutations.patchAllergy.mutateAsync({
                          id: entry.id,
                          body: { verification_status: 'entered-in-error', error_reason: reason },
                        }),
                      )
                    }
                  />
                )
              }
            />
            {recordAllergy && (
              <div className="flex flex-wrap gap-3 print:hidden">
                {adding === 'allergies' ? (
                  <Suspense fallback={<LoadingState label={t('clinical.chart.listsLoading')} />}>
                    <ListEntryForm
                      patientId={patientId}
                      list="allergies"
                      onDone={() => setAdding(null)}
                    />
                  </Suspense>
                ) : (
                  <Button onClick={() => open('allergies')}>
                    {t('clinical.chart.addAllergy')}
                  </Button>
                )}
                {allergies.data.state !== 'listed' && adding !== 'allergies' && (
                  <Button
                    variant="secondary"
                    busy={mutations.noKnownAllergies.isPending}
                    onClick={() => void run(() => mutations.noKnownAllergies.mutateAsync())}
                  >
                    {t('clinical.chart.recordNoKnown')}
                  </Button>
                )}
              </div>
            )}
          </div>
        )}
      </Card>
    </div>
  );
}
