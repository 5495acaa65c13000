/**
 * My account in Thai: every text the page owns comes from the catalogue (the page's behaviour
 * is tested against the mock API in the public app's account-page.test.tsx). The account's
 * calls are stand-ins here: @portal/testing, which has the mock API, builds on this library.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ApiClient from '@portal/api-client';
import type { AccountSession, AccountSummary } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import { RecoveryCodes } from '../two-step/recovery-codes';
import { AccountPage } from './account-page';

const account = vi.hoisted(() => {
  const summary: AccountSummary = {
    username: 'demo.patient',
    role: 'patient',
    mfa_enabled: true,
    mfa_required: false,
    recovery_codes_left: 3,
    locale: null,
  };
  return { summary };
});

const sessions: AccountSession[] = [
  {
    id: '00000000-0000-4000-8000-000000000001',
    browser: 'Chrome on Windows',
    address: '203.0.113.7',
    started_at: '2026-11-20T12:00:00Z',
    last_seen_at: '2026-11-25T12:00:00Z',
    current: true,
  },
  {
    id: '00000000-0000-4000-8000-000000000002',
    browser: 'Safari on iOS',
    address: null,
    started_at: '2026-11-20T12:00:00Z',
    last_seen_at: '2026-11-21T12:00:00Z',
    current: false,
  },
];

vi.mock('@portal/api-client', async (importOriginal) => {
  const actual = await importOriginal<typeof ApiClient>();
  const mutation = () => ({ mutateAsync: vi.fn(() => Promise.resolve()), isPending: false });
  return {
    ...actual,
    useAccountSummary: () => ({ isPending: false, isError: false, data: account.summary }),
    useAccountSessions: () => ({ isPending: false, isError: false, data: sessions }),
    useChangePassword: mutation,
    useEndAccountSession: mutation,
    useEndOtherSessions: mutation,
    useDisableMfa: mutation,
    useRegenerateRecoveryCodes: mutation,
  };
});

function renderInFrame(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{ui}</MemoryRouter>
    </QueryClientProvider>,
  );
}

afterEach(async () => {
  await act(() => activateLocale('en', 'all'));
});

describe('My account in Thai', () => {
  it('names the page, the password change and the open sessions, with Buddhist-era dates', async () => {
    await act(() => activateLocale('th', 'all'));
    renderInFrame(<AccountPage />);

    expect(screen.getByRole('heading', { level: 1, name: 'บัญชีของฉัน' })).toBeVisible();
    expect(screen.getByText(/^เข้าสู่ระบบในชื่อ/)).toHaveTextContent(
      /^เข้าสู่ระบบในชื่อ demo\.patient \(.+\)$/,
    );

    const password = screen.getByRole('form', { name: 'เปลี่ยนรหัสผ่าน' });
    expect(within(password).getByLabelText(/^รหัสผ่านปัจจุบัน/)).toBeInTheDocument();
    expect(within(password).getByLabelText(/^รหัสผ่านใหม่/)).toBeInTheDocument();
    expect(within(password).getByRole('button', { name: 'เปลี่ยนรหัสผ่าน' })).toBeVisible();

    const table = screen.getByRole('table', { name: 'เซสชันที่เปิดอยู่' });
    for (const header of ['เบราว์เซอร์', 'ที่อยู่ IP', 'เริ่มเมื่อ', 'ใช้งานล่าสุด']) {
      expect(within(table).getByRole('columnheader', { name: header })).toBeInTheDocument();
    }
    expect(within(table).getByText('(เซสชันนี้)')).toBeVisible();
    expect(
      within(table).getByRole('button', {
        name: /^ออกจากระบบ Safari on iOS ที่เริ่มเมื่อ 20 พ\.ย\. 2569 \d\d:\d\d$/,
      }),
    ).toHaveTextContent('ออกจากระบบ');
    expect(within(table).getAllByText(/^25 พ\.ย\. 2569 \d\d:\d\d$/)).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'ออกจากระบบในอุปกรณ์อื่นทั้งหมด' })).toBeVisible();
  });

  it('offers the Gregorian calendar for Thai dates, and none in English', async () => {
    await act(() => activateLocale('th', 'all'));
    const thai = renderInFrame(<AccountPage />);
    const dates = screen.getByRole('region', { name: 'การแสดงวันที่' });
    const buddhist = within(dates).getByRole('checkbox', { name: 'แสดงวันที่ภาษาไทยเป็นพุทธศักราช' });
    expect(buddhist).toBeChecked();
    await userEvent.click(buddhist);
    const table = screen.getByRole('table', { name: 'เซสชันที่เปิดอยู่' });
    expect(within(table).getAllByText(/^25 พ\.ย\. 2026 \d\d:\d\d$/)).toHaveLength(1);
    await userEvent.click(buddhist);
    thai.unmount();
    await act(() => activateLocale('en', 'all'));
    renderInFrame(<AccountPage />);
    expect(screen.queryByRole('region', { name: 'Dates' })).not.toBeInTheDocument();
  });

  it('tells the second factor’s state and its forms in Thai', async () => {
    await act(() => activateLocale('th', 'all'));
    renderInFrame(<AccountPage />);

    expect(screen.getByText('การยืนยันตัวตนสองขั้นตอนเปิดอยู่ เหลือรหัสกู้คืน 3 รหัส')).toBeVisible();
    const renew = screen.getByRole('form', { name: 'ขอรหัสกู้คืนชุดใหม่' });
    expect(within(renew).getByLabelText(/^รหัสจากแอปยืนยันตัวตน/)).toBeInTheDocument();
    expect(within(renew).getByRole('button', { name: 'ขอรหัสกู้คืนชุดใหม่' })).toBeVisible();
    expect(screen.getByRole('form', { name: 'ปิดการยืนยันตัวตนสองขั้นตอน' })).toBeInTheDocument();
  });

  it('offers the set-up in Thai when the second factor is off', async () => {
    account.summary = { ...account.summary, mfa_enabled: false, recovery_codes_left: 0 };
    try {
      await act(() => activateLocale('th', 'all'));
      renderInFrame(<AccountPage />);

      expect(screen.getByText('การยืนยันตัวตนสองขั้นตอนปิดอยู่')).toBeVisible();
      expect(screen.getByText(/^เมื่อใช้การยืนยันตัวตนสองขั้นตอน/)).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: 'เปิดการยืนยันตัวตนสองขั้นตอน' }));
      expect(await screen.findByRole('heading', { name: 'ตั้งค่าการยืนยันตัวตนสองขั้นตอน' })).toBeVisible();
      const confirm = screen.getByRole('form', { name: 'ยืนยันรหัสผ่านของคุณ' });
      expect(within(confirm).getByRole('button', { name: 'ดำเนินการต่อ' })).toBeVisible();
      expect(screen.getByRole('button', { name: 'ยกเลิกการตั้งค่า' })).toBeVisible();
    } finally {
      account.summary = { ...account.summary, mfa_enabled: true, recovery_codes_left: 3 };
    }
  });

  it('shows, prints and downloads the recovery codes in Thai', async () => {
    await act(() => activateLocale('th', 'all'));
    render(
      <RecoveryCodes
        codes={['AAAA-1111', 'BBBB-2222']}
        doneLabel="เสร็จสิ้น"
        username="demo.patient"
        onDone={() => Promise.resolve()}
      />,
    );

    expect(screen.getByRole('heading', { name: 'รหัสกู้คืนของคุณ' })).toBeVisible();
    expect(screen.getByRole('list', { name: 'รหัสกู้คืน' })).toHaveTextContent('AAAA-1111');
    expect(screen.getByRole('button', { name: 'พิมพ์รหัส' })).toBeVisible();
    const download = screen.getByRole('link', { name: 'ดาวน์โหลดเป็นไฟล์ข้อความ' });
    const file = decodeURIComponent(download.getAttribute('href') ?? '');
    expect(file).toContain('บัญชี: demo.patient');
    expect(file).toMatch(/สร้างเมื่อ: \d{1,2} \S+ 25\d\d \d\d:\d\d/);
    expect(file).toContain('หากขอรหัสชุดใหม่ รหัสชุดนี้จะใช้ไม่ได้อีก');
    // The printed sheet, a child of <body>.
    expect(
      screen.getByRole('heading', { name: 'รหัสกู้คืนสำหรับการยืนยันตัวตนสองขั้นตอนของคุณ' }),
    ).toBeInTheDocument();
  });
});
