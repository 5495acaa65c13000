import * as contract from '@portal/contract';
import { EDIT_FORM_POSITIONS, ROLE_LABELS } from '@portal/reference-data';
import { afterAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import enContract from './catalogs/en/contract.json';
import thContract from './catalogs/th/contract.json';
import {
  activateLocale,
  daysIn,
  englishReader,
  fillPlaceholders,
  type MessageId,
  t,
  translateEnglish,
} from './index';
import { textIn } from './server';

const read = englishReader(enContract);
const thai: Record<string, string> = thContract;

/** Every exported `*_MESSAGE` constant of the contract that is a text. */
const messageConstants: [string, string][] = Object.entries(
  contract as Record<string, unknown>,
).flatMap(([name, value]) =>
  /_MESSAGE$/.test(name) && typeof value === 'string' ? [[name, value] as [string, string]] : [],
);

/** The texts of the contract's tables of words (labels, the spec's messages, rules' words). */
const wordTables: Record<string, Readonly<Record<string, string>>> = {
  MESSAGES: contract.MESSAGES,
  TEXT_MESSAGES: contract.TEXT_MESSAGES,
  PASSWORD_SCORE_LABELS: contract.PASSWORD_SCORE_LABELS,
  PASSWORD_STRENGTH_MESSAGES: {
    containsUsername: contract.PASSWORD_STRENGTH_MESSAGES.containsUsername,
    containsHospitalName: contract.PASSWORD_STRENGTH_MESSAGES.containsHospitalName,
    easyToGuess: contract.PASSWORD_STRENGTH_MESSAGES.easyToGuess,
    addWords: contract.PASSWORD_STRENGTH_MESSAGES.addWords,
  },
  'PASSWORD_STRENGTH_MESSAGES.warnings': contract.PASSWORD_STRENGTH_MESSAGES.warnings,
  'PASSWORD_STRENGTH_MESSAGES.suggestions': contract.PASSWORD_STRENGTH_MESSAGES.suggestions,
  APPOINTMENT_STATUS_LABELS: contract.APPOINTMENT_STATUS_LABELS,
  ALLERGY_SEVERITY_LABELS: contract.ALLERGY_SEVERITY_LABELS,
  ACCESS_KIND_TEXT: contract.ACCESS_KIND_TEXT,
  ACCESS_ROLE_TEXT: contract.ACCESS_ROLE_TEXT,
  SECTION_TITLES: contract.SECTION_TITLES,
  ROLE_LABELS,
  'EDIT_FORM_POSITIONS labels': Object.fromEntries(
    EDIT_FORM_POSITIONS.map((p) => [p.value, p.label]),
  ),
  // Not DATE_RULES' labels ("Date of birth") nor "today": no page shows them alone, only in
  // the range's message (implausibleDateMessage below), read back whole.
};

const sectionLinkTexts = [...contract.PATIENT_SECTION_LINKS, ...contract.EMPLOYEE_SECTION_LINKS]
  .flatMap((link) => [link.label, link.sidebarLabel])
  .concat([contract.RESCHEDULED_REASON]);

// --- Rule messages produced by the real schemas -------------------------------------------

type Schema = z.ZodType & { _zod: { def: Record<string, unknown> & { type: string } } };

const isSchema = (value: unknown): value is Schema =>
  typeof value === 'object' && value !== null && '_zod' in value && 'safeParse' in value;

/** Values that break one rule or another: blank, too long, wrong type, odd characters… */
const LONG = 'x'.repeat(3000);
const BAD_VALUES: unknown[] = [
  undefined,
  null,
  '',
  ' \u200b ',
  'x',
  'ab',
  LONG,
  'A\u0000B',
  'line\nbreak',
  'A\u0000\nB',
  '\uD800',
  0,
  -1,
  1.5,
  1e12,
  '-5',
  '1e3',
  'abc',
  true,
  [],
  {},
  'P1',
  'E1',
  'p001',
  'Q001',
  '2026-02-30',
  '0001-01-01',
  '9999-12-31',
  '25:61',
  'name@example.org',
  'not an email',
  'ABCD-EFGH-JKM',
  '12345',
  'short',
  'Password\ttab!',
  'x'.repeat(200),
  'not-a-uuid',
  'P999',
  'no',
  'maybe',
  'doctor',
];

/** The schema under optional/nullable/default/pipe wrappers, to find an object's shape. */
function unwrap(schema: Schema, depth = 0): Schema {
  const def = schema._zod.def;
  if (depth > 10) return schema;
  for (const key of ['innerType', 'in'] as const) {
    const inner = def[key];
    if (isSchema(inner) && def.type !== 'transform') return unwrap(inner, depth + 1);
  }
  return schema;
}

/** A valid value of a literal or an enum (the first), or undefined for any other schema. */
function firstChoice(schema: Schema): unknown {
  const def = unwrap(schema)._zod.def;
  if (def.type === 'literal') return (def['values'] as unknown[])[0];
  if (def.type === 'enum') return Object.values(def['entries'] as Record<string, unknown>)[0];
  return undefined;
}

/** Inputs built from a schema: the bad values, and for objects each member given each one. */
function inputsFor(schema: Schema, depth = 0): unknown[] {
  const inner = unwrap(schema);
  const def = inner._zod.def;
  const inputs: unknown[] = [...BAD_VALUES];
  if (depth > 3) return inputs;
  if (def.type === 'object') {
    const shape = def['shape'] as Record<string, Schema>;
    inputs.push({ unknown_member: 1, patient_appointment: [], patient_id: 'P001' });
    // The members that are a choice (a union's discriminator: `role`) take a valid value, so
    // that each option's own members are checked.
    const chosen = Object.fromEntries(
      Object.entries(shape).flatMap(([key, member]) => {
        const value = firstChoice(member);
        return value === undefined ? [] : [[key, value]];
      }),
    );
    for (const [key, member] of Object.entries(shape)) {
      for (const value of inputsFor(member, depth + 1)) {
        inputs.push({ [key]: value }, { ...chosen, [key]: value });
      }
    }
  } else if (def.type === 'array') {
    const element = def['element'] as Schema;
    for (const value of inputsFor(element, depth + 1)) inputs.push([value]);
  } else if (def.type === 'union') {
    // Discriminated unions too (zod 4 names them unions).
    for (const option of def['options'] as Schema[]) inputs.push(...inputsFor(option, depth + 1));
  }
  return inputs;
}

/** Lists that repeat an entry or hold too many: the list rules' own messages. */
const LIST_INPUTS: Record<string, unknown[]> = {
  chronicDiseaseListSchema: [
    [{ disease_id: 'I001' }, { disease_id: 'I001' }],
    Array.from({ length: 40 }, () => ({ disease_id: 'I001' })),
  ],
  drugAllergyListSchema: [
    [{ drug_id: 'R001' }, { drug_id: 'R001' }],
    Array.from({ length: 40 }, () => ({ drug_id: 'R001' })),
  ],
};

/**
 * Schemas of what a machine made and nobody types: the login's proof of work, decoded from the
 * opaque `proof` text. Their issues are never shown: a proof that fails them is refused with the
 * `proof` rule's own message (read back above with the login request's schema).
 */
const MACHINE_MADE = new Set(['loginChallengeSchema', 'loginProofSchema']);

function collectRuleMessages(): Map<string, string> {
  const found = new Map<string, string>(); // message → where it came from
  for (const [name, value] of Object.entries(contract)) {
    if (!isSchema(value) || MACHINE_MADE.has(name)) continue;
    const inputs = [...inputsFor(value), ...(LIST_INPUTS[name] ?? [])];
    for (const input of inputs) {
      const result = value.safeParse(input);
      if (result.success) continue;
      for (const issue of result.error.issues) {
        if (!found.has(issue.message)) found.set(issue.message, name);
      }
    }
  }
  // The rules written as functions: each date kind's range, the age and date checks of a
  // whole record, an appointment no longer booked.
  for (const kind of Object.keys(contract.DATE_RULES) as contract.DateKind[]) {
    found.set(contract.implausibleDateMessage(kind), 'implausibleDateMessage');
  }
  for (const status of contract.APPOINTMENT_STATUSES) {
    found.set(contract.notBookedMessage(status), 'notBookedMessage');
  }
  for (const { message } of contract.checkPatientAge({ age: 90, date_of_birth: '2000-01-01' })) {
    found.set(message, 'checkPatientAge');
  }
  for (const employee of [
    { work_status: 'no', hire_date: '2020-01-01', resignation_date: null },
    { work_status: 'no', hire_date: '2020-01-01', resignation_date: '2019-01-01' },
  ] as const) {
    for (const { message } of contract.checkEmployeeDates(employee)) {
      found.set(message, 'checkEmployeeDates');
    }
  }
  return found;
}

const ruleMessages = collectRuleMessages();

describe("the contract's texts in the contract catalogue", () => {
  afterAll(() => activateLocale('en', 'all'));

  it('has every *_MESSAGE constant', () => {
    expect(messageConstants.length).toBeGreaterThan(10);
    for (const [name, text] of messageConstants) expect(read(text), name).toBeDefined();
  });

  for (const [table, words] of Object.entries(wordTables)) {
    it(`has every text of ${table}`, () => {
      for (const [key, text] of Object.entries(words)) {
        expect(read(text), `${table}.${key}: ${text}`).toBeDefined();
      }
    });
  }

  it('has every way the access log names who opened a record', () => {
    const actors = [
      ...(['you', 'patient', 'system'] as const).map((actor) =>
        contract.describeAccessActor({ actor, name: null, role: null }),
      ),
      contract.describeAccessActor({ actor: 'staff', name: null, role: null }),
      ...(['medical_personnel', 'HR', 'patient'] as const).map((role) =>
        contract.describeAccessActor({ actor: 'staff', name: 'Anan Wongsa', role }),
      ),
    ];
    for (const text of actors) {
      expect(read(text), text).toBeDefined();
      expect(textIn(text, 'th'), text).not.toBe(text);
    }
    expect(textIn('Anan Wongsa, medical personnel', 'th')).toBe('Anan Wongsa บุคลากรทางการแพทย์');
  });

  it('has the section links, sidebar labels and the reschedule reason', () => {
    for (const text of sectionLinkTexts) expect(read(text), text).toBeDefined();
  });

  it('reads back every rule message the schemas give for generated bad input', () => {
    // Enough variety to mean something: required, lengths, formats, choices, list rules.
    expect(ruleMessages.size).toBeGreaterThan(40);
    const missing = [...ruleMessages].filter(([message]) => !read(message));
    expect(missing).toEqual([]);
  });

  it('writes each message read back, in English, exactly as the contract does', async () => {
    await activateLocale('en', 'all');
    const texts = [
      ...messageConstants.map(([, text]) => text),
      ...Object.values(wordTables).flatMap((words) => Object.values(words)),
      ...sectionLinkTexts,
      ...ruleMessages.keys(),
    ];
    for (const text of texts) {
      const match = read(text)!;
      expect(t(match.id as MessageId, match.values), match.id).toBe(text);
    }
  });

  it('translates each of them to Thai, in the apps and on the server', async () => {
    await activateLocale('th', 'all');
    const texts = [...messageConstants.map(([, text]) => text), ...ruleMessages.keys()];
    for (const text of texts) {
      const match = read(text)!;
      const expected = thai[match.id];
      expect(expected, match.id).toBeTypeOf('string');
      // Technical placeholders (PXXX, "-") read the same in both languages.
      if (expected === enContract[match.id as keyof typeof enContract]) continue;
      // The contract's own message, also where the merged catalogues have a shorter one that
      // reads the text too (common's "Disease {number}" and "Disease I001 is listed twice").
      // A day among the values is a Thai day (Buddhist era, the default calendar).
      const thaiText = fillPlaceholders(expected!, daysIn(match.values, 'th'));
      expect(thaiText, text).not.toBe(text);
      expect(textIn(text, 'th'), text).toBe(thaiText);
      expect(translateEnglish(text), text).toBe(thaiText);
    }
  });

  it("translates a password's refusal, a warning and a suggestion side by side, sentence by sentence", async () => {
    await activateLocale('th', 'all');
    const { warnings, suggestions } = contract.PASSWORD_STRENGTH_MESSAGES;
    const reason = `${warnings.dates} ${suggestions.dates}`;
    const expected = `${thai['contract.password.warning.dates']} ${thai['contract.password.suggestion.dates']}`;
    expect(translateEnglish(reason)).toBe(expected);
    expect(textIn(reason, 'th')).toBe(expected);
    // A text of which one sentence has no message stays English, whole.
    expect(translateEnglish(`${warnings.dates} Something else.`)).toBe(
      `${warnings.dates} Something else.`,
    );
  });
});
