// How a drug is named to its reader: a module of its own, so that only the pages that name
// drugs carry it (not the start-up chunk, nor the catalogues every API layer loads).
import { drugName } from './catalogues';

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

/**
 * A drug id as `reader` reads it in `locale` ({@link drugNameFor}: the English generic name for
 * clinicians, the Thai beside it for a patient), or undefined for an unknown id.
 */
export function drugLabel(id: string, locale: string, reader: DrugNameReader): string | undefined {
  const english = drugName(id);
  return english && drugNameFor(reader, english, drugName(id, locale));
}
