import type { ReactNode } from 'react';

/** One column of a {@link StackedTable}: its key in each row and its header. */
export interface StackedColumn<K extends string> {
  readonly key: K;
  readonly header: string;
  /** Hidden header text (a column of buttons has no visible heading). */
  readonly srOnlyHeader?: boolean;
  /** A value never split over two lines (a date, a time, a length, a status). */
  readonly nowrap?: boolean;
}

/** Props of {@link StackedTable}. */
export interface StackedTableProps<K extends string> {
  readonly caption: string;
  /** Whether the caption is seen (a page with one table names it for screen readers only). */
  readonly captionHidden?: boolean;
  readonly columns: readonly StackedColumn<K>[];
  readonly rows: readonly {
    readonly key: string;
    readonly cells: Readonly<Record<K, ReactNode>>;
  }[];
}

/**
 * A table that becomes stacked rows on phones and tablets: below the `lg` breakpoint each row is
 * a block and each cell a line led by its column's header (`data-label`), so nothing scrolls
 * sideways and no value is broken inside (times, lengths and statuses never wrap; names and topics wrap
 * between words, or anywhere only when a word alone is wider than the line). The table's, rows'
 * and cells' roles are written out because a table shown as blocks loses them in some browsers.
 */
export function StackedTable<K extends string>({
  caption,
  captionHidden = false,
  columns,
  rows,
}: StackedTableProps<K>) {
  return (
    <table role="table" className="w-full text-left text-sm max-lg:block">
      <caption
        className={captionHidden ? 'sr-only' : 'mb-2 text-left font-semibold text-ink max-lg:block'}
      >
        {caption}
      </caption>
      <thead className="max-lg:sr-only">
        <tr role="row" className="border-b border-line">
          {columns.map((column) => (
            <th
              key={column.key}
              role="columnheader"
              scope="col"
              className="py-2 pr-4 font-semibold whitespace-nowrap last:pr-0"
            >
              {column.srOnlyHeader ? (
                <span className="sr-only">{column.header}</span>
              ) : (
                column.header
              )}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="max-lg:block">
        {rows.map((row) => (
          <tr
            key={row.key}
            role="row"
            className="border-b border-line align-top last:border-0 max-lg:block max-lg:py-3"
          >
            {columns.map((column) => (
              <td
                key={column.key}
                // The role stays a cell when the cell is shown as a flex line (phones).
                // eslint-disable-next-line jsx-a11y/no-interactive-element-to-noninteractive-role
                role="cell"
                data-label={column.srOnlyHeader ? undefined : column.header}
                data-nowrap={column.nowrap ? '' : undefined}
                className={`${column.nowrap ? 'whitespace-nowrap ' : ''}py-2 pr-4 [overflow-wrap:break-word] last:pr-0 max-lg:flex max-lg:gap-3 max-lg:py-1 max-lg:pr-0 max-lg:before:w-24 max-lg:before:shrink-0 max-lg:before:font-semibold max-lg:before:text-muted max-lg:before:content-[attr(data-label)]`}
              >
                {row.cells[column.key]}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
