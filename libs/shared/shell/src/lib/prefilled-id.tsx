import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PREFILL_PARAMS } from '@portal/contract';

/**
 * The id a form page was opened for (`?patient_id=P037`, `?employee_id=E012`), trimmed and
 * upper-cased, or '' when there is none. Read once, as the page opens: the form owns the value
 * from then on (a chart's link, or an address typed by hand).
 */
export function usePrefilledId(kind: keyof typeof PREFILL_PARAMS): string {
  const [params] = useSearchParams();
  const [id] = useState(() => (params.get(PREFILL_PARAMS[kind]) ?? '').trim().toUpperCase());
  return id;
}
