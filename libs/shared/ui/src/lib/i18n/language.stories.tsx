import type { Meta, StoryObj } from '@storybook/react-vite';
import { activateLocale } from '@portal/i18n';
import { expect, waitFor } from 'storybook/test';
import { CalendarChoice } from './calendar-choice';
import { LanguageSwitch } from './language-switch';
import { Msg, useFormat, useT } from './use-t';

/** A page's texts beside the switch: they follow it at once. */
function Sample() {
  const t = useT();
  const format = useFormat();
  return (
    <div className="flex flex-col gap-3">
      <p>{t('common.loading')}</p>
      <p>
        <Msg
          id="common.topBar.signedInAs"
          values={{ name: 'Malee Srisuk', role: 'Patient' }}
          components={{ 0: <strong /> }}
        />
      </p>
      <p data-testid="day">{format.day('2026-11-25')}</p>
      <CalendarChoice />
    </div>
  );
}

const meta = {
  title: 'Components/Language/LanguageSwitch',
  tags: ['autodocs'],
  component: LanguageSwitch,
  subcomponents: { CalendarChoice, Msg },
  decorators: [
    (Story) => (
      <div className="flex max-w-md flex-col gap-4 p-4">
        <Story />
        <Sample />
      </div>
    ),
  ],
  // The story chooses a language: put English back for the next one.
  beforeEach: () => () => activateLocale('en', 'all'),
} satisfies Meta<typeof LanguageSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

/** English, the spec's words: dates as ISO days, no calendar to choose. */
export const English: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('combobox', { name: 'Language' })).toHaveDisplayValue('English');
    await expect(canvas.getByTestId('day')).toHaveTextContent('2026-11-25');
    await expect(canvas.queryByRole('checkbox')).not.toBeInTheDocument();
  },
};

/** ไทย chosen: every text follows at once; Thai dates in the Buddhist era, the Gregorian on request. */
export const ChoosingThai: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Language' }), 'th');
    await waitFor(() => expect(document.documentElement.lang).toBe('th'));
    await expect(canvas.getByRole('combobox', { name: 'ภาษา' })).toHaveDisplayValue('ไทย');
    await expect(canvas.getByText('กำลังโหลด…')).toBeVisible();
    await expect(canvas.getByTestId('day')).toHaveTextContent(/2569/);
    await userEvent.click(canvas.getByRole('checkbox'));
    await expect(canvas.getByTestId('day')).toHaveTextContent(/2026/);
    await userEvent.click(canvas.getByRole('checkbox'));
  },
};
