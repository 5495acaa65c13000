import type { Meta, StoryContext, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MESSAGES, ROUTES } from '@portal/contract';
import {
  createHandlers,
  handlers,
  makeEmployees,
  pendingHandler,
  problemHandler,
} from '@portal/testing';
import {
  fitsThePhone,
  forgetSession,
  inPortalFrame,
  type PortalParameters,
  inManagementSection,
} from '@portal/testing/story-kit';
import { SearchEmployeePage } from './search-employee-page';

type Canvas = StoryContext['canvas'];

const results = (canvas: Canvas) => within(canvas.getByRole('region', { name: 'Employees' }));
const searchForm = (canvas: Canvas) =>
  within(canvas.getByRole('search', { name: 'Search employees' }));

const meta = {
  title: 'Pages/HR/SearchEmployeePage',
  component: SearchEmployeePage,
  beforeEach: forgetSession,
  decorators: [inManagementSection('employees'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: { route: ROUTES.searchEmployee, session: { role: 'HR' } } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof SearchEmployeePage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The full list on open, each employee with position, department, status, pay and contact. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Employee Information',
    );
    const list = results(canvas);
    await expect(await list.findByText('Showing 12 of 12 employees')).toBeVisible();
    await expect(list.getByRole('table', { name: 'Employees' })).toBeVisible();
    await expect(list.getByRole('cell', { name: 'Chaiwat Saetang' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Edit Chaiwat Saetang' })).toBeVisible();
    await expect(list.getByRole('link', { name: 'Clinic hours of Chaiwat Saetang' })).toBeVisible();
    await expect(list.getAllByText('Nursing').length).toBeGreaterThan(0);
    // The date is a span of its own (never split at its hyphens) inside the cell's words.
    await expect(list.getByRole('cell', { name: 'No (resigned 2021-12-16)' })).toBeVisible();
  },
};

/** While the list loads: the spinner and its text. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('listEmployees'), ...handlers.default] },
  play: async ({ canvas }) => {
    await expect(await results(canvas).findByRole('status')).toHaveTextContent(
      'Loading employees…',
    );
  },
};

/** No employees at all: the spec's text, which it reuses for employees. */
export const Empty: Story = {
  parameters: { msw: handlers.empty },
  play: async ({ canvas }) => {
    await expect(await results(canvas).findByText(MESSAGES.noPatientData)).toBeVisible();
  },
};

/** The list could not be loaded. */
export const LoadError: Story = {
  parameters: {
    msw: [problemHandler('listEmployees', 500, 'Something went wrong.'), ...handlers.default],
  },
  play: async ({ canvas }) => {
    await expect(await results(canvas).findByRole('alert')).toHaveTextContent(
      MESSAGES.employeeLoadFailed,
    );
  },
};

/** A last-name fragment found someone: the result replaces the list. */
export const SearchResults: Story = {
  play: async ({ canvas, userEvent }) => {
    await results(canvas).findByText('Showing 12 of 12 employees');
    const form = searchForm(canvas);
    await userEvent.type(form.getByRole('textbox', { name: 'Last Name' }), 'aeta');
    await userEvent.click(form.getByRole('button', { name: 'Search' }));
    await expect(await results(canvas).findByText('Showing 3 of 3 employees')).toBeVisible();
    await expect(canvas.getByText('Results for last name “aeta”.')).toBeVisible();
  },
};

/** Nobody found: the full list stays, with a note. */
export const EmptySearch: Story = {
  play: async ({ canvas, userEvent }) => {
    await results(canvas).findByText('Showing 12 of 12 employees');
    const form = searchForm(canvas);
    await userEvent.type(form.getByRole('textbox', { name: 'First Name' }), 'Nobody');
    await userEvent.click(form.getByRole('button', { name: 'Search' }));
    await expect(
      await canvas.findByText('No match for first name “Nobody”; the full list is shown.'),
    ).toBeVisible();
    await expect(results(canvas).getByText('Showing 12 of 12 employees')).toBeVisible();
  },
};

/** The search failed: 'No result', and 'Could not perform search' with the server's words. */
export const SearchError: Story = {
  parameters: {
    msw: [problemHandler('searchEmployees', 500, 'Something went wrong.'), ...handlers.default],
  },
  play: async ({ canvas, userEvent }) => {
    await results(canvas).findByText('Showing 12 of 12 employees');
    const form = searchForm(canvas);
    await userEvent.type(form.getByRole('textbox', { name: 'Employee ID' }), 'E00');
    await userEvent.click(form.getByRole('button', { name: 'Search' }));
    await expect(await results(canvas).findByRole('alert')).toHaveTextContent(MESSAGES.noResult);
    await expect(canvas.getByText(MESSAGES.searchFailed)).toBeVisible();
  },
};

/** While a search runs, Search and Reset are disabled. */
export const Searching: Story = {
  parameters: { msw: [pendingHandler('searchEmployees'), ...handlers.default] },
  play: async ({ canvas, userEvent }) => {
    await results(canvas).findByText('Showing 12 of 12 employees');
    const form = searchForm(canvas);
    await userEvent.type(form.getByRole('textbox', { name: 'First Name' }), 'Mal');
    await userEvent.click(form.getByRole('button', { name: 'Search' }));
    await expect(await form.findByRole('button', { name: 'Search Working…' })).toBeDisabled();
    await expect(form.getByRole('button', { name: 'Reset' })).toBeDisabled();
  },
};

/** A long list comes a page at a time. */
export const LongList: Story = {
  parameters: { msw: createHandlers({ employees: makeEmployees(75) }) },
  play: async ({ canvas, userEvent }) => {
    const list = results(canvas);
    await expect(await list.findByText('Showing 50 of 75 employees')).toBeVisible();
    await userEvent.click(list.getByRole('button', { name: 'Load more employees' }));
    await expect(await list.findByText('Showing 75 of 75 employees')).toBeVisible();
  },
};

/** More than the server counts exactly (1,000): the total reads "more than". */
export const MoreThanOneThousand: Story = {
  parameters: { msw: createHandlers({ employees: makeEmployees(1_001) }) },
  play: async ({ canvas }) => {
    const list = results(canvas);
    await expect(await list.findByText('Showing 50 of more than 1,000 employees')).toBeVisible();
  },
};

/** Searched with the keyboard alone: from the sidebar, Tab to the first field, type, Enter. */
export const KeyboardSearch: Story = {
  play: async ({ canvas, userEvent }) => {
    await results(canvas).findByText('Showing 12 of 12 employees');
    canvas.getByRole('link', { name: 'Employee Information' }).focus();
    await userEvent.tab();
    await expect(searchForm(canvas).getByRole('textbox', { name: 'Employee ID' })).toHaveFocus();
    await userEvent.keyboard('E002{Enter}');
    await expect(await results(canvas).findByText('Showing 1 of 1 employee')).toBeVisible();
  },
};

/** On a 360 px phone: the rows stacked, nothing scrolling sideways, edit targets 44 px. */
export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas }) => {
    await results(canvas).findByText('Showing 12 of 12 employees');
    await fitsThePhone();
    await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
    const edit = results(canvas).getByRole('link', { name: 'Edit Chaiwat Saetang' });
    const box = edit.getBoundingClientRect();
    await expect(box.width).toBeGreaterThanOrEqual(44);
    await expect(box.height).toBeGreaterThanOrEqual(44);
  },
};

const controls = (canvas: Canvas) =>
  within(canvas.getByRole('form', { name: 'Sort and filter employees' }));

/** Filtered to Doctors and sorted by name, on the server (the list is paged). */
export const FilteredAndSorted: Story = {
  play: async ({ canvas, userEvent }) => {
    await results(canvas).findByText('Showing 12 of 12 employees');
    await userEvent.selectOptions(
      controls(canvas).getByRole('combobox', { name: 'Position' }),
      'Doctor',
    );
    await userEvent.selectOptions(
      controls(canvas).getByRole('combobox', { name: 'Sort by' }),
      'Name',
    );
    const list = results(canvas);
    await expect(await list.findByRole('columnheader', { name: /^Name/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    const positions = list
      .getAllByRole('cell')
      .filter((cell) => cell.dataset['label'] === 'Position')
      .map((cell) => cell.textContent);
    await expect(positions.length).toBeGreaterThan(0);
    await expect(new Set(positions)).toEqual(new Set(['Doctor']));
  },
};

/** A filter nobody matches (no accountant among a doctor, a nurse and HR): the spec's text. */
export const FilteredToNobody: Story = {
  parameters: {
    msw: createHandlers({ employees: makeEmployees(3) }),
    portal: {
      route: `${ROUTES.searchEmployee}?position=P008`,
      session: { role: 'HR' },
    } satisfies PortalParameters,
  },
  play: async ({ canvas }) => {
    await expect(await results(canvas).findByText(MESSAGES.noPatientData)).toBeVisible();
    await expect(
      controls(canvas).getByRole('button', { name: 'Clear sort and filters' }),
    ).toBeVisible();
  },
};

/**
 * In Thai on a 360 px phone: the stacked rows' Thai labels, Buddhist-era dates, the filters'
 * Thai choices and the waiting access wrap; nothing scrolls sideways; edit targets 44 px.
 */
export const Phone360Thai: Story = {
  globals: { viewport: { value: 'phone360' }, locale: 'th' },
  play: async ({ canvas, canvasElement }) => {
    // By its address and words: a browser's accessible name puts a space before the hidden
    // part (an absolutely placed span is a block), which Thai does not write.
    const edit = await waitFor(() => {
      const link = canvasElement.querySelector<HTMLElement>('a[href$="employee_id=E002"]');
      if (!link) throw new Error('No Edit link for E002 yet');
      return link;
    });
    await expect(edit).toHaveTextContent('แก้ไขข้อมูลของ Chaiwat Saetang');
    await expect(canvas.getByRole('form', { name: 'เรียงลำดับและกรองรายชื่อพนักงาน' })).toBeVisible();
    await fitsThePhone();
    const box = edit.getBoundingClientRect();
    await expect(box.width).toBeGreaterThanOrEqual(44);
    await expect(box.height).toBeGreaterThanOrEqual(44);
  },
};
