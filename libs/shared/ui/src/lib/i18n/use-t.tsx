import {
  type Calendar,
  chosenCalendar,
  currentLocale,
  formatDay,
  formatDayTime,
  formatNumber,
  i18n,
  type Locale,
  type MessageId,
  type MessageValues,
} from '@portal/i18n';
import {
  cloneElement,
  Fragment,
  type ReactElement,
  type ReactNode,
  useCallback,
  useMemo,
  useSyncExternalStore,
} from 'react';

const subscribe = (onChange: () => void) => i18n.on('change', onChange);

/**
 * The language shown now; a component that uses it (or {@link useT}) re-renders when the
 * language switch changes it. No provider is needed: the portal has one Lingui instance.
 */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, currentLocale, currentLocale);
}

/** A message function in the language shown now: `t('common.loading')`. */
export function useT(): (id: MessageId, values?: MessageValues) => string {
  const locale = useLocale();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- a new function per language
  return useCallback((id, values) => i18n._(id, values), [locale]);
}

/**
 * A message with markup in it: the catalogue writes `<0>…</0>` (or `<0/>`) where
 * `components[0]` goes, wrapping those words (a link, a strong word), so that translators move
 * the markup with the words. One level: tags do not nest.
 */
export function Msg({
  id,
  values,
  components = {},
}: {
  id: MessageId;
  values?: MessageValues;
  components?: Readonly<Record<string, ReactElement<{ children?: ReactNode }>>>;
}) {
  const t = useT();
  const parts: ReactNode[] = [];
  const text = t(id, values);
  const tag = /<(\d+)>(.*?)<\/\1>|<(\d+)\s*\/>/gs;
  let at = 0;
  for (let match = tag.exec(text); match; match = tag.exec(text)) {
    if (match.index > at) parts.push(text.slice(at, match.index));
    const name = match[1] ?? match[3] ?? '';
    const component = components[name];
    const inner = match[1] === undefined ? undefined : match[2];
    parts.push(
      component
        ? cloneElement(
            component,
            { key: `${name}@${match.index}` },
            inner ?? component.props.children,
          )
        : (inner ?? ''),
    );
    at = match.index + match[0].length;
  }
  if (at < text.length) parts.push(text.slice(at));
  return <Fragment>{parts}</Fragment>;
}

/** The calendar Thai dates are shown in; a component that uses it re-renders on a change. */
export function useCalendar(): Calendar {
  return useSyncExternalStore(subscribe, chosenCalendar, chosenCalendar);
}

/** Days, times and numbers as the language shown now writes them (see @portal/i18n's format). */
export function useFormat() {
  const locale = useLocale();
  const calendar = useCalendar();
  return useMemo(
    () => ({
      day: (day: string) => formatDay(day, locale, calendar),
      dayTime: (dayTime: string) => formatDayTime(dayTime, locale, calendar),
      number: (value: number) => formatNumber(value, locale),
    }),
    [locale, calendar],
  );
}
