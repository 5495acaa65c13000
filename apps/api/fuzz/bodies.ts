/**
 * Request bodies for the fuzz suite: valid ones built from a contract schema (through its JSON
 * Schema, with generators for the fields whose rules JSON Schema cannot say, such as dates and
 * e-mail domains), and mutations of them that an attacker or a broken client would send.
 * Whether a body is valid is never decided here: the server and the contract decide; this only
 * makes sure that many bodies are worth accepting and many are nearly so.
 */
import fc from 'fast-check';
import { z } from 'zod';
import { ACTIVATION_CODE_PATTERN, DATE_RULES, type DateKind, TIME_PATTERN } from '@portal/contract';
import { ALLOWED_EMAIL_DOMAINS, EDIT_FORM_POSITIONS, POSITION_IDS } from '@portal/reference-data';
import { cloneTree, type JsonNode, raw, slots, toJsonText, toTree } from './json-tree';

/** Planted in names and free text; the server's log must never show it. */
export const MARKER = 'FUZZMARKER';

/** The subset of JSON Schema that `z.toJSONSchema` writes for the contract's bodies. */
interface JsonSchema {
  readonly type?: string | readonly string[];
  readonly properties?: Readonly<Record<string, JsonSchema>>;
  readonly required?: readonly string[];
  readonly items?: JsonSchema;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minItems?: number;
  readonly maxItems?: number;
}

/** A generator for a field, chosen by the field's name. */
export type FieldHints = Readonly<Record<string, fc.Arbitrary<unknown>>>;

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Calendar days for a kind of date: most inside the contract's plausible range for that kind,
 * the rest anywhere from 1890 to twelve years ahead (the range's edges and beyond).
 */
export function dateArbitrary(kind: DateKind): fc.Arbitrary<string> {
  const rule = DATE_RULES[kind];
  const day = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
  const today = Math.floor(Date.now() / DAY_MS);
  return fc
    .oneof(
      { weight: 8, arbitrary: fc.integer({ min: day(rule.min), max: day(rule.max()) - 1 }) },
      { weight: 1, arbitrary: fc.integer({ min: day('1890-01-01'), max: today + 365 * 12 }) },
    )
    .map((d) => isoDay(d * DAY_MS));
}

const FIRST_NAMES = ['Malee', 'Somchai', 'Anong', 'Niran', 'Ploy', 'José', 'Zoë', 'Ngọc', 'สมชาย'];
const WORDS = ['none', 'smoking', 'asthma check', 'follow-up', 'x-ray', 'นัดตรวจ', 'blood test'];

/** A name or short text: realistic, with the marker, or any printable string. */
function textArbitrary(maxLength = 100): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...FIRST_NAMES, ...WORDS) },
    {
      weight: 3,
      arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 6 }).map((s) => `${MARKER}${s}`),
    },
    {
      weight: 1,
      arbitrary: fc.string({ unit: 'grapheme', minLength: 1, maxLength: Math.min(maxLength, 30) }),
    },
  );
}

const emailArbitrary = fc
  .tuple(
    fc.stringMatching(/^[a-z][a-z0-9]{0,7}(\.[a-z0-9]{1,6})?$/),
    fc.oneof(
      { weight: 9, arbitrary: fc.constantFrom(...ALLOWED_EMAIL_DOMAINS) },
      { weight: 1, arbitrary: fc.constant('example.com') },
    ),
  )
  .map(([local, domain]) => `${local}@${domain}`);

/** Passphrases long and varied enough for any reasonable strength rule, and a few weak ones. */
const passwordArbitrary = fc.oneof(
  {
    weight: 5,
    arbitrary: fc
      .tuple(
        fc.stringMatching(/^[a-z]{5,9}$/),
        fc.stringMatching(/^[A-Z][a-z]{4,8}$/),
        fc.stringMatching(/^[0-9]{2,4}[!#%&*]$/),
      )
      .map((parts) => parts.join('-')),
  },
  { weight: 1, arbitrary: fc.constantFrom('aaaaaaaaaaaa', 'P@ssw0rd1234', '            ') },
);

/** Mostly `usual`, one time in six `odd` (the edges and beyond). */
function mostly<T>(usual: fc.Arbitrary<T>, odd: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ weight: 5, arbitrary: usual }, { weight: 1, arbitrary: odd });
}

/** Generators for fields whose rules JSON Schema cannot carry, by field name. */
export const DEFAULT_HINTS: FieldHints = {
  date_of_birth: dateArbitrary('birth'),
  date: dateArbitrary('history'),
  hire_date: dateArbitrary('hire'),
  resignation_date: fc.option(dateArbitrary('resignation')),
  email: emailArbitrary,
  time: fc.stringMatching(TIME_PATTERN),
  activation_code: fc.stringMatching(ACTIVATION_CODE_PATTERN),
  password: passwordArbitrary,
  phone_number: fc.oneof(
    fc.stringMatching(/^0[689]\d{8}$/),
    fc.stringMatching(/^\+66 \d{2}-\d{3}-\d{4}$/),
  ),
  position_id: fc.constantFrom(...POSITION_IDS, ...EDIT_FORM_POSITIONS.map((p) => p.value)),
  first_name: textArbitrary(),
  last_name: textArbitrary(),
  // Vital signs: mostly believable (diastolic below every systolic), now and then not.
  systolic: mostly(fc.integer({ min: 100, max: 220 }), fc.double()),
  diastolic: mostly(fc.integer({ min: 40, max: 99 }), fc.double()),
  pulse: mostly(fc.integer({ min: 40, max: 180 }), fc.integer({ min: -5, max: 400 })),
  respiratory_rate: mostly(fc.integer({ min: 8, max: 40 }), fc.integer({ min: -5, max: 100 })),
  temperature_c: mostly(fc.double({ min: 34, max: 42, noNaN: true }), fc.double()),
  spo2: mostly(fc.integer({ min: 70, max: 100 }), fc.integer({ min: 0, max: 120 })),
  weight_kg: mostly(fc.double({ min: 2, max: 200, noNaN: true }), fc.double()),
  height_cm: mostly(fc.double({ min: 45, max: 210, noNaN: true }), fc.double()),
  taken_at: mostly(
    fc.integer({ min: Date.now() - 365 * DAY_MS, max: Date.now() }),
    fc.integer({ min: Date.UTC(1990, 0, 1), max: Date.now() + 365 * DAY_MS }),
  ).map((ms) => new Date(ms).toISOString()),
  text: textArbitrary(2000),
  // Prescriptions: mostly a believable dose, quantity and length, now and then not.
  dose: mostly(fc.integer({ min: 1, max: 1000 }), fc.double()),
  quantity: mostly(fc.integer({ min: 1, max: 200 }), fc.double()),
  duration_days: mostly(fc.integer({ min: 1, max: 90 }), fc.integer({ min: -5, max: 400 })),
  instructions: textArbitrary(1000),
  reason: textArbitrary(500),
};

/** A value for a JSON Schema, with `hints` deciding the named fields. */
function fromJsonSchema(
  schema: JsonSchema,
  hints: FieldHints,
  name?: string,
): fc.Arbitrary<unknown> {
  const hint = name === undefined ? undefined : hints[name];
  if (hint) return hint;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((s) => fromJsonSchema(s, hints, name)));
  if (schema.allOf?.length) return fromJsonSchema(schema.allOf[0]!, hints, name);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (Array.isArray(schema.type)) {
    return fc.oneof(
      ...(schema.type as string[]).map((type) => fromJsonSchema({ ...schema, type }, hints, name)),
    );
  }
  switch (schema.type) {
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, s]) => [key, fromJsonSchema(s, hints, key)]),
      );
      return fc.record(model, { requiredKeys: (schema.required ?? []) as string[] });
    }
    case 'array':
      return fc.uniqueArray(fromJsonSchema(schema.items ?? {}, hints), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
        selector: (v) => JSON.stringify(v),
      });
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1_000_000, max: schema.maximum ?? 1_000_000 });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
        noDefaultInfinity: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'string':
      return stringFor(schema);
    default:
      return fc.oneof(fc.constant(null), textArbitrary());
  }
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  const max = schema.maxLength ?? 100;
  if (schema.pattern) {
    try {
      const matching = fc.stringMatching(new RegExp(schema.pattern));
      fc.sample(matching, 1);
      return matching.filter((s) => s.length <= max && s.length >= (schema.minLength ?? 0));
    } catch {
      // A pattern fast-check cannot generate from (a lookahead): any text, the server decides.
    }
  }
  return textArbitrary(max).filter((s) => s.length <= max && s.length >= (schema.minLength ?? 0));
}

/**
 * Bodies for a contract request schema: the JSON Schema of its input, generated with the
 * default hints and the route's own (ids that exist, codes that work).
 */
export function validBodies(schema: z.ZodType, hints: FieldHints = {}): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return fromJsonSchema(json, { ...DEFAULT_HINTS, ...hints });
}

// ---------------------------------------------------------------------------------------------
// Mutations

const CONTROL_CHARACTERS = [
  '\u0000',
  '\u0001',
  '\u0007',
  '\u0008',
  '\u001b',
  '\u007f',
  '\u0080',
  '\u0085',
  '\u009b',
  '\u009f',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u202e',
  '\u2028',
  '\u00ad',
  '\u0301',
  '\ufffe',
  '\uffff',
  '\u00a0',
  '\u3000',
];

const INVISIBLE_ONLY = ['\u200b', '\u200b\u200c\u200d', '\ufeff', '\u00a0', '\u3000', '\u2060'];

const WRONG_TYPES = [
  '0',
  '1',
  'true',
  'false',
  'null',
  '""',
  '[]',
  '{}',
  '"x"',
  '[1,"a"]',
  '{"a":1}',
];

const EXTREME_NUMBERS = [
  '1e308',
  '-1e308',
  '-0',
  '0',
  '-1',
  '1.5',
  '5e-324',
  '9007199254740993',
  '-9007199254740993',
  '9007199254740991',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '100000001',
  '121',
  '120.0000000000001',
  '1E2',
  `1${'0'.repeat(400)}`,
  `-${'9'.repeat(400)}`,
  '1e400',
  '"1e308"',
  '"42 "',
  '"0x2A"',
  '"-0"',
];

const EXTREME_DATES = [
  '0000-01-01',
  '0001-01-01',
  '1000-06-15',
  '1899-12-31',
  '1900-01-01',
  '1949-12-31',
  '9999-12-31',
  '2026-02-30',
  '2023-02-29',
  '2024-02-29',
  '2024-13-01',
  '2024-00-10',
  '2024-04-31',
  '+275760-09-13',
  '+275760-09-14',
  '-271821-04-20',
  '-000001-01-01',
  '2024-1-1',
  '20240101',
  '2024-01-01T00:00:00Z',
  '2024-01-01 ',
  '２０２４-０１-０１',
  '1e3',
  'today',
  'NaN',
  '2024-01-01\u0000',
];

const EXTREME_TIMES = ['24:00', '23:59:60', '-01:00', '00:00:00.000', '1:00', '12:00 PM', '٠٩:٠٠'];

const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const PROTO_VALUES = [
  `{"polluted":"${MARKER}"}`,
  `{"prototype":{"polluted":"${MARKER}"}}`,
  '{"isAdmin":true,"role":"HR"}',
  'null',
  '"x"',
  '[]',
];
const EXTRA_KEYS = ['extra', `${MARKER}_key`, '', ' ', 'patient_id ', '$where', 'toString', 'id'];

const HUGE_LENGTHS = [2_001, 10_001, 100_000, 1_000_000, 1_100_000];
const HUGE_UNITS = ['x', 'é', '\u200b', ' ', '😀', `${MARKER} `];

/** One change to a body; `at` picks the node (modulo the number of candidates). */
export type Mutation =
  | { readonly kind: 'wrongType'; readonly at: number; readonly text: string }
  | { readonly kind: 'remove'; readonly at: number }
  | { readonly kind: 'extra'; readonly at: number; readonly key: string; readonly text: string }
  | {
      readonly kind: 'control';
      readonly at: number;
      readonly char: string;
      readonly where: number;
      readonly only: boolean;
    }
  | { readonly kind: 'invisible'; readonly at: number; readonly text: string }
  | { readonly kind: 'huge'; readonly at: number; readonly length: number; readonly unit: string }
  | { readonly kind: 'number'; readonly at: number; readonly text: string }
  | { readonly kind: 'date'; readonly at: number; readonly value: string }
  | { readonly kind: 'deep'; readonly at: number; readonly depth: number; readonly shape: string }
  | { readonly kind: 'proto'; readonly at: number; readonly key: string; readonly text: string }
  | { readonly kind: 'duplicate'; readonly at: number; readonly text: string }
  | { readonly kind: 'wholeBody'; readonly text: string };

const at = fc.nat({ max: 1_000 });

/** Every kind of mutation, each with its payload. */
export const mutationArbitrary: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({
    kind: fc.constant('wrongType' as const),
    at,
    text: fc.constantFrom(...WRONG_TYPES),
  }),
  fc.record({ kind: fc.constant('remove' as const), at }),
  fc.record({
    kind: fc.constant('extra' as const),
    at,
    key: fc.oneof(fc.constantFrom(...EXTRA_KEYS), fc.string({ maxLength: 8 })),
    text: fc.constantFrom(...WRONG_TYPES, `"${MARKER}"`),
  }),
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('control' as const),
      at,
      char: fc.constantFrom(...CONTROL_CHARACTERS),
      where: fc.nat({ max: 200 }),
      only: fc.boolean(),
    }),
  },
  fc.record({
    kind: fc.constant('invisible' as const),
    at,
    text: fc.constantFrom(...INVISIBLE_ONLY),
  }),
  fc.record({
    kind: fc.constant('huge' as const),
    at,
    length: fc.constantFrom(...HUGE_LENGTHS),
    unit: fc.constantFrom(...HUGE_UNITS),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('number' as const),
      at,
      text: fc.constantFrom(...EXTREME_NUMBERS),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('date' as const),
      at,
      value: fc.constantFrom(...EXTREME_DATES, ...EXTREME_TIMES),
    }),
  },
  fc.record({
    kind: fc.constant('deep' as const),
    at,
    depth: fc.constantFrom(10, 100, 999, 1000),
    shape: fc.constantFrom('array', 'object', 'mixed'),
  }),
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('proto' as const),
      at,
      key: fc.constantFrom(...PROTO_KEYS),
      text: fc.constantFrom(...PROTO_VALUES),
    }),
  },
  fc.record({
    kind: fc.constant('duplicate' as const),
    at,
    text: fc.constantFrom(...WRONG_TYPES, `"${MARKER}"`),
  }),
  fc.record({
    kind: fc.constant('wholeBody' as const),
    text: fc.constantFrom(
      'null',
      '[]',
      '[{}]',
      '"body"',
      '0',
      'true',
      '{}',
      '{',
      '{"a":',
      `${'['.repeat(1000)}${']'.repeat(1000)}`,
      `${'{"a":'.repeat(1000)}1${'}'.repeat(1000)}`,
    ),
  }),
);

function nested(depth: number, shape: string): string {
  if (shape === 'array') return `${'['.repeat(depth)}1${']'.repeat(depth)}`;
  if (shape === 'object') return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
  const open = Array.from({ length: depth }, (_, i) => (i % 2 ? '[' : '{"b":')).join('');
  const close = Array.from({ length: depth }, (_, i) => (i % 2 ? ']' : '}'))
    .reverse()
    .join('');
  return `${open}"${MARKER}"${close}`;
}

const isDateKey = (key: string | undefined) => key !== undefined && /date|time/.test(key);

/**
 * Applies mutations to a body and answers its JSON text. Each mutation picks its node among
 * the nodes it suits (strings for control characters, date fields for dates when there are any).
 */
export function mutate(body: unknown, mutations: readonly Mutation[]): string {
  let root: JsonNode = cloneTree(toTree(body));
  const setRoot = (node: JsonNode) => {
    root = node;
  };
  for (const m of mutations) {
    if (m.kind === 'wholeBody') {
      root = raw(m.text);
      continue;
    }
    const all = slots(root, setRoot);
    const pick = <T>(candidates: T[]): T | undefined =>
      candidates.length ? candidates[m.at % candidates.length] : undefined;
    const values = all.filter((s) => s.key !== undefined);
    const strings = all.filter((s) => s.node.kind === 'string');
    const objects = all.filter((s) => s.node.kind === 'object');
    switch (m.kind) {
      case 'wrongType':
      case 'number':
        pick(values.length ? values : all)?.set?.(raw(m.text));
        break;
      case 'remove':
        pick(values)?.remove?.();
        break;
      case 'extra':
      case 'proto': {
        const target = pick(objects)?.node;
        if (target?.kind === 'object') target.entries.push([m.key, raw(m.text)]);
        break;
      }
      case 'duplicate': {
        const target = pick(objects)?.node;
        if (target?.kind === 'object' && target.entries.length) {
          const [key] = target.entries[m.at % target.entries.length]!;
          target.entries.push([key, raw(m.text)]);
        }
        break;
      }
      case 'control': {
        const slot = pick(strings);
        if (slot?.node.kind === 'string') {
          const value = slot.node.value;
          const i = m.where % (value.length + 1);
          slot.set?.({
            kind: 'string',
            value: m.only ? m.char : value.slice(0, i) + m.char + value.slice(i),
          });
        } else pick(values)?.set?.({ kind: 'string', value: `${MARKER}${m.char}` });
        break;
      }
      case 'invisible':
        pick(strings.length ? strings : values)?.set?.({ kind: 'string', value: m.text });
        break;
      case 'huge': {
        const unit = m.unit;
        const value = unit.repeat(Math.ceil(m.length / unit.length)).slice(0, m.length);
        pick(strings.length ? strings : values)?.set?.({ kind: 'string', value });
        break;
      }
      case 'date': {
        const dates = strings.filter((s) => isDateKey(s.key));
        pick(dates.length ? dates : values)?.set?.({ kind: 'string', value: m.value });
        break;
      }
      case 'deep':
        pick(values.length ? values : all)?.set?.(raw(nested(m.depth, m.shape)));
        break;
    }
  }
  return toJsonText(root);
}
