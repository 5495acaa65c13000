import { type Calendar, intlLocale, type Locale } from './locales';

const formats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(locale: Locale, calendar: Calendar): Intl.DateTimeFormat {
  const key = `${locale}/${calendar}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(intlLocale(locale, calendar), {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'UTC',
    });
    formats.set(key, format);
  }
  return format;
}

/**
 * A day (`YYYY-MM-DD`, as the API sends it and the date fields take it) as a person reads it:
 * in English the spec's `YYYY-MM-DD` itself; in Thai the day, the month's short name and the
 * year, in the Buddhist era unless the person chose the Gregorian one ("25 พ.ย. 2569").
 * Anything that is not such a day is returned as it came.
 */
export function formatDay(day: string, locale: Locale, calendar: Calendar = 'buddhist'): string {
  if (locale === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return day;
  const at = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : dayFormat(locale, calendar).format(at);
}

/**
 * A message's values with each day (`1900-01-01` in "between 1900-01-01 and today") written as
 * the language's screens write days, so that a Thai message never shows a Gregorian ISO day.
 */
export function daysIn(
  values: Readonly<Record<string, string>>,
  locale: Locale,
  calendar: Calendar = 'buddhist',
): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [name, formatDay(value, locale, calendar)]),
  );
}

/** A day and a time (`YYYY-MM-DD HH:MM`): the day as {@link formatDay}, the time as it is. */
export function formatDayTime(
  dayTime: string,
  locale: Locale,
  calendar: Calendar = 'buddhist',
): string {
  const match = /^(\d{4}-\d{2}-\d{2})([ T])(\d{2}:\d{2})/.exec(dayTime);
  if (!match?.[1] || !match[3]) return dayTime;
  return `${formatDay(match[1], locale, calendar)} ${match[3]}`;
}

/** A number with the language's grouping ("1,234" in both: Thai hospitals write Arabic digits). */
export function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(intlLocale(locale)).format(value);
}
