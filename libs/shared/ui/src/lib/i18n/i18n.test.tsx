import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { activateLocale, i18n, LOCALE_STORAGE_KEY } from '@portal/i18n';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageSwitch } from './language-switch';
import { CalendarChoice } from './calendar-choice';
import { Msg, useFormat, useT } from './use-t';

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

describe('dates', () => {
  function Day() {
    return <p data-testid="day">{useFormat().day('2026-11-25')}</p>;
  }

  it('are the spec’s ISO days in English, with no calendar to choose', () => {
    render(
      <>
        <CalendarChoice />
        <Day />
      </>,
    );
    expect(screen.getByTestId('day')).toHaveTextContent('2026-11-25');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('are in the Buddhist era in Thai until the person chooses the Gregorian one', async () => {
    await act(() => activateLocale('th', 'all'));
    render(
      <>
        <CalendarChoice />
        <Day />
      </>,
    );
    expect(screen.getByTestId('day')).toHaveTextContent(/25.*2569/);
    const choice = screen.getByRole('checkbox', { name: 'แสดงวันที่ภาษาไทยเป็นพุทธศักราช' });
    expect(choice).toBeChecked();
    await userEvent.click(choice);
    expect(screen.getByTestId('day')).toHaveTextContent(/25.*2026/);
    expect(choice).not.toBeChecked();
  });
});
