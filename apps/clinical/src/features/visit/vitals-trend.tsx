import { lazy, Suspense, useId, useState } from 'react';
import { type FlaggedVital, type VitalSigns } from '@portal/contract';
import { Button, LoadingState, useFormat, useT } from '@portal/ui';
import { FLAG_WORDS, flagOf, hospitalDayTime, VITAL_LABELS } from './vital-words';

// uPlot and its styles load with the plot, after the chart shows: no first visit carries them.
const VitalsPlot = lazy(() => import('./vitals-plot').then((m) => ({ default: m.VitalsPlot })));

/** The columns of the table alternative, in the order the latest set shows them. */
const COLUMNS: readonly FlaggedVital[] = [
  'systolic',
  'diastolic',
  'pulse',
  'respiratory_rate',
  'temperature_c',
  'spo2',
  'weight_kg',
  'height_cm',
  'bmi',
];

/** One value of the table, with its flag in words (never by colour alone). */
function Cell({ set, field }: { set: VitalSigns; field: FlaggedVital }) {
  const t = useT();
  const format = useFormat();
  const value = set[field];
  if (value == null) return <td className="px-2 py-1 text-muted">–</td>;
  const flag = flagOf(set, field);
  return (
    <td className={`px-2 py-1 whitespace-nowrap ${flag ? 'font-bold text-danger-800' : ''}`}>
      {flag
        ? t('clinical.vitals.flagged', { value: format.number(value), flag: t(FLAG_WORDS[flag]) })
        : format.number(value)}
    </td>
  );
}

/** Every set as a table, newest first: what the plot shows, for screen readers and on request. */
export function VitalsTable({
  sets,
  shown = true,
}: {
  sets: readonly VitalSigns[];
  /** Shown on screen (scrolled sideways by keyboard too), or there for screen readers only. */
  shown?: boolean;
}) {
  const t = useT();
  const format = useFormat();
  const table = (
    <table className="w-full border-collapse text-left text-sm">
      <caption className="mb-2 text-left text-sm font-semibold text-ink">
        {t('clinical.vitals.tableCaption')}
      </caption>
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="px-2 py-1">
            {t('clinical.vitals.takenAt')}
          </th>
          {COLUMNS.map((field) => (
            <th key={field} scope="col" className="px-2 py-1">
              {t(VITAL_LABELS[field])}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {sets.map((set) => (
          <tr key={set.vital_id} className="border-b border-line">
            <th scope="row" className="px-2 py-1 font-normal whitespace-nowrap">
              <time dateTime={set.taken_at}>{format.dayTime(hospitalDayTime(set.taken_at))}</time>
            </th>
            {COLUMNS.map((field) => (
              <Cell key={field} set={set} field={field} />
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
  if (!shown) return <div className="sr-only">{table}</div>;
  return (
    // Wider than a phone: scrolled sideways inside its own box, by keyboard too.
    <div
      className="overflow-x-auto"
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolling region
      tabIndex={0}
      role="region"
      aria-label={t('clinical.vitals.tableCaption')}
    >
      {table}
    </div>
  );
}

/**
 * The trend over time: blood pressure, pulse and weight plotted (uPlot, loaded with the plot),
 * or every set as a table ("Show as table"). The plot is a picture to assistive technology, named
 * by what it shows; the table is its text alternative, there for screen readers either way.
 */
export function VitalsTrend({ sets }: { sets: readonly VitalSigns[] }) {
  const t = useT();
  const id = useId();
  const [asTable, setAsTable] = useState(false);
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-title`} className="text-base font-semibold text-ink">
          {t('clinical.vitals.trend')}
        </h3>
        <Button variant="secondary" className="print:hidden" onClick={() => setAsTable(!asTable)}>
          {asTable ? t('clinical.vitals.showPlot') : t('clinical.vitals.showTable')}
        </Button>
      </div>
      {asTable ? (
        <VitalsTable sets={sets} />
      ) : (
        <>
          <Suspense fallback={<LoadingState label={t('clinical.vitals.plotLoading')} />}>
            <VitalsPlot sets={sets} />
          </Suspense>
          <VitalsTable sets={sets} shown={false} />
        </>
      )}
    </section>
  );
}
