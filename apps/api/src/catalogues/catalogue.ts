/**
 * The coded catalogues (docs/reference-codes.md): every diagnosis of ICD-10, drugs as RxNorm
 * ingredients with their ATC codes, ATC drug classes, foods and environmental substances with
 * SNOMED CT codes. The entries come from the generated data file beside this module
 * (`data/catalogue.json.gz.base64`, written by tools/catalogues/extract.mjs from the published
 * sources), read once per process on first use. The catalogues are reference data that
 * change only with a new data file, so they live in memory, not in the database: records keep
 * an entry's id (`icd:E11.9`), and the searches (search.ts) read an index built in memory.
 */
import { gunzipSync } from 'node:zlib';
import { SUBSTANCE_KINDS, type SubstanceKind } from '@portal/contract';
import { CODE_SYSTEMS, type DiseaseId, type DrugId } from '@portal/reference-data';

export { SUBSTANCE_KINDS, type SubstanceKind };

/** The kinds of entry: a diagnosis, or what an allergy can be to. */
export const CATALOGUE_KINDS = ['condition', ...SUBSTANCE_KINDS] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** The code systems of the data file, by the short names it uses. */
const SYSTEMS = {
  icd10cm: CODE_SYSTEMS.icd10cm,
  icd10: CODE_SYSTEMS.icd10,
  rxnorm: CODE_SYSTEMS.rxnorm,
  atc: CODE_SYSTEMS.atc,
  snomed: CODE_SYSTEMS.snomed,
} as const;

/** One standard code of an entry, as a FHIR Coding carries it. */
export interface CatalogueCode {
  readonly system: string;
  readonly code: string;
  readonly display: string;
}

/** One entry of the catalogues. */
export interface CatalogueEntry {
  /** The portal's id for the entry: `icd:E11.9`, `rxn:723`, `atc:J01C`, `sct:91935009`. */
  readonly id: string;
  readonly kind: CatalogueKind;
  /** The English name (the source's title). */
  readonly name: string;
  /** The Thai name, where one was written (docs/reference-codes.md says which). */
  readonly name_th: string | null;
  /** The entry's codes, the main one first. */
  readonly codes: readonly CatalogueCode[];
  /** A diagnosis's ICD-10 chapter ("IV") and block ("E08-E13"); null for other kinds. */
  readonly chapter: string | null;
  readonly block: string | null;
  /** A drug's ATC classes, as catalogue ids (`atc:J01`, `atc:J01C`, `atc:J01CA`). */
  readonly class_ids: readonly string[];
  /** 1 for the most commonly used entry of its kind, and so on; null past the common set. */
  readonly common_rank: number | null;
  /** The spec's own id the entry stands for (`I001`–`I011`, `R001`–`R011`), if any. */
  readonly seed_code: string | null;
  /** Other English names the search also finds ("paracetamol" for acetaminophen). */
  readonly synonyms: readonly string[];
}

/** The data file as the extraction script writes it (tools/catalogues/extract.mjs). */
interface CatalogueFile {
  readonly format: 2;
  /** Each source's name, edition and licence, as docs/reference-codes.md cites them. */
  readonly sources: Record<string, string>;
  /** The spec's own ids and the entries they stand for. */
  readonly seeds: Record<string, string>;
  readonly conditions: readonly (readonly [
    code: string,
    title: string,
    chapter: string,
    block: string,
    nameTh: string | null,
    rank: number | null,
  ])[];
  readonly drugs: readonly (readonly [
    rxcui: string,
    name: string,
    atc: readonly string[],
    nameTh: string | null,
    rank: number | null,
    synonyms: readonly string[],
  ])[];
  readonly classes: readonly (readonly [
    atc: string,
    name: string,
    nameTh: string | null,
    rank: number | null,
  ])[];
  readonly substances: readonly (readonly [
    kind: 'food' | 'environment',
    snomed: string,
    name: string,
    display: string,
    nameTh: string | null,
    rank: number | null,
  ])[];
}

/**
 * The data file, gzip in base64 text, bundled into the server as a string so that the bundle
 * moves freely (a binary file would need an asset step of its own).
 */
const DATA_FILES = import.meta.glob<string>('./data/catalogue.json.gz.base64', {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The data file's bytes (gzip). */
export function catalogueFileBytes(): Buffer {
  const text = Object.values(DATA_FILES)[0];
  if (!text) throw new Error('The catalogue data file is missing (apps/api/src/catalogues/data).');
  return Buffer.from(text, 'base64');
}

interface Catalogue {
  readonly entries: readonly CatalogueEntry[];
  readonly byId: ReadonlyMap<string, CatalogueEntry>;
  readonly bySeedCode: ReadonlyMap<string, CatalogueEntry>;
  readonly members: ReadonlyMap<string, readonly string[]>;
  readonly sources: Readonly<Record<string, string>>;
}

let loaded: Catalogue | undefined;

/** The catalogue, read from the data file on first use (about half a second). */
function catalogue(): Catalogue {
  if (loaded) return loaded;
  const file = JSON.parse(gunzipSync(catalogueFileBytes()).toString('utf8')) as CatalogueFile;
  if (file.format !== 2) throw new Error(`Unknown catalogue file format ${String(file.format)}`);
  const seedOf = new Map(Object.entries(file.seeds).map(([seed, id]) => [id, seed]));
  const classCodes = new Set(file.classes.map(([code]) => code));
  /** The classes (ATC levels 2 to 4) that ATC codes fall in, as catalogue ids. */
  const classIdsOf = (codes: readonly string[], except?: string): string[] => {
    const ids = new Set<string>();
    for (const code of codes) {
      for (const length of [3, 4, 5]) {
        const prefix = code.slice(0, length);
        if (prefix.length === length && prefix !== except && classCodes.has(prefix))
          ids.add(`atc:${prefix}`);
      }
    }
    return [...ids].sort();
  };
  const entry = (
    fields: Omit<CatalogueEntry, 'seed_code' | 'chapter' | 'block' | 'class_ids' | 'synonyms'> &
      Partial<Pick<CatalogueEntry, 'chapter' | 'block' | 'class_ids' | 'synonyms'>>,
  ): CatalogueEntry => ({
    chapter: null,
    block: null,
    class_ids: [],
    synonyms: [],
    ...fields,
    seed_code: seedOf.get(fields.id) ?? null,
  });
  const entries: CatalogueEntry[] = [
    ...file.conditions.map(([code, title, chapter, block, nameTh, rank]) =>
      entry({
        id: `icd:${code}`,
        kind: 'condition',
        name: title,
        name_th: nameTh,
        codes: [{ system: SYSTEMS.icd10cm, code, display: title }],
        chapter,
        block,
        common_rank: rank,
      }),
    ),
    ...file.drugs.map(([rxcui, name, atc, nameTh, rank, synonyms]) =>
      entry({
        id: `rxn:${rxcui}`,
        kind: 'drug',
        name,
        name_th: nameTh,
        codes: [
          { system: SYSTEMS.rxnorm, code: rxcui, display: name },
          ...atc.map((code) => ({ system: SYSTEMS.atc, code, display: name })),
        ],
        class_ids: classIdsOf(atc),
        common_rank: rank,
        synonyms,
      }),
    ),
    ...file.classes.map(([code, name, nameTh, rank]) =>
      entry({
        id: `atc:${code}`,
        kind: 'class',
        name,
        name_th: nameTh,
        codes: [{ system: SYSTEMS.atc, code, display: name }],
        class_ids: classIdsOf([code], code),
        common_rank: rank,
      }),
    ),
    ...file.substances.map(([kind, code, name, display, nameTh, rank]) =>
      entry({
        id: `sct:${code}`,
        kind,
        name,
        name_th: nameTh,
        codes: [{ system: SYSTEMS.snomed, code, display }],
        common_rank: rank,
      }),
    ),
  ];
  const byId = new Map(entries.map((e) => [e.id, e]));
  const bySeedCode = new Map(
    Object.entries(file.seeds).flatMap(([seed, id]) => {
      const found = byId.get(id);
      return found ? [[seed, found] as const] : [];
    }),
  );
  const members = new Map<string, string[]>();
  for (const e of entries) {
    if (e.kind !== 'drug') continue;
    for (const classId of e.class_ids) {
      const list = members.get(classId) ?? [];
      list.push(e.id);
      members.set(classId, list);
    }
  }
  loaded = { entries, byId, bySeedCode, members, sources: file.sources };
  return loaded;
}

/** Every entry, in the data file's order. */
export function catalogueEntries(): readonly CatalogueEntry[] {
  return catalogue().entries;
}

/** The sources the data file names (name, edition, licence). */
export function catalogueSources(): Readonly<Record<string, string>> {
  return catalogue().sources;
}

/** The entry with this id, or undefined. */
export function catalogueEntry(id: string): CatalogueEntry | undefined {
  return catalogue().byId.get(id);
}

/** The entry the spec's own id stands for (`I001` → ICD-10 J13, `R003` → amoxicillin). */
export function entryForSeedCode(code: DiseaseId | DrugId): CatalogueEntry;
export function entryForSeedCode(code: string): CatalogueEntry | undefined;
export function entryForSeedCode(code: string): CatalogueEntry | undefined {
  return catalogue().bySeedCode.get(code);
}

/** The spec's own id for an entry, where it has one (the seed's eleven diseases and drugs). */
export function seedCodeOf(id: string): string | null {
  return catalogueEntry(id)?.seed_code ?? null;
}

/**
 * A drug's ATC classes (levels 2 to 4), as catalogue ids; for a class, the broader classes it
 * falls in; [] for anything else.
 */
export function classesOf(drugId: string): readonly string[] {
  return catalogueEntry(drugId)?.class_ids ?? [];
}

/** The drugs in a class (at any depth), as catalogue ids; [] for anything that is not a class. */
export function membersOf(classId: string): readonly string[] {
  return catalogue().members.get(classId) ?? [];
}

/**
 * Whether an allergy to `allergySubstanceId` covers `substanceId`: the same entry, or a class
 * the drug belongs to ("penicillins" covers amoxicillin).
 */
export function allergyCovers(allergySubstanceId: string, substanceId: string): boolean {
  return allergySubstanceId === substanceId || classesOf(substanceId).includes(allergySubstanceId);
}

/** The name to show a reader of `locale`: the Thai name where one exists, else the English. */
export function entryName(entry: Pick<CatalogueEntry, 'name' | 'name_th'>, locale: string): string {
  return locale === 'th' && entry.name_th ? entry.name_th : entry.name;
}
