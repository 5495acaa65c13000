import * as contract from '@portal/contract';
import { ROLE_LABELS } from '@portal/reference-data';
import { describe, expect, it } from 'vitest';
import enCommon from './catalogs/en/common.json';
import enContract from './catalogs/en/contract.json';
import thCommon from './catalogs/th/common.json';
import thContract from './catalogs/th/contract.json';
import { READ_BACK_FIRST, readBackTables, readBackTranslator, textKey } from './index';

const tables = readBackTables(
  { common: enCommon, contract: enContract },
  { ...thCommon, ...thContract },
);

/** The contract's texts a first paint shows: section links and titles, roles, statuses, the spec's messages. */
const firstPaintTexts = [
  ...Object.values(contract.MESSAGES),
  ...Object.values(contract.SECTION_TITLES),
  ...[...contract.PATIENT_SECTION_LINKS, ...contract.EMPLOYEE_SECTION_LINKS].flatMap((link) => [
    link.label,
    link.sidebarLabel,
  ]),
  ...Object.values(ROLE_LABELS),
  ...Object.values(contract.APPOINTMENT_STATUS_LABELS),
  ...Object.values(contract.ALLERGY_SEVERITY_LABELS),
  ...Object.values(contract.ACCESS_KIND_TEXT),
];

describe('the read-back tables', () => {
  it('translate what a first paint shows with the first table alone', () => {
    const translate = readBackTranslator([tables.first]);
    expect(firstPaintTexts.length).toBeGreaterThan(40);
    for (const text of firstPaintTexts) {
      const id = Object.entries(enContract).find(([, english]) => english === text)?.[0];
      expect(id, text).toBeDefined();
      expect(translate(text), text).toBe(thContract[id as keyof typeof thContract]);
    }
    expect(translate('Anan Wongsa, medical personnel')).toBe('Anan Wongsa บุคลากรทางการแพทย์');
  });

  it('carry no English words of an exact text: its key only', () => {
    const json = JSON.stringify(tables);
    for (const text of firstPaintTexts.filter((each) => /[a-z]{3}/.test(each))) {
      expect(json.includes(JSON.stringify(text)), text).toBe(false);
      expect(tables.first.exact[textKey(text)], text).toBeTypeOf('string');
    }
  });

  it("leave the rules' messages to the rest, which reads them with their values", () => {
    const message = 'Length must be at most 240 minutes';
    expect(readBackTranslator([tables.first])(message)).toBeUndefined();
    const thai = readBackTranslator([tables.first, tables.rest])(message);
    expect(thai).toBeDefined();
    expect(thai).toContain('240');
    expect(thai).not.toBe(message);
  });

  it('put only the first-paint texts in the first table', () => {
    const idsByText = new Map<string, string[]>();
    for (const [id, text] of Object.entries({ ...enCommon, ...enContract })) {
      idsByText.set(text, [...(idsByText.get(text) ?? []), id]);
    }
    const inFirst = [...idsByText].filter(
      ([text]) => !text.includes('{') && tables.first.exact[textKey(text)] !== undefined,
    );
    expect(inFirst.length).toBeGreaterThan(40);
    for (const [text, ids] of inFirst) {
      expect(
        ids.some((id) => READ_BACK_FIRST.some((prefix) => id.startsWith(prefix))),
        `${text}: ${ids.join(', ')}`,
      ).toBe(true);
    }
  });
});
