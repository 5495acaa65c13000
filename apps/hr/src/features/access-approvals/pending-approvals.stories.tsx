import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ROUTES } from '@portal/contract';
import { createHandlers, makePendingAccess, pendingHandler, problemHandler } from '@portal/testing';
import { forgetSession, inPortalFrame, type PortalParameters } from '@portal/testing/story-kit';
import { PendingApprovals, WAITING_FOR_ANOTHER_HR } from './pending-approvals';

/** A doctor demo.hr2 asked for: the viewer (demo.hr) may approve it. */
const DOCTOR = makePendingAccess({ requested_by: 'demo.hr2' }, 13);
/** An HR employee the viewer asked for: someone else must approve it. */
const MINE = makePendingAccess({ requested_by: 'demo.hr', requested_by_you: true }, 14);

const region = (canvasElement: HTMLElement) =>
  within(within(canvasElement).getByRole('region', { name: 'Portal access waiting for approval' }));

const meta = {
  title: 'Pages/HR/PendingApprovals',
  component: PendingApprovals,
  beforeEach: forgetSession,
  decorators: [inPortalFrame],
  parameters: {
    portal: { route: ROUTES.searchEmployee, session: { role: 'HR' } } satisfies PortalParameters,
    msw: createHandlers({ pendingAccess: [DOCTOR, MINE] }),
  },
} satisfies Meta<typeof PendingApprovals>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Two waiting: one the viewer may approve, one the viewer asked for. */
export const Waiting: Story = {
  play: async ({ canvasElement }) => {
    const list = region(canvasElement);
    await expect(
      await list.findByRole('button', {
        name: `Approve access of ${DOCTOR.first_name} ${DOCTOR.last_name}`,
      }),
    ).toBeVisible();
    await expect(list.getByText(WAITING_FOR_ANOTHER_HR)).toBeVisible();
    await expect(list.getByText(/^Asked for by demo\.hr2 on /)).toBeVisible();
  },
};

/** Only what the viewer asked for: no button, waiting for another HR person. */
export const RequestedByYou: Story = {
  parameters: { msw: createHandlers({ pendingAccess: [MINE] }) },
  play: async ({ canvasElement }) => {
    const list = region(canvasElement);
    await expect(await list.findByText(WAITING_FOR_ANOTHER_HR)).toBeVisible();
    await expect(list.queryByRole('button')).toBeNull();
  },
};

/** Approve pressed: the success notice, and the row gone. */
export const Approved: Story = {
  parameters: { msw: createHandlers({ pendingAccess: [DOCTOR] }) },
  play: async ({ canvasElement }) => {
    const list = region(canvasElement);
    await userEvent.click(await list.findByRole('button', { name: /^Approve/ }));
    await expect(await list.findByRole('status')).toHaveTextContent('can now sign in as');
    await expect(await list.findByText('No portal access is waiting for approval.')).toBeVisible();
  },
};

/** The server refused (the position changed meanwhile): its words, and the row stays. */
export const Refused: Story = {
  parameters: {
    msw: [
      problemHandler(
        'approveEmployeeAccess',
        409,
        "The employee's position changed meanwhile; look at it again before approving",
      ),
      ...createHandlers({ pendingAccess: [DOCTOR] }),
    ],
  },
  play: async ({ canvasElement }) => {
    const list = region(canvasElement);
    await userEvent.click(await list.findByRole('button', { name: /^Approve/ }));
    await expect(await list.findByRole('alert')).toHaveTextContent('position changed meanwhile');
  },
};

/** Nothing waits. */
export const NoneWaiting: Story = {
  parameters: { msw: createHandlers({ pendingAccess: [] }) },
  play: async ({ canvasElement }) => {
    await expect(
      await region(canvasElement).findByText('No portal access is waiting for approval.'),
    ).toBeVisible();
  },
};

/** While the list loads. */
export const Loading: Story = {
  parameters: { msw: [pendingHandler('listAccessApprovals')] },
  play: async ({ canvasElement }) => {
    await expect(
      region(canvasElement).getByText('Loading the access waiting for approval…'),
    ).toBeVisible();
  },
};

/** The list could not be loaded. */
export const LoadError: Story = {
  parameters: {
    msw: [problemHandler('listAccessApprovals', 500, 'Something went wrong on our side.')],
  },
  play: async ({ canvasElement }) => {
    await expect(await region(canvasElement).findByRole('alert')).toHaveTextContent(
      'Could not load the access waiting for approval',
    );
  },
};
