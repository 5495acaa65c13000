// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the `?lingui` modules' type, for every project that compiles this file
/// <reference path="../catalog-modules.d.ts" />
import type { Messages } from '@lingui/core';
import type { Locale } from './locales';
import type { CompiledPack, Pack } from './packs';
import type { ReadBackTable } from './read-back';
import type enClinical from '../catalogs/en/clinical.json';
import type enCommon from '../catalogs/en/common.json';
import type enContract from '../catalogs/en/contract.json';
import type enHr from '../catalogs/en/hr.json';
import type enPublic from '../catalogs/en/public.json';

/**
 * The catalogues: `common` for the shared screens' texts (frame, widgets, forms, session),
 * `contract` for the contract's messages (the spec's texts, the rules' messages, the API's
 * problems: the server translates with it too), and one per app. An app loads the two shared
 * ones and its own, in the chosen language only.
 */
export const SCOPES = ['common', 'contract', 'public', 'clinical', 'hr'] as const;
export type Scope = (typeof SCOPES)[number];
/** The scope of an app: the catalogue it loads beside the shared ones. */
export type AppScope = Exclude<Scope, 'common' | 'contract'>;

/**
 * Every message's id, from the English catalogues (the source language's): a text asked for
 * by an id that no catalogue has is a type error.
 */
export type MessageId =
  | keyof typeof enCommon
  | keyof typeof enContract
  | keyof typeof enPublic
  | keyof typeof enClinical
  | keyof typeof enHr;

export type CompiledCatalog = { messages: Messages };

/**
 * The `base` pack of each app's catalogue (lib/packs.ts), with the shared catalogue's (one
 * module, tools/vite/lingui.ts): the areas no page's pack names (the frame, the forms' words,
 * what every page of the app shows), fetched at the app's start; in another language than
 * English with the read-back table of the frame's texts (READ_BACK_FIRST).
 */
const BASE: Record<Locale, Record<AppScope, () => Promise<CompiledPack>>> = {
  en: {
    public: () => import('../catalogs/en/public.json?pack=base&messages'),
    clinical: () => import('../catalogs/en/clinical.json?pack=base&messages'),
    hr: () => import('../catalogs/en/hr.json?pack=base&messages'),
  },
  th: {
    public: () => import('../catalogs/th/public.json?pack=base&messages'),
    clinical: () => import('../catalogs/th/clinical.json?pack=base&messages'),
    hr: () => import('../catalogs/th/hr.json?pack=base&messages'),
  },
};

// The read-back tables of each language but English (tools/vite/lingui.ts, `?readback`):
// `first`, the frame's texts (the app's `base` pack has the same table: the tests and Storybook
// load this one), and `rest`, every other text, once the first page is shown.
/** The languages but English, the source: the ones that read the contract's English back. */
export type ReadBackLocale = Exclude<Locale, 'en'>;
/** Whether `locale` reads the contract's English back (every language but English). */
export const readsBack = (locale: Locale): locale is ReadBackLocale => locale !== 'en';
const READ_BACK: Record<ReadBackLocale, Record<'first' | 'rest', () => Promise<ReadBackTable>>> = {
  th: {
    first: () => import('../catalogs/th/contract.json?readback=first'),
    rest: () => import('../catalogs/th/contract.json?readback=rest'),
  },
};

/** A read-back table of a language: the translations of the contract's English texts. */
export const loadReadBack = (
  locale: ReadBackLocale,
  part: 'first' | 'rest',
): Promise<ReadBackTable> => READ_BACK[locale][part]();

/**
 * An app's messages in one language, compiled: the `base` pack of the app's catalogue (with
 * `common`'s) and the packs its pages asked for so far (`packs`), with the read-back tables
 * and reference-data's names they carry; `all` for the tests and Storybook, which show every
 * app's screens: every catalogue whole and every name (and no read-back table: they load the
 * whole tables, `loadReadBack`).
 */
export async function loadMessages(
  locale: Locale,
  scope: AppScope | 'all',
  packs: Iterable<Pack> = [],
): Promise<{
  messages: Messages;
  readBack: ReadBackTable[];
  names: Readonly<Record<string, string>>[];
}> {
  const loaders =
    scope === 'all'
      ? [
          ...SCOPES.map((each) => async (): Promise<CompiledPack> => {
            const whole = (await import('./whole-catalogs')).WHOLE[locale][each];
            if (!whole) throw new Error(`No catalogue ${each}`);
            return whole();
          }),
          async (): Promise<CompiledPack> => ({
            messages: {},
            names: (await import('./whole-catalogs')).wholeNames(locale),
          }),
        ]
      : [BASE[locale][scope], ...[...packs].map((pack) => pack[locale])];
  const catalogs = await Promise.all(loaders.map((load) => load()));
  return {
    messages: Object.assign({}, ...catalogs.map((catalog) => catalog.messages)) as Messages,
    readBack: catalogs.flatMap((catalog) => (catalog.readBack ? [catalog.readBack] : [])),
    names: catalogs.flatMap((catalog) => (catalog.names ? [catalog.names] : [])),
  };
}
