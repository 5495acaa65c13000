import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ROUTES } from '@portal/contract';
import {
  createHandlers,
  handlers,
  makeAccessLog,
  makeAccessLogEntry,
  pendingHandler,
  problemHandler,
} from '@portal/testing';
import { PatientAccessLogPage } from './patient-access-log-page';
import {
  type PortalParameters,
  inPortalFrame,
  forgetSession,
  fitsThePhone,
  valuesStayWhole,
} from '@portal/testing/story-kit';

const meta = {
  title: 'Pages/Public/PatientAccessLogPage',
  component: PatientAccessLogPage,
  beforeEach: forgetSession,
  decorators: [inPortalFrame],
  parameters: {
    layout: 'fullscreen',
    portal: {
      route: ROUTES.patientAccessLog,
      session: { role: 'patient', patient_id: 'P001' },
    } satisfies PortalParameters,
    msw: handlers.default,
  },
} satisfies Meta<typeof PatientAccessLogPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The demo patient's log: staff views and changes, their own views, a refused attempt. */
export const Default: Story = {
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table');
    await expect(within(table).getAllByRole('row')).toHaveLength(13);
    await expect(canvas.getAllByText('Anan Wongsa, medical personnel')[0]).toBeVisible();
    await expect(canvas.getByText('tried to open your record — refused')).toBeVisible();
  },
};

/** Nobody has opened the record yet. */
export const Empty: Story = {
  parameters: { msw: createHandlers({ accessLog: {} }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Nobody has opened your record yet.')).toBeVisible();
  },
};

/** One entry: a doctor viewed the record. */
export const OneEntry: Story = {
  parameters: { msw: createHandlers({ accessLog: { P001: [makeAccessLogEntry()] } }) },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table');
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
    await expect(canvas.getByText('viewed your record')).toBeVisible();
  },
};

/** Many entries: the first 50 and a button for older ones. */
export const Many: Story = {
  parameters: { msw: createHandlers({ accessLog: { P001: makeAccessLog(80) } }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Showing 50 of 80.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Show older entries' })).toBeVisible();
  },
};

/** More entries than the server counts exactly (1,000): "more than". */
export const MoreThanOneThousand: Story = {
  parameters: { msw: createHandlers({ accessLog: { P001: makeAccessLog(1_001) } }) },
  play: async ({ canvas }) => {
    await expect(await canvas.findByText('Showing 50 of more than 1,000.')).toBeVisible();
  },
};

/** While the first page loads. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('myAccessLog'), ...handlers.default] },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Loading who opened your record...')).toBeVisible();
  },
};

/** The log could not be loaded. */
export const LoadError: Story = {
  parameters: {
    msw: [
      problemHandler('myAccessLog', 500, 'Something went wrong on our side. Please try again.'),
      ...handlers.default,
    ],
  },
  play: async ({ canvas }) => {
    await expect(await canvas.findByRole('alert')).toHaveTextContent(
      'Error: Could not load who opened your record',
    );
  },
};

/** A chart opened: the record and its appointments in the same minute, one line with its count. */
export const OneVisit: Story = {
  parameters: {
    msw: createHandlers({
      accessLog: {
        P001: [
          makeAccessLogEntry({
            kind: 'viewed',
            count: 2,
            kinds: ['viewed', 'viewed-appointments'],
          }),
        ],
      },
    }),
  },
  play: async ({ canvas }) => {
    const table = await canvas.findByRole('table');
    await expect(within(table).getAllByRole('row')).toHaveLength(2);
    await expect(
      canvas.getByText('2 actions in one visit; also viewed your appointments'),
    ).toBeVisible();
  },
};

/**
 * On a 360 px phone: each line a stack of When, Who and What, labelled; the time never split,
 * nothing wider than the page.
 */
export const Phone: Story = {
  globals: { viewport: { value: 'phone360' } },
  parameters: { msw: createHandlers({ accessLog: { P001: makeAccessLog(20) } }) },
  play: async ({ canvas, canvasElement }) => {
    await canvas.findByRole('table');
    await fitsThePhone();
    await valuesStayWhole(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Back to MyInfo' })).toBeVisible();
  },
};
