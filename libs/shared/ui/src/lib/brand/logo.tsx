import type { Locale } from '@portal/i18n';
import { useLocale, useT } from '../i18n/use-t';

/** The hospital's full name, for accessible names and titles (written once, in reference-data). */
export { HOSPITAL_NAME } from '@portal/reference-data';

/** The portal's own logo: a cross in a rounded shield. Decorative unless given a label. */
export function Logo({ size = 40, label }: { size?: number; label?: string }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <path d="M24 3 42 9v14c0 11-7.6 19.4-18 22C13.6 42.4 6 34 6 23V9z" fill="#0f6b5c" />
      <path
        d="M24 7.3 38 12v11c0 8.8-5.9 15.6-14 17.9C15.9 38.6 10 31.8 10 23V12z"
        fill="#effaf8"
      />
      <path d="M20 14h8v6h6v8h-6v6h-8v-6h-6v-8h6z" fill="#15806f" />
    </svg>
  );
}

/**
 * Languages that put the generic word first ("โรงพยาบาลริเวอร์ไซด์ เจเนอรัล"): there the small
 * "Hospital" line comes before the name rather than after it, so the lines read in order, to the
 * eye and to a screen reader alike.
 */
const GENERIC_WORD_FIRST: ReadonlySet<Locale> = new Set<Locale>(['th']);

/** The hospital's name on two lines, as the top bar shows it, in the language's word order. */
export function HospitalName({ className = '' }: { className?: string }) {
  const t = useT();
  const name = (
    <span key="name" className="text-base font-bold tracking-tight text-brand-800">
      {t('common.brand.nameMain')}
    </span>
  );
  const generic = (
    <span key="generic" className="text-xs font-medium tracking-wide text-muted uppercase">
      {t('common.brand.nameSub')}
    </span>
  );
  return (
    <span className={`flex flex-col leading-tight ${className}`}>
      {GENERIC_WORD_FIRST.has(useLocale()) ? [generic, name] : [name, generic]}
    </span>
  );
}
