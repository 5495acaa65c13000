import { type SQL, sql } from 'drizzle-orm';
import type { Annotation, CodeableConcept, Coding } from '@medplum/fhirtypes';
import {
  CODE_SYSTEMS,
  DISEASE_CODES,
  DISEASE_IDS,
  DRUG_IDS,
  type DiseaseId,
} from '@portal/reference-data';
import { catalogueEntries, catalogueEntry, entryForSeedCode } from '../../catalogues';
import { portalCoding } from './common';

/*
 * What Condition and AllergyIntolerance share: both read two sources, the problem and allergy
 * lists (patient_condition, patient_allergy: the chart's, docs/api.md "Problems and allergies")
 * and the seed's own lists of the spec's eleven diseases and drugs (patient_chronic_disease,
 * patient_drug_allergy, still written by the spec's add and update calls); the allergy list adds
 * the patient's "no known allergies". Each source is one range of the one keyset position the
 * cursor carries: the seed's rows first (catalogue-keys.ts), then each further source from its
 * base ({@link KEY_BASE}) plus its row id, so each range is walked by its own index.
 */

/** Where each source's range of keyset positions starts (below 10^15, as cursors carry). */
export const KEY_BASE = {
  /** The seed's rows: patient row id × 1000 + place, below this for 10^11 patients. */
  seed: 0,
  /** "No known allergies": this plus the patient's row id. */
  noKnown: 100_000_000_000_000,
  /** The chart's list entries: this plus the entry's row id. */
  list: 200_000_000_000_000,
} as const;

/** The catalogue id the seed's own disease or drug id stands for (`I001` → `icd:J13`). */
export const seedEntryId = (seedCode: string): string => entryForSeedCode(seedCode)?.id ?? seedCode;

/**
 * The seed's id column as the catalogue id it stands for, as SQL (for the seed's rows, so that
 * a search by code reads both sources alike).
 */
export function seedEntrySql(ids: readonly string[], column: SQL): SQL {
  return sql`(case ${column} ${sql.join(
    ids.map((id) => sql`when ${id} then ${seedEntryId(id)}`),
    sql` `,
  )} else ${column} end)`;
}

/** The WHO ICD-10 code of a seed disease (the seed's reference data; a few differ from -CM). */
const whoIcd10 = (seedCode: string) =>
  (DISEASE_CODES as Record<string, { icd10: { code: string; display: string } }>)[
    seedCode as DiseaseId
  ]?.icd10;

/**
 * A catalogue entry as a CodeableConcept: its codes (ICD-10-CM; RxNorm and ATC; SNOMED CT),
 * and for an entry that stands for one of the seed's eleven, the portal's seed coding (and a
 * disease's WHO ICD-10 code, as the seed's reference data gives it), the name as text.
 */
export function catalogueConcept(code: string): CodeableConcept {
  const entry = catalogueEntry(code);
  if (!entry) return { text: code };
  const seed = entry.seed_code;
  const who = seed ? whoIcd10(seed) : undefined;
  const coding: Coding[] = [
    ...entry.codes.map((c) => ({ system: c.system, code: c.code, display: c.display })),
    ...(who ? [{ system: CODE_SYSTEMS.icd10, code: who.code, display: who.display }] : []),
    ...(seed
      ? [portalCoding(entry.kind === 'condition' ? 'portalDisease' : 'portalDrug', seed)]
      : []),
  ];
  return { coding, text: entry.name };
}

/** The reverse of the catalogue's codes, built on first use: (system, code) → catalogue ids. */
let reverse: Map<string, Map<string, string[]>> | undefined;
function reverseIndex(): Map<string, Map<string, string[]>> {
  if (reverse) return reverse;
  const bySystem = new Map<string, Map<string, string[]>>();
  const add = (system: string, code: string, id: string) => {
    const codes = bySystem.get(system) ?? new Map<string, string[]>();
    const ids = codes.get(code) ?? [];
    if (!ids.includes(id)) ids.push(id);
    codes.set(code, ids);
    bySystem.set(system, codes);
  };
  for (const entry of catalogueEntries()) {
    for (const c of entry.codes) add(c.system, c.code, entry.id);
  }
  for (const seed of DISEASE_IDS) {
    const id = seedEntryId(seed);
    add(CODE_SYSTEMS.portalDisease, seed, id);
    const who = whoIcd10(seed);
    if (who) add(CODE_SYSTEMS.icd10, who.code, id);
  }
  for (const seed of DRUG_IDS) add(CODE_SYSTEMS.portalDrug, seed, seedEntryId(seed));
  // WHO ICD-10 codes that ICD-10-CM also has name the same diagnosis.
  const cm = bySystem.get(CODE_SYSTEMS.icd10cm);
  if (cm) for (const [code, ids] of cm) for (const id of ids) add(CODE_SYSTEMS.icd10, code, id);
  reverse = bySystem;
  return bySystem;
}

/** SNOMED CT's "No known allergy" (situation), the allergy list's "no known allergies". */
export const NO_KNOWN_ALLERGY = { code: '716186003', display: 'No known allergy' } as const;
/** The code column's value of the "no known allergies" rows. */
export const NO_KNOWN_ALLERGY_ID = `sct:${NO_KNOWN_ALLERGY.code}`;

/**
 * The catalogue ids a token names (`system|code`, or a code of any system the entries are coded
 * in); `extra` adds ids of codes outside the catalogue (the "no known allergy" code).
 */
export function idsOfCode(
  system: string | undefined,
  code: string,
  extra: Readonly<Record<string, Readonly<Record<string, string>>>> = {},
): string[] {
  const index = reverseIndex();
  const systems = system === undefined ? [...index.keys(), ...Object.keys(extra)] : [system];
  return [
    ...new Set(
      systems.flatMap((s) => [
        ...(index.get(s)?.get(code) ?? []),
        ...(extra[s]?.[code] ? [extra[s][code]] : []),
      ]),
    ),
  ];
}

/** The extra code of the allergy list: SNOMED CT's "No known allergy". */
export const ALLERGY_EXTRA_CODES = {
  [CODE_SYSTEMS.snomed]: { [NO_KNOWN_ALLERGY.code]: NO_KNOWN_ALLERGY_ID },
};

/** A note and, for an entry entered in error, its reason, as annotations. */
export function notesOf(note: string | null, errorReason: string | null): Annotation[] {
  return [
    ...(note ? [{ text: note }] : []),
    ...(errorReason ? [{ text: `Entered in error: ${errorReason}` }] : []),
  ];
}

/** A staff member as the row queries give them (staffJson). */
export interface StaffJson {
  readonly employee_id: string;
  readonly first_name: string;
  readonly last_name: string;
}
