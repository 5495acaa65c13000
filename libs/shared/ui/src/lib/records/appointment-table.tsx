import { RecordTable, type RecordTableColumn } from './record-table';

/** One row of an appointment table: as the API sends appointments (time with seconds). */
export interface AppointmentRow {
  readonly date: string;
  readonly time: string;
  readonly topic?: string | null;
}

/** Props of AppointmentTable. */
export interface AppointmentTableProps {
  /** The rows, in the order to show them. */
  readonly items: readonly AppointmentRow[];
  /** A caption above the table ("Upcoming", "Past"), when a page shows more than one. */
  readonly caption?: string;
}

const COLUMNS: readonly RecordTableColumn<AppointmentRow>[] = [
  { header: 'Date', cell: (a) => a.date, nowrap: true },
  { header: 'Time', cell: (a) => a.time.slice(0, 5), nowrap: true },
  { header: 'Topic', cell: (a) => a.topic || '-' },
];

/**
 * Appointments as a table of Date, Time (HH:MM) and Topic ('-' when there is none): the
 * patient's upcoming appointments on MyInfo and the chart's upcoming and past ones. A
 * {@link RecordTable}: stacked rows on a phone, a date or time never split.
 */
export function AppointmentTable({ items, caption }: AppointmentTableProps) {
  return (
    <RecordTable
      columns={COLUMNS}
      rows={items}
      rowKey={(a, index) => `${a.date}-${a.time}-${index}`}
      caption={caption}
    />
  );
}
