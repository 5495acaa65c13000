import * as contract from '@portal/contract';
import { ROLE_LABELS } from '@portal/reference-data';
import { describe, expect, it } from 'vitest';
import enCommon from './catalogs/en/common.json';
import enContract from './catalogs/en/contract.json';
import thCommon from './catalogs/th/common.json';
import thContract from './catalogs/th/contract.json';
import {
  frameTable,
  PACK_READ_BACK,
  packReadBack,
  READ_BACK_FIRST,
  readBackTable,
  readBackTables,
  readBackTranslator,
  startsWithAny,
  textKey,
} from './index';

const englishCatalogues = { common: enCommon, contract: enContract };
const thai = { ...thCommon, ...thContract };
const tables = readBackTables(englishCatalogues, thai);
/** The read-back table a Thai pack carries (tools/vite/lingui.ts builds it so). */
const packTable = (...[scope, pack]: Parameters<typeof packReadBack>) =>
  readBackTable(englishCatalogues, thai, startsWithAny(packReadBack(scope, pack)));
/** The frame's table of each app's `base` pack, with the spec's messages its code holds. */
const frames = (['public', 'clinical', 'hr'] as const).map(
  (scope) => [scope, frameTable(englishCatalogues, thai, packReadBack(scope, 'base'))] as const,
);
/** The tables of each app's packs (not its base), by app. */
const appPacks = (['public', 'clinical', 'hr'] as const).map((scope) =>
  Object.keys(PACK_READ_BACK[scope] ?? {})
    .filter((pack) => pack !== 'base')
    .map((pack) => packTable(scope, pack)),
);
const accessLog = packTable('public', 'accessLog');
const chart = packTable('clinical', 'chart');
const addPatient = packTable('clinical', 'addPatient');

/** The contract's texts every first paint can show: roles. */
const frameTexts = Object.values(ROLE_LABELS);
/** A section's links and title, which its app's frame shows (and no other app's). */
const sectionTexts = (section: contract.ManagementSectionInfo) => [
  section.title,
  ...section.links.flatMap((link) => [link.label, link.sidebarLabel]),
];
const frameOf = (scope: 'public' | 'clinical' | 'hr') =>
  frames.find(([each]) => each === scope)?.[1] ?? tables.first;
/** The contract's texts some pages' first paint shows, with the pack that reads them back. */
const pageTexts = [
  ...Object.values(contract.APPOINTMENT_STATUS_LABELS).map((text) => [text, chart] as const),
  ...Object.values(contract.ALLERGY_SEVERITY_LABELS).map((text) => [text, addPatient] as const),
  ...Object.values(contract.ACCESS_KIND_TEXT).map((text) => [text, accessLog] as const),
];
/**
 * The spec's messages Thai does not write as English does ("-", "PXXX" read back as they
 * are), each with the tables of the apps that show it: the frame's or a page's pack's.
 */
const messageTexts = Object.entries(contract.MESSAGES)
  .filter(
    ([name, text]) => thContract[`contract.message.${name}` as keyof typeof thContract] !== text,
  )
  .map(
    ([, text]) =>
      [
        text,
        [...frames.map(([, table]) => table), ...appPacks.flat()].filter(
          (table) => table.exact[textKey(text)] !== undefined,
        ),
      ] as const,
  );
const firstPaintTexts = [
  ...frameTexts,
  ...pageTexts.map(([text]) => text),
  ...messageTexts.map(([text]) => text),
];

describe('the read-back tables', () => {
  it("translate what a page's first paint shows with the frame's table and its packs'", () => {
    expect(frameTexts.length).toBe(3);
    expect(pageTexts.length).toBeGreaterThan(20);
    for (const [text, table] of [
      ...frameTexts.map((each) => [each, tables.first] as const),
      ...sectionTexts(contract.PATIENTS_SECTION).map(
        (each) => [each, frameOf('clinical')] as const,
      ),
      ...sectionTexts(contract.EMPLOYEES_SECTION).map((each) => [each, frameOf('hr')] as const),
      ...pageTexts,
    ]) {
      const translate = readBackTranslator([tables.first, table]);
      const id = Object.entries(enContract).find(([, english]) => english === text)?.[0];
      expect(id, text).toBeDefined();
      expect(translate(text), text).toBe(thContract[id as keyof typeof thContract]);
    }
    // Every spec message is read back by the frame or a page's pack of some app (the pages that
    // show it), and no app's frame reads back all of them: each holds those its code shows.
    for (const [text, appFrames] of messageTexts) {
      expect(appFrames.length, text).toBeGreaterThan(0);
      for (const table of appFrames) expect(readBackTranslator([table])(text), text).toBeDefined();
    }
    for (const [scope, table] of frames) {
      const held = messageTexts.filter(([text]) => table.exact[textKey(text)] !== undefined);
      expect(held.length, scope).toBeLessThan(messageTexts.length);
    }
    // The access log's first paint reads whole texts only (the page puts a name and a role
    // together itself): its actors' patterns come with the rest, for any other text that has one.
    expect(accessLog.patterns).toEqual([]);
    expect(readBackTranslator([tables.first, tables.rest])('Anan Wongsa, medical personnel')).toBe(
      'Anan Wongsa บุคลากรทางการแพทย์',
    );
  });

  it('writes a day inside a message as Thai screens write days, in the chosen calendar', () => {
    const text = 'Date of birth must be between 1900-01-01 and today';
    const buddhist = readBackTranslator([tables.first, tables.rest], 'th', () => 'buddhist');
    const gregorian = readBackTranslator([tables.first, tables.rest], 'th', () => 'gregory');
    expect(buddhist(text)).toMatch(/^วันเกิดต้องอยู่ระหว่าง \S.*2443 ถึงวันนี้$/);
    expect(gregorian(text)).toMatch(/^วันเกิดต้องอยู่ระหว่าง \S.*1900 ถึงวันนี้$/);
    expect(buddhist(text)).not.toContain('1900-01-01');
  });

  it("leave a section's links and title to its app: the public app's frame has none", () => {
    const inPublic = readBackTranslator([frameOf('public')]);
    const inClinical = readBackTranslator([frameOf('clinical')]);
    for (const text of sectionTexts(contract.PATIENTS_SECTION)) {
      expect(inPublic(text), text).toBeUndefined();
      expect(inClinical(text), text).toBeDefined();
    }
    // "Add Employee" is also Add Employee's own heading (common.employeeAdd): not the frame's.
    for (const text of sectionTexts(contract.EMPLOYEES_SECTION)) {
      expect(inPublic(text), text).toBeUndefined();
      expect(inClinical(text), text).toBeUndefined();
    }
  });

  it("leave a page's texts to its packs: the frame's table has none of them", () => {
    const frame = readBackTranslator([tables.first]);
    for (const [text] of pageTexts) expect(frame(text), text).toBeUndefined();
    // The access log's texts are in its pack's table only, not in the chart's.
    const access = Object.values(contract.ACCESS_KIND_TEXT);
    for (const text of access) expect(readBackTranslator([chart])(text), text).toBeUndefined();
  });

  it('carry no English words of an exact text: its key only', () => {
    const json = JSON.stringify([tables, frames, appPacks]);
    for (const text of firstPaintTexts.filter((each) => /[a-z]{3}/.test(each))) {
      expect(json.includes(JSON.stringify(text)), text).toBe(false);
      const held = [tables.first, ...frames.map(([, table]) => table), ...appPacks.flat()].some(
        (table) => table.exact[textKey(text)] !== undefined,
      );
      expect(held, text).toBe(true);
    }
  });

  it("leave the rules' messages to the rest, which reads them with their values", () => {
    const message = 'Length must be at most 240 minutes';
    expect(readBackTranslator([tables.first])(message)).toBeUndefined();
    const thai = readBackTranslator([tables.first, tables.rest])(message);
    expect(thai).toBeDefined();
    expect(thai).toContain('240');
    expect(thai).not.toBe(message);
    // The date fields' range rules too (no page shows their labels alone).
    const range = 'Date of birth must be between 1900-01-01 and today';
    expect(tables.first.patterns).toEqual([]);
    expect(readBackTranslator([tables.first])(range)).toBeUndefined();
    expect(readBackTranslator([tables.first, tables.rest])(range)).toContain('1900-01-01');
  });

  it('put only the first-paint texts in the first table', () => {
    const idsByText = new Map<string, string[]>();
    for (const [id, text] of Object.entries({ ...enCommon, ...enContract })) {
      idsByText.set(text, [...(idsByText.get(text) ?? []), id]);
    }
    for (const [scope, table] of [['all', tables.first] as const, ...frames]) {
      const prefixes = [
        ...READ_BACK_FIRST,
        ...(scope === 'all' ? [] : packReadBack(scope, 'base')),
      ];
      const inFirst = [...idsByText].filter(
        ([text]) => !text.includes('{') && table.exact[textKey(text)] !== undefined,
      );
      // The roles and the session's notices at least.
      expect(inFirst.length, scope).toBeGreaterThan(5);
      for (const [text, ids] of inFirst) {
        expect(
          ids.some((id) => prefixes.some((prefix) => id.startsWith(prefix))),
          `${scope}: ${text}: ${ids.join(', ')}`,
        ).toBe(true);
      }
    }
  });
});
