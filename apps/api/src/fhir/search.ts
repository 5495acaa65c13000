import { type SQL, sql } from 'drizzle-orm';
import { hasControlCharacter, hasUnpairedSurrogate } from '@portal/contract';
import { badRequest } from '../errors';
import { escapeLike } from '../repositories/name-search';

/** `_count` when none is asked for, and the most a page holds. */
export const DEFAULT_COUNT = 20;
export const MAX_COUNT = 100;
/** The most values one parameter may list (`_id=a,b,c`). */
export const MAX_VALUES = 100;
/** The longest parameter value taken. */
const MAX_VALUE_LENGTH = 200;

/** 400 naming a search parameter. */
export const badParameter = (name: string, message: string) =>
  badRequest(`${name}: ${message}`, [{ field: name, message }]);

/** A query string as Fastify parses it: a repeated parameter is an array. */
export type RawQuery = Record<string, string | string[] | undefined>;

/** A parameter's one value; 400 when it is repeated, empty or too long. */
export function single(name: string, value: string | string[]): string {
  if (Array.isArray(value)) throw badParameter(name, 'give this parameter once');
  return checked(name, value);
}

/** A parameter's values, each checked (a repeated parameter ANDs its values). */
export function repeated(name: string, value: string | string[]): string[] {
  const values = Array.isArray(value) ? value : [value];
  if (values.length > 4) throw badParameter(name, 'give this parameter at most 4 times');
  return values.map((v) => checked(name, v));
}

function checked(name: string, value: string): string {
  if (value.length === 0) throw badParameter(name, 'give a value');
  if (value.length > MAX_VALUE_LENGTH)
    throw badParameter(name, `at most ${MAX_VALUE_LENGTH} characters`);
  // The contract's rule for one-line text: PostgreSQL cannot compare a NUL, and no name, id or
  // code holds a control character or half a surrogate pair.
  if (hasControlCharacter(value) || hasUnpairedSurrogate(value))
    throw badParameter(name, 'remove the control characters (such as NUL)');
  return value;
}

/** A comma-separated list (OR), each value non-empty, at most {@link MAX_VALUES}. */
export function list(name: string, value: string): string[] {
  const values = value.split(',');
  if (values.length > MAX_VALUES) throw badParameter(name, `at most ${MAX_VALUES} values`);
  if (values.some((v) => v.length === 0)) throw badParameter(name, 'a value in the list is empty');
  return values;
}

/**
 * `_format`: this server answers JSON only (`json`, `application/json`,
 * `application/fhir+json`); any other is a 400 naming it.
 */
export function checkFormat(query: RawQuery): void {
  const format = query['_format'];
  if (
    format !== undefined &&
    !/^(json|application\/(fhir\+)?json)$/.test(single('_format', format))
  )
    throw badParameter('_format', 'this server answers JSON only');
}

/**
 * The one rule for the result parameters a read does not offer: a read (and `$everything`)
 * takes `_format` only, and anything else (`_summary`, `_elements`, …) is a 400 naming it, as
 * a search refuses a parameter it does not offer rather than answer as if it were not there.
 */
export function checkReadParameters(query: RawQuery): void {
  checkFormat(query);
  for (const name of Object.keys(query)) {
    if (name !== '_format')
      throw badParameter(name, 'a read takes no parameter but _format (see /metadata)');
  }
}

/**
 * A reference as this server reads it: an absolute URL of this server's own base
 * (`http://host/fhir/R4/Patient/P001`, the origin the request came to) becomes the relative
 * reference it stands for (`Patient/P001`); any other value is left as it is (another server's
 * URL then names nothing here).
 */
export function relativeReference(value: string, base: string): string {
  if (!/^https?:\/\//i.test(value)) return value;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return value;
  }
  const own = new URL(base);
  if (url.origin !== own.origin || url.search || url.hash) return value;
  return url.pathname.startsWith(`${own.pathname}/`)
    ? url.pathname.slice(own.pathname.length + 1)
    : value;
}

/** `_count`: 1 to {@link MAX_COUNT} ({@link DEFAULT_COUNT} when absent); more is capped. */
export function parseCount(value: string | string[] | undefined): number {
  if (value === undefined) return DEFAULT_COUNT;
  const text = single('_count', value);
  if (!/^\d{1,6}$/.test(text) || Number(text) < 1)
    throw badParameter('_count', 'a whole number from 1');
  return Math.min(Number(text), MAX_COUNT);
}

/** A token `[system|]code`: system undefined when none was given, '' for `|code`. */
export function parseToken(name: string, value: string): { system?: string; code: string } {
  const bar = value.indexOf('|');
  if (bar === -1) return { code: value };
  const code = value.slice(bar + 1);
  if (!code) throw badParameter(name, 'give a code after the system');
  return { system: value.slice(0, bar), code };
}

/** A string parameter's match: the column starts with the value, case-insensitively. */
export function startsWith(column: SQL, value: string): SQL {
  return sql`lower(${column}) like ${escapeLike(value.toLowerCase()) + '%'}`;
}

const DATE_VALUE =
  /^(eq|ne|lt|gt|le|ge)?(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;

/**
 * A date parameter (`[prefix]YYYY[-MM[-DD[Thh:mm[:ss]zone]]]`) as a condition on a date or
 * timestamp column: the value stands for the whole period its precision names (`2024` is the
 * year), as FHIR reads it; `eq` (the default) is within it, `lt`/`ge` before/from its start,
 * `le`/`gt` up to/after its end, `ne` outside it. A time is taken on a timestamp column only.
 */
export function dateCondition(
  name: string,
  value: string,
  column: SQL,
  kind: 'date' | 'timestamp',
): SQL {
  const { prefix, start, end } = dateBounds(name, value, kind);
  const bound = (date: Date) => {
    const iso = date.toISOString();
    // Years beyond 4 digits have no place here; toISOString gives ±YYYYYY for them.
    const text = iso.startsWith('+') || iso.startsWith('-') ? iso.slice(3) : iso;
    return kind === 'date' ? sql`${text.slice(0, 10)}::date` : sql`${text}::timestamptz`;
  };
  const from = bound(start);
  const to = bound(end);
  switch (prefix) {
    case 'lt':
      return sql`${column} < ${from}`;
    case 'ge':
      return sql`${column} >= ${from}`;
    case 'le':
      return sql`${column} < ${to}`;
    case 'gt':
      return sql`${column} >= ${to}`;
    case 'ne':
      return sql`(${column} < ${from} or ${column} >= ${to})`;
    default:
      return sql`(${column} >= ${from} and ${column} < ${to})`;
  }
}

/** A date search value's prefix and the span it names, `start` (in) to `end` (out). */
export interface DateBounds {
  readonly prefix: 'eq' | 'ne' | 'lt' | 'gt' | 'le' | 'ge';
  readonly start: Date;
  readonly end: Date;
  /** Whether the value gave a time (else a year, month or day, in UTC). */
  readonly timed: boolean;
}

/** The span a date search value names ({@link dateCondition}'s rules); 400 naming it if none. */
export function dateBounds(name: string, value: string, kind: 'date' | 'timestamp'): DateBounds {
  const match = DATE_VALUE.exec(value);
  if (!match) throw badParameter(name, 'a date as [eq|ne|lt|gt|le|ge]YYYY[-MM[-DD]]');
  const [, prefix = 'eq', y, m, d, hh, mm, ss, zone] = match;
  if (hh !== undefined && kind === 'date')
    throw badParameter(name, 'a date without a time (this parameter is a date)');
  const year = Number(y);
  const month = m === undefined ? undefined : Number(m);
  const day = d === undefined ? undefined : Number(d);
  if (year < 1 || (month !== undefined && (month < 1 || month > 12)))
    throw badParameter(name, 'not a date');
  let start: Date;
  let end: Date;
  if (hh !== undefined) {
    const iso = `${y}-${m}-${d}T${hh}:${mm}:${ss ?? '00'}${zone === 'Z' ? 'Z' : zone}`;
    start = new Date(iso);
    if (Number.isNaN(start.getTime())) throw badParameter(name, 'not a date');
    end = new Date(start.getTime() + (ss === undefined ? 60_000 : 1000));
  } else {
    start = new Date(Date.UTC(year, (month ?? 1) - 1, day ?? 1));
    start.setUTCFullYear(year);
    if (day !== undefined && (start.getUTCMonth() !== month! - 1 || start.getUTCDate() !== day))
      throw badParameter(name, 'not a date');
    end = new Date(start);
    if (day !== undefined) end.setUTCDate(end.getUTCDate() + 1);
    else if (month !== undefined) end.setUTCMonth(end.getUTCMonth() + 1);
    else end.setUTCFullYear(year + 1);
  }
  if (end.getUTCFullYear() > 9999) end = new Date(Date.UTC(9999, 11, 31, 23, 59, 59));
  return { prefix: prefix as DateBounds['prefix'], start, end, timed: hh !== undefined };
}

/** Conditions ANDed; undefined when there are none. */
export function allOf(conditions: readonly SQL[]): SQL | undefined {
  return conditions.length
    ? sql.join(
        conditions.map((c) => sql`(${c})`),
        sql` and `,
      )
    : undefined;
}

/** Conditions ORed. */
export function anyOf(conditions: readonly SQL[]): SQL {
  return conditions.length ? sql`(${sql.join([...conditions], sql` or `)})` : sql`false`;
}
