import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  activationCodeResponseSchema,
  loginRequestSchema,
  profileResponseSchema,
  registerRequestSchema,
  registerResponseSchema,
  roleSchema,
  tokenResponseSchema,
} from './auth';
import { WRONG_CREDENTIALS_MESSAGE } from './spec-messages/login';

/** The path of each issue of a parse that must fail (the test fails if it succeeds). */
function issuePaths(result: z.ZodSafeParseResult<unknown>): PropertyKey[][] {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => issue.path);
}

const validRegistration = {
  username: 'ada.lovelace',
  password: 'correct horse battery',
  role: 'patient',
  id: 'P001',
  activation_code: 'ABCD-EFGH-JKMN',
};

describe('roleSchema', () => {
  it.each(['patient', 'HR', 'medical_personnel'])('accepts %j', (role) => {
    expect(roleSchema.safeParse(role).data).toBe(role);
  });

  it.each(['Patient', 'hr', 'Medical Personnel', 'doctor', 'admin', ''])('refuses %j', (role) => {
    const result = roleSchema.safeParse(role);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Choose Patient, HR or Medical Personnel');
  });
});

describe('registerRequestSchema', () => {
  it('accepts a patient with a patient id and normalises the id and the code', () => {
    const result = registerRequestSchema.safeParse({
      ...validRegistration,
      username: '  ada.lovelace  ',
      id: ' p001 ',
      activation_code: 'abcd efgh-jkmn',
    });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      username: 'ada.lovelace',
      password: 'correct horse battery',
      role: 'patient',
      id: 'P001',
      activation_code: 'ABCDEFGHJKMN',
    });
  });

  it.each(['HR', 'medical_personnel'])('accepts %s staff with an employee id', (role) => {
    const result = registerRequestSchema.safeParse({ ...validRegistration, role, id: 'e007' });
    expect(result.success).toBe(true);
    expect(result.data?.id).toBe('E007');
  });

  it('refuses a patient with an employee id, on the id path', () => {
    const result = registerRequestSchema.safeParse({ ...validRegistration, id: 'E001' });
    expect(issuePaths(result)).toEqual([['id']]);
    expect(result.error?.issues[0]?.message).toBe('A patient registers with a Patient ID, as P001');
  });

  it.each(['HR', 'medical_personnel'])(
    'refuses %s staff with a patient id, on the id path',
    (role) => {
      const result = registerRequestSchema.safeParse({ ...validRegistration, role, id: 'P001' });
      expect(issuePaths(result)).toEqual([['id']]);
      expect(result.error?.issues[0]?.message).toBe('Staff register with an Employee ID, as E001');
    },
  );

  it.each(['', 'P1', 'P01', 'patient', '001', 'P001x'])(
    'refuses the malformed patient id %j on the id path',
    (id) => {
      expect(issuePaths(registerRequestSchema.safeParse({ ...validRegistration, id }))).toEqual([
        ['id'],
      ]);
    },
  );

  it.each<[string, unknown]>([
    ['username', 'ab'],
    ['username', 'has space'],
    ['password', 'short pw'],
    ['password', 'x'.repeat(129)],
    ['role', 'doctor'],
    ['role', undefined],
    ['activation_code', 'ABCD-EFGH-IJKL'],
    ['activation_code', 'ABCD-EFGH'],
    ['activation_code', undefined],
  ])('refuses a bad %s (%j) on its own path', (field, value) => {
    const result = registerRequestSchema.safeParse({ ...validRegistration, [field]: value });
    expect(issuePaths(result)[0]).toEqual([field]);
  });

  it('names every field in one round: the id of the role beside a blank username and code', () => {
    const result = registerRequestSchema.safeParse({
      ...validRegistration,
      username: '',
      activation_code: '',
      id: 'E001',
    });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['username', 'Required'],
      ['activation_code', expect.any(String)],
      ['id', 'A patient registers with a Patient ID, as P001'],
    ]);
  });

  it('refuses a role it does not know on the role path, with the choice to make', () => {
    const result = registerRequestSchema.safeParse({ ...validRegistration, role: 'root' });
    expect(issuePaths(result)).toEqual([['role']]);
    expect(result.error?.issues[0]?.message).toBe('Choose Patient, HR or Medical Personnel');
  });

  it('refuses a registration without an id', () => {
    const { id: _id, ...withoutId } = validRegistration;
    expect(issuePaths(registerRequestSchema.safeParse(withoutId))[0]).toEqual(['id']);
  });
});

describe('registerResponseSchema', () => {
  it('accepts the answer and refuses an unknown role', () => {
    const answer = { username: 'ada', role: 'patient', id: 'P001' };
    expect(registerResponseSchema.safeParse(answer).success).toBe(true);
    expect(issuePaths(registerResponseSchema.safeParse({ ...answer, role: 'root' }))).toEqual([
      ['role'],
    ]);
  });
});

describe('loginRequestSchema', () => {
  it('accepts a username and any non-empty password, trimming only the username', () => {
    const result = loginRequestSchema.safeParse({ username: '  ada  ', password: ' x ' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ username: 'ada', password: ' x ' });
  });

  it('does not apply the password policy (a short password still reaches the server)', () => {
    expect(loginRequestSchema.safeParse({ username: 'ada', password: 'short' }).success).toBe(true);
  });

  it.each<[string, { username?: unknown; password?: unknown }]>([
    ['username', { username: '', password: 'secret' }],
    ['username', { username: '    ', password: 'secret' }],
    ['username', { username: 'x'.repeat(65), password: 'secret' }],
    ['username', { password: 'secret' }],
    ['password', { username: 'ada', password: '' }],
    ['password', { username: 'ada', password: 'x'.repeat(129) }],
    ['password', { username: 'ada' }],
    ['password', { username: 'ada', password: 123456789012 }],
  ])('refuses a bad %s', (field, body) => {
    expect(issuePaths(loginRequestSchema.safeParse(body))).toEqual([[field]]);
  });

  it('says Required for an empty field', () => {
    const result = loginRequestSchema.safeParse({ username: '', password: '' });
    expect(result.error?.issues.map((issue) => issue.message)).toEqual(['Required', 'Required']);
  });

  it('has one message for an unknown user and a wrong password', () => {
    expect(WRONG_CREDENTIALS_MESSAGE).toBe('Wrong Username or Password');
  });
});

describe('token, profile and activation-code answers', () => {
  it('accepts a token answer with a known role only', () => {
    expect(tokenResponseSchema.safeParse({ token: 'jwt', role: 'HR' }).success).toBe(true);
    expect(issuePaths(tokenResponseSchema.safeParse({ token: 'jwt', role: 'hr' }))).toEqual([
      ['role'],
    ]);
  });

  it('needs both profile ids, null when not applicable', () => {
    const profile = { username: 'ada', role: 'patient', patient_id: 'P001', employee_id: null };
    expect(profileResponseSchema.safeParse(profile).success).toBe(true);
    const { employee_id: _employeeId, ...withoutEmployeeId } = profile;
    expect(issuePaths(profileResponseSchema.safeParse(withoutEmployeeId))).toEqual([
      ['employee_id'],
    ]);
  });

  it('needs an ISO date-time as the code expiry', () => {
    const answer = {
      activation_code: 'ABCD-EFGH-JKMN',
      activation_code_expires_at: '2025-01-01T00:00:00Z',
    };
    expect(activationCodeResponseSchema.safeParse(answer).success).toBe(true);
    expect(
      issuePaths(
        activationCodeResponseSchema.safeParse({ ...answer, activation_code_expires_at: 'soon' }),
      ),
    ).toEqual([['activation_code_expires_at']]);
    expect(
      activationCodeResponseSchema.safeParse({
        ...answer,
        activation_code_expires_at: '2025-01-01',
      }).success,
    ).toBe(false);
  });
});
