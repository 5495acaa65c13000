#!/usr/bin/env node
/**
 * Writes the coded catalogues' data file, apps/api/src/catalogues/data/catalogue.json.gz.base64,
 * from the published sources (docs/reference-codes.md names each, its edition and licence):
 *
 * - ICD-10-CM FY2019 (CMS/NCHS, public domain) as the CRAN package icd.data ships it
 *   (`data/icd10cm2019.rda`, `icd10_chapters.rda`, `icd10_sub_chapters.rda`): every billable
 *   (leaf) code with its chapter and block.
 * - PharmGKB's chemicals table (`chemicals.tsv`, CC BY-SA 4.0): drugs with one RxNorm
 *   ingredient RxCUI and their ATC codes, and the ATC classes (level 2 to 4) it names.
 * - tools/catalogues/substances.tsv: foods and environmental substances with the SNOMED CT
 *   codes Synthea's allergy modules use.
 * - tools/catalogues/thai-conditions.tsv, thai-drugs.tsv, thai-classes.tsv: the Thai names of
 *   the common set, in order of use (their order is the entries' `common_rank`).
 *
 * Usage: node tools/catalogues/extract.mjs --icd-data DIR --pharmgkb FILE
 *   DIR: the icd.data package's `data` folder; FILE: PharmGKB's chemicals.tsv.
 * Needs `xz` (icd10cm2019.rda is xz-compressed).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { dataFrameRows, readRda } from './rdata.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const OUT = join(here, '../../apps/api/src/catalogues/data/catalogue.json.gz.base64');

const { values: args } = parseArgs({
  options: { 'icd-data': { type: 'string' }, pharmgkb: { type: 'string' } },
});
if (!args['icd-data'] || !args.pharmgkb) {
  console.error('Usage: extract.mjs --icd-data DIR --pharmgkb chemicals.tsv');
  process.exit(2);
}

/** The spec's own ids and the entries they stand for (docs/reference-codes.md). */
const SEED = {
  I001: 'icd:J13',
  I002: 'icd:A15.9',
  I003: 'icd:B18.1',
  I004: 'icd:B54',
  I005: 'icd:A90',
  I006: 'icd:B05.9',
  I007: 'icd:J11.1',
  I008: 'icd:A00.9',
  I009: 'icd:A01.00',
  I010: 'icd:A82.9',
  I011: 'icd:G03.9',
  R001: 'atc:J01',
  R002: 'rxn:161',
  R003: 'rxn:723',
  R004: 'rxn:5640',
  R005: 'rxn:18631',
  R006: 'rxn:2551',
  R007: 'rxn:6809',
  R008: 'rxn:7646',
  R009: 'rxn:83367',
  R010: 'rxn:5856',
  R011: 'rxn:29046',
};

/**
 * Ingredients a seed entry needs that the PharmGKB table lacks: insulin, which RxNorm has as
 * an ingredient (5856) and ATC only as a group (A10A, "insulins and analogues").
 */
const EXTRA_DRUGS = [{ rxcui: '5856', name: 'insulin', atc: ['A10A'] }];

const ROMAN = [
  'I',
  'II',
  'III',
  'IV',
  'V',
  'VI',
  'VII',
  'VIII',
  'IX',
  'X',
  'XI',
  'XII',
  'XIII',
  'XIV',
  'XV',
  'XVI',
  'XVII',
  'XVIII',
  'XIX',
  'XX',
  'XXI',
  'XXII',
];

/** Reads a hand list: tab-separated, `#` comments, blank lines skipped. */
function handList(name) {
  return readFileSync(join(here, name), 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !line.startsWith('#'))
    .map((line) => line.split('\t').map((field) => field.trim()));
}

/** "E119" → "E11.9": ICD-10-CM's dotted form. */
const dotted = (code) => (code.length > 3 ? `${code.slice(0, 3)}.${code.slice(3)}` : code);

function conditions() {
  const dir = args['icd-data'];
  const rows = dataFrameRows(readRda(readFileSync(join(dir, 'icd10cm2019.rda'))).icd10cm2019);
  const chapters = readRda(readFileSync(join(dir, 'icd10_chapters.rda'))).icd10_chapters;
  const blocks = readRda(readFileSync(join(dir, 'icd10_sub_chapters.rda'))).icd10_sub_chapters;
  const chapterOf = new Map(chapters.attributes.names.map((name, i) => [name, ROMAN[i]]));
  const blockOf = new Map(
    blocks.attributes.names.map((name, i) => [name, `${blocks[i][0]}-${blocks[i][1]}`]),
  );
  const thai = new Map(
    handList('thai-conditions.tsv').map(([code, nameTh], i) => [code, { nameTh, rank: i + 1 }]),
  );
  const out = [];
  for (const row of rows) {
    if (row.billable !== 1) continue;
    const code = dotted(row.code);
    const chapter = chapterOf.get(row.chapter);
    const block = blockOf.get(row.sub_chapter);
    if (!chapter || !block) throw new Error(`No chapter or block for ${code}`);
    const common = thai.get(code);
    thai.delete(code);
    out.push([code, row.long_desc, chapter, block, common?.nameTh ?? null, common?.rank ?? null]);
  }
  if (thai.size) throw new Error(`Thai names for codes that are not leaves: ${[...thai.keys()]}`);
  return out;
}

/** A class's name in sentence case (PharmGKB writes ATC names in mixed cases). */
const sentence = (name) => name.charAt(0).toUpperCase() + name.slice(1).toLowerCase();

function pharmgkb() {
  const [header, ...lines] = readFileSync(args.pharmgkb, 'utf8').split('\n');
  const columns = header.split('\t');
  const at = (name) => columns.indexOf(name);
  const [iName, iType, iRx, iAtc] = ['Name', 'Type', 'RxNorm Identifiers', 'ATC Identifiers'].map(
    at,
  );
  const list = (field) =>
    field
      ? field
          .replace(/"/g, '')
          .split(',')
          .map((s) => s.trim())
      : [];
  const classes = new Map();
  const drugs = new Map();
  for (const line of lines) {
    const f = line.split('\t');
    if (f.length < columns.length - 1) continue;
    const atc = list(f[iAtc]);
    if (f[iType] === 'Drug Class') {
      for (const code of atc) {
        if (/^[A-Z]\d\d[A-Z]{0,2}$/.test(code) && code.length >= 3 && !/undefined/i.test(f[iName]))
          classes.set(code, sentence(f[iName]));
      }
    } else if (list(f[iType]).some((type) => type === 'Drug' || type === 'Prodrug')) {
      const rx = list(f[iRx]);
      // A substance's own ATC codes (level 5), or the group ATC gives it (A10A, B03AA).
      const codes = atc.filter((code) => /^[A-Z]\d\d[A-Z]([A-Z](\d\d)?)?$/.test(code));
      if (rx.length === 1 && /^\d+$/.test(rx[0]) && codes.length && !drugs.has(rx[0]))
        drugs.set(rx[0], { rxcui: rx[0], name: f[iName], atc: codes });
    }
  }
  for (const extra of EXTRA_DRUGS) if (!drugs.has(extra.rxcui)) drugs.set(extra.rxcui, extra);
  return { classes, drugs };
}

function substances() {
  const { classes, drugs } = pharmgkb();
  const thaiDrugs = new Map(
    handList('thai-drugs.tsv').map(([name, nameTh, also], i) => [
      name,
      { nameTh, rank: i + 1, also: also ? also.split(',').map((n) => n.trim()) : [] },
    ]),
  );
  const thaiClasses = new Map(
    handList('thai-classes.tsv').map(([code, nameTh], i) => [code, { nameTh, rank: i + 1 }]),
  );
  const drugRows = [];
  for (const drug of [...drugs.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    const common = thaiDrugs.get(drug.name);
    thaiDrugs.delete(drug.name);
    drugRows.push([
      drug.rxcui,
      drug.name,
      drug.atc,
      common?.nameTh ?? null,
      common?.rank ?? null,
      common?.also ?? [],
    ]);
  }
  if (thaiDrugs.size)
    throw new Error(`Thai names for drugs not in the table: ${[...thaiDrugs.keys()]}`);
  const classRows = [];
  for (const [code, name] of [...classes].sort(([a], [b]) => a.localeCompare(b))) {
    const common = thaiClasses.get(code);
    thaiClasses.delete(code);
    classRows.push([code, name, common?.nameTh ?? null, common?.rank ?? null]);
  }
  if (thaiClasses.size)
    throw new Error(`Thai names for unknown classes: ${[...thaiClasses.keys()]}`);
  const substanceRows = handList('substances.tsv').map(([kind, code, name, display, nameTh], i) => [
    kind,
    code,
    name,
    display,
    nameTh || null,
    i + 1,
  ]);
  return { drugs: drugRows, classes: classRows, substances: substanceRows };
}

const conditionRows = conditions();
const { drugs, classes, substances: substanceRows } = substances();
const ids = new Set([
  ...conditionRows.map((row) => `icd:${row[0]}`),
  ...drugs.map((row) => `rxn:${row[0]}`),
  ...classes.map((row) => `atc:${row[0]}`),
  ...substanceRows.map((row) => `sct:${row[1]}`),
]);
const total = conditionRows.length + drugs.length + classes.length + substanceRows.length;
if (ids.size !== total) throw new Error('Duplicate ids');
for (const [seed, id] of Object.entries(SEED)) {
  if (!ids.has(id)) throw new Error(`Seed ${seed}: no entry ${id}`);
}
/**
 * The file: each kind's rows in its own compact form (catalogue.ts builds the entries).
 * conditions: [ICD-10-CM code, title, chapter, block, Thai name, common rank]
 * drugs: [RxCUI, name, ATC codes, Thai name, common rank, other English names]
 * classes: [ATC code, name, Thai name, common rank]
 * substances: [kind, SNOMED CT code, name, SNOMED CT description, Thai name, common rank]
 */
const file = {
  format: 2,
  sources: {
    conditions: 'ICD-10-CM FY2019 (CMS/NCHS; public domain), from the R package icd.data 1.1.2',
    drugs: 'PharmGKB chemicals.tsv (CC BY-SA 4.0): RxNorm ingredient RxCUIs and WHO ATC codes',
    classes: 'WHO ATC levels 2-4 as PharmGKB names them (CC BY-SA 4.0)',
    substances: "SNOMED CT codes of Synthea's allergy modules (tools/catalogues/substances.tsv)",
    thai: 'Hand translations: tools/catalogues/thai-*.tsv',
  },
  seeds: SEED,
  conditions: conditionRows,
  drugs,
  classes,
  substances: substanceRows,
};
writeFileSync(OUT, gzipSync(JSON.stringify(file), { level: 9 }).toString('base64'));
console.log(`Wrote ${OUT}:`, {
  conditions: conditionRows.length,
  drugs: drugs.length,
  classes: classes.length,
  substances: substanceRows.length,
});
