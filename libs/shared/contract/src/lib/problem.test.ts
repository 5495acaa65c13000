import { describe, expect, it } from 'vitest';
import { asksForProblem, PORTAL_ACCEPT, PROBLEM_CONTENT_TYPE, problemSchema } from './problem';

const problem = {
  type: 'about:blank',
  title: 'Bad Request',
  status: 400,
  detail: 'The request has invalid fields',
};

describe('problemSchema', () => {
  it('accepts a problem with or without field errors', () => {
    expect(problemSchema.safeParse(problem).success).toBe(true);
    const withErrors = {
      ...problem,
      errors: [{ field: 'age', message: 'Age must be at most 120' }],
    };
    expect(problemSchema.safeParse(withErrors).data).toEqual(withErrors);
  });

  it('refuses a fractional status and a field error without a message', () => {
    expect(problemSchema.safeParse({ ...problem, status: 400.5 }).error?.issues[0]?.path).toEqual([
      'status',
    ]);
    expect(
      problemSchema.safeParse({ ...problem, errors: [{ field: 'age' }] }).error?.issues[0]?.path,
    ).toEqual(['errors', 0, 'message']);
  });

  it('is answered as application/problem+json', () => {
    expect(PROBLEM_CONTENT_TYPE).toBe('application/problem+json');
  });
});

describe('asksForProblem', () => {
  it.each([
    [PORTAL_ACCEPT, true],
    ['application/problem+json', true],
    ['Application/Problem+JSON;q=0.5, application/json', true],
    ['application/json, text/plain, */*', false],
    ['*/*', false],
    ['application/json', false],
    ['application/problem+json;q=0', false],
    ['', false],
    [undefined, false],
  ])('%j: %s', (accept, asks) => {
    expect(asksForProblem(accept)).toBe(asks);
  });
});
