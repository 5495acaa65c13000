import { lazy, Suspense, useState } from 'react';
import { type FlaggedVital, personName, type VitalSigns } from '@portal/contract';
import { usePatientVitals } from '@portal/api-client';
import { useMayPerform } from '@portal/auth';
import { Button, Card, ErrorState, LoadingState, useFormat, useT } from '@portal/ui';
import { VitalsTrend } from './vitals-trend';
import { LeaveGuard } from '@portal/shell';
import {
  EMPTY_VITALS,
  FLAG_WORDS,
  flagOf,
  hospitalDayTime,
  rangeOf,
  VITAL_LABELS,
  type VitalsDraft,
  vitalsTyped,
} from './vital-words';

// The form (react-hook-form, the widgets, the rules) loads when a set is first recorded.
const VitalsForm = lazy(() => import('./vitals-form').then((m) => ({ default: m.VitalsForm })));

/** The values the latest set shows, blood pressure as one pair. */
const SHOWN: readonly (FlaggedVital | 'blood_pressure')[] = [
  'blood_pressure',
  'pulse',
  'respiratory_rate',
  'temperature_c',
  'spo2',
  'weight_kg',
  'height_cm',
  'bmi',
];

/** A value with its flag beside it (high or low against the adult reference range). */
function FlaggedValue({ set, field }: { set: VitalSigns; field: FlaggedVital }) {
  const t = useT();
  const format = useFormat();
  const value = set[field];
  if (value == null) return null;
  const flag = flagOf(set, field);
  return (
    <span className="whitespace-nowrap">
      <span className={flag ? 'font-bold text-danger-800' : ''}>{format.number(value)}</span>
      {flag && (
        <span className="ml-1 inline-block rounded-full bg-danger-700 px-2 text-xs font-bold text-white uppercase">
          {t(FLAG_WORDS[flag])}
        </span>
      )}
    </span>
  );
}

/** A value's reference range in small print, when it has one. */
function RangeNote({ field }: { field: FlaggedVital }) {
  const t = useT();
  const format = useFormat();
  const range = rangeOf(field);
  if (!range) return null;
  return (
    <span className="block text-xs text-muted">
      {t('clinical.vitals.range', {
        low: format.number(range.low),
        high: format.number(range.high),
      })}
    </span>
  );
}

/** The latest set: each value measured, flagged against its reference range. */
export function LatestVitals({ set }: { set: VitalSigns }) {
  const t = useT();
  const format = useFormat();
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted">
        {t('clinical.vitals.latest', {
          when: format.dayTime(hospitalDayTime(set.taken_at)),
          name: personName(set.recorded_by),
        })}
      </p>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 min-[400px]:grid-cols-2 md:grid-cols-4">
        {SHOWN.map((field) => {
          if (field === 'blood_pressure') {
            if (set.systolic == null || set.diastolic == null) return null;
            return (
              <div key={field}>
                <dt className="text-sm font-semibold text-muted">
                  {t('clinical.vitals.bloodPressure')}
                </dt>
                <dd className="text-lg text-ink">
                  <FlaggedValue set={set} field="systolic" />
                  {' / '}
                  <FlaggedValue set={set} field="diastolic" />
                </dd>
              </div>
            );
          }
          if (set[field] == null) return null;
          return (
            <div key={field}>
              <dt className="text-sm font-semibold text-muted">{t(VITAL_LABELS[field])}</dt>
              <dd className="text-lg text-ink">
                <FlaggedValue set={set} field={field} />
                <RangeNote field={field} />
              </dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}

/**
 * The chart's vital signs: the latest set with its flags, recording a set (a Nurse or a Doctor:
 * `record_vitals`) and the trend over time, as a plot or a table.
 */
export function VitalSignsSection({
  patientId,
  recordingFirst = false,
}: {
  patientId: string;
  /** The form starts open (the visit view, where a set is recorded). */
  recordingFirst?: boolean;
}) {
  const t = useT();
  const may = useMayPerform();
  const vitals = usePatientVitals(patientId);
  const [recording, setRecording] = useState(recordingFirst);
  // What is typed in the form, kept while it is closed; leaving the page with it asks first.
  const [draft, setDraft] = useState<VitalsDraft>(EMPTY_VITALS);
  const sets = vitals.data?.items ?? [];
  const latest = sets[0];
  return (
    <Card title={t('clinical.vitals.title')}>
      <LeaveGuard dirty={vitalsTyped(draft)} />
      {vitals.isPending ? (
        <LoadingState label={t('clinical.vitals.loading')} />
      ) : vitals.isError ? (
        <ErrorState>{t('clinical.vitals.failed')}</ErrorState>
      ) : (
        <div className="flex flex-col gap-4">
          {latest ? (
            <LatestVitals set={latest} />
          ) : (
            <p className="text-muted">{t('clinical.vitals.none')}</p>
          )}
          {may('record_vitals') &&
            (recording ? (
              <Suspense fallback={<LoadingState label={t('clinical.vitals.loading')} />}>
                <VitalsForm
                  patientId={patientId}
                  draft={draft}
                  onDraftChange={setDraft}
                  onClose={() => setRecording(false)}
                />
              </Suspense>
            ) : (
              <div className="print:hidden">
                <Button onClick={() => setRecording(true)}>{t('clinical.vitals.record')}</Button>
              </div>
            ))}
          {sets.length > 0 && <VitalsTrend sets={sets} />}
        </div>
      )}
    </Card>
  );
}
