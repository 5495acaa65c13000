import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { localDayTime } from '@portal/contract';
import {
  createHandlers,
  makePendingAccess,
  pendingHandler,
  problemHandler,
  recordBodies,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { PendingApprovals, WAITING_FOR_ANOTHER_HR } from './pending-approvals';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

const DOCTOR = makePendingAccess(
  {
    employee_id: 'E013',
    first_name: 'Somchai',
    last_name: 'Srisuk',
    position_id: 'P001',
    position_name: 'Doctor',
    role: 'medical_personnel',
    // The person who asked, by name (the API's answer), never a username.
    requested_by: 'Kanya Wongsa',
  },
  13,
);
const MINE = makePendingAccess(
  {
    employee_id: 'E014',
    first_name: 'Anong',
    last_name: 'Thongdee',
    position_id: 'P011',
    position_name: 'HR',
    role: 'HR',
    requested_by: 'demo.hr',
    requested_by_you: true,
  },
  14,
);

function renderPanel() {
  const user = userEvent.setup();
  renderWithProviders(<PendingApprovals />, { session: { role: 'HR' } });
  const region = screen.getByRole('region', { name: 'Portal access waiting for approval' });
  return { user, region };
}

const rowOf = (region: HTMLElement, name: string) => {
  const row = within(region)
    .getAllByRole('listitem')
    .find((li) => li.textContent?.includes(name));
  if (!row) throw new Error(`No row for ${name}`);
  return row;
};

describe('PendingApprovals', () => {
  it('lists who waits, for which position, who asked and when', async () => {
    server.use(...createHandlers({ pendingAccess: [DOCTOR, MINE] }));
    const { region } = renderPanel();
    const doctor = within(await waitFor(() => rowOf(region, 'Somchai Srisuk')));
    expect(doctor.getByText('E013')).toBeInTheDocument();
    expect(doctor.getByText('Doctor')).toBeInTheDocument();
    expect(
      doctor.getByText(
        `Asked for by Kanya Wongsa on ${localDayTime(new Date(DOCTOR.requested_at))}`,
      ),
    ).toBeInTheDocument();
    expect(doctor.getByRole('button', { name: 'Approve access of Somchai Srisuk' })).toBeEnabled();
    expect(doctor.getByRole('button', { name: 'Refuse access of Somchai Srisuk' })).toBeEnabled();
  });

  it('refuses the position it showed with a reason, says so, and the row goes', async () => {
    server.use(...createHandlers({ pendingAccess: [DOCTOR] }));
    const sent = recordBodies(server, 'refuseEmployeeAccess');
    const { user, region } = renderPanel();
    await user.click(
      await within(region).findByRole('button', { name: 'Refuse access of Somchai Srisuk' }),
    );
    const dialog = await screen.findByRole('dialog', {
      name: 'Refuse the access of Somchai Srisuk',
    });
    await user.click(within(dialog).getByRole('button', { name: 'Refuse access' }));
    expect(await within(dialog).findByText('Say why the access is refused')).toBeVisible();
    expect(sent).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason for refusing/), 'Not on the rota');
    await user.click(within(dialog).getByRole('button', { name: 'Refuse access' }));
    expect(await within(region).findByRole('status')).toHaveTextContent(
      'Somchai Srisuk (E013) will not get portal access from this request.',
    );
    expect(sent).toEqual([{ position_id: 'P001', reason: 'Not on the rota' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await within(region).findByText('No portal access is waiting for approval.'),
    ).toBeInTheDocument();
  });

  it('shows the one who asked that another HR person must approve, with no button', async () => {
    server.use(...createHandlers({ pendingAccess: [MINE] }));
    const { region } = renderPanel();
    const mine = within(await waitFor(() => rowOf(region, 'Anong Thongdee')));
    expect(mine.getByText(WAITING_FOR_ANOTHER_HR)).toBeInTheDocument();
    expect(mine.getByText(/^Asked for by you on /)).toBeInTheDocument();
    expect(mine.queryByRole('button')).not.toBeInTheDocument();
  });

  it('approves the position it showed, says so, and the row goes', async () => {
    server.use(...createHandlers({ pendingAccess: [DOCTOR] }));
    const sent = recordBodies(server, 'approveEmployeeAccess');
    const { user, region } = renderPanel();
    await user.click(await within(region).findByRole('button', { name: /^Approve/ }));
    expect(await within(region).findByRole('status')).toHaveTextContent(
      'Somchai Srisuk (E013) can now sign in as Doctor.',
    );
    expect(sent).toEqual([{ position_id: 'P001' }]);
    expect(
      await within(region).findByText('No portal access is waiting for approval.'),
    ).toBeInTheDocument();
  });

  it('shows the server’s refusal in words', async () => {
    const detail = "The employee's position changed meanwhile; look at it again before approving";
    server.use(
      problemHandler('approveEmployeeAccess', 409, detail, [
        { field: 'position_id', message: detail },
      ]),
      ...createHandlers({ pendingAccess: [DOCTOR] }),
    );
    const { user, region } = renderPanel();
    await user.click(await within(region).findByRole('button', { name: /^Approve/ }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(detail);
  });

  it('says when nothing waits', async () => {
    server.use(...createHandlers({ pendingAccess: [] }));
    const { region } = renderPanel();
    expect(
      await within(region).findByText('No portal access is waiting for approval.'),
    ).toBeInTheDocument();
  });

  it('says while it loads', async () => {
    server.use(pendingHandler('listAccessApprovals'));
    const { region } = renderPanel();
    expect(
      within(region).getByText('Loading the access waiting for approval…'),
    ).toBeInTheDocument();
  });

  it('says when the list could not be loaded', async () => {
    server.use(problemHandler('listAccessApprovals', 500, 'Something went wrong on our side.'));
    const { region } = renderPanel();
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'Could not load the access waiting for approval: Something went wrong on our side.',
    );
  });
});
