import type { ReactNode } from 'react';

/** One column of a {@link RecordTable}. */
export interface RecordTableColumn<Row> {
  /** The column's heading, also each cell's label when the rows are stacked on a phone. */
  readonly header: string;
  /** The cell's content for a row. */
  readonly cell: (row: Row) => ReactNode;
  /**
   * A value never split over two lines: a time, a date, an id, a count. Other cells wrap
   * anywhere, so a long word (an e-mail address, a topic) never widens the page.
   */
  readonly nowrap?: boolean;
}

/** Props of {@link RecordTable}. */
export interface RecordTableProps<Row> {
  readonly columns: readonly RecordTableColumn<Row>[];
  /** The rows, in the order to show them. */
  readonly rows: readonly Row[];
  /** A stable key per row. */
  readonly rowKey: (row: Row, index: number) => string;
  /** A caption above the table ("Upcoming", "Past"), its accessible name. */
  readonly caption?: string;
}

/** Each cell, stacked on a phone: its column's name on the left, the value beside it. */
const STACKED_CELL =
  'max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:pr-0 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:whitespace-normal max-sm:before:text-muted max-sm:before:content-[attr(data-label)]';

/**
 * The portal's one table of records (appointments, medical history, the access log): columns
 * side by side from 640 px up; on a phone each row becomes a stacked block of labelled lines, so
 * nothing is squeezed until a time splits ("14:3/0") and nothing scrolls sideways.
 */
export function RecordTable<Row>({ columns, rows, rowKey, caption }: RecordTableProps<Row>) {
  return (
    <table className="w-full text-left text-sm max-sm:block">
      {caption && (
        <caption className="mb-2 text-left font-semibold text-ink max-sm:block">{caption}</caption>
      )}
      <thead className="max-sm:sr-only">
        <tr className="border-b border-line">
          {columns.map((column) => (
            <th key={column.header} scope="col" className="py-2 pr-4 font-semibold last:pr-0">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-sm:block">
        {rows.map((row, index) => (
          <tr
            key={rowKey(row, index)}
            className="border-b border-line last:border-0 max-sm:block max-sm:py-2"
          >
            {columns.map((column) => (
              <td
                key={column.header}
                data-label={column.header}
                data-nowrap={column.nowrap ? '' : undefined}
                className={`py-2 pr-4 align-top last:pr-0 ${STACKED_CELL} ${
                  column.nowrap ? 'whitespace-nowrap' : '[overflow-wrap:anywhere]'
                }`}
              >
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
