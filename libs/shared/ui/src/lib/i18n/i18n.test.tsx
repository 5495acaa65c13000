import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale, i18n, LOCALE_STORAGE_KEY } from '@portal/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageSwitch } from './language-switch';
import { Msg, useT } from './use-t';

afterEach(() => activateLocale('en', 'all'));

function Probe() {
  return <p>{useT()('common.loading')}</p>;
}

describe('the language switch', () => {
  it('shows the page in the chosen language at once, keeps the choice and sets <html lang>', async () => {
    render(
      <>
        <LanguageSwitch />
        <Probe />
      </>,
    );
    expect(screen.getByText('Loading…')).toBeVisible();
    const select = screen.getByRole('combobox', { name: 'Language' });
    expect(select).toHaveDisplayValue('English');
    await userEvent.selectOptions(select, 'ไทย');
    expect(await screen.findByText('กำลังโหลด…')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'ภาษา' })).toHaveDisplayValue('ไทย');
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('th');
    expect(document.documentElement.lang).toBe('th');
  });
});

describe('Msg', () => {
  it('puts the catalogue’s words inside the components its tags name', async () => {
    await act(() => activateLocale('en', 'all'));
    i18n.load('en', { 'common.test.markup': 'Read <0>the guide</0> and <1/> then go.' });
    render(
      <p data-testid="msg">
        <Msg
          id={'common.test.markup' as 'common.loading'}
          components={{ 0: <a href="/guide">guide</a>, 1: <strong>twice</strong> }}
        />
      </p>,
    );
    expect(screen.getByRole('link', { name: 'the guide' })).toHaveAttribute('href', '/guide');
    expect(screen.getByTestId('msg')).toHaveTextContent('Read the guide and twice then go.');
  });
});
