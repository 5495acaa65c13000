/**
 * The frame's own words in Thai: the unknown address, the footer, a page that fails, the
 * unsaved-changes question and the search page's words around the app's list.
 */
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { activateLocale, t } from '@portal/i18n';
import {
  ACCOUNT_HEADING,
  ACCOUNT_LOAD_FAILED,
  ACCOUNT_LOADING,
  NEW_CODES_INTRO,
  NO_OTHER_SESSIONS,
  SESSIONS_LOAD_FAILED,
  TWO_STEP_OFF,
  TWO_STEP_REQUIRED,
  TWO_STEP_TURNED_OFF,
  TWO_STEP_TURNED_ON,
  otherSessionsEndedText,
  passwordChangedText,
  recoveryCodesLeftText,
  sessionEndedText,
} from './account/account-texts';
import { forgottenPasswordText } from './new-activation-code-panel';
import { ErrorBoundary } from './error-boundary';
import { LEAVE_QUESTION, UnsavedChangesDialog } from './leave-guard';
import { NotFoundPage } from './not-found-page';
import { RecordSearch, type RecordSearchProps } from './record-search';
import { SiteFooter } from './site-footer';

afterEach(async () => {
  vi.restoreAllMocks();
  await act(() => activateLocale('en', 'all'));
});

function Broken(): never {
  throw new Error('the page broke');
}

describe('the English words tests and stories look for', () => {
  it('are the English catalogue’s messages, word for word', () => {
    expect({
      ACCOUNT_HEADING,
      ACCOUNT_LOADING,
      ACCOUNT_LOAD_FAILED,
      TWO_STEP_OFF,
      TWO_STEP_TURNED_ON,
      TWO_STEP_TURNED_OFF,
      TWO_STEP_REQUIRED,
      NEW_CODES_INTRO,
      NO_OTHER_SESSIONS,
      SESSIONS_LOAD_FAILED,
      LEAVE_QUESTION,
    }).toEqual({
      ACCOUNT_HEADING: t('common.account.heading'),
      ACCOUNT_LOADING: t('common.account.loading'),
      ACCOUNT_LOAD_FAILED: t('common.account.loadFailed'),
      TWO_STEP_OFF: t('common.account.twoStepOff'),
      TWO_STEP_TURNED_ON: t('common.account.twoStepTurnedOn'),
      TWO_STEP_TURNED_OFF: t('common.account.twoStepTurnedOff'),
      TWO_STEP_REQUIRED:
        'The hospital requires two-step verification for staff accounts, so it cannot be turned off.',
      NEW_CODES_INTRO: t('common.account.newCodesIntro'),
      NO_OTHER_SESSIONS: t('common.account.noOtherSessions'),
      SESSIONS_LOAD_FAILED: t('common.account.sessionsLoadFailed'),
      LEAVE_QUESTION: t('common.leaveGuard.question'),
    });
  });

  it('count in English as before', () => {
    const changed = (others: string) =>
      `Your password has been changed. ${others} Use the new password next time you log in.`;
    expect(passwordChangedText(0)).toBe(changed('You had no other sessions open.'));
    expect(passwordChangedText(1)).toBe(changed('1 other session was signed out.'));
    expect(passwordChangedText(2)).toBe(changed('2 other sessions were signed out.'));
    expect(otherSessionsEndedText(0)).toBe('There were no other sessions to sign out.');
    expect(otherSessionsEndedText(1)).toBe('Signed out 1 other session.');
    expect(otherSessionsEndedText(3)).toBe('Signed out 3 other sessions.');
    expect(recoveryCodesLeftText(1)).toBe('1 recovery code left.');
    expect(recoveryCodesLeftText(0)).toBe('0 recovery codes left.');
    expect(recoveryCodesLeftText(10)).toBe('10 recovery codes left.');
    expect(sessionEndedText('Safari on iOS')).toBe('Signed out Safari on iOS.');
    expect(forgottenPasswordText('Malee')).toBe(
      'Malee has a portal account. If they forgot their password, a new activation code lets them register again and choose a new one; their open sessions end.',
    );
  });
});

describe('the frame in Thai', () => {
  it('says an address has no page, with the way home', async () => {
    await act(() => activateLocale('th', 'all'));
    render(
      <MemoryRouter>
        <NotFoundPage />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'ไม่พบหน้านี้' })).toBeVisible();
    expect(screen.getByText(/^ไม่พบหน้าเว็บตามที่อยู่นี้/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'ไปที่หน้าแรก' })).toHaveAttribute('href', '/');
  });

  it('writes the footer and a failed page in Thai', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await act(() => activateLocale('th', 'all'));
    render(
      <>
        <ErrorBoundary>
          <Broken />
        </ErrorBoundary>
        <SiteFooter />
      </>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(/^หน้านี้เกิดข้อผิดพลาด/);
    expect(screen.getByRole('contentinfo')).toHaveTextContent(
      /^© \d{4} โรงพยาบาลริเวอร์ไซด์ เจเนอรัล สงวนลิขสิทธิ์$/,
    );
  });

  it('asks about unsaved changes in Thai', async () => {
    await act(() => activateLocale('th', 'all'));
    render(<UnsavedChangesDialog open onStay={() => undefined} onProceed={() => undefined} />);
    const dialog = screen.getByRole('alertdialog', { name: 'มีข้อมูลที่ยังไม่ได้บันทึก' });
    expect(dialog).toHaveAccessibleDescription('ออกจากหน้านี้หรือไม่ ข้อมูลที่คุณกรอกยังไม่ได้บันทึก');
    expect(screen.getByRole('button', { name: 'อยู่ที่หน้านี้ต่อ' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'ออกโดยไม่บันทึก' })).toBeVisible();
  });
});

describe('RecordSearch in Thai', () => {
  type Person = { id: string; name: string };
  type Criteria = { id: string; last_name: string };
  const people: Person[] = [
    { id: 'P001', name: 'Somchai' },
    { id: 'P002', name: 'Malee' },
  ];
  const list = {
    data: { pages: [{ items: people, total: 2, nextCursor: 'next' }], pageParams: [] },
    isPending: false,
    isError: false,
    hasNextPage: true,
    isFetchingNextPage: false,
    fetchNextPage: vi.fn(),
  } as unknown as RecordSearchProps<Person, Criteria>['list'];
  const found = {
    data: { pages: [{ items: [people[1]], total: 1, nextCursor: null }], pageParams: [] },
    isFetching: false,
    isFetchingNextPage: false,
    isSuccess: true,
    isError: false,
    hasNextPage: false,
  } as unknown as RecordSearchProps<Person, Criteria>['list'];
  const idle = { isFetching: false, isSuccess: false, isError: false } as unknown as typeof found;

  it('counts the list, searches and says what it searched for', async () => {
    await act(() => activateLocale('th', 'all'));
    render(
      <MemoryRouter>
        <RecordSearch<Person, Criteria>
          title="ค้นหาผู้ป่วย"
          noun={{ one: 'ผู้ป่วย', many: 'ผู้ป่วย' }}
          list={list}
          useSearch={(_criteria, { enabled }) => (enabled ? found : idle)}
          schema={z.object({ id: z.string(), last_name: z.string() })}
          fields={[
            { name: 'id', label: 'รหัสผู้ป่วย' },
            { name: 'last_name', label: 'นามสกุล' },
          ]}
          emptyCriteria={{ id: '', last_name: '' }}
          loadFailedMessage="โหลดรายชื่อไม่สำเร็จ"
          itemKey={(person) => person.id}
          renderItem={(person) => person.name}
        />
      </MemoryRouter>,
    );
    expect(screen.getByText('แสดงผู้ป่วย 2 จากทั้งหมด 2 รายการ')).toBeVisible();
    expect(screen.getByRole('button', { name: 'โหลดรายชื่อผู้ป่วยเพิ่มเติม' })).toBeVisible();
    const form = screen.getByRole('search', { name: 'ค้นหาผู้ป่วย' });
    expect(form).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'รหัสผู้ป่วย' }), 'P00');
    await userEvent.type(screen.getByRole('textbox', { name: 'นามสกุล' }), 'Mal');
    await userEvent.click(screen.getByRole('button', { name: 'ค้นหา' }));
    expect(await screen.findByText('ผลการค้นหาสำหรับ รหัสขึ้นต้นด้วย “P00”, นามสกุล “Mal”')).toBeVisible();
    expect(screen.getByText('แสดงผู้ป่วย 1 จากทั้งหมด 1 รายการ')).toBeVisible();
  });
});
