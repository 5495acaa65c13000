import { NO_CHRONIC_DISEASES_MESSAGE, NO_DRUG_ALLERGIES_MESSAGE } from '@portal/contract';
import { translateEnglish } from '@portal/i18n';
import { diseaseName, drugLabel, drugName, type DrugNameReader } from '@portal/reference-data';
import { useLocale } from '../i18n/use-t';

/**
 * The name to show for a catalogue code in `locale`: a name that is the catalogue's English one
 * for this code is shown as its reader reads it, a disease as the catalogue writes it in that
 * language, a drug by its English generic name (a patient's with the Thai beside it: drugLabel).
 */
function localCatalogueName(
  name: string,
  code: string,
  locale: string,
  reader: DrugNameReader,
): string {
  if (locale === 'en') return name;
  if (drugName(code) === name) return drugLabel(code, locale, reader) ?? name;
  if (diseaseName(code) === name) return diseaseName(code, locale) ?? name;
  return name;
}

/**
 * A catalogue entry as a person reads it: its name, the portal's code after it in small print
 * (what a clinician or the Help Desk quotes); the code alone only when the catalogue does not
 * know it. The name is shown in the language chosen (the English name passed in is enough).
 */
export function CatalogueName({
  name,
  code,
  reader,
}: {
  name: string | undefined;
  code: string;
  /** Who reads it: a clinician reads a drug by its English generic name in every language. */
  reader: DrugNameReader;
}) {
  const locale = useLocale();
  if (!name) return <span className="font-mono">{code}</span>;
  return (
    <>
      <span className="font-semibold">{localCatalogueName(name, code, locale, reader)}</span>{' '}
      <span className="font-mono text-sm text-muted">({code})</span>
    </>
  );
}

const CATALOGUES = {
  disease: { name: diseaseName, none: NO_CHRONIC_DISEASES_MESSAGE },
  drug: { name: drugName, none: NO_DRUG_ALLERGIES_MESSAGE },
} as const;

/**
 * A record's entries of one catalogue (its chronic diseases, its drug allergies) as a list of
 * names in the language shown, or the spec's words for none ('No chronic diseases').
 */
export function CatalogueList({
  catalogue,
  codes,
  reader,
}: {
  catalogue: keyof typeof CATALOGUES;
  codes: readonly string[];
  /** Who reads it (a clinician or the patient): see CatalogueName. */
  reader: DrugNameReader;
}) {
  useLocale(); // the spec's words for none, again after a switch
  const { name, none } = CATALOGUES[catalogue];
  if (!codes.length) return <p className="text-muted">{translateEnglish(none)}</p>;
  return (
    <ul className="flex flex-col gap-1">
      {codes.map((code) => (
        <li key={code}>
          <CatalogueName name={name(code)} code={code} reader={reader} />
        </li>
      ))}
    </ul>
  );
}
