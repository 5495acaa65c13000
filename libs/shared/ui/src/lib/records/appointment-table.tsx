import { APPOINTMENT_STATUS_LABELS, type AppointmentStatus } from '@portal/contract';
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

const DATE_TIME_TOPIC: readonly RecordTableColumn<AppointmentRow>[] = [
  { header: 'Date', cell: (a) => a.date, nowrap: true },
  { header: 'Time', cell: (a) => a.time.slice(0, 5), nowrap: true },
  { header: 'Topic', cell: (a) => a.topic || '-' },
];

const CLINICIAN: RecordTableColumn<AppointmentRow> = {
  header: 'Clinician',
  cell: (a) => clinicianName(a.clinician),
};

const STATUS: RecordTableColumn<AppointmentRow> = {
  header: 'Status',
  cell: (a) =>
    a.status === 'cancelled' && a.cancel_reason ? (
      <span>
        <span className="font-semibold">{APPOINTMENT_STATUS_LABELS.cancelled}</span>{' '}
        <span className="block text-muted">{a.cancel_reason}</span>
      </span>
    ) : a.status ? (
      <span className={a.status === 'cancelled' ? 'font-semibold' : undefined}>
        {APPOINTMENT_STATUS_LABELS[a.status]}
      </span>
    ) : (
      '-'
    ),
};

/**
 * Appointments as a table of Date, Time (HH:MM) and Topic ('-' when there is none), and the
 * Clinician and Status (a cancellation with its reason) when the answer carries them: the
 * patient's upcoming appointments on MyInfo and the chart's upcoming and past ones. A
 * {@link RecordTable}: stacked rows on a phone, a date or time never split.
 */
export function AppointmentTable({ items, caption }: AppointmentTableProps) {
  const columns = [
    ...DATE_TIME_TOPIC,
    ...(items.some((a) => a.clinician !== undefined) ? [CLINICIAN] : []),
    ...(items.some((a) => a.status !== undefined) ? [STATUS] : []),
  ];
  return (
    <RecordTable
      columns={columns}
      rows={items}
      rowKey={(a, index) => `${a.date}-${a.time}-${index}`}
      caption={caption}
    />
  );
}
