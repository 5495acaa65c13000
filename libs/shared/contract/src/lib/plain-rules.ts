/**
 * The contract's rules as plain values and functions: bounds, patterns, choice lists, date and
 * text checks. No zod here, so a page that only needs a bound or a list (a form's limits, the
 * gender options) does not carry the schemas' code in its first visit; rules.ts builds the zod
 * schemas on these, and re-exports them, so the contract still has one name for each rule.
 */
import { ALLOWED_EMAIL_DOMAINS, HOSPITAL_TIME_ZONE } from '@portal/reference-data';

/** Ages the forms and the API accept. */
export const AGE_MIN = 1;
/** Ages the forms and the API accept. */
export const AGE_MAX = 120;
/** Password length bounds (the product decisions). */
export const PASSWORD_MIN_LENGTH = 12;
/** Password length bounds (the product decisions). */
export const PASSWORD_MAX_LENGTH = 128;
/** Minimum for the disease and allergy count inputs. */
export const SELECTOR_COUNT_MIN = 0;

/** Patient ids: `P` and digits, as `P001`. */
export const PATIENT_ID_PATTERN = /^P\d{3,9}$/;
/** Employee ids: `E` and digits, as `E001`. */
export const EMPLOYEE_ID_PATTERN = /^E\d{3,9}$/;
/** Times as typed: `HH:MM` or `HH:MM:SS`, 24-hour clock. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;
/** Dates as ISO `YYYY-MM-DD`. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** Activation codes: 12 Crockford base-32 characters (no I, L, O, U), shown as XXXX-XXXX-XXXX. */
export const ACTIVATION_CODE_PATTERN = /^[0-9A-HJKMNP-TV-Z]{12}$/;

/** What {@link textSchema} refuses, and why, in words a person can act on. */
export const TEXT_MESSAGES = {
  required: 'Required',
  controlCharacter: 'Remove the control characters (such as NUL, tab or a line break)',
  controlCharacterMultiline:
    'Remove the control characters (such as NUL); line breaks and tabs are fine',
  unpairedSurrogate: 'Contains a broken character (an unpaired surrogate); type it again',
  directionControl:
    'Remove the text direction controls (such as a right-to-left override); they can make the text read differently',
} as const;

/** Control characters (C0, DEL, C1) and line or paragraph separators: not in a one-line field. */
const ONE_LINE_FORBIDDEN = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Control characters other than line feed and tab: not in multi-line free text. */
const MULTILINE_FORBIDDEN = /[^\P{Cc}\n\t]/u;
/**
 * Bidirectional controls: the embeddings and overrides (U+202A–U+202E), the isolates
 * (U+2066–U+2069) and the marks (U+200E, U+200F, U+061C). In a name they make the stored text
 * read as another (`Smith\u202Egnp.exe` shows "Smithexe.png"); a one-line field takes none.
 */
const DIRECTION_CONTROL = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/u;
/** A UTF-16 surrogate without its partner (`\uD800` alone): no character at all. */
const UNPAIRED_SURROGATE = /\p{Cs}/u;
/**
 * Text nobody can see: white space and the default-ignorable code points (zero-width spaces and
 * joiners, direction marks, the byte-order mark, word joiners, variation selectors, Hangul fillers).
 */
const INVISIBLE_ONLY = /^[\p{White_Space}\p{Default_Ignorable_Code_Point}]*$/u;

/** Whether a text holds a control character (in multi-line text, line feed and tab are allowed). */
export function hasControlCharacter(value: string, multiline = false): boolean {
  return (multiline ? MULTILINE_FORBIDDEN : ONE_LINE_FORBIDDEN).test(value);
}

/** Whether a text holds a bidirectional control character (an override, embedding, isolate or mark). */
export function hasDirectionControl(value: string): boolean {
  return DIRECTION_CONTROL.test(value);
}

/** Whether a text holds half of a surrogate pair (it cannot be stored or shown). */
export function hasUnpairedSurrogate(value: string): boolean {
  return UNPAIRED_SURROGATE.test(value);
}

/** Whether a text shows nothing: empty, white space or invisible format characters only. */
export function isBlankText(value: string): boolean {
  return INVISIBLE_ONLY.test(value);
}

/** What a text field accepts; see {@link textSchema}. */
export interface TextRules {
  /** The longest value, in UTF-16 code units after trimming and normalising. */
  readonly max?: number;
  /** Free text over several lines (address, treatment, topic, detail): keeps line breaks and tabs. */
  readonly multiline?: boolean;
  /** Whether it must hold a visible character (otherwise it reads "Required"). */
  readonly required?: boolean;
}

/** Whether an email address belongs to one of the allowed domains (case-insensitive). */
export function hasAllowedEmailDomain(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return (ALLOWED_EMAIL_DOMAINS as readonly string[]).includes(domain);
}

const DAY_MS = 86_400_000;

/** Today's date in UTC, `YYYY-MM-DD`, read from the clock at each call. */
export function todayUtc(): string {
  return new Date(Date.now()).toISOString().slice(0, 10);
}

let hospitalClock: Intl.DateTimeFormat | undefined;

/**
 * An instant on the hospital's clock ({@link HOSPITAL_TIME_ZONE}): its date `YYYY-MM-DD` and
 * time `HH:MM:SS`, as appointments are written. The Today page, the chart's upcoming and past,
 * the Latest Appointment and a patient's upcoming list all read this clock.
 */
export function hospitalNow(at: Date = new Date()): { date: string; time: string } {
  hospitalClock ??= new Intl.DateTimeFormat('en-US', {
    timeZone: HOSPITAL_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of hospitalClock.formatToParts(at)) part[type] = value;
  return {
    date: `${part.year}-${part.month}-${part.day}`,
    time: `${part.hour}:${part.minute}:${part.second}`,
  };
}

/** Today's date on the hospital's clock, `YYYY-MM-DD` ({@link hospitalNow}). */
export function hospitalToday(at: Date = new Date()): string {
  return hospitalNow(at).date;
}

/** The date `days` after (before, when negative) a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** The same day `years` later (earlier, when negative); 29 February becomes 1 March. */
export function addYears(date: string, years: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const moved = new Date(0);
  moved.setUTCFullYear(y + years, m - 1, d);
  return moved.toISOString().slice(0, 10);
}

/** Whole years from a date of birth to a day (both `YYYY-MM-DD`); negative before the birth. */
export function ageOn(dateOfBirth: string, day: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = day.split('-').map(Number) as [number, number, number];
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0);
}

/**
 * The latest date that is "today" for a rule that refuses the future: today in UTC plus one
 * day, because a browser east of Greenwich (up to UTC+14) is already on the next date while
 * the server's UTC clock is not. Browser and server compute it alike, from UTC.
 */
export function latestToday(): string {
  return addDays(todayUtc(), 1);
}

/** The earliest date of birth, appointment or history entry. */
export const EARLIEST_DATE = '1900-01-01';
/** The earliest hire or resignation date. */
export const EARLIEST_EMPLOYMENT_DATE = '1950-01-01';
/** How far ahead an appointment may be booked, in years. */
export const APPOINTMENT_YEARS_AHEAD = 10;
/** How far ahead a hire or resignation date may be, in years. */
export const EMPLOYMENT_YEARS_AHEAD = 1;
/** How far the age given may be from the age the date of birth gives, in years. */
export const AGE_TOLERANCE_YEARS = 1;

/** The kinds of date the portal stores, each with its own plausible range. */
export type DateKind = 'birth' | 'appointment' | 'history' | 'onset' | 'hire' | 'resignation';

interface DateRule {
  /** The field's name in a sentence. */
  readonly label: string;
  readonly min: string;
  /** The latest accepted date, computed when a value is checked (never at module load). */
  readonly max: () => string;
  /** How the latest date reads in the message. */
  readonly maxInWords?: string;
}

/**
 * The plausible range of each kind of date (the product decisions). Dates before 1900 (1950 for
 * employment) or years ahead are typing mistakes, and year 0000 or 9999 cannot be anything
 * else; "today" has a day of slack for time zones (see {@link latestToday}).
 */
export const DATE_RULES: Readonly<Record<DateKind, DateRule>> = {
  birth: { label: 'Date of birth', min: EARLIEST_DATE, max: latestToday, maxInWords: 'today' },
  appointment: {
    label: 'Appointment date',
    min: EARLIEST_DATE,
    max: () => addYears(todayUtc(), APPOINTMENT_YEARS_AHEAD),
  },
  history: { label: 'History date', min: EARLIEST_DATE, max: latestToday, maxInWords: 'today' },
  onset: { label: 'Onset date', min: EARLIEST_DATE, max: latestToday, maxInWords: 'today' },
  hire: {
    label: 'Hire Date',
    min: EARLIEST_EMPLOYMENT_DATE,
    max: () => addYears(todayUtc(), EMPLOYMENT_YEARS_AHEAD),
  },
  resignation: {
    label: 'Resignation Date',
    min: EARLIEST_EMPLOYMENT_DATE,
    max: () => addYears(todayUtc(), EMPLOYMENT_YEARS_AHEAD),
  },
};

/** Whether a real `YYYY-MM-DD` date is plausible for its kind, today. */
export function isPlausibleDate(kind: DateKind, date: string): boolean {
  const rule = DATE_RULES[kind];
  return date >= rule.min && date <= rule.max();
}

/** The message for a date outside its kind's range, with the bounds as of today. */
export function implausibleDateMessage(kind: DateKind): string {
  const rule = DATE_RULES[kind];
  return `${rule.label} must be between ${rule.min} and ${rule.maxInWords ?? rule.max()}`;
}

/** Normalises a typed time to the `HH:MM:SS` the API answers with. */
export function toTimeWithSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/** Gender choices of the patient form. */
export const GENDERS = ['male', 'female'] as const;
/** Blood groups of the patient form. */
export const BLOOD_TYPES = ['A', 'B', 'AB', 'O'] as const;
/** The yes/no answers used for health insurance and work status. */
export const YES_NO = ['yes', 'no'] as const;
/** The columns the employee list can be sorted by (`?sort=`; its controls list them). */
export const EMPLOYEE_SORT_KEYS = ['name', 'position', 'department', 'hire_date'] as const;
/** A column the employee list can be sorted by. */
export type EmployeeSortKey = (typeof EMPLOYEE_SORT_KEYS)[number];

/** The message for a password that holds a control character or a broken one. */
export const PASSWORD_CHARACTERS_MESSAGE =
  'Password may hold any printable character and spaces, but no control characters (such as tab or NUL)';

/**
 * The characters any password may hold, new or typed at login: every printable character and
 * spaces, kept as typed (not trimmed, not normalised here), but no control character (C0, DEL,
 * C1: they cannot be typed in the form, and a NUL at the end would hash like no NUL at all)
 * and no unpaired surrogate (two different ones would hash alike).
 */
export function hasPasswordCharactersOnly(password: string): boolean {
  return !/\p{Cc}/u.test(password) && !hasUnpairedSurrogate(password);
}

/** Strips what people type around a code (dashes, spaces, lower case). */
export function normaliseActivationCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * The one form of a username: what is stored, looked up, throttled and compared, everywhere a
 * username is taken (registration, login, the login throttle, the admin tool). Two spellings are
 * the same account exactly when this gives the same string. In this order:
 * 1. Unicode NFKC: compatibility forms become their plain letters (fullwidth `ｄｅｍｏ` is `demo`,
 *    the ligature `ﬁ` is `fi`, long `ſ` is `s`, the Kelvin sign is `K`);
 * 2. one case fold, as `toLowerCase().toUpperCase().toLowerCase()` (JavaScript's locale-free
 *    Unicode mappings, never the machine's locale): the round trip through upper case is what
 *    folds the letters whose lower case alone keeps them apart (`ß` and `ẞ` are `ss`, `ς` and `σ`
 *    agree, dotless `ı` is `i`);
 * 3. a combining dot above right after `i` or `j` is dropped: those letters carry their dot
 *    already, and this is what `İ` (U+0130) lower-cases to, so `demo.patİent` is `demo.patient`;
 * 4. NFKC again, since steps 2 and 3 can leave text that is no longer composed.
 * The result is its own normal form (normaliseUsername(normaliseUsername(x)) === normaliseUsername(x)),
 * which the contract's tests check over random Unicode. The server never uses SQL `lower()` on a
 * username: that depends on the database's locale and would disagree with this.
 */
export function normaliseUsername(typed: string): string {
  return typed
    .normalize('NFKC')
    .toLowerCase()
    .toUpperCase()
    .toLowerCase()
    .replace(/([ij])\u0307+/g, '$1')
    .normalize('NFKC');
}

/** Formats a normalised activation code for display, as XXXX-XXXX-XXXX. */
export function formatActivationCode(code: string): string {
  return normaliseActivationCode(code).replace(/(.{4})(?=.)/g, '$1-');
}

/**
 * A typed patient id as patientIdSchema reads it (trimmed, upper-cased, then PATIENT_ID_PATTERN),
 * or null when it is not one: for a page that only needs to know whether an id is complete
 * (the contract's tests hold the two to the same answers).
 */
export function asPatientId(typed: string): string | null {
  const id = typed.trim().toUpperCase();
  return PATIENT_ID_PATTERN.test(id) ? id : null;
}
