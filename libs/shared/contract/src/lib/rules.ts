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

/**
 * A trimmed string that must not be blank: a blank value reads "Required" and is checked no
 * further, so a person who skipped a field is not told about its format.
 */
export function nonBlankText() {
  return z.string().trim().min(1, { error: 'Required', abort: true });
}

/** A trimmed, non-empty string of at most `max` characters. */
export function requiredText(max: number) {
  return z.string().trim().min(1, { error: 'Required' }).max(max);
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
});

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

/**
 * The password policy's length rule. The common-password check needs a large list, so the
 * server applies it on top of this schema and the apps show the server's answer.
 */
export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, {
    error: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  })
  .max(PASSWORD_MAX_LENGTH, {
    error: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  });

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

/** Whether a form value is blank: null, or a string of nothing but white space. */
function isBlank(value: unknown): boolean {
  return value === null || (typeof value === 'string' && value.trim() === '');
}

/** Turns a blank value (an untouched form field) into undefined, so that it means "absent". */
export function emptyAsAbsent<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (isBlank(v) ? undefined : v), schema.optional());
}

/** Turns a blank value into null, for optional fields the API stores as null. */
export function emptyAsNull<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === undefined || isBlank(v) ? null : v), schema.nullable());
}
