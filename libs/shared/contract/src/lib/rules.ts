import { z } from 'zod';
import { ALLOWED_EMAIL_DOMAINS } from '@portal/reference-data';
import {
  ACTIVATION_CODE_PATTERN,
  AGE_MAX,
  AGE_MIN,
  BLOOD_TYPES,
  DATE_PATTERN,
  type DateKind,
  EMPLOYEE_ID_PATTERN,
  GENDERS,
  hasAllowedEmailDomain,
  hasControlCharacter,
  hasDirectionControl,
  hasPasswordCharactersOnly,
  hasUnpairedSurrogate,
  implausibleDateMessage,
  isBlankText,
  isPlausibleDate,
  normaliseActivationCode,
  normaliseUsername,
  PASSWORD_CHARACTERS_MESSAGE,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PATIENT_ID_PATTERN,
  TEXT_MESSAGES,
  type TextRules,
  TIME_PATTERN,
  YES_NO,
} from './plain-rules';
import './zod-setup';

export * from './plain-rules';

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
 * - refuses bidirectional controls (overrides, embeddings, isolates, direction marks) in a
 *   one-line field: a name, an id or an email is one direction's text, and an override there
 *   makes the stored value read as another on every page that shows it;
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
  if (!multiline) {
    schema = schema.refine((v) => !hasDirectionControl(v), {
      error: TEXT_MESSAGES.directionControl,
      abort: true,
    });
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

/**
 * Usernames: 3 to 64 letters, digits, dots, dashes, underscores or @, checked as typed; the
 * value is then the username's one form ({@link normaliseUsername}), which is what is stored.
 */
export const usernameSchema = nonBlankText()
  .regex(/^[A-Za-z0-9._@-]{3,64}$/, {
    error: 'Username is 3 to 64 letters, digits, dots, dashes, underscores or @',
  })
  .overwrite(normaliseUsername);

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

/**
 * For a list on an edit (a patient's diseases and allergies): an empty list, like null, means
 * "absent", left as it is, as a blank field does. A client that sends its whole edit form sends
 * `[]` whenever its counts stay at 0; emptying a list is a call of its own (the merge patch).
 * A transform, not a preprocess, so that the request's type keeps the list's own.
 */
export function emptyListAsAbsent<T extends z.ZodType<readonly unknown[]>>(schema: T) {
  return schema
    .nullish()
    .transform((list): z.output<T> | undefined => (list && list.length > 0 ? list : undefined));
}

/** Turns a blank value into null, for optional fields the API stores as null. */
export function emptyAsNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === undefined || isBlank(v) ? null : v), schema.nullable());
}
