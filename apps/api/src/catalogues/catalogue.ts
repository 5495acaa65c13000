/**
 * The coded catalogues (docs/reference-codes.md): every diagnosis of ICD-10, drugs as RxNorm
 * ingredients with their ATC codes, ATC drug classes, foods and environmental substances with
 * SNOMED CT codes. The entries come from the generated data file beside this module
 * (`data/catalogue.json.gz.base64`, written by tools/catalogues/extract.mjs from the published
 * sources), read once per process on first use. The same rows fill the `catalogue_entry`
 * table (loader.ts), which the searches read through its indexes; everything here answers
 * from memory.
 */
import { gunzipSync } from 'node:zlib';
import { CODE_SYSTEMS, type DiseaseId, type DrugId } from '@portal/reference-data';

/** The kinds of entry: a diagnosis, or what an allergy can be to. */
export const CATALOGUE_KINDS = ['condition', 'drug', 'class', 'food', 'environment'] as const;
export type CatalogueKind = (typeof CATALOGUE_KINDS)[number];

/** The kinds an allergy's substance can be. */
export const SUBSTANCE_KINDS = ['drug', 'class', 'food', 'environment'] as const;
export type SubstanceKind = (typeof SUBSTANCE_KINDS)[number];

/** The code systems of the data file, by the short names it uses. */
const SYSTEMS = {
  icd10cm: CODE_SYSTEMS.icd10cm,
  icd10: CODE_SYSTEMS.icd10,
  rxnorm: CODE_SYSTEMS.rxnorm,
  atc: CODE_SYSTEMS.atc,
  snomed: CODE_SYSTEMS.snomed,
} as const;
type SystemKey = keyof typeof SYSTEMS;

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
}

/** The data file as the extraction script writes it. */
interface CatalogueFile {
  readonly format: 1;
  /** Each source's name, edition and licence, as docs/reference-codes.md cites them. */
  readonly sources: Record<string, string>;
  readonly entries: readonly (readonly [
    id: string,
    kind: CatalogueKind,
    name: string,
    nameTh: string | null,
    codes: readonly (readonly [SystemKey, string, string])[],
    chapter: string | null,
    block: string | null,
    classIds: readonly string[],
    commonRank: number | null,
    seedCode: string | null,
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

/** The catalogue, read from the data file on first use. */
function catalogue(): Catalogue {
  if (loaded) return loaded;
  const file = JSON.parse(gunzipSync(catalogueFileBytes()).toString('utf8')) as CatalogueFile;
  if (file.format !== 1) throw new Error(`Unknown catalogue file format ${String(file.format)}`);
  const entries = file.entries.map(
    ([id, kind, name, nameTh, codes, chapter, block, classIds, commonRank, seedCode]) => ({
      id,
      kind,
      name,
      name_th: nameTh,
      codes: codes.map(([system, code, display]) => ({ system: SYSTEMS[system], code, display })),
      chapter,
      block,
      class_ids: classIds,
      common_rank: commonRank,
      seed_code: seedCode,
    }),
  );
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const bySeedCode = new Map(
    entries.flatMap((entry) => (entry.seed_code ? [[entry.seed_code, entry] as const] : [])),
  );
  const members = new Map<string, string[]>();
  for (const entry of entries) {
    for (const classId of entry.class_ids) {
      const list = members.get(classId) ?? [];
      list.push(entry.id);
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

/** A drug's ATC classes, as catalogue ids (broadest first); [] for anything else. */
export function classesOf(drugId: string): readonly string[] {
  return catalogueEntry(drugId)?.class_ids ?? [];
}

/** The drugs of a class, as catalogue ids; [] for anything that is not a class. */
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
