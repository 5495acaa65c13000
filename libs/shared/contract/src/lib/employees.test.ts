import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  addEmployeeRequestSchema,
  addEmployeeResponseSchema,
  checkEmployeeDates,
  employeeIdParamsSchema,
  employeeSchema,
  positionInputSchema,
  searchEmployeeRequestSchema,
  updateEmployeeRequestSchema,
} from './employees';

/** The path of each issue of a parse that must fail (the test fails if it succeeds). */
function issuePaths(result: z.ZodSafeParseResult<unknown>): PropertyKey[][] {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => issue.path);
}

const NEEDS_DATE = 'Resignation Date is required when work status is no';
const AFTER_HIRE = 'Resignation Date must be on or after the hire date';

const validEmployee = {
  employee_id: 'E001',
  first_name: 'Grace',
  last_name: 'Hopper',
  position_id: 'P001',
  phone_number: '0812345678',
  salary: 30000,
  email: 'grace@hotmail.com',
  hire_date: '2024-01-15',
};

/** Adds an employee whose fields are the valid ones with `changes` applied. */
function addEmployee(changes: Record<string, unknown>) {
  return addEmployeeRequestSchema.safeParse({ ...validEmployee, ...changes });
}

describe('positionInputSchema', () => {
  it.each<[string, string]>([
    ['P001', 'P001'],
    ['P002', 'P002'],
    ['P011', 'P011'],
    ['p011', 'P011'],
    [' P002 ', 'P002'],
    ['doctor', 'P001'],
    ['Doctor', 'P001'],
    ['DOCTOR', 'P001'],
    ['nurse', 'P002'],
    ['NURSE', 'P002'],
    ['HR', 'P011'],
    ['hr', 'P011'],
    ['Hr', 'P011'],
  ])('reads %j as %j', (input, expected) => {
    expect(positionInputSchema.safeParse(input).data).toBe(expected);
  });

  it.each(['surgeon', 'P012', 'P999', 'P1', 'D001', 'doc', 'human resources', ''])(
    'refuses %j',
    (input) => {
      const result = positionInputSchema.safeParse(input);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe('Choose a position from the list');
    },
  );

  it('refuses a non-string', () => {
    expect(positionInputSchema.safeParse(1).success).toBe(false);
  });
});

describe('addEmployeeRequestSchema', () => {
  it('accepts an employee and fills the defaults', () => {
    const result = addEmployee({});
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ ...validEmployee, resignation_date: null, work_status: 'yes' });
  });

  it('normalises the id, the numeric salary and the position word', () => {
    const result = addEmployee({ employee_id: ' e042 ', salary: '45000', position_id: 'Nurse' });
    expect(result.data).toMatchObject({ employee_id: 'E042', salary: 45000, position_id: 'P002' });
  });

  it.each<[string, string]>([
    ['doctor', 'P001'],
    ['nurse', 'P002'],
    ['hr', 'P011'],
    ['P011', 'P011'],
  ])('maps the position %j to %j', (position, id) => {
    expect(addEmployee({ position_id: position }).data?.position_id).toBe(id);
  });

  it('refuses an unknown position on the position_id path', () => {
    const result = addEmployee({ position_id: 'janitor' });
    expect(issuePaths(result)).toEqual([['position_id']]);
    expect(result.error?.issues[0]?.message).toBe('Choose a position from the list');
  });

  it.each<[unknown]>([[''], [undefined]])('stores the position %j as null', (position) => {
    expect(addEmployee({ position_id: position }).data?.position_id).toBeNull();
  });

  it.each([
    'employee_id',
    'first_name',
    'last_name',
    'phone_number',
    'salary',
    'email',
    'hire_date',
  ])('requires %s', (field) => {
    const employee: Record<string, unknown> = { ...validEmployee };
    delete employee[field];
    expect(issuePaths(addEmployeeRequestSchema.safeParse(employee))).toEqual([[field]]);
  });

  it.each<[string, unknown]>([
    ['employee_id', 'P001'],
    ['employee_id', 'E1'],
    ['first_name', '  '],
    ['last_name', 'x'.repeat(101)],
    ['phone_number', '12345'],
    ['salary', -1],
    ['salary', 1.5],
    ['salary', '1.5'],
    ['salary', ''],
    ['salary', 'a lot'],
    ['email', 'grace@navy.mil'],
    ['email', 'grace'],
    ['hire_date', '2024-02-30'],
    ['hire_date', '15/01/2024'],
    ['resignation_date', '2024-13-01'],
    ['work_status', 'maybe'],
    ['work_status', 'YES'],
  ])('refuses %s = %j on its path', (field, value) => {
    expect(issuePaths(addEmployee({ [field]: value }))[0]).toEqual([field]);
  });

  it.each<[unknown, 'yes' | 'no']>([
    [undefined, 'yes'],
    ['', 'yes'],
    [null, 'yes'],
    ['yes', 'yes'],
  ])('reads work_status %j as %j', (work_status, expected) => {
    expect(addEmployee({ work_status }).data?.work_status).toBe(expected);
  });

  it.each<[unknown]>([[undefined], [''], [null]])(
    'refuses work_status no with the resignation date %j, on the resignation_date path',
    (resignation_date) => {
      const result = addEmployee({ work_status: 'no', resignation_date });
      expect(issuePaths(result)).toEqual([['resignation_date']]);
      expect(result.error?.issues[0]?.message).toBe(NEEDS_DATE);
    },
  );

  it.each(['2024-01-15', '2024-06-30'])(
    'accepts work_status no with a resignation date of %j, on or after the hire date',
    (resignation_date) => {
      const result = addEmployee({ work_status: 'no', resignation_date });
      expect(result.success).toBe(true);
      expect(result.data).toMatchObject({ work_status: 'no', resignation_date });
    },
  );

  it.each<['yes' | 'no']>([['yes'], ['no']])(
    'refuses a resignation before the hire date (work_status %s)',
    (work_status) => {
      const result = addEmployee({ work_status, resignation_date: '2024-01-14' });
      expect(issuePaths(result)).toEqual([['resignation_date']]);
      expect(result.error?.issues[0]?.message).toBe(AFTER_HIRE);
    },
  );
});

describe('updateEmployeeRequestSchema', () => {
  it('needs only the employee id', () => {
    const result = updateEmployeeRequestSchema.safeParse({ employee_id: 'e001' });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ employee_id: 'E001' });
  });

  it('requires a valid employee id', () => {
    expect(issuePaths(updateEmployeeRequestSchema.safeParse({}))).toEqual([['employee_id']]);
    expect(issuePaths(updateEmployeeRequestSchema.safeParse({ employee_id: 'P001' }))).toEqual([
      ['employee_id'],
    ]);
  });

  it('reads empty and null fields as absent', () => {
    const fields = [
      'first_name',
      'last_name',
      'position_id',
      'phone_number',
      'salary',
      'email',
      'hire_date',
      'resignation_date',
      'work_status',
    ] as const;
    const result = updateEmployeeRequestSchema.safeParse({
      employee_id: 'E001',
      ...Object.fromEntries(fields.map((field, i) => [field, i % 2 ? '' : null])),
    });
    expect(result.success).toBe(true);
    for (const field of fields) expect(result.data?.[field]).toBeUndefined();
  });

  it.each<unknown>([0, '0', -0, ' 0 '])(
    'reads a salary of %j as absent: a client sending its whole form sends 0 for a blank',
    (salary) => {
      const result = updateEmployeeRequestSchema.safeParse({ employee_id: 'E001', salary });
      expect(result.success).toBe(true);
      expect(result.data?.salary).toBeUndefined();
    },
  );

  it('still takes any other salary on an edit, and 0 on an add', () => {
    expect(updateEmployeeRequestSchema.parse({ employee_id: 'E001', salary: 1 }).salary).toBe(1);
    expect(addEmployeeRequestSchema.parse({ ...validEmployee, salary: 0 }).salary).toBe(0);
  });

  it('does not default the work status', () => {
    expect(
      updateEmployeeRequestSchema.safeParse({ employee_id: 'E001' }).data?.work_status,
    ).toBeUndefined();
  });

  it('accepts and normalises the fields that are sent', () => {
    const result = updateEmployeeRequestSchema.safeParse({
      ...validEmployee,
      position_id: 'hr',
      salary: '52000',
      resignation_date: '2025-01-01',
      work_status: 'no',
    });
    expect(result.data).toEqual({
      ...validEmployee,
      position_id: 'P011',
      salary: 52000,
      resignation_date: '2025-01-01',
      work_status: 'no',
    });
  });

  it('leaves the work-status and dates rule to the server', () => {
    expect(
      updateEmployeeRequestSchema.safeParse({ employee_id: 'E001', work_status: 'no' }).success,
    ).toBe(true);
  });

  it('treats a blank field as absent, leaving it unchanged', () => {
    const parsed = updateEmployeeRequestSchema.parse({ employee_id: 'E001', first_name: '   ' });
    expect(parsed.first_name).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['position_id', 'surgeon'],
    ['phone_number', 'none'],
    ['salary', -5],
    ['salary', '3.5'],
    ['email', 'grace@example.com'],
    ['hire_date', '2023-02-29'],
    ['resignation_date', '2024-00-01'],
    ['work_status', 'No'],
  ])('refuses %s = %j when it is sent', (field, value) => {
    const result = updateEmployeeRequestSchema.safeParse({ employee_id: 'E001', [field]: value });
    expect(issuePaths(result)[0]).toEqual([field]);
  });
});

describe('checkEmployeeDates', () => {
  it('passes an employee at work, with or without a resignation date', () => {
    expect(
      checkEmployeeDates({ work_status: 'yes', hire_date: '2024-01-15', resignation_date: null }),
    ).toEqual([]);
    expect(
      checkEmployeeDates({
        work_status: 'yes',
        hire_date: '2024-01-15',
        resignation_date: '2024-12-31',
      }),
    ).toEqual([]);
  });

  it('passes a resignation on or after the hire date', () => {
    for (const resignation_date of ['2024-01-15', '2024-01-16', '2030-01-01']) {
      expect(
        checkEmployeeDates({ work_status: 'no', hire_date: '2024-01-15', resignation_date }),
      ).toEqual([]);
    }
  });

  it.each<[string | null]>([[null], ['']])(
    'needs a resignation date %j when work status is no',
    (resignation_date) => {
      expect(
        checkEmployeeDates({ work_status: 'no', hire_date: '2024-01-15', resignation_date }),
      ).toEqual([{ field: 'resignation_date', message: NEEDS_DATE }]);
    },
  );

  it.each<['yes' | 'no']>([['yes'], ['no']])(
    'refuses a resignation before the hire date (work status %s)',
    (work_status) => {
      expect(
        checkEmployeeDates({
          work_status,
          hire_date: '2024-01-15',
          resignation_date: '2023-12-31',
        }),
      ).toEqual([{ field: 'resignation_date', message: AFTER_HIRE }]);
    },
  );
});

describe('searchEmployeeRequestSchema', () => {
  it('defaults every criterion to the empty string', () => {
    expect(searchEmployeeRequestSchema.safeParse({}).data).toEqual({
      employee_id: '',
      first_name: '',
      last_name: '',
    });
  });

  it('trims the criteria', () => {
    expect(
      searchEmployeeRequestSchema.safeParse({ employee_id: ' E0 ', last_name: ' Hop ' }).data,
    ).toEqual({ employee_id: 'E0', first_name: '', last_name: 'Hop' });
  });

  it.each<[string, unknown]>([
    ['employee_id', 'E'.repeat(21)],
    ['first_name', 'g'.repeat(101)],
    ['last_name', 'h'.repeat(101)],
    ['last_name', 42],
  ])('refuses %s = %j', (field, value) => {
    expect(issuePaths(searchEmployeeRequestSchema.safeParse({ [field]: value }))).toEqual([
      [field],
    ]);
  });
});

describe('employeeIdParamsSchema', () => {
  it('normalises the id in the path and refuses a bad one', () => {
    expect(employeeIdParamsSchema.safeParse({ employee_id: 'e999' }).data).toEqual({
      employee_id: 'E999',
    });
    expect(issuePaths(employeeIdParamsSchema.safeParse({ employee_id: 'P001' }))).toEqual([
      ['employee_id'],
    ]);
  });
});

describe('employee answers', () => {
  const employee = {
    ...validEmployee,
    position_name: 'Doctor',
    department_name: 'Medicine',
    resignation_date: null,
    work_status: 'yes',
    registered: true,
  };

  it('accepts an employee and refuses a fractional salary', () => {
    expect(employeeSchema.safeParse(employee).success).toBe(true);
    expect(issuePaths(employeeSchema.safeParse({ ...employee, salary: 1.5 }))).toEqual([
      ['salary'],
    ]);
  });

  it('answers add-employee with a code or with nulls', () => {
    expect(
      addEmployeeResponseSchema.safeParse({
        employee_id: 'E001',
        activation_code: 'ABCD-EFGH-JKMN',
        activation_code_expires_at: '2025-01-01T00:00:00Z',
      }).success,
    ).toBe(true);
    expect(
      addEmployeeResponseSchema.safeParse({
        employee_id: 'E002',
        activation_code: null,
        activation_code_expires_at: null,
      }).success,
    ).toBe(true);
    expect(
      issuePaths(
        addEmployeeResponseSchema.safeParse({
          employee_id: 'E002',
          activation_code: null,
          activation_code_expires_at: 'tomorrow',
        }),
      ),
    ).toEqual([['activation_code_expires_at']]);
  });
});
