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

/** Who reads a drug's name: a clinician, or the patient whose medicine it is. */
export type DrugNameReader = 'clinician' | 'patient';

/** Whether a substance kind (an allergy's, a catalogue entry's) is a medicine or a class of them. */
export function isDrugKind(kind: string | undefined): boolean {
  return kind === 'drug' || kind === 'class';
}

/**
 * A drug's name as its reader reads it. Clinicians read the English generic name in every
 * language, as Thai hospitals write charts and prescriptions (a transliteration is harder to
 * read and to search); a patient reading another language gets its name beside the English
 * one, which the box and the label carry: "Amoxicillin (อะม็อกซีซิลลิน)".
 */
export function drugNameFor(
  reader: DrugNameReader,
  english: string,
  local: string | null | undefined,
): string {
  return reader === 'patient' && local && local !== english ? `${english} (${local})` : english;
}

/**
 * A catalogue entry (a condition, a substance with its kind) in the language a person reads:
 * a drug as {@link drugNameFor} has it; anything else by its name in that language where one
 * was written (`name_th`), else the English term.
 */
export function catalogueEntryName(
  entry: { readonly name: string; readonly name_th: string | null; readonly kind?: string },
  locale: string,
  reader: DrugNameReader,
): string {
  const local = locale === 'th' ? entry.name_th : null;
  if (isDrugKind(entry.kind)) return drugNameFor(reader, entry.name, local);
  return local || entry.name;
}
