import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '@portal/contract';
import { translateEnglish } from '@portal/i18n';
import { useLocale, useT } from '@portal/ui';

// Each pair of text and background meets 4.5:1 (the tokens in styles.css).
const statusClasses: Readonly<Record<AppointmentStatus, { className: string }>> = {
  booked: { className: 'border-brand-700 bg-brand-50 text-brand-900' },
  fulfilled: { className: 'border-success-700 bg-success-50 text-success-800' },
  noshow: { className: 'border-warning-800 bg-warning-50 text-warning-800' },
  cancelled: { className: 'border-line bg-canvas text-muted line-through decoration-1' },
};

/** An appointment's status in words ("Attended"), as a small badge that never wraps. */
export function StatusBadge({ status }: { status: AppointmentStatus }) {
  useLocale(); // the contract's label, read again in the language shown when it changes
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${statusClasses[status].className}`}
    >
      {translateEnglish(APPOINTMENT_STATUS_LABELS[status])}
    </span>
  );
}

/** "09:30" from the API's `HH:MM:SS`, kept on one line. */
export function TimeText({ time }: { time: string }) {
  return (
    <time className="whitespace-nowrap tabular-nums" dateTime={time.slice(0, 5)}>
      {time.slice(0, 5)}
    </time>
  );
}

/** "15 min", kept on one line. */
export function LengthText({ minutes }: { minutes: number }) {
  const t = useT();
  return (
    <span className="whitespace-nowrap tabular-nums">
      {t('clinical.appointments.lengthShort', { minutes })}
    </span>
  );
}
