import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor, within } from 'storybook/test';
import { MESSAGES, ROUTES } from '@portal/contract';
import {
  createHandlers,
  emptyListHandler,
  handlers,
  makePatientRecords,
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
import { SearchPatientPage } from './search-patient-page';

/** The mock API's default patients; the stories search for the third one's last name. */
const PATIENTS = makePatientRecords(24);
const SOUGHT = PATIENTS[2]!.patient;

const meta = {
  title: 'Pages/Clinical/SearchPatientPage',
  component: SearchPatientPage,
  beforeEach: forgetSession,
  decorators: [inManagementSection('patients'), inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: ROUTES.searchPatient,
      session: { role: 'medical_personnel' },
    } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof SearchPatientPage>;

export default meta;
type Story = StoryObj<typeof meta>;
type PlayContext = Parameters<NonNullable<Story['play']>>[0];

const results = (canvas: PlayContext['canvas']) =>
  within(canvas.getByRole('region', { name: 'Patients' }));

/** Waits for the full list, then searches by the given criteria. */
async function search(
  { canvas, userEvent }: Pick<PlayContext, 'canvas' | 'userEvent'>,
  criteria: { 'Patient ID'?: string; 'First Name'?: string; 'Last Name'?: string },
) {
  await canvas.findByText(/^Showing \d+ of \d+ patients?$/);
  const form = within(canvas.getByRole('search', { name: 'Search patients' }));
  for (const [name, value] of Object.entries(criteria)) {
    await userEvent.type(form.getByRole('textbox', { name }), value);
  }
  await userEvent.click(form.getByRole('button', { name: 'Search' }));
}

/** The full list, loaded on open: 24 patients, one page. */
export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(
      canvas.getByRole('heading', { level: 1, name: 'Patient Information' }),
    ).toBeVisible();
    await expect(await canvas.findByText('Showing 24 of 24 patients')).toBeVisible();
    await expect(
      results(canvas).getAllByRole('button', { name: /^Show full record/ }),
    ).toHaveLength(24);
  },
};

/** Two whole records opened from the list (each fetched as it opens). */
export const Filled: Story = {
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('Showing 24 of 24 patients');
    const [first, second] = results(canvas).getAllByRole('button', { name: /^Show full record/ });
    await userEvent.click(first!);
    await userEvent.click(second!);
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAccessibleName(/^Hide record of /);
    await waitFor(() =>
      expect(canvas.getAllByRole('region', { name: 'Personal details' })).toHaveLength(2),
    );
  },
};

/** While the list loads on open: the spinner and its text, the results marked busy. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('listPatients'), ...handlers.default] },
  play: async ({ canvas }) => {
    await expect(results(canvas).getByRole('status')).toHaveTextContent('Loading patients…');
    await expect(canvas.getByRole('region', { name: 'Patients' })).toHaveAttribute(
      'aria-busy',
      'true',
    );
  },
};

/** No patients at all. */
export const Empty: Story = {
  parameters: { msw: handlers.empty },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText(MESSAGES.noPatientData)).toBeVisible();
  },
};

/** The list could not be loaded. */
export const Error: Story = {
  parameters: {
    msw: [
      problemHandler('listPatients', 500, 'Something went wrong on our side. Please try again.'),
      ...handlers.default,
    ],
  },
  play: async ({ canvas }) => {
    await expect(await results(canvas).findByRole('alert')).toHaveTextContent(
      MESSAGES.patientLoadFailed,
    );
  },
};

/** A search that finds someone replaces the list. */
export const SearchResults: Story = {
  play: async (context) => {
    await search(context, { 'Last Name': SOUGHT.last_name });
    const { canvas } = context;
    await expect(
      await canvas.findByText(`Results for last name “${SOUGHT.last_name}”.`),
    ).toBeVisible();
    const names = results(canvas).getAllByRole('button', { name: /^Show full record of / });
    for (const button of names) {
      await expect(button).toHaveAccessibleName(new RegExp(`${SOUGHT.last_name}$`));
    }
  },
};

/** A search that finds nobody keeps the full list and says so. */
export const EmptySearch: Story = {
  parameters: { msw: [emptyListHandler('searchPatients'), ...handlers.default] },
  play: async (context) => {
    await search(context, { 'First Name': 'Zzyzx' });
    const { canvas } = context;
    await expect(
      await canvas.findByText('No match for first name “Zzyzx”; the full list is shown.'),
    ).toBeVisible();
    await expect(canvas.getByText('Showing 24 of 24 patients')).toBeVisible();
  },
};

/** A failed search: 'No result', and why. */
export const SearchError: Story = {
  parameters: {
    msw: [
      problemHandler('searchPatients', 500, 'Something went wrong on our side. Please try again.'),
      ...handlers.default,
    ],
  },
  play: async (context) => {
    await search(context, { 'Patient ID': 'P01' });
    const { canvas } = context;
    await expect(await results(canvas).findByRole('alert')).toHaveTextContent(MESSAGES.noResult);
    await expect(canvas.getByText(MESSAGES.searchFailed)).toBeVisible();
  },
};

/** While a search runs: Search and Reset are disabled. */
export const Searching: Story = {
  parameters: { msw: [pendingHandler('searchPatients'), ...handlers.default] },
  play: async (context) => {
    await search(context, { 'First Name': 'a' });
    const { canvas } = context;
    await expect(await canvas.findByRole('button', { name: 'Search Working…' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: 'Reset' })).toBeDisabled();
  },
};

/** More patients than a page: the next page is appended on demand. */
export const LoadMore: Story = {
  parameters: { msw: createHandlers({ patients: makePatientRecords(60) }) },
  play: async ({ canvas, userEvent }) => {
    await expect(await canvas.findByText('Showing 50 of 60 patients')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Load more patients' }));
    await expect(await canvas.findByText('Showing 60 of 60 patients')).toBeVisible();
    await waitFor(() =>
      expect(canvas.queryByRole('button', { name: /^Load more patients/ })).toBeNull(),
    );
  },
};

/** On a 360 px phone: a whole record opened from the list, nothing scrolling sideways. */
export const Phone360: Story = {
  globals: { viewport: { value: 'phone360' } },
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('Showing 24 of 24 patients');
    const [first] = results(canvas).getAllByRole('button', { name: /^Show full record/ });
    await userEvent.click(first!);
    await expect(await canvas.findByRole('region', { name: 'Medical history' })).toBeVisible();
    await fitsThePhone();
    await expect(canvas.getByRole('button', { name: 'Menu' })).toBeVisible();
  },
};
