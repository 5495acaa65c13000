import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@portal/i18n';
import {
  createHandlers,
  makePendingAccess,
  renderWithProviders,
  setupMswServer,
} from '@portal/testing';
import { PendingApprovals } from './pending-approvals';

// setupMswServer sets up Vitest hooks (beforeAll/afterEach/afterAll); it is not a React hook.
const server = setupMswServer();

beforeEach(async () => {
  await act(() => activateLocale('th', 'all'));
});

afterEach(async () => {
  await act(() => activateLocale('en', 'all'));
});

const DOCTOR = makePendingAccess(
  {
    employee_id: 'E013',
    first_name: 'Somchai',
    last_name: 'Srisuk',
    position_id: 'P001',
    position_name: 'Doctor',
    role: 'medical_personnel',
    requested_by: 'demo.hr2',
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
  const region = screen.getByRole('region', { name: 'สิทธิ์เข้าใช้พอร์ทัลที่รอการอนุมัติ' });
  return { user, region };
}

describe('PendingApprovals in Thai', () => {
  it('says who asked and when in Thai, and that one’s own request waits for another HR person', async () => {
    server.use(...createHandlers({ pendingAccess: [DOCTOR, MINE] }));
    const { region } = renderPanel();
    const rows = await within(region).findAllByRole('listitem');
    const mine = within(rows.find((row) => row.textContent?.includes('Anong Thongdee'))!);
    expect(mine.getByText('รอเจ้าหน้าที่ HR อีกคนอนุมัติ')).toBeInTheDocument();
    expect(mine.getByText(/^คุณขออนุมัติเมื่อ \d{1,2} \S+ 25\d\d \d\d:\d\d$/)).toBeInTheDocument();
    expect(mine.getByText('เจ้าหน้าที่ทรัพยากรบุคคล')).toBeInTheDocument();
  });

  it('approves, and says so in Thai with the position’s Thai name', async () => {
    server.use(...createHandlers({ pendingAccess: [DOCTOR] }));
    const { user, region } = renderPanel();
    await user.click(await within(region).findByRole('button', { name: /^อนุมัติ/ }));
    const notice = await within(region).findByRole('status');
    expect(notice).toHaveTextContent('อนุมัติสิทธิ์เข้าใช้งานแล้ว');
    expect(notice).toHaveTextContent('Somchai Srisuk (E013) เข้าสู่ระบบในฐานะแพทย์ได้แล้ว');
    await waitFor(() =>
      expect(within(region).getByText('ไม่มีสิทธิ์เข้าใช้พอร์ทัลที่รอการอนุมัติ')).toBeInTheDocument(),
    );
  });
});
