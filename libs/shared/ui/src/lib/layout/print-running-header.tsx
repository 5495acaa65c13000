import type { ReactNode } from 'react';

/** Props of {@link PrintRunningHeader}. */
export interface PrintRunningHeaderProps {
  /** What every printed page repeats at its top (a patient's name, ID and date of birth). */
  readonly header: ReactNode;
  /** The content, printed over as many pages as it needs. */
  readonly children: ReactNode;
}

/**
 * Repeats `header` at the top of every printed page, and shows nothing of it on screen. Browsers
 * repeat a table's head on each page a table spans (a `position: fixed` header would repeat
 * too, but overlap the text under it), so in print the content is the one cell of a layout
 * table whose head is the header; on screen every part is a plain block. The table is
 * presentation only, so assistive technology never takes the layout for a table of data.
 */
export function PrintRunningHeader({ header, children }: PrintRunningHeaderProps) {
  return (
    <table role="presentation" className="block w-full print:table">
      <thead className="hidden print:table-header-group">
        <tr>
          <td className="border-b border-ink pb-2 text-sm">{header}</td>
        </tr>
      </thead>
      <tbody className="block print:table-row-group">
        <tr className="block print:table-row">
          <td className="block p-0 print:table-cell print:pt-3">{children}</td>
        </tr>
      </tbody>
    </table>
  );
}
