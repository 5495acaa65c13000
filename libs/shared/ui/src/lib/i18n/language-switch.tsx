import { chooseLocale, isLocale, type Locale, LOCALE_NAMES, LOCALES } from '@portal/i18n';
import { useId } from 'react';
import { useLocale, useT } from './use-t';

/**
 * The language switch: the portal's languages, each named in itself ("English", "ไทย"), with
 * the label "Language" in the language shown now. A choice shows the page in that language at
 * once and is remembered in this browser.
 */
export function LanguageSwitch({
  className = '',
  onChosen,
}: {
  className?: string;
  /** Called with the language chosen, once it shows (the shell keeps it on the account). */
  onChosen?: (locale: Locale) => void;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <div className={`flex items-center ${className}`}>
      <label htmlFor={id} className="sr-only">
        {t('common.language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isLocale(chosen)) void chooseLocale(chosen).then(() => onChosen?.(chosen));
        }}
        className="min-h-11 rounded-lg border border-line bg-surface px-2 text-sm font-semibold text-brand-800 hover:bg-brand-50"
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
