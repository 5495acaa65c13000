import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { RecordTable, type RecordTableColumn } from './record-table';

interface Visit {
  readonly when: string;
  readonly who: string;
  readonly note: string;
}

const COLUMNS: readonly RecordTableColumn<Visit>[] = [
  { header: 'When', cell: (v) => v.when, nowrap: true },
  { header: 'Who', cell: (v) => v.who },
  { header: 'Note', cell: (v) => v.note },
];

const ROWS: readonly Visit[] = [
  { when: '2030-01-15 14:30', who: 'Anan Wongsa', note: 'Blood test results' },
  {
    when: '2030-02-02 09:05',
    who: 'Ploy Chaiyaphum-Srisomboon',
    note: 'Follow-up on the new insulin dose, with readings sent to a.very.long.address@hotmail.com',
  },
];

/** How many lines the text of an element takes at most (one rectangle per line of a text node). */
function linesOf(element: Element): number {
  const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
  let most = 0;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const range = document.createRange();
    range.selectNodeContents(node);
    most = Math.max(
      most,
      new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size,
    );
  }
  return most;
}

const meta = {
  title: 'Components/Records/RecordTable',
  tags: ['autodocs'],
  component: RecordTable<Visit>,
  args: { columns: COLUMNS, rows: ROWS, rowKey: (v: Visit) => v.when },
  decorators: [
    (Story) => (
      <div className="p-4">
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof RecordTable<Visit>>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Columns side by side, headed; a long note wraps inside its cell. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const table = within(canvasElement).getByRole('table');
    await expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'Note']);
    await expect(within(table).getAllByRole('row')).toHaveLength(3);
  },
};

/** With a caption, its accessible name. */
export const WithCaption: Story = {
  args: { caption: 'Visits' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: 'Visits' })).toBeVisible();
  },
};

/**
 * At 360 px each row is a stack of lines labelled by their column; a time or date stays on one
 * line, and nothing needs sideways scrolling.
 */
export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvasElement }) => {
    await expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
    const cells = [...canvasElement.querySelectorAll('td')];
    const whens = cells.filter((cell) => cell.hasAttribute('data-nowrap'));
    await expect(whens).toHaveLength(2);
    for (const cell of whens) await expect(linesOf(cell)).toBe(1);
    // Stacked: the cells of a row are one above the other, each labelled by its column.
    const [when, who] = cells;
    await expect(when!.getBoundingClientRect().bottom).toBeLessThanOrEqual(
      who!.getBoundingClientRect().top + 1,
    );
    await expect(getComputedStyle(when!, '::before').content).toBe('"When"');
  },
};
