import { localDayTime } from '@portal/contract';

/** An instant as the patient's clock reads it: `YYYY-MM-DD HH:MM` in the browser's time zone. */
export function localDateTime(iso: string): string {
  return localDayTime(new Date(iso));
}
