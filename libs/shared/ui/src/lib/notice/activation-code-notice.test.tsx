import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { activateLocale } from '@portal/i18n';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ActivationCodeNotice } from './activation-code-notice';

const props = {
  code: 'abcd efgh jkmn',
  expiresAt: '2025-09-14T10:00:00Z',
  personLabel: 'Somchai Jaidee (P051)',
};

describe('ActivationCodeNotice', () => {
  it('is a success notice with the formatted code, its expiry and what to do', () => {
    render(<ActivationCodeNotice {...props} />);
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('Activation code for Somchai Jaidee (P051)');
    expect(screen.getByText('ABCD-EFGH-JKMN')).toBeInTheDocument();
    expect(notice).toHaveTextContent(
      'Give this code to Somchai Jaidee (P051): they register at /login with their ID and this code. It works once and expires on 2025-09-14.',
    );
    expect(screen.getByText('2025-09-14')).toHaveAttribute('datetime', '2025-09-14T10:00:00.000Z');
  });

  it('copies the code and says so', async () => {
    const user = userEvent.setup();
    render(<ActivationCodeNotice {...props} />);
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(await navigator.clipboard.readText()).toBe('ABCD-EFGH-JKMN');
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument();
  });

  it('offers Copy again for a new code', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<ActivationCodeNotice {...props} />);
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    rerender(<ActivationCodeNotice {...props} code="MNPQRSTVWXYZ" />);
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('asks to copy by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    render(<ActivationCodeNotice {...props} />);
    await user.click(screen.getByRole('button', { name: 'Copy code' }));
    expect(
      await screen.findByText('Could not copy: select the code and copy it by hand.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy code' })).toBeInTheDocument();
  });

  it('can take focus after a submit', () => {
    const ref = createRef<HTMLDivElement>();
    render(<ActivationCodeNotice ref={ref} {...props} title="Patient P051 added" />);
    ref.current?.focus();
    expect(screen.getByRole('status')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Patient P051 added');
  });
});

describe('ActivationCodeNotice in Thai', () => {
  afterEach(() => activateLocale('en', 'all'));

  it('says what to do in Thai, the expiry in the Buddhist era', async () => {
    await act(() => activateLocale('th', 'all'));
    render(
      <ActivationCodeNotice
        {...props}
        handout={{ name: 'Somchai Jaidee', id: 'P051', role: 'Patient' }}
        onDismiss={vi.fn()}
      />,
    );
    const notice = screen.getByRole('status');
    expect(notice).toHaveTextContent('รหัสเปิดใช้งานสำหรับ Somchai Jaidee (P051)');
    expect(notice).toHaveTextContent(
      'มอบรหัสนี้ให้ Somchai Jaidee (P051) เพื่อลงทะเบียนที่ /login ด้วยรหัสประจำตัวและรหัสนี้ รหัสใช้ได้ครั้งเดียวและหมดอายุวันที่ 14 ก.ย. 2568',
    );
    expect(notice.querySelector('time')).toHaveAttribute('datetime', '2025-09-14T10:00:00.000Z');
    expect(screen.getByRole('button', { name: 'คัดลอกรหัส' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'พิมพ์เอกสารสำหรับผู้รับรหัส' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ปิด' })).toBeInTheDocument();
    const handout = document.querySelector<HTMLElement>('body > [data-print-handout]');
    expect(handout).toHaveTextContent('วิธีลงทะเบียน');
    expect(handout).toHaveTextContent('ใช้ได้ถึง14 ก.ย. 2568');
  });
});
