/**
 * The catalogues' integrity: formats, uniqueness, counts, the seed's ids mapped, the Thai names
 * of the common set, class membership. And the searches' ranking. In memory: no database.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CODE_SYSTEMS, DISEASES, DRUGS } from '@portal/reference-data';
import {
  allergyCovers,
  catalogueEntries,
  catalogueEntry,
  classesOf,
  entryForSeedCode,
  entryName,
  membersOf,
  seedCodeOf,
} from './catalogue';
import { searchConditions, searchSubstances } from './search';

const FORMATS: Record<string, RegExp> = {
  [CODE_SYSTEMS.icd10cm]: /^[A-Z][0-9][0-9A-Z](\.[0-9A-Z]{1,4})?$/,
  [CODE_SYSTEMS.rxnorm]: /^[1-9][0-9]*$/,
  [CODE_SYSTEMS.atc]: /^[A-Z]([0-9]{2}([A-Z]([A-Z]([0-9]{2})?)?)?)?$/,
  [CODE_SYSTEMS.snomed]: /^[1-9][0-9]{5,17}$/,
};
const ID_PREFIX = {
  condition: 'icd:',
  drug: 'rxn:',
  class: 'atc:',
  food: 'sct:',
  environment: 'sct:',
};

/** The hand lists' codes or names, in their order (the common set). */
function handList(name: string): string[] {
  const text = readFileSync(
    new URL(`../../../../tools/catalogues/${name}`, import.meta.url),
    'utf8',
  );
  return text
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split('\t')[0]!);
}

const entries = catalogueEntries();
const ofKind = (kind: string) => entries.filter((entry) => entry.kind === kind);

describe('the catalogues', () => {
  it('hold every ICD-10-CM leaf code (over 10,000) with its chapter and block', () => {
    const conditions = ofKind('condition');
    expect(conditions.length).toBeGreaterThanOrEqual(10_000);
    expect(conditions.length).toBe(71_932);
    // Checked in a loop and asserted once: an expect per entry costs seconds.
    const wrong = conditions.filter((entry) => {
      const code = entry.codes[0]!.code;
      return (
        !/^[IVX]+$/.test(entry.chapter ?? '') ||
        !/^[A-Z][0-9][0-9A-Z]-[A-Z][0-9][0-9A-Z]$/.test(entry.block ?? '') ||
        // The block's letters bound the code's (C4A, Merkel cell, is in C43-C44).
        code[0]! < entry.block![0]! ||
        code[0]! > entry.block![4]!
      );
    });
    expect(wrong.map((entry) => entry.id)).toEqual([]);
    expect(catalogueEntry('icd:E11.9')).toMatchObject({
      name: 'Type 2 diabetes mellitus without complications',
      chapter: 'IV',
      block: 'E08-E13',
    });
    // A category with subdivisions is no leaf: its codes are.
    expect(catalogueEntry('icd:E11')).toBeUndefined();
    expect(catalogueEntry('icd:I10')?.name).toBe('Essential (primary) hypertension');
  });

  it('hold at least 500 drug ingredients, each with an RxCUI and an ATC code', () => {
    const drugs = ofKind('drug');
    expect(drugs.length).toBeGreaterThanOrEqual(500);
    const wrong = drugs.filter(
      (entry) =>
        entry.codes[0]!.system !== CODE_SYSTEMS.rxnorm ||
        entry.id !== `rxn:${entry.codes[0]!.code}` ||
        !entry.codes.some((code) => code.system === CODE_SYSTEMS.atc),
    );
    expect(wrong.map((entry) => entry.id)).toEqual([]);
    expect(catalogueEntry('rxn:723')?.codes.map((c) => c.code)).toEqual(['723', 'J01CA04']);
  });

  it('hold ATC classes of levels 2 to 4, foods and environmental substances', () => {
    const classes = ofKind('class');
    expect(classes.length).toBeGreaterThan(1000);
    expect(
      classes.filter((entry) => !/^[A-Z][0-9]{2}[A-Z]{0,2}$/.test(entry.codes[0]!.code)),
    ).toEqual([]);
    expect(ofKind('food').map((e) => e.name)).toEqual(
      expect.arrayContaining(['peanut', 'shellfish', "cow's milk", 'eggs']),
    );
    expect(ofKind('environment').map((e) => e.name)).toEqual(
      expect.arrayContaining(['latex', 'house dust mite']),
    );
  });

  it('give every code its system’s format, ids their kind’s prefix, and no id twice', () => {
    const seen = new Set<string>();
    const wrong: string[] = [];
    for (const entry of entries) {
      if (!entry.id.startsWith(ID_PREFIX[entry.kind])) wrong.push(`prefix ${entry.id}`);
      if (seen.has(entry.id)) wrong.push(`twice ${entry.id}`);
      seen.add(entry.id);
      if (!entry.name || entry.name.trim() !== entry.name) wrong.push(`name ${entry.id}`);
      if (entry.codes.length === 0) wrong.push(`no code ${entry.id}`);
      for (const code of entry.codes)
        if (!FORMATS[code.system]?.test(code.code)) wrong.push(`${code.system} ${code.code}`);
    }
    expect(wrong).toEqual([]);
    // No two entries of a kind share their main code.
    for (const kind of ['condition', 'drug', 'class']) {
      const codes = ofKind(kind).map((entry) => entry.codes[0]!.code);
      expect(new Set(codes).size).toBe(codes.length);
    }
  });

  it('map every seed id onto an entry, and back', () => {
    for (const { id } of [...DISEASES, ...DRUGS]) {
      const entry = entryForSeedCode(id);
      expect(entry, id).toBeDefined();
      expect(seedCodeOf(entry.id)).toBe(id);
    }
    expect(entryForSeedCode('I001').codes[0]!.code).toBe('J13');
    expect(entryForSeedCode('I002').codes[0]!.code).toBe('A15.9');
    expect(entryForSeedCode('I009').codes[0]!.code).toBe('A01.00');
    expect(entryForSeedCode('R001').id).toBe('atc:J01');
    expect(entryForSeedCode('R003').id).toBe('rxn:723');
    expect(entryForSeedCode('R010')).toMatchObject({ id: 'rxn:5856', name: 'insulin' });
    expect(entries.filter((entry) => entry.seed_code).length).toBe(22);
  });

  it('have a Thai name for every entry of the common set, and only there', () => {
    const lists = {
      condition: handList('thai-conditions.tsv').map((code) => `icd:${code}`),
      drug: handList('thai-drugs.tsv'),
      class: handList('thai-classes.tsv').map((code) => `atc:${code}`),
    };
    expect(lists.condition.length).toBe(300);
    for (const [rank, id] of lists.condition.entries()) {
      expect(catalogueEntry(id), id).toMatchObject({ common_rank: rank + 1 });
      expect(catalogueEntry(id)?.name_th).toMatch(/[\u0E00-\u0E7F]/);
    }
    const drugsByName = new Map(ofKind('drug').map((entry) => [entry.name, entry]));
    for (const [rank, name] of lists.drug.entries()) {
      expect(drugsByName.get(name), name).toMatchObject({ common_rank: rank + 1 });
      expect(drugsByName.get(name)?.name_th).toMatch(/[\u0E00-\u0E7F]/);
    }
    for (const id of lists.class) expect(catalogueEntry(id)?.name_th).toMatch(/[\u0E00-\u0E7F]/);
    for (const entry of [...ofKind('food'), ...ofKind('environment')])
      expect(entry.name_th).toMatch(/[\u0E00-\u0E7F]/);
    // Every seed entry is in the common set: a patient sees their seed diseases and drugs in Thai.
    for (const { id } of [...DISEASES, ...DRUGS])
      expect(entryForSeedCode(id).name_th, id).toBeTruthy();
    // Past the common set, an entry has no Thai name and shows the English one.
    const rare = catalogueEntry('icd:A00.0')!;
    expect(rare.name_th).toBeNull();
    expect(entryName(rare, 'th')).toBe(rare.name);
    expect(entryName(catalogueEntry('icd:E11.9')!, 'th')).toBe('โรคเบาหวานชนิดที่ 2 ที่ไม่มีภาวะแทรกซ้อน');
  });

  it('put each drug in its ATC classes: penicillins cover amoxicillin', () => {
    expect(classesOf('rxn:723')).toEqual(['atc:J01', 'atc:J01C', 'atc:J01CA']);
    expect(membersOf('atc:J01C')).toEqual(
      expect.arrayContaining([
        'rxn:723',
        'rxn:7980' /* penicillin G */,
        'rxn:733' /* ampicillin */,
      ]),
    );
    expect(membersOf('atc:J01C')).not.toContain('rxn:2551'); // ciprofloxacin
    expect(membersOf('atc:J01')).toEqual(expect.arrayContaining(['rxn:723', 'rxn:2551']));
    expect(allergyCovers('atc:J01C', 'rxn:723')).toBe(true);
    expect(allergyCovers(entryForSeedCode('R001').id, 'rxn:18631')).toBe(true); // azithromycin
    expect(allergyCovers('atc:J01C', 'rxn:2551')).toBe(false);
    expect(allergyCovers('rxn:723', 'rxn:723')).toBe(true);
    expect(allergyCovers('rxn:723', 'atc:J01C')).toBe(false);
    // Every member of a class is a drug of the catalogue that lists the class.
    const wrong = ofKind('class').flatMap((entry) =>
      membersOf(entry.id).filter((member) => !classesOf(member).includes(entry.id)),
    );
    expect(wrong).toEqual([]);
    expect(classesOf('atc:J01CA')).toEqual(['atc:J01', 'atc:J01C']);
  });
});

const ids = (found: readonly { id: string }[]) => found.map((entry) => entry.id);

describe('the searches rank', () => {
  it('an exact code first, then codes that start with it', () => {
    const found = searchConditions('E11.9', 5);
    expect(found[0]!.id).toBe('icd:E11.9');
    expect(ids(searchConditions('e119', 1))).toEqual(['icd:E11.9']);
    const prefix = searchConditions('E11', 20);
    expect(prefix).toHaveLength(20);
    for (const entry of prefix) expect(entry.codes[0]!.code.startsWith('E11')).toBe(true);
    // The common ones of the prefix first.
    expect(ids(prefix).slice(0, 2)).toEqual(['icd:E11.9', 'icd:E11.65']);
    expect(ids(searchSubstances('J01CA04', 1))).toEqual(['rxn:723']);
    expect(ids(searchSubstances('J01C', 1))).toEqual(['atc:J01C']);
  });

  it('word starts, the common set first: "diab" finds type 2 diabetes first', () => {
    expect(ids(searchConditions('diab', 3))).toEqual(['icd:E11.9', 'icd:E11.65', 'icd:E11.42']);
    expect(searchConditions('type 2 diab', 1)[0]!.id).toBe('icd:E11.9');
    expect(searchConditions('pneumonia strep', 1)[0]!.id).toBe('icd:J13');
    // Every word must start a word of the name.
    for (const entry of searchConditions('hypert heart', 20))
      expect(entry.name.toLowerCase()).toMatch(/\bhypert.*\bheart|\bheart.*\bhypert/);
    // Not the middle of a word.
    expect(ids(searchConditions('iabetes', 5))).toEqual([]);
  });

  it('codes before words, and one letter only codes', () => {
    // "J45" is a code's start and no word's.
    expect(searchConditions('J45', 1)[0]!.codes[0]!.code.startsWith('J45')).toBe(true);
    for (const entry of searchConditions('a', 20)) expect(entry.codes[0]!.code).toMatch(/^A/);
  });

  it('Thai names, from their start and inside', () => {
    // After a leading class word ("โรค", disease) counts as a start: the common first.
    expect(ids(searchConditions('เบาหวาน', 2))).toEqual(['icd:E11.9', 'icd:E11.65']);
    expect(searchConditions('โรคเบาหวาน', 1)[0]!.id).toBe('icd:E11.9');
    // A start before the inside of a name, whatever the rank: "ความดันโลหิตสูง…" (R03.0).
    expect(ids(searchConditions('ความดันโลหิตสูงโดย', 1))).toEqual(['icd:R03.0']);
    expect(ids(searchConditions('ที่ไม่มีภาวะแทรกซ้อน', 1))).toEqual(['icd:E11.9']);
    expect(ids(searchSubstances('อะม็อก', 1))).toEqual(['rxn:723']);
    expect(ids(searchSubstances('เพนิซิลลิน', 1, ['class']))).toEqual(['atc:J01C']);
  });

  it('substances by kind, the common first', () => {
    expect(searchSubstances('pen', 1, ['class'])[0]!.id).toBe('atc:J01C');
    expect(searchSubstances('amox', 5, ['drug'])[0]!.id).toBe('rxn:723');
    expect(ids(searchSubstances('pea', 1, ['food']))).toEqual(['sct:762952008']);
    expect(ids(searchSubstances('latex', 1))).toEqual(['sct:111088007']);
    for (const entry of searchSubstances('a', 20, ['drug'])) expect(entry.kind).toBe('drug');
    // The other names of a drug (INN, British) find it too.
    expect(searchSubstances('paracetamol', 1)[0]!.id).toBe('rxn:161');
    expect(searchSubstances('adrenaline', 1)[0]!.id).toBe('rxn:3992');
  });

  it('at most `limit`, and nothing for a blank query', () => {
    expect(searchConditions('fracture', 7)).toHaveLength(7);
    expect(searchConditions('   ', 20)).toEqual([]);
    expect(searchConditions('zzzzqq', 20)).toEqual([]);
  });
});
