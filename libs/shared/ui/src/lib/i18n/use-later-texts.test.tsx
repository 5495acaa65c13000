import { act, render, screen } from '@testing-library/react';
import { activateLocale } from '@portal/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { SessionWarningDialog } from '../dialog/session-warning-dialog';
import { ActivationCodeNotice } from '../notice/activation-code-notice';

afterEach(() => activateLocale('en', 'all'));

describe('the texts shown only after something happens (the `later` pack)', () => {
  it('are waited for: a warning and a new code show once their words are there, never their ids', async () => {
    // An app's start in Thai (its base pack only, as in the browser), not every catalogue.
    await act(() => activateLocale('th', 'hr'));
    render(
      <>
        <SessionWarningDialog open secondsLeft={30} onStay={() => {}} onLogout={() => {}} />
        <ActivationCodeNotice
          code="ABCD2345EFGH"
          expiresAt="2026-12-04T10:00:00Z"
          personLabel="สมชาย ใจดี (E100)"
        />
      </>,
    );
    // Not yet: the pack is on its way.
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.queryByText(/ABCD/)).toBeNull();
    const dialog = await screen.findByRole('alertdialog', {
      name: 'เซสชันของคุณใกล้หมดเวลาแล้ว',
    });
    expect(dialog).toHaveTextContent('ระบบจะออกจากระบบให้ในอีก 30 วินาที');
    expect(screen.getByRole('button', { name: 'อยู่ในระบบต่อ' })).toBeVisible();
    expect(await screen.findByText(/รหัสเปิดใช้งานสำหรับ สมชาย ใจดี \(E100\)/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'คัดลอกรหัส' })).toBeVisible();
  });
});
