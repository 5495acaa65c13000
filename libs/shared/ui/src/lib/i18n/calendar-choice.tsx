import { chooseCalendar } from '@portal/i18n';
import { useId } from 'react';
import { useCalendar, useLocale, useT } from './use-t';

/**
 * Whether Thai dates are shown in the Buddhist era (พ.ศ., the default) or the Gregorian one: a
 * checkbox, shown only while the page is in Thai (English dates are the spec's ISO days).
 */
export function CalendarChoice() {
  const t = useT();
  const locale = useLocale();
  const calendar = useCalendar();
  const id = useId();
  if (locale !== 'th') return null;
  return (
    <div className="flex min-h-11 items-center gap-3">
      <input
        id={id}
        type="checkbox"
        className="size-5 accent-brand-700"
        checked={calendar === 'buddhist'}
        onChange={(event) => chooseCalendar(event.target.checked ? 'buddhist' : 'gregory')}
      />
      <label htmlFor={id} className="text-base">
        {t('common.language.calendar')}
      </label>
    </div>
  );
}
