import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '@portal/contract';
import { translateEnglish } from '@portal/i18n';
import { useFormat, useT } from '../i18n/use-t';
import { RecordTable, type RecordTableColumn } from './record-table';

/** A person by name, as the answers name a clinician. */
interface PersonName {
  readonly first_name: string;
  readonly last_name: string;
}

/**
 * One row of an appointment table: as the API sends appointments (time with seconds); the
 * status, clinician and cancellation reason where the answer has them.
 */
export interface AppointmentRow {
  readonly date: string;
  readonly time: string;
  readonly topic?: string | null;
  readonly status?: AppointmentStatus;
  readonly clinician?: PersonName | null;
  readonly cancel_reason?: string | null;
}

/** Props of AppointmentTable. */
export interface AppointmentTableProps {
  /** The rows, in the order to show them. */
  readonly items: readonly AppointmentRow[];
  /** A caption above the table ("Upcoming", "Past"), when a page shows more than one. */
  readonly caption?: string;
}

/** A clinician by name, or the spec's '-' when the appointment names none. */
export function clinicianName(clinician: PersonName | null | undefined): string {
  return clinician ? `${clinician.first_name} ${clinician.last_name}` : '-';
}

/** An appointment's status as the contract names it, in the language shown. */
export function appointmentStatusLabel(status: AppointmentStatus): string {
  return translateEnglish(APPOINTMENT_STATUS_LABELS[status]);
}

function statusCell(a: AppointmentRow) {
  return a.status === 'cancelled' && a.cancel_reason ? (
    <span>
      <span className="font-semibold">{appointmentStatusLabel('cancelled')}</span>{' '}
      <span className="block text-muted">{a.cancel_reason}</span>
    </span>
  ) : a.status ? (
    <span className={a.status === 'cancelled' ? 'font-semibold' : undefined}>
      {appointmentStatusLabel(a.status)}
    </span>
  ) : (
    '-'
  );
}

/**
 * Appointments as a table of Date, Time (HH:MM) and Topic ('-' when there is none), and the
 * Clinician and Status (a cancellation with its reason) when the answer carries them: the
 * patient's upcoming appointments on MyInfo and the chart's upcoming and past ones. A
 * {@link RecordTable}: stacked rows on a phone, a date or time never split.
 */
export function AppointmentTable({ items, caption }: AppointmentTableProps) {
  const t = useT();
  const format = useFormat();
  const columns: RecordTableColumn<AppointmentRow>[] = [
    { header: t('common.records.date'), cell: (a) => format.day(a.date), nowrap: true },
    { header: t('common.records.time'), cell: (a) => a.time.slice(0, 5), nowrap: true },
    { header: t('common.records.topic'), cell: (a) => a.topic || '-' },
  ];
  if (items.some((a) => a.clinician !== undefined)) {
    columns.push({
      header: t('common.records.clinician'),
      cell: (a) => clinicianName(a.clinician),
    });
  }
  if (items.some((a) => a.status !== undefined)) {
    columns.push({ header: t('common.records.status'), cell: statusCell });
  }
  return (
    <RecordTable
      columns={columns}
      rows={items}
      rowKey={(a, index) => `${a.date}-${a.time}-${index}`}
      caption={caption}
    />
  );
}
