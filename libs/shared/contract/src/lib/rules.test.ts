import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import {
  asPatientId,
  nonBlankText,
  ACTIVATION_CODE_PATTERN,
  addDays,
  addYears,
  ageOn,
  DATE_RULES,
  type DateKind,
  hasControlCharacter,
  hasPasswordCharactersOnly,
  hasUnpairedSurrogate,
  hospitalNow,
  hospitalToday,
  isBlankText,
  isPlausibleDate,
  latestToday,
  PASSWORD_CHARACTERS_MESSAGE,
  plausibleDateSchema,
  searchCriterionSchema,
  TEXT_MESSAGES,
  textSchema,
  todayUtc,
  AGE_MAX,
  AGE_MIN,
  activationCodeSchema,
  ageSchema,
  bloodTypeSchema,
  emailSchema,
  employeeIdSchema,
  emptyAsAbsent,
  emptyAsNull,
  formatActivationCode,
  genderSchema,
  hasAllowedEmailDomain,
  idCardNumberSchema,
  isCalendarDate,
  isoDateSchema,
  normaliseActivationCode,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  passwordSchema,
  patientIdSchema,
  personNameSchema,
  phoneSchema,
  requiredText,
  salarySchema,
  timeSchema,
  toTimeWithSeconds,
  usernameSchema,
  yesNoSchema,
} from './rules';

/** The messages of a parse that must fail (the test fails if it succeeds). */
function messages(result: z.ZodSafeParseResult<unknown>): string[] {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => issue.message);
}

describe('patientIdSchema', () => {
  it.each<[string, string]>([
    ['P001', 'P001'],
    ['p001', 'P001'],
    ['  p042  ', 'P042'],
    ['P123456789', 'P123456789'],
  ])('accepts %j as %j', (input, expected) => {
    const result = patientIdSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toBe(expected);
  });

  it.each(['P', 'P01', 'P1234567890', '001', 'E001', 'PP001', 'P00A', 'P-001', 'P 001'])(
    'refuses %j',
    (input) => {
      expect(messages(patientIdSchema.safeParse(input))).toEqual([
        'Patient ID is P followed by digits, as P001',
      ]);
    },
  );

  it('refuses a non-string', () => {
    expect(patientIdSchema.safeParse(1).success).toBe(false);
    expect(patientIdSchema.safeParse(undefined).success).toBe(false);
  });
});

describe('employeeIdSchema', () => {
  it.each<[string, string]>([
    ['E001', 'E001'],
    ['e001', 'E001'],
    [' e0042 ', 'E0042'],
  ])('accepts %j as %j', (input, expected) => {
    const result = employeeIdSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toBe(expected);
  });

  it.each(['E', 'E01', 'P001', 'EE001', 'E00x', 'E1234567890'])('refuses %j', (input) => {
    expect(messages(employeeIdSchema.safeParse(input))).toEqual([
      'Employee ID is E followed by digits, as E001',
    ]);
  });
});

describe('ageSchema', () => {
  it('reads a blank box as missing: Required, not a malformed number', () => {
    for (const blank of ['', '   ']) {
      const result = ageSchema.safeParse(blank);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Required');
    }
  });

  it('has the bounds 1 and 120', () => {
    expect([AGE_MIN, AGE_MAX]).toEqual([1, 120]);
  });

  it.each<[unknown, number]>([
    [1, 1],
    [42, 42],
    [120, 120],
    ['1', 1],
    ['42', 42],
    [' 120 ', 120],
    ['007', 7],
  ])('accepts %j as %j', (input, expected) => {
    const result = ageSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toBe(expected);
  });

  it.each<[unknown, string]>([
    [0, 'Age must be at least 1'],
    ['0', 'Age must be at least 1'],
    [-1, 'Age must be at least 1'],
    ['-5', 'Age must be at least 1'],
    [121, 'Age must be at most 120'],
    ['121', 'Age must be at most 120'],
    [1.5, 'Age must be a whole number'],
    ['1.5', 'Age must be a whole number'],
    ['', 'Required'],
    ['forty', 'Age must be a whole number'],
    ['1e2', 'Age must be a whole number'],
    [Number.NaN, 'Age must be a whole number'],
    [null, 'Age must be a whole number'],
    [undefined, 'Required'],
    [true, 'Age must be a whole number'],
  ])('refuses %j', (input, message) => {
    expect(messages(ageSchema.safeParse(input))).toEqual([message]);
  });
});

describe('salarySchema', () => {
  it.each<[unknown, number]>([
    [0, 0],
    [30000, 30000],
    ['45000', 45000],
    [' 45000 ', 45000],
    [100_000_000, 100_000_000],
  ])('accepts %j as %j', (input, expected) => {
    const result = salarySchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toBe(expected);
  });

  it.each<unknown>([-1, '-1', 1.5, '1500.50', '', 'lots', 100_000_001, null])(
    'refuses %j',
    (input) => {
      expect(salarySchema.safeParse(input).success).toBe(false);
    },
  );

  it('says why a negative or fractional salary is refused', () => {
    expect(messages(salarySchema.safeParse(-1))).toEqual(['Salary cannot be negative']);
    expect(messages(salarySchema.safeParse('12.5'))).toEqual(['Salary must be a whole number']);
  });
});

describe('emailSchema', () => {
  it.each([
    'someone@gmail.com',
    'someone@hotmail.com',
    'someone@email.com',
    'first.last+tag@gmail.com',
    'someone@GMAIL.COM',
    'someone@Hotmail.Com',
    'Some.One@eMail.com',
  ])('accepts %j', (input) => {
    const result = emailSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toBe(input);
  });

  it.each([
    'someone@yahoo.com',
    'someone@gmail.co',
    'someone@gmail.com.evil.com',
    'someone@mail.gmail.com',
    'someone@gmailcom.com',
    'someone@outlook.com',
  ])('refuses %j, a valid address at another domain', (input) => {
    expect(messages(emailSchema.safeParse(input))).toEqual([
      'Email must end in @gmail.com, @hotmail.com, @email.com',
    ]);
  });

  it.each(['someone', 'gmail.com', '@gmail.com', 'some one@gmail.com', 'a@b@gmail.com'])(
    'refuses %j, not an email address',
    (input) => {
      expect(messages(emailSchema.safeParse(input))[0]).toBe('Enter a valid email address');
    },
  );

  it('refuses an address longer than 254 characters', () => {
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(60)}.gmail.com`;
    expect(long.length).toBeGreaterThan(254);
    expect(emailSchema.safeParse(long).success).toBe(false);
  });
});

describe('hasAllowedEmailDomain', () => {
  it('checks the domain after the last @, whatever its case', () => {
    expect(hasAllowedEmailDomain('x@gmail.com')).toBe(true);
    expect(hasAllowedEmailDomain('x@HOTMAIL.COM')).toBe(true);
    expect(hasAllowedEmailDomain('x@email.com')).toBe(true);
    expect(hasAllowedEmailDomain('x@example.com')).toBe(false);
    expect(hasAllowedEmailDomain('x@gmail.com@example.com')).toBe(false);
  });

  it('refuses a bare domain without an @', () => {
    expect(hasAllowedEmailDomain('gmail.com')).toBe(false);
    expect(hasAllowedEmailDomain('')).toBe(false);
  });
});

describe('isCalendarDate and isoDateSchema', () => {
  it.each(['2024-01-01', '2024-02-29', '2023-12-31', '2000-02-29', '1900-01-01'])(
    'accepts %j',
    (input) => {
      expect(isCalendarDate(input)).toBe(true);
      expect(isoDateSchema.safeParse(input).data).toBe(input);
    },
  );

  it.each([
    '2024-02-30',
    '2023-02-29',
    '1900-02-29',
    '2024-04-31',
    '2024-13-01',
    '2024-00-10',
    '2024-01-00',
    '2024-01-32',
    '2024-1-01',
    '24-01-01',
    '2024/01/01',
    '01-01-2024',
    '2024-01-01T00:00:00Z',
    'yesterday',
  ])('refuses %j', (input) => {
    expect(isCalendarDate(input)).toBe(false);
    expect(messages(isoDateSchema.safeParse(input))).toEqual(['Use a real date as YYYY-MM-DD']);
  });

  it('trims the date before checking it', () => {
    expect(isoDateSchema.safeParse(' 2024-02-29 ').data).toBe('2024-02-29');
  });
});

describe('timeSchema and toTimeWithSeconds', () => {
  it.each(['00:00', '09:30', '23:59', '00:00:00', '12:34:56', '23:59:59'])(
    'accepts %j',
    (input) => {
      expect(timeSchema.safeParse(input).data).toBe(input);
    },
  );

  it.each([
    '24:00',
    '24:00:00',
    '23:60',
    '12:00:60',
    '9:30',
    '09:3',
    '0930',
    '09.30',
    '09:30:5',
    '09:30 AM',
    '09:30:00.000',
  ])('refuses %j', (input) => {
    expect(messages(timeSchema.safeParse(input))).toEqual([
      'Use a time as HH:MM or HH:MM:SS (24-hour)',
    ]);
  });

  it('trims the time before checking it', () => {
    expect(timeSchema.safeParse(' 07:05 ').data).toBe('07:05');
  });

  it('adds zero seconds to HH:MM and leaves HH:MM:SS alone', () => {
    expect(toTimeWithSeconds('09:30')).toBe('09:30:00');
    expect(toTimeWithSeconds('00:00')).toBe('00:00:00');
    expect(toTimeWithSeconds('09:30:15')).toBe('09:30:15');
  });
});

describe('choice schemas', () => {
  it('accepts male and female only', () => {
    expect(genderSchema.safeParse('male').success).toBe(true);
    expect(genderSchema.safeParse('female').success).toBe(true);
    expect(messages(genderSchema.safeParse('Male'))).toEqual(['Choose male or female']);
    expect(genderSchema.safeParse('other').success).toBe(false);
    expect(genderSchema.safeParse('').success).toBe(false);
  });

  it.each(['A', 'B', 'AB', 'O'])('accepts blood type %j', (input) => {
    expect(bloodTypeSchema.safeParse(input).data).toBe(input);
  });

  it.each(['a', 'ab', 'C', 'A+', 'O-', '0', 'BA', ''])('refuses blood type %j', (input) => {
    expect(messages(bloodTypeSchema.safeParse(input))).toEqual(['Choose A, B, AB or O']);
  });

  it('accepts yes and no only', () => {
    expect(yesNoSchema.safeParse('yes').data).toBe('yes');
    expect(yesNoSchema.safeParse('no').data).toBe('no');
    for (const bad of ['YES', 'No', 'y', 'true', '', 'maybe']) {
      expect(messages(yesNoSchema.safeParse(bad))).toEqual(['Choose yes or no']);
    }
    expect(yesNoSchema.safeParse(true).success).toBe(false);
  });
});

describe('phoneSchema', () => {
  it.each([
    '0812345678',
    '123456',
    '+66812345678',
    '+1 (555) 123-4567',
    '02-123-4567',
    '12345678901234567890',
  ])('accepts %j', (input) => {
    expect(phoneSchema.safeParse(input).data).toBe(input);
  });

  it('trims the number', () => {
    expect(phoneSchema.safeParse(' 0812345678 ').data).toBe('0812345678');
  });

  it.each([
    '12345',
    '123456789012345678901',
    '081234567a',
    'phone number',
    '++66812345678',
    '0812+345678',
    '081.234.5678',
    '------',
    '() () ()',
    '12-3-4-5',
  ])('refuses %j', (input) => {
    expect(messages(phoneSchema.safeParse(input))).toEqual([
      'Enter a phone number of 6 to 20 digits',
    ]);
  });
});

describe('idCardNumberSchema', () => {
  it.each(['1234', '1-2345-67890-12-3', 'AB123456', 'a'.repeat(30)])('accepts %j', (input) => {
    expect(idCardNumberSchema.safeParse(input).data).toBe(input);
  });

  it.each(['123', 'a'.repeat(31), '1234 5678', '1234/5678', '1234_5678'])('refuses %j', (input) => {
    expect(messages(idCardNumberSchema.safeParse(input))).toEqual([
      'ID card number is 4 to 30 letters, digits or dashes',
    ]);
  });
});

describe('requiredText and personNameSchema', () => {
  it('trims and requires some text', () => {
    expect(personNameSchema.safeParse('  Ada  ').data).toBe('Ada');
    expect(messages(personNameSchema.safeParse(''))).toEqual(['Required']);
    expect(messages(personNameSchema.safeParse('   '))).toEqual(['Required']);
  });

  it('bounds the length', () => {
    expect(personNameSchema.safeParse('a'.repeat(100)).success).toBe(true);
    expect(personNameSchema.safeParse('a'.repeat(101)).success).toBe(false);
    expect(requiredText(3).safeParse('abc').success).toBe(true);
    expect(requiredText(3).safeParse('abcd').success).toBe(false);
  });
});

describe('usernameSchema', () => {
  it.each(['bob', 'a.b-c_d@e', 'User42', 'x'.repeat(64)])('accepts %j', (input) => {
    // Accepted as typed, and given its one form (lower case).
    expect(usernameSchema.safeParse(input).data).toBe(input.toLowerCase());
  });

  it('trims the username', () => {
    expect(usernameSchema.safeParse('  bob  ').data).toBe('bob');
  });

  it.each(['ab', '  ab  ', 'x'.repeat(65), 'bob smith', 'bob!', 'bób', 'bob/alice'])(
    'refuses %j',
    (input) => {
      expect(messages(usernameSchema.safeParse(input))).toEqual([
        'Username is 3 to 64 letters, digits, dots, dashes, underscores or @',
      ]);
    },
  );
});

describe('passwordSchema', () => {
  it('has the bounds 12 and 128', () => {
    expect([PASSWORD_MIN_LENGTH, PASSWORD_MAX_LENGTH]).toEqual([12, 128]);
  });

  it('accepts 12 to 128 characters, kept as typed', () => {
    expect(passwordSchema.safeParse('x'.repeat(12)).success).toBe(true);
    expect(passwordSchema.safeParse('x'.repeat(128)).success).toBe(true);
    expect(passwordSchema.safeParse('  padded pw  ').data).toBe('  padded pw  ');
  });

  it('refuses 11 or 129 characters', () => {
    expect(messages(passwordSchema.safeParse('x'.repeat(11)))).toEqual([
      'Password must be at least 12 characters',
    ]);
    expect(messages(passwordSchema.safeParse('x'.repeat(129)))).toEqual([
      'Password must be at most 128 characters',
    ]);
    expect(passwordSchema.safeParse('').success).toBe(false);
  });
});

describe('activation codes', () => {
  it('normalises dashes, spaces and case', () => {
    expect(normaliseActivationCode('abcd-efgh-jkmn')).toBe('ABCDEFGHJKMN');
    expect(normaliseActivationCode(' ab cd\tEF-gh ')).toBe('ABCDEFGH');
  });

  it('formats a code in groups of four', () => {
    expect(formatActivationCode('abcdefghjkmn')).toBe('ABCD-EFGH-JKMN');
    expect(formatActivationCode('ABCD-EFGH-JKMN')).toBe('ABCD-EFGH-JKMN');
  });

  it.each<[string, string]>([
    ['ABCD-EFGH-JKMN', 'ABCDEFGHJKMN'],
    ['abcd-efgh-jkmn', 'ABCDEFGHJKMN'],
    ['ABCDEFGHJKMN', 'ABCDEFGHJKMN'],
    [' 0123 4567 89ab ', '0123456789AB'],
    ['PQRS-TVWX-YZ00', 'PQRSTVWXYZ00'],
  ])('accepts %j as %j', (input, expected) => {
    const result = activationCodeSchema.safeParse(input);
    expect(result.success).toBe(true);
    expect(result.data).toBe(expected);
  });

  it.each([
    'ABCD-EFGH-IJKM',
    'ABCD-EFGH-JKLM',
    'ABCD-EFGH-JKMO',
    'ABCD-EFGH-JKMU',
    'ABCD-EFGH-JKM',
    'ABCD-EFGH-JKMNP',
    'ABCD_EFGH_JKMN',
  ])('refuses %j', (input) => {
    expect(messages(activationCodeSchema.safeParse(input))).toEqual([
      'Activation code is 12 letters and digits, as ABCD-EFGH-JKMN',
    ]);
  });

  it('uses the Crockford alphabet without I, L, O and U', () => {
    for (const letter of 'ILOU') {
      expect(ACTIVATION_CODE_PATTERN.test(letter.repeat(12))).toBe(false);
    }
    for (const allowed of '0123456789ABCDEFGHJKMNPQRSTVWXYZ') {
      expect(ACTIVATION_CODE_PATTERN.test(allowed.repeat(12))).toBe(true);
    }
  });
});

describe('emptyAsAbsent and emptyAsNull', () => {
  const absent = emptyAsAbsent(z.string().min(2));
  const orNull = emptyAsNull(z.string().min(2));

  it('reads an empty string or null as absent', () => {
    expect(absent.safeParse('').data).toBeUndefined();
    expect(absent.safeParse(null).data).toBeUndefined();
    expect(absent.safeParse(undefined).success).toBe(true);
    expect(absent.safeParse('ok').data).toBe('ok');
    expect(absent.safeParse('x').success).toBe(false);
  });

  it('reads an empty string or absence as null', () => {
    expect(orNull.safeParse('').data).toBeNull();
    expect(orNull.safeParse(undefined).data).toBeNull();
    expect(orNull.safeParse(null).data).toBeNull();
    expect(orNull.safeParse('ok').data).toBe('ok');
    expect(orNull.safeParse('x').success).toBe(false);
  });
});

describe('blank values', () => {
  it.each<
    [
      string,
      {
        safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } };
      },
    ]
  >([
    ['patientIdSchema', patientIdSchema],
    ['employeeIdSchema', employeeIdSchema],
    ['emailSchema', emailSchema],
    ['isoDateSchema', isoDateSchema],
    ['timeSchema', timeSchema],
    ['phoneSchema', phoneSchema],
    ['idCardNumberSchema', idCardNumberSchema],
    ['usernameSchema', usernameSchema],
    ['activationCodeSchema', activationCodeSchema],
    ['nonBlankText()', nonBlankText()],
  ])('%s reads a blank value as Required, and says nothing of its format', (_, schema) => {
    for (const blank of ['', '   ']) {
      const result = schema.safeParse(blank);
      expect(result.success).toBe(false);
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Required']);
    }
  });
});

/** Every C0 control, DEL and every C1 control. */
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)),
  '\u007F',
  ...Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i)),
];
const hex = (c: string) => `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}`;

/** Characters that show nothing: a field of them is blank. */
const INVISIBLES = [
  '\u200B', // zero-width space
  '\u200C', // zero-width non-joiner
  '\u200D', // zero-width joiner
  '\u200E', // left-to-right mark
  '\u200F', // right-to-left mark
  '\u2060', // word joiner
  '\uFEFF', // byte-order mark
  '\u00AD', // soft hyphen
  '\u034F', // combining grapheme joiner
  '\u3164', // Hangul filler
  '\uFE0F', // variation selector 16
  '\u202E', // right-to-left override
  '\u00A0', // no-break space
  '\u3000', // ideographic space
];

/** Bidirectional controls: the embeddings, overrides, isolates and marks. */
const DIRECTION_CONTROLS = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
];

describe('textSchema', () => {
  const oneLine = textSchema({ max: 10 });
  const multiline = textSchema({ max: 50, multiline: true });
  const required = textSchema({ max: 10, required: true });

  it('trims and keeps what is between', () => {
    expect(oneLine.parse('  Ada  ')).toBe('Ada');
    expect(multiline.parse('\n  line 1\n\tline 2  \n')).toBe('line 1\n\tline 2');
  });

  it('normalises to NFC, so one name typed two ways is one name', () => {
    expect(oneLine.parse('Rene\u0301e')).toBe('Ren\u00E9e');
    expect(oneLine.parse('Ren\u00E9e')).toBe('Ren\u00E9e');
    // The length is counted after normalising: 10 decomposed letters fit in 10 composed.
    expect(oneLine.parse('e\u0301'.repeat(10))).toBe('\u00E9'.repeat(10));
  });

  it.each(CONTROLS.filter((c) => !/\s/.test(c)).map((c) => [hex(c), c]))(
    'refuses %s inside a one-line value',
    (_, control) => {
      expect(messages(oneLine.safeParse(`a${control}b`))).toEqual([TEXT_MESSAGES.controlCharacter]);
    },
  );

  it.each(['\t', '\n', '\r', '\v', '\f', '\u0085', '\u2028', '\u2029'])(
    'refuses the line break or tab %j inside a one-line value',
    (control) => {
      expect(messages(oneLine.safeParse(`a${control}b`))).toEqual([TEXT_MESSAGES.controlCharacter]);
    },
  );

  it.each(CONTROLS.filter((c) => c !== '\n' && c !== '\t' && c !== '\r').map((c) => [hex(c), c]))(
    'refuses %s inside multi-line text',
    (_, control) => {
      expect(messages(multiline.safeParse(`line 1${control}line 2`))).toEqual([
        TEXT_MESSAGES.controlCharacterMultiline,
      ]);
    },
  );

  it('keeps line feeds and tabs in multi-line text, and turns CR LF and CR into LF', () => {
    expect(multiline.parse('a\nb\tc')).toBe('a\nb\tc');
    expect(multiline.parse('a\r\nb\rc')).toBe('a\nb\nc');
  });

  it('refuses a NUL byte anywhere, even alone or at either end', () => {
    for (const value of ['\u0000', '\u0000abc', 'abc\u0000', 'a\u0000\u0000b']) {
      for (const schema of [oneLine, multiline, required]) {
        expect(schema.safeParse(value).success).toBe(false);
      }
    }
    // A required field of a NUL says what is wrong with it, not "Required".
    expect(messages(required.safeParse('\u0000'))).toEqual([TEXT_MESSAGES.controlCharacter]);
  });

  it.each(['\uD800', 'a\uDBFFb', '\uDC00', 'x\uDFFF', '\uDE00\uD83D', 'smile \uD83D'])(
    'refuses the unpaired surrogate in %j',
    (value) => {
      for (const schema of [oneLine, multiline, required]) {
        expect(messages(schema.safeParse(value))).toEqual([TEXT_MESSAGES.unpairedSurrogate]);
      }
    },
  );

  it('accepts characters beyond the BMP (a surrogate pair is one character)', () => {
    expect(required.parse('\u{1F600}')).toBe('\u{1F600}');
    expect(oneLine.parse('\u{20BB7}\u91CE\u5BB6')).toBe('\u{20BB7}\u91CE\u5BB6');
  });

  it.each(DIRECTION_CONTROLS.map((c) => [hex(c), c]))(
    'refuses the direction control %s in a one-line text, alone or inside a name',
    (_, control) => {
      for (const schema of [oneLine, required]) {
        for (const value of [`Smith${control}gnp.exe`, `${control}Ada`, `Ada${control}`])
          expect(messages(schema.safeParse(value))).toEqual([TEXT_MESSAGES.directionControl]);
      }
      expect(messages(oneLine.safeParse(control))).toEqual([TEXT_MESSAGES.directionControl]);
      // Alone it shows nothing: a required field of it was skipped, and says so.
      expect(messages(required.safeParse(control))).toEqual([TEXT_MESSAGES.required]);
      // Free text over several lines may quote either direction's script as typed.
      expect(multiline.parse(`a${control}b`)).toBe(`a${control}b`);
    },
  );

  it.each(INVISIBLES.map((c) => [hex(c), c]))(
    'reads a required value of %s alone (or repeated) as Required',
    (_, invisible) => {
      expect(messages(required.safeParse(invisible))).toEqual(['Required']);
      expect(messages(required.safeParse(` ${invisible}${invisible} `))).toEqual(['Required']);
    },
  );

  it('reads a mix of invisible characters as Required, and keeps them beside visible ones', () => {
    expect(messages(required.safeParse('\u200B\u200C\u200D\uFEFF\u2060'))).toEqual(['Required']);
    expect(required.parse('\u200BA')).toBe('\u200BA');
    expect(required.parse('\u{1F468}\u200D\u{1F469}')).toBe('\u{1F468}\u200D\u{1F469}');
  });

  it('accepts an empty value when not required', () => {
    expect(oneLine.parse('')).toBe('');
    expect(multiline.parse('   ')).toBe('');
  });

  it('bounds the length after trimming', () => {
    expect(oneLine.safeParse(`  ${'a'.repeat(10)}  `).success).toBe(true);
    expect(oneLine.safeParse('a'.repeat(11)).success).toBe(false);
  });

  it('is the base of every text rule: each refuses NUL, unpaired surrogates and invisible-only', () => {
    const schemas: [string, z.ZodType][] = [
      ['patientIdSchema', patientIdSchema],
      ['employeeIdSchema', employeeIdSchema],
      ['emailSchema', emailSchema],
      ['isoDateSchema', isoDateSchema],
      ['timeSchema', timeSchema],
      ['phoneSchema', phoneSchema],
      ['idCardNumberSchema', idCardNumberSchema],
      ['usernameSchema', usernameSchema],
      ['activationCodeSchema', activationCodeSchema],
      ['personNameSchema', personNameSchema],
      ['requiredText(20)', requiredText(20)],
      ['nonBlankText()', nonBlankText()],
    ];
    const valid: Record<string, string> = {
      patientIdSchema: 'P001',
      employeeIdSchema: 'E001',
      emailSchema: 'ada@gmail.com',
      isoDateSchema: '2024-01-01',
      timeSchema: '09:30',
      phoneSchema: '0812345678',
      idCardNumberSchema: 'AB-1234',
      usernameSchema: 'ada.l',
      activationCodeSchema: 'ABCD-EFGH-JKMN',
    };
    for (const [name, schema] of schemas) {
      const good = valid[name] ?? 'Ada';
      expect(schema.safeParse(good).success, name).toBe(true);
      expect(schema.safeParse(`${good.slice(0, 1)}\u0000${good.slice(1)}`).success, name).toBe(
        false,
      );
      expect(schema.safeParse(`${good}\u0000`).success, name).toBe(false);
      expect(schema.safeParse(`${good.slice(0, 1)}\uD800${good.slice(1)}`).success, name).toBe(
        false,
      );
      expect(
        schema.safeParse('\u200B\u200B').error?.issues.map((i) => i.message),
        name,
      ).toEqual(['Required']);
    }
  });
});

describe('text predicates', () => {
  it('hasControlCharacter: one-line refuses tab and line breaks, multi-line keeps them', () => {
    expect(hasControlCharacter('a\tb')).toBe(true);
    expect(hasControlCharacter('a\tb', true)).toBe(false);
    expect(hasControlCharacter('a\nb', true)).toBe(false);
    expect(hasControlCharacter('a\rb', true)).toBe(true);
    expect(hasControlCharacter('a\u0000b', true)).toBe(true);
    expect(hasControlCharacter('plain text, with punctuation!')).toBe(false);
  });

  it('hasUnpairedSurrogate: a lone half, not a pair', () => {
    expect(hasUnpairedSurrogate('\uD800')).toBe(true);
    expect(hasUnpairedSurrogate('\uDFFF')).toBe(true);
    expect(hasUnpairedSurrogate('\uD83D\uDE00')).toBe(false);
  });

  it('isBlankText: white space and default-ignorable characters only', () => {
    expect(isBlankText('')).toBe(true);
    expect(isBlankText(INVISIBLES.join(''))).toBe(true);
    expect(isBlankText('\u200Bx')).toBe(false);
    // A control character is not blank: it is refused for what it is.
    expect(isBlankText('\u0000')).toBe(false);
  });
});

describe('searchCriterionSchema', () => {
  const criterion = searchCriterionSchema(20);

  it('is optional and reads absent as empty', () => {
    expect(criterion.parse(undefined)).toBe('');
    expect(criterion.parse('')).toBe('');
    expect(criterion.parse('  Mal  ')).toBe('Mal');
  });

  it('refuses NUL, other control characters and unpaired surrogates', () => {
    for (const bad of ['Ma\u0000l', '\u0000', 'Ma\nl', 'Ma\uD800l', 'x\u009B']) {
      expect(criterion.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
    expect(criterion.safeParse('a'.repeat(21)).success).toBe(false);
  });
});

describe('passwords and control characters', () => {
  it('accepts any printable character and spaces, kept as typed', () => {
    for (const password of [
      'correct horse battery staple',
      '  leading and trailing  ',
      '\u00A0no-break\u00A0spaces\u00A0',
      'p\u00E4ssw\u00F6rd \u{1F600} \u0E2A\u0E27\u0E31\u0E2A\u0E14\u0E35',
      '~!@#$%^&*()_+{}|:"<>?`-=[]\\;\',./',
    ]) {
      expect(passwordSchema.safeParse(password).data, password).toBe(password);
      expect(hasPasswordCharactersOnly(password)).toBe(true);
    }
  });

  it.each(CONTROLS.map((c) => [hex(c), c]))('refuses a new password with %s', (_, control) => {
    expect(messages(passwordSchema.safeParse(`long enough ${control} password`))).toEqual([
      PASSWORD_CHARACTERS_MESSAGE,
    ]);
  });

  it('refuses a trailing NUL (which a PBKDF2-based hash would ignore) and unpaired surrogates', () => {
    expect(messages(passwordSchema.safeParse('correct-horse-battery\u0000'))).toEqual([
      PASSWORD_CHARACTERS_MESSAGE,
    ]);
    expect(messages(passwordSchema.safeParse('correct-horse-\uD800-battery'))).toEqual([
      PASSWORD_CHARACTERS_MESSAGE,
    ]);
  });
});

describe('dates and today', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-06-15T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('todayUtc reads the clock at each call', () => {
    expect(todayUtc()).toBe('2026-06-15');
    vi.setSystemTime(new Date('2026-06-15T23:59:59.999Z'));
    expect(todayUtc()).toBe('2026-06-15');
    vi.setSystemTime(new Date('2026-06-16T00:00:00Z'));
    expect(todayUtc()).toBe('2026-06-16');
  });

  it('latestToday is tomorrow in UTC: already today east of Greenwich', () => {
    expect(latestToday()).toBe('2026-06-16');
  });

  it('adds days and years; 29 February plus a year is 1 March', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addYears('2026-06-15', 10)).toBe('2036-06-15');
    expect(addYears('2024-02-29', 1)).toBe('2025-03-01');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('0050-06-01', 1)).toBe('0051-06-01');
  });

  it('ageOn counts whole years, turning on the birthday', () => {
    expect(ageOn('1990-06-15', '2026-06-14')).toBe(35);
    expect(ageOn('1990-06-15', '2026-06-15')).toBe(36);
    expect(ageOn('2026-06-16', '2026-06-15')).toBe(-1);
    expect(ageOn('2000-02-29', '2026-02-28')).toBe(25);
    expect(ageOn('2000-02-29', '2026-03-01')).toBe(26);
  });

  /** [kind, earliest accepted, latest accepted] on 2026-06-15 (UTC noon). */
  const BOUNDS: [DateKind, string, string][] = [
    ['birth', '1900-01-01', '2026-06-16'],
    ['history', '1900-01-01', '2026-06-16'],
    ['appointment', '1900-01-01', '2036-06-15'],
    ['hire', '1950-01-01', '2027-06-15'],
    ['resignation', '1950-01-01', '2027-06-15'],
  ];

  it.each(BOUNDS)('%s dates run from %s to %s, both included', (kind, min, max) => {
    const schema = plausibleDateSchema(kind);
    expect(schema.safeParse(min).success).toBe(true);
    expect(schema.safeParse(max).success).toBe(true);
    expect(schema.safeParse('2026-06-15').success).toBe(true);
    expect(messages(schema.safeParse(addDays(min, -1)))).toHaveLength(1);
    expect(messages(schema.safeParse(addDays(max, 1)))).toHaveLength(1);
    expect(isPlausibleDate(kind, min)).toBe(true);
    expect(isPlausibleDate(kind, addDays(max, 1))).toBe(false);
  });

  it.each(BOUNDS)('%s dates refuse years 0000, 0001 and 9999', (kind) => {
    for (const date of ['0000-01-01', '0001-01-01', '9999-12-31', '1000-06-15', '3000-01-01']) {
      expect(plausibleDateSchema(kind).safeParse(date).success, date).toBe(false);
    }
  });

  it('says which field and which range, as of today', () => {
    expect(messages(plausibleDateSchema('birth').safeParse('1899-12-31'))).toEqual([
      'Date of birth must be between 1900-01-01 and today',
    ]);
    expect(messages(plausibleDateSchema('history').safeParse('2026-06-17'))).toEqual([
      'History date must be between 1900-01-01 and today',
    ]);
    expect(messages(plausibleDateSchema('appointment').safeParse('9999-12-31'))).toEqual([
      'Appointment date must be between 1900-01-01 and 2036-06-15',
    ]);
    expect(messages(plausibleDateSchema('hire').safeParse('1949-12-31'))).toEqual([
      'Hire Date must be between 1950-01-01 and 2027-06-15',
    ]);
    expect(messages(plausibleDateSchema('resignation').safeParse('2027-06-16'))).toEqual([
      'Resignation Date must be between 1950-01-01 and 2027-06-15',
    ]);
  });

  it('reads the clock when a value is checked, not when the module loaded', () => {
    const appointment = plausibleDateSchema('appointment');
    expect(appointment.safeParse('2036-06-16').success).toBe(false);
    vi.setSystemTime(new Date('2026-06-16T00:00:01Z'));
    expect(appointment.safeParse('2036-06-16').success).toBe(true);
    expect(messages(appointment.safeParse('2036-06-17'))).toEqual([
      'Appointment date must be between 1900-01-01 and 2036-06-16',
    ]);
    expect(DATE_RULES.hire.max()).toBe('2027-06-16');
  });

  it('accepts a date that is already today in UTC+14 while it is still yesterday in UTC', () => {
    vi.setSystemTime(new Date('2026-06-15T23:30:00Z')); // 13:30 on the 16th in Kiribati
    expect(plausibleDateSchema('history').safeParse('2026-06-16').success).toBe(true);
    expect(plausibleDateSchema('birth').safeParse('2026-06-16').success).toBe(true);
    expect(plausibleDateSchema('history').safeParse('2026-06-17').success).toBe(false);
  });

  it('checks the calendar first and says only that for a day that does not exist', () => {
    expect(messages(plausibleDateSchema('history').safeParse('2025-02-29'))).toEqual([
      'Use a real date as YYYY-MM-DD',
    ]);
  });
});

describe('asPatientId', () => {
  it('gives the id patientIdSchema gives, and null where the schema refuses', () => {
    const typed = [
      'P001',
      ' p037 ',
      'p0001',
      'P1',
      'E001',
      '',
      '   ',
      'P001x',
      'PP001',
      'P123456789',
      'P1234567890',
      '\tp042\n',
    ];
    for (const text of typed) {
      const parsed = patientIdSchema.safeParse(text);
      expect(asPatientId(text), JSON.stringify(text)).toBe(parsed.success ? parsed.data : null);
    }
  });
});

describe('hospitalNow and hospitalToday', () => {
  it('read the hospital’s clock (Bangkok, UTC+7), across the UTC date line', () => {
    // 00:30 on 27 November in Bangkok is still 17:30 on the 26th in UTC.
    const afterMidnight = new Date('2026-11-26T17:30:00Z');
    expect(hospitalNow(afterMidnight)).toEqual({ date: '2026-11-27', time: '00:30:00' });
    expect(hospitalToday(afterMidnight)).toBe('2026-11-27');
    // One second before the hospital's midnight.
    expect(hospitalNow(new Date('2026-11-26T16:59:59Z'))).toEqual({
      date: '2026-11-26',
      time: '23:59:59',
    });
    // Midnight itself is 00, never 24.
    expect(hospitalNow(new Date('2026-12-31T17:00:00Z'))).toEqual({
      date: '2027-01-01',
      time: '00:00:00',
    });
  });
});
