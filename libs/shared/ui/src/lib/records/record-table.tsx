import type { ReactNode } from 'react';

/** One column of a {@link RecordTable}. */
export interface RecordTableColumn<Row> {
  /** The column's heading, also each cell's label when the rows are stacked on a phone. */
  readonly header: string;
  /** The cell's content for a row. */
  readonly cell: (row: Row) => ReactNode;
  /**
   * A value never split over two lines: a time, a date, an id, a count. Other cells wrap
   * between words; stacked on a phone they wrap anywhere, so a long word never widens the page.
   */
  readonly nowrap?: boolean;
  /**
   * A value that may break anywhere when the columns stand side by side too: one long token
   * (an e-mail address). Words of other cells (names, buttons) never break inside.
   */
  readonly breakAnywhere?: boolean;
  /**
   * The sort its heading's button asks for ({@link RecordTableProps.onSort}); a column without
   * one cannot be sorted by.
   */
  readonly sortKey?: string;
  /** The heading is for screen readers only (a column of buttons has no visible heading). */
  readonly srOnlyHeader?: boolean;
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
  /** The caption is for screen readers only (a page with one table names it in its heading). */
  readonly captionHidden?: boolean;
  /**
   * Below which width the rows are stacked: `sm` (640 px, the default) for tables of a few
   * short columns, `lg` (1024 px) for wide ones such as a chart's appointments with actions.
   */
  readonly stackBelow?: 'sm' | 'lg';
  /**
   * The column the rows are sorted by and which way (its heading carries `aria-sort`); the
   * sort itself is the caller's (a list sorted on the server, say).
   */
  readonly sortedBy?: { readonly header: string; readonly direction: 'ascending' | 'descending' };
  /**
   * Sorts by a column with a `sortKey`: its heading becomes a button (the sorted one asks for
   * the other direction). Without it, headings are plain text.
   */
  readonly onSort?: (sortKey: string) => void;
}

/**
 * The classes of each breakpoint, written out whole so that Tailwind finds them: the table, its
 * parts shown as blocks, and each cell stacked with its column's name on the left.
 */
/* eslint-disable lingui/no-unlocalized-strings -- Tailwind class lists, not words */
const STACKED = {
  sm: {
    block: 'max-sm:block',
    head: 'max-sm:sr-only',
    row: 'max-sm:block max-sm:py-2',
    wrap: 'max-sm:[overflow-wrap:anywhere] sm:[overflow-wrap:break-word]',
    cell: 'max-sm:flex max-sm:gap-3 max-sm:py-1 max-sm:pr-0 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:font-semibold max-sm:before:whitespace-normal max-sm:before:text-muted max-sm:before:content-[attr(data-label)]',
  },
  lg: {
    block: 'max-lg:block',
    head: 'max-lg:sr-only',
    row: 'max-lg:block max-lg:py-2',
    wrap: 'max-lg:[overflow-wrap:anywhere] lg:[overflow-wrap:break-word]',
    cell: 'max-lg:flex max-lg:gap-3 max-lg:py-1 max-lg:pr-0 max-lg:before:w-24 max-lg:before:shrink-0 max-lg:before:font-semibold max-lg:before:whitespace-normal max-lg:before:text-muted max-lg:before:content-[attr(data-label)]',
  },
} as const;
/* eslint-enable lingui/no-unlocalized-strings */

/**
 * The portal's one table of records (appointments, medical history, the access log, a
 * clinician's day): columns side by side on wide screens; below `stackBelow` each row becomes a
 * stacked block of labelled lines, so nothing is squeezed until a time splits ("14:3/0") and
 * nothing scrolls sideways. The table's, rows' and cells' roles are written out because a table
 * shown as blocks loses them in some browsers.
 */
export function RecordTable<Row>({
  columns,
  rows,
  rowKey,
  caption,
  captionHidden = false,
  stackBelow = 'sm',
  sortedBy,
  onSort,
}: RecordTableProps<Row>) {
  const stacked = STACKED[stackBelow];
  return (
    <table role="table" className={`w-full text-left text-sm ${stacked.block}`}>
      {caption && (
        <caption
          className={
            captionHidden ? 'sr-only' : `mb-2 text-left font-semibold text-ink ${stacked.block}`
          }
        >
          {caption}
        </caption>
      )}
      <thead className={stacked.head}>
        <tr role="row" className="border-b border-line">
          {columns.map((column) => (
            <th
              key={column.header}
              role="columnheader"
              scope="col"
              aria-sort={sortedBy?.header === column.header ? sortedBy.direction : undefined}
              // A sortable table's headings wrap between words (its buttons make them wider);
              // another's stay on one line.
              className={`py-2 pr-3 font-semibold last:pr-0 ${onSort ? 'align-bottom' : 'whitespace-nowrap'}`}
            >
              {column.srOnlyHeader ? (
                <span className="sr-only">{column.header}</span>
              ) : onSort && column.sortKey ? (
                <button
                  type="button"
                  onClick={() => onSort(column.sortKey!)}
                  className="inline-flex min-h-11 items-center gap-1 rounded-md font-semibold text-brand-800 underline-offset-2 hover:underline"
                >
                  {column.header}
                  <span aria-hidden="true">
                    {sortedBy?.header === column.header
                      ? sortedBy.direction === 'ascending'
                        ? '▲'
                        : '▼'
                      : '↕'}
                  </span>
                </button>
              ) : (
                column.header
              )}
              {!(onSort && column.sortKey) && sortedBy?.header === column.header && (
                <span aria-hidden="true">{sortedBy.direction === 'ascending' ? ' ▲' : ' ▼'}</span>
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={stacked.block}>
        {rows.map((row, index) => (
          <tr
            key={rowKey(row, index)}
            role="row"
            className={`border-b border-line last:border-0 ${stacked.row}`}
          >
            {columns.map((column) => (
              <td
                key={column.header}
                // The role stays a cell when the cell is shown as a flex line (phones).
                // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role
                role="cell"
                data-label={column.srOnlyHeader ? undefined : column.header}
                data-nowrap={column.nowrap ? '' : undefined}
                className={`py-2 pr-3 align-top last:pr-0 ${stacked.cell} ${
                  column.nowrap
                    ? 'whitespace-nowrap'
                    : column.breakAnywhere
                      ? '[overflow-wrap:anywhere]'
                      : stacked.wrap
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
