import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ROUTES } from '@portal/contract';
import { activateLocale } from '@portal/i18n';
import { renderWithProviders, setupMswServer } from '@portal/testing';
import { LandingPage } from './landing-page';

// The landing page calls no API. setupMswServer sets up Vitest hooks; it is not a React hook.
setupMswServer();

beforeEach(() => act(() => activateLocale('th', 'all')));
afterEach(() => activateLocale('en', 'all'));

describe('LandingPage in Thai', () => {
  it('reads in Thai: the hero, the figures, the highlights, the user groups and the call to action', () => {
    renderWithProviders(<LandingPage />, { route: ROUTES.home, session: null });

    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'การดูแลที่รู้จักคุณ ไม่ว่าคุณจะมาพบเราที่ใด',
    );
    expect(screen.getByRole('link', { name: 'ระบบของเรา' })).toHaveAttribute('href', ROUTES.login);
    expect(screen.getByRole('button', { name: 'ข้อมูลระบบ' })).toBeVisible();

    const stats = screen.getByRole('region', { name: 'โรงพยาบาลในตัวเลข' });
    expect(
      within(stats)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['ปีแห่งการดูแลที่ไว้วางใจได้', 'การรักษาที่ประสบความสำเร็จ', 'การดูแลทุกวัน']);
    // Screen readers hear the final figure, the million in Thai words.
    expect(
      within(stats).getByText('21 ล้าน', { ignore: '[aria-hidden="true"]' }),
    ).toBeInTheDocument();

    expect(screen.getByRole('heading', { level: 2, name: 'การรักษาขั้นสูง' })).toBeVisible();
    expect(screen.getByRole('heading', { level: 3, name: 'ศูนย์หัวใจและหลอดเลือด' })).toBeVisible();
    const groups = screen.getByRole('region', { name: 'ระบบเดียวสำหรับทุกคนที่ดูแลสุขภาพของคุณ' });
    expect(
      within(groups)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['ผู้ป่วย', 'บุคลากรทางการแพทย์', 'ฝ่ายทรัพยากรบุคคล (HR)']);
    expect(screen.getByRole('heading', { level: 2, name: 'พร้อมดูแลคุณเสมอ' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'เข้าใช้ระบบ' })).toHaveAttribute('href', ROUTES.login);
    // No English word of the page is left.
    expect(screen.queryByText(/Care that knows you|Advanced care|Ready when you are/)).toBeNull();
  });

  it('comes back in English when the language switches back', async () => {
    renderWithProviders(<LandingPage />, { route: ROUTES.home, session: null });
    await act(() => activateLocale('en', 'all'));
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Care that knows you, wherever you meet us',
    );
    expect(screen.getByText('21M', { ignore: '[aria-hidden="true"]' })).toBeInTheDocument();
  });
});
