// The portal's languages are reference data (@portal/reference-data), shared with the contract;
// the catalogues' library offers them to its users as its own.
export {
  bestLocale,
  type Calendar,
  CALENDAR_STORAGE_KEY,
  CALENDARS,
  intlLocale,
  isLocale,
  type Locale,
  LOCALE_NAMES,
  LOCALE_STORAGE_KEY,
  localeFromAcceptLanguage,
  LOCALES,
  SOURCE_LOCALE,
} from '@portal/reference-data';
