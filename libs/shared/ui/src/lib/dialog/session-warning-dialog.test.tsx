import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale } from '@portal/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SessionWarningDialog } from './session-warning-dialog';

function renderWarning(secondsLeft = 45) {
  const onStay = vi.fn();
  const onLogout = vi.fn();
  const result = render(
    <SessionWarningDialog open secondsLeft={secondsLeft} onStay={onStay} onLogout={onLogout} />,
  );
  return { ...result, onStay, onLogout, user: userEvent.setup() };
}

describe('SessionWarningDialog', () => {
  it('warns with the seconds left, focused on staying', () => {
    renderWarning(45);
    const dialog = screen.getByRole('alertdialog', { name: 'Your session is about to end' });
    expect(dialog).toHaveAccessibleDescription(
      'You will be signed out in 45 seconds unless you stay signed in.',
    );
    expect(screen.getByRole('button', { name: 'Stay signed in' })).toHaveFocus();
  });

  it('says "1 second", not "1 seconds"', () => {
    renderWarning(1);
    expect(screen.getByRole('alertdialog')).toHaveAccessibleDescription(
      'You will be signed out in 1 second unless you stay signed in.',
    );
  });

  it('calls onStay from its button and from Escape', async () => {
    const { user, onStay, onLogout } = renderWarning();
    await user.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await user.keyboard('{Escape}');
    expect(onStay).toHaveBeenCalledTimes(2);
    expect(onLogout).not.toHaveBeenCalled();
  });

  it('calls onLogout from Log out', async () => {
    const { user, onStay, onLogout } = renderWarning();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
    expect(onStay).not.toHaveBeenCalled();
  });

  it('shows nothing while closed', () => {
    render(
      <SessionWarningDialog open={false} secondsLeft={30} onStay={vi.fn()} onLogout={vi.fn()} />,
    );
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('SessionWarningDialog in Thai', () => {
  afterEach(() => activateLocale('en', 'all'));

  it('warns in Thai with the seconds left, focused on staying', async () => {
    await act(() => activateLocale('th', 'all'));
    const { user, onLogout } = renderWarning(1);
    const dialog = screen.getByRole('alertdialog', { name: 'เซสชันของคุณใกล้หมดเวลาแล้ว' });
    expect(dialog).toHaveAccessibleDescription(
      'ระบบจะออกจากระบบให้ในอีก 1 วินาที หากคุณไม่เลือกอยู่ในระบบต่อ',
    );
    expect(screen.getByRole('button', { name: 'อยู่ในระบบต่อ' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'ออกจากระบบ' }));
    expect(onLogout).toHaveBeenCalledTimes(1);
  });
});
