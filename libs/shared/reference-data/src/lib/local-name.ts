// The names in another language than English, registered as they arrive: a module of its own
// (no data), so that the i18n runtime, which registers them, carries none of the lists.

/** The names registered in each language but English (addLocalNames), by id. */
const localNames = new Map<string, Readonly<Record<string, string>>>();

/**
 * Registers the names of entries in `locale` (lib/local-names.ts LOCAL_NAMES, or a part): the
 * browser as a Thai pack that carries them arrives (@portal/i18n), the tests and Node code
 * before they ask for a Thai name.
 */
export function addLocalNames(locale: string, names: Readonly<Record<string, string>>): void {
  localNames.set(locale, { ...localNames.get(locale), ...names });
}

/**
 * A named entry (catalogue, department, position) in the language a person reads: its name
 * registered in that language, else its English one.
 */
export function localName(
  entry: { readonly id: string; readonly name: string },
  locale: string,
): string {
  return localNames.get(locale)?.[entry.id] ?? entry.name;
}
