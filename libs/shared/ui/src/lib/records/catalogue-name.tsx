import { NO_CHRONIC_DISEASES_MESSAGE, NO_DRUG_ALLERGIES_MESSAGE } from '@portal/contract';
import { translateEnglish } from '@portal/i18n';
import { diseaseName, drugName } from '@portal/reference-data';
import { useLocale } from '../i18n/use-t';

/**
 * The name to show for a catalogue code in `locale`: a name that is the catalogue's English one
 * for this code (a drug's or a disease's) is shown as the catalogue writes it in that language.
 */
function localCatalogueName(name: string, code: string, locale: string): string {
  if (locale === 'en') return name;
  for (const lookUp of [drugName, diseaseName]) {
    if (lookUp(code) === name) return lookUp(code, locale) ?? name;
  }
  return name;
}

/**
 * A catalogue entry as a person reads it: its name, the portal's code after it in small print
 * (what a clinician or the Help Desk quotes); the code alone only when the catalogue does not
 * know it. The name is shown in the language chosen (the English name passed in is enough).
 */
export function CatalogueName({ name, code }: { name: string | undefined; code: string }) {
  const locale = useLocale();
  if (!name) return <span className="font-mono">{code}</span>;
  return (
    <>
      <span className="font-semibold">{localCatalogueName(name, code, locale)}</span>{' '}
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
}: {
  catalogue: keyof typeof CATALOGUES;
  codes: readonly string[];
}) {
  const locale = useLocale();
  const { name, none } = CATALOGUES[catalogue];
  if (!codes.length) return <p className="text-muted">{translateEnglish(none)}</p>;
  return (
    <ul className="flex flex-col gap-1">
      {codes.map((code) => (
        <li key={code}>
          <CatalogueName name={name(code, locale)} code={code} />
        </li>
      ))}
    </ul>
  );
}
