import { useId, useState } from 'react';
import {
  ALLERGY_SEVERITIES,
  ALLERGY_SEVERITY_LABELS,
  type CatalogueItem,
  hospitalToday,
} from '@portal/contract';
import { toApiError, useClinicalListMutations } from '@portal/api-client';
import { translateEnglish } from '@portal/i18n';
import { LeaveGuard } from '@portal/shell';
import { Button, ErrorState, useT } from '@portal/ui';
import { CatalogueCombobox } from './catalogue-combobox';

/** Props of {@link ListEntryForm}. */
export interface ListEntryFormProps {
  readonly patientId: string;
  readonly list: 'conditions' | 'allergies';
  readonly onDone: () => void;
  /** The picker takes the focus as the form opens (default); not for a form open from the start. */
  readonly focusOnOpen?: boolean;
}

const inputClasses = 'min-h-11 rounded-lg border border-line bg-surface px-3 py-2 text-ink';

/**
 * Adds a problem or an allergy from the chart: the entry picked from the catalogue as one types,
 * the onset date, and for an allergy its reaction and severity; Save. Loaded when first opened.
 */
export function ListEntryForm({ patientId, list, onDone, focusOnOpen = true }: ListEntryFormProps) {
  const t = useT();
  const id = useId();
  const mutations = useClinicalListMutations(patientId);
  const [chosen, setChosen] = useState<CatalogueItem | null>(null);
  const [onset, setOnset] = useState('');
  const [reaction, setReaction] = useState('');
  const [severity, setSeverity] = useState('');
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const busy = mutations.addCondition.isPending || mutations.addAllergy.isPending;
  const conditions = list === 'conditions';
  const submit = async () => {
    setFailure(null);
    if (!chosen) {
      setMissing(true);
      return;
    }
    try {
      if (conditions) {
        await mutations.addCondition.mutateAsync({
          condition_id: chosen.id,
          onset_date: onset || null,
        });
      } else {
        await mutations.addAllergy.mutateAsync({
          substance_id: chosen.id,
          onset_date: onset || null,
          reaction: reaction || null,
          severity: ALLERGY_SEVERITIES.find((s) => s === severity) ?? null,
        });
      }
      onDone();
    } catch (error) {
      setFailure(toApiError(error).message);
    }
  };
  return (
    <form
      aria-label={conditions ? t('clinical.chart.addProblem') : t('clinical.chart.addAllergy')}
      aria-describedby={failure ? `${id}-failed` : undefined}
      className="flex flex-col gap-3 rounded-lg border border-line p-3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {/* Leaving with an entry chosen or typed and not saved asks first. */}
      <LeaveGuard dirty={chosen !== null || onset !== '' || reaction !== '' || severity !== ''} />
      {failure && (
        <ErrorState variant="inline" id={`${id}-failed`}>
          {t('clinical.chart.saveFailed', { message: failure })}
        </ErrorState>
      )}
      <CatalogueCombobox
        catalogue={conditions ? 'conditions' : 'substances'}
        label={conditions ? t('clinical.chart.diagnosis') : t('clinical.chart.substance')}
        chosen={chosen}
        onChoose={(item) => {
          setChosen(item);
          if (item) setMissing(false);
        }}
        invalid={missing ? t('clinical.chart.chooseEntry') : undefined}
        focusOnMount={focusOnOpen}
      />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-onset`} className="font-semibold">
          {t('clinical.chart.onsetDate')}
        </label>
        <input
          id={`${id}-onset`}
          type="date"
          max={hospitalToday()}
          value={onset}
          className={inputClasses}
          onChange={(event) => setOnset(event.target.value)}
        />
      </div>
      {!conditions && (
        <>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-reaction`} className="font-semibold">
              {t('clinical.chart.reactionField')}
            </label>
            <input
              id={`${id}-reaction`}
              type="text"
              maxLength={200}
              value={reaction}
              className={inputClasses}
              onChange={(event) => setReaction(event.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-severity`} className="font-semibold">
              {t('clinical.chart.severityField')}
            </label>
            <select
              id={`${id}-severity`}
              value={severity}
              className={inputClasses}
              onChange={(event) => setSeverity(event.target.value)}
            >
              <option value="">{t('clinical.chart.notKnown')}</option>
              {ALLERGY_SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {translateEnglish(ALLERGY_SEVERITY_LABELS[s])}
                </option>
              ))}
            </select>
          </div>
        </>
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" busy={busy}>
          {t('clinical.chart.save')}
        </Button>
        <Button variant="secondary" disabled={busy} onClick={onDone}>
          {t('clinical.chart.close')}
        </Button>
      </div>
    </form>
  );
}
