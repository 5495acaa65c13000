// Plain code only (no schema): every page that shows a date may import it.

/*
 * One date format on every screen: a day is `YYYY-MM-DD`, as the API sends dates and
 * the date fields take them; an instant is that day and `HH:MM`, in the browser's time zone.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** The day of an instant in the browser's time zone: `2026-11-25`. */
export function localDay(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}`;
}

/** An instant in the browser's time zone: `2026-11-25 14:05`. */
export function localDayTime(at: Date): string {
  return `${localDay(at)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}
