import { z } from 'zod';
import { ALLOWED_EMAIL_DOMAINS } from '@portal/reference-data';
import './zod-setup';

/** Ages the forms and the API accept. */
export const AGE_MIN = 1;
/** Ages the forms and the API accept. */
export const AGE_MAX = 120;
/** Password length bounds (product decisions §3). */
export const PASSWORD_MIN_LENGTH = 12;
/** Password length bounds (product decisions §3). */
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
} as const;

/** Control characters (C0, DEL, C1) and line or paragraph separators: not in a one-line field. */
const ONE_LINE_FORBIDDEN = /[\p{Cc}\p{Zl}\p{Zp}]/u;
/** Control characters other than line feed and tab: not in multi-line free text. */
const MULTILINE_FORBIDDEN = /[^\P{Cc}\n\t]/u;
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

/**
 * The one rule for text, under every text field of the portal (names, address, phone, id card,
 * email, usernames, topic, detail, search criteria). In this order:
 * - refuses an unpaired surrogate (JSON can carry `"\uD800"`; it is no character);
 * - normalises to Unicode NFC, so that the same name typed two ways is stored and found alike;
 * - trims white space at both ends; in multi-line text, turns CR LF and CR into LF;
 * - refuses control characters (C0, DEL, C1; PostgreSQL cannot store NUL): a one-line field
 *   takes none (nor U+2028/U+2029), multi-line text keeps line feed and tab;
 * - when required, reads a value without a visible character (zero-width spaces, direction
 *   marks, byte-order marks …) as blank: "Required", and checks no further, so a person who
 *   skipped a field is not told about its format;
 * - bounds the length.
 * A schema built on it may add its own format (`.regex`, `.pipe`).
 */
export function textSchema({ max, multiline = false, required = false }: TextRules = {}) {
  let schema = z
    .string()
    .refine((v) => !hasUnpairedSurrogate(v), {
      error: TEXT_MESSAGES.unpairedSurrogate,
      abort: true,
    })
    .normalize('NFC')
    .trim()
    .overwrite((v) => (multiline ? v.replace(/\r\n?/g, '\n') : v))
    .refine((v) => !hasControlCharacter(v, multiline), {
      error: multiline ? TEXT_MESSAGES.controlCharacterMultiline : TEXT_MESSAGES.controlCharacter,
      abort: true,
    });
  if (required) {
    schema = schema.refine((v) => !isBlankText(v), { error: TEXT_MESSAGES.required, abort: true });
  }
  return max === undefined ? schema : schema.max(max);
}

/** A required one-line text without a length bound of its own (its format bounds it). */
export function nonBlankText() {
  return textSchema({ required: true });
}

/** A required one-line text of at most `max` characters. */
export function requiredText(max: number) {
  return textSchema({ max, required: true });
}

/** A search criterion: optional one-line text (absent reads as empty, which matches all). */
export function searchCriterionSchema(max: number) {
  return textSchema({ max }).optional().default('');
}

/** Whether an email address belongs to one of the allowed domains (case-insensitive). */
export function hasAllowedEmailDomain(email: string): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return (ALLOWED_EMAIL_DOMAINS as readonly string[]).includes(domain);
}

/** A valid email address at one of the allowed domains. */
export const emailSchema = nonBlankText()
  .pipe(z.email({ error: 'Enter a valid email address' }))
  .pipe(z.string().max(254))
  .refine(hasAllowedEmailDomain, {
    error: `Email must end in @${ALLOWED_EMAIL_DOMAINS.join(', @')}`,
  });

/** Whether `YYYY-MM-DD` names a real calendar day. */
export function isCalendarDate(value: string): boolean {
  if (!DATE_PATTERN.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** An ISO calendar date, `YYYY-MM-DD`. */
export const isoDateSchema = nonBlankText().refine(isCalendarDate, {
  error: 'Use a real date as YYYY-MM-DD',
  abort: true,
});

const DAY_MS = 86_400_000;

/** Today's date in UTC, `YYYY-MM-DD`, read from the clock at each call. */
export function todayUtc(): string {
  return new Date(Date.now()).toISOString().slice(0, 10);
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
export type DateKind = 'birth' | 'appointment' | 'history' | 'hire' | 'resignation';

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
 * The plausible range of each kind of date (product decisions §3). Dates before 1900 (1950 for
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

/** A real calendar date within the plausible range of its kind (checked at validation time). */
export function plausibleDateSchema(kind: DateKind) {
  return isoDateSchema.refine((v) => isPlausibleDate(kind, v), {
    error: () => implausibleDateMessage(kind),
  });
}

/** A time of day as typed, `HH:MM` or `HH:MM:SS`. */
export const timeSchema = nonBlankText().regex(TIME_PATTERN, {
  error: 'Use a time as HH:MM or HH:MM:SS (24-hour)',
});

/** Normalises a typed time to the `HH:MM:SS` the API answers with. */
export function toTimeWithSeconds(time: string): string {
  return time.length === 5 ? `${time}:00` : time;
}

/** A patient id, upper-cased before it is checked. */
export const patientIdSchema = nonBlankText()
  .toUpperCase()
  .regex(PATIENT_ID_PATTERN, { error: 'Patient ID is P followed by digits, as P001' });

/** An employee id, upper-cased before it is checked. */
export const employeeIdSchema = nonBlankText()
  .toUpperCase()
  .regex(EMPLOYEE_ID_PATTERN, { error: 'Employee ID is E followed by digits, as E001' });

/** Turns a whole-number string (as forms hold) into a number, and a blank one into absent. */
function wholeNumberFromText(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  // An empty box is a missing value ("Required"), not a malformed number.
  if (value.trim() === '') return undefined;
  return /^\s*-?\d+\s*$/.test(value) ? Number(value) : value;
}

/** Age in whole years, 1 to 120; a numeric string is accepted. */
export const ageSchema = z.preprocess(
  wholeNumberFromText,
  z
    .int({
      error: (issue) => (issue.input === undefined ? 'Required' : 'Age must be a whole number'),
    })
    .min(AGE_MIN, { error: `Age must be at least ${AGE_MIN}` })
    .max(AGE_MAX, { error: `Age must be at most ${AGE_MAX}` }),
);

/** Salary in whole currency units, parsed as an integer as the spec's form does. */
export const salarySchema = z.preprocess(
  wholeNumberFromText,
  z
    .int({
      error: (issue) => (issue.input === undefined ? 'Required' : 'Salary must be a whole number'),
    })
    .min(0, { error: 'Salary cannot be negative' })
    .max(100_000_000),
);

/** Gender choices of the patient form. */
export const GENDERS = ['male', 'female'] as const;
/** Blood groups of the patient form. */
export const BLOOD_TYPES = ['A', 'B', 'AB', 'O'] as const;
/** The yes/no answers used for health insurance and work status. */
export const YES_NO = ['yes', 'no'] as const;

/** male or female. */
export const genderSchema = z.enum(GENDERS, { error: 'Choose male or female' });
/** A, B, AB or O. */
export const bloodTypeSchema = z.enum(BLOOD_TYPES, { error: 'Choose A, B, AB or O' });
/** yes or no. */
export const yesNoSchema = z.enum(YES_NO, { error: 'Choose yes or no' });
/** Phone numbers: at least 6 digits, with optional +, spaces, dashes and brackets. */
export const phoneSchema = nonBlankText().regex(/^\+?(?=(?:\D*\d){6})[0-9 ()-]{6,20}$/, {
  error: 'Enter a phone number of 6 to 20 digits',
});
/** A national id card number. */
export const idCardNumberSchema = nonBlankText().regex(/^[A-Za-z0-9-]{4,30}$/, {
  error: 'ID card number is 4 to 30 letters, digits or dashes',
});

/** A person's name. */
export const personNameSchema = requiredText(100);

/** Usernames: 3 to 64 letters, digits, dots, dashes, underscores or @. */
export const usernameSchema = nonBlankText().regex(/^[A-Za-z0-9._@-]{3,64}$/, {
  error: 'Username is 3 to 64 letters, digits, dots, dashes, underscores or @',
});

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

/**
 * The password policy's length rule. The strength rule (zxcvbn-ts, score ≥ 3) is async and
 * loads large dictionaries, so it is `estimatePasswordStrength` in password-strength.ts: the
 * server refuses by it and the register form shows it as the person types.
 */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, {
    error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  })
  .max(PASSWORD_MAX_LENGTH, {
    error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  })
  .refine(hasPasswordCharactersOnly, { error: PASSWORD_CHARACTERS_MESSAGE });

/** Strips what people type around a code (dashes, spaces, lower case). */
export function normaliseActivationCode(code: string): string {
  return code.replace(/[\s-]/g, '').toUpperCase();
}

/** Formats a normalised activation code for display, as XXXX-XXXX-XXXX. */
export function formatActivationCode(code: string): string {
  return normaliseActivationCode(code).replace(/(.{4})(?=.)/g, '$1-');
}

/** A one-time activation code, accepted with or without dashes, in any case. */
export const activationCodeSchema = nonBlankText()
  .transform(normaliseActivationCode)
  .pipe(
    z.string().regex(ACTIVATION_CODE_PATTERN, {
      error: 'Activation code is 12 letters and digits, as ABCD-EFGH-JKMN',
    }),
  );

/** Whether a form value is blank: null, or a string that shows nothing (see isBlankText). */
function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && isBlankText(value));
}

/** Turns a blank value (an untouched form field) into undefined, so that it means "absent". */
export function emptyAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());
}

/**
 * For a number on an edit (age, salary): a blank value or 0 means "absent", left as it is. A
 * client that sends its whole edit form sends 0 for a number field left blank, as the original
 * portal's server expected; so 0 cannot set a salary to 0 on an edit (an add can).
 */
export function zeroOrEmptyAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess(
    (v) =>
      isBlank(v) || v === 0 || (typeof v === 'string' && /^\s*-?0+\s*$/.test(v)) ? undefined : v,
    schema.optional(),
  );
}

/** Turns a blank value into null, for optional fields the API stores as null. */
export function emptyAsNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === undefined || isBlank(v) ? null : v), schema.nullable());
}
