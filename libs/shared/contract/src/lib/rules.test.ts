import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  nonBlankText,
  ACTIVATION_CODE_PATTERN,
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
    expect(usernameSchema.safeParse(input).data).toBe(input);
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
