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

/**
 * Appointments as a table of Date, Time (HH:MM) and Topic ('-' when there is none): the
 * patient's upcoming appointments on MyInfo and the chart's upcoming and past ones. Long topics
 * wrap inside the card, so a phone never scrolls sideways.
 */
export function AppointmentTable({ items, caption }: AppointmentTableProps) {
  return (
    <table className="w-full text-left text-sm [overflow-wrap:anywhere]">
      {caption && <caption className="mb-2 text-left font-semibold text-ink">{caption}</caption>}
      <thead>
        <tr className="border-b border-line">
          <th scope="col" className="py-2 pr-4 font-semibold">
            Date
          </th>
          <th scope="col" className="py-2 pr-4 font-semibold">
            Time
          </th>
          <th scope="col" className="py-2 font-semibold">
            Topic
          </th>
        </tr>
      </thead>
      <tbody>
        {items.map((a, index) => (
          <tr key={`${a.date}-${a.time}-${index}`} className="border-b border-line last:border-0">
            <td className="py-2 pr-4 whitespace-nowrap">{a.date}</td>
            <td className="py-2 pr-4">{a.time.slice(0, 5)}</td>
            <td className="py-2">{a.topic || '-'}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
