import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { localDay, type VitalField, type VitalSigns } from '@portal/contract';
import { type MessageId } from '@portal/i18n';
import { useFormat, useT } from '@portal/ui';
import { hospitalDayTime, VITAL_LABELS } from './vital-words';

/** A plot's lines: each a measurement and its colour (each 3:1 or more on white). */
interface PlotSpec {
  readonly title: MessageId;
  readonly lines: readonly { field: VitalField; colour: string }[];
}

const PLOTS: readonly PlotSpec[] = [
  {
    title: 'clinical.vitals.bloodPressure',
    lines: [
      { field: 'systolic', colour: '#b91c1c' },
      { field: 'diastolic', colour: '#1d4ed8' },
    ],
  },
  { title: 'clinical.vitals.pulse', lines: [{ field: 'pulse', colour: '#047857' }] },
  { title: 'clinical.vitals.weight', lines: [{ field: 'weight_kg', colour: '#6d28d9' }] },
];

const HEIGHT = 180;

/** One plot of the trend: its lines over time, as wide as its box (a phone's too). */
function TrendPlot({ spec, sets }: { spec: PlotSpec; sets: readonly VitalSigns[] }) {
  const t = useT();
  const format = useFormat();
  const box = useRef<HTMLDivElement>(null);
  // Oldest first, as a time axis runs; only the sets that measured something of this plot.
  const shown = [...sets]
    .filter((set) => spec.lines.some(({ field }) => set[field] != null))
    .sort((a, b) => a.taken_at.localeCompare(b.taken_at));
  const xs = shown.map((set) => Date.parse(set.taken_at) / 1000);
  const ys = spec.lines.map(({ field }) => shown.map((set) => set[field]));
  const labels = spec.lines.map(({ field }) => t(VITAL_LABELS[field]));
  const key = JSON.stringify([xs, ys, labels]);

  useEffect(() => {
    const element = box.current;
    if (!element || xs.length === 0) return;
    const width = () => Math.max(element.clientWidth, 200);
    const plot = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        legend: { show: false },
        cursor: { show: false },
        scales: { x: { time: true } },
        axes: [
          {
            values: (_u, splits) => splits.map((s) => format.day(localDay(new Date(s * 1000)))),
            space: 90,
          },
          { size: 44 },
        ],
        series: [
          {},
          ...spec.lines.map(({ colour }, i) => ({
            label: labels[i],
            stroke: colour,
            width: 2,
            spanGaps: true,
            points: { show: true, size: 7, fill: colour },
          })),
        ],
      },
      [xs, ...ys] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
    // The plot is drawn again when what it shows changes (`key`), not on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, format]);

  if (shown.length === 0) return null;
  const first = shown[0];
  const last = shown[shown.length - 1];
  return (
    <figure className="flex min-w-0 flex-col gap-1">
      <figcaption className="text-sm font-semibold text-ink">
        {t(spec.title)}{' '}
        {spec.lines.length > 1 &&
          spec.lines.map(({ colour }, i) => (
            <span key={colour} className="ml-2 inline-flex items-center gap-1 font-normal">
              <span
                aria-hidden="true"
                className="inline-block size-3 rounded-full"
                style={{ background: colour }}
              />
              {labels[i]}
            </span>
          ))}
      </figcaption>
      <div
        ref={box}
        role="img"
        className="w-full overflow-hidden"
        aria-label={t('clinical.vitals.plotLabel', {
          title: t(spec.title),
          count: shown.length,
          from: format.dayTime(hospitalDayTime(first?.taken_at ?? '')),
          to: format.dayTime(hospitalDayTime(last?.taken_at ?? '')),
        })}
      />
    </figure>
  );
}

/**
 * The trend's plots (uPlot): blood pressure (systolic and diastolic), pulse and weight over time,
 * each left out while nothing of it was measured. Loaded with uPlot when the trend first shows.
 */
export function VitalsPlot({ sets }: { sets: readonly VitalSigns[] }) {
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
      {PLOTS.map((spec) => (
        <TrendPlot key={spec.title} spec={spec} sets={sets} />
      ))}
    </div>
  );
}
