import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/contract';
import {
  createHandlers,
  makePendingAccess,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { WaitingApprovalsNotice } from './waiting-approvals-notice';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

const waiting = (n: number, overrides: Parameters<typeof makePendingAccess>[0] = {}) =>
  makePendingAccess(
    {
      employee_id: `E0${20 + n}`,
      first_name: `Name${n}`,
      requested_by: 'Kanya Wongsa',
      ...overrides,
    },
    20 + n,
  );

describe('WaitingApprovalsNotice', () => {
  it('counts the access waiting for this HR person and links to the list', async () => {
    server.use(
      ...createHandlers({
        pendingAccess: [waiting(1), waiting(2), waiting(3, { requested_by_you: true })],
      }),
    );
    renderWithProviders(<WaitingApprovalsNotice />, { session: { role: 'HR' } });
    const notice = await screen.findByRole('complementary', {
      name: 'Access waiting for your approval',
    });
    // The one this person asked for waits for someone else: not counted.
    expect(notice).toHaveTextContent('2 portal accesses wait for your approval');
    expect(screen.getByRole('link', { name: 'Review them' })).toHaveAttribute(
      'href',
      `${ROUTES.searchEmployee}#pending-approvals-title`,
    );
  });

  it('says one in the singular, and nothing when none waits for this person', async () => {
    server.use(...createHandlers({ pendingAccess: [waiting(1)] }));
    const { unmount } = renderWithProviders(<WaitingApprovalsNotice />, {
      session: { role: 'HR' },
    });
    expect(await screen.findByText('1 portal access waits for your approval')).toBeInTheDocument();
    unmount();
    server.use(...createHandlers({ pendingAccess: [waiting(1, { requested_by_you: true })] }));
    renderWithProviders(<WaitingApprovalsNotice />, { session: { role: 'HR' } });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
