import type { Messages } from '@lingui/core';
import { LOCAL_NAMES } from '@portal/reference-data';
import type { Locale } from './locales';

// Each catalogue whole, compiled at build time by @lingui/vite-plugin (`?lingui`), for the
// tests and Storybook (`loadMessages(locale, 'all')`), which show every app's screens. The
// apps fetch none: their scopes' `base` packs and the packs their pages ask for (catalogs.ts).
// A module of its own, imported on demand, so that the apps' start-up code does not carry it.
// (Keyed by the scopes of catalogs.ts, which imports this module: no import back.)
export const WHOLE: Record<Locale, Record<string, () => Promise<{ messages: Messages }>>> = {
  en: {
    common: () => import('../catalogs/en/common.json?lingui'),
    contract: () => import('../catalogs/en/contract.json?lingui'),
    public: () => import('../catalogs/en/public.json?lingui'),
    clinical: () => import('../catalogs/en/clinical.json?lingui'),
    hr: () => import('../catalogs/en/hr.json?lingui'),
  },
  th: {
    common: () => import('../catalogs/th/common.json?lingui'),
    contract: () => import('../catalogs/th/contract.json?lingui'),
    public: () => import('../catalogs/th/public.json?lingui'),
    clinical: () => import('../catalogs/th/clinical.json?lingui'),
    hr: () => import('../catalogs/th/hr.json?lingui'),
  },
};

/** Every name of reference-data's entries in `locale` (none in English, the entries' own). */
export const wholeNames = (locale: Locale): Readonly<Record<string, string>> | undefined =>
  locale === 'en' ? undefined : LOCAL_NAMES[locale];
