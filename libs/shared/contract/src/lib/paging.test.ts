import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  MAX_PAGE_SIZE,
  matchesNameFragment,
  NEXT_CURSOR_HEADER,
  pageQuerySchema,
  SHORT_FRAGMENT_LENGTH,
  TOTAL_COUNT_BOUND,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from './paging';

describe('pageQuerySchema', () => {
  it('defaults the limit to 50 and leaves the cursor out', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(50);
    const result = pageQuerySchema.safeParse({});
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ limit: 50 });
    expect(result.data?.cursor).toBeUndefined();
  });

  it.each<[unknown, number]>([
    [1, 1],
    ['1', 1],
    ['25', 25],
    [' 10 ', 10],
    [200, 200],
    ['200', 200],
  ])('reads the limit %j as %j', (limit, expected) => {
    expect(pageQuerySchema.safeParse({ limit }).data?.limit).toBe(expected);
  });

  it('allows at most 200 per page', () => {
    expect(MAX_PAGE_SIZE).toBe(200);
    for (const limit of [201, '201', 1000]) {
      const result = pageQuerySchema.safeParse({ limit });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['limit']);
      expect(result.error?.issues[0]?.message).toBe('limit is at most 200');
    }
  });

  it.each<unknown>([0, '0', -1, '-5', 1.5, '2.5', 'ten', '', null])(
    'refuses the limit %j',
    (limit) => {
      const result = pageQuerySchema.safeParse({ limit });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['limit']);
    },
  );

  it.each(['a', 'abc_DEF-123', 'MjAyNC0wMS0wMQ', 'x'.repeat(64)])(
    'accepts the cursor %j',
    (cursor) => {
      expect(pageQuerySchema.safeParse({ cursor }).data).toEqual({ limit: 50, cursor });
    },
  );

  it.each(['', 'x'.repeat(65), 'a b', 'a/b', 'abc=', 'a+b', 'a.b', "1' OR '1'='1"])(
    'refuses the cursor %j',
    (cursor) => {
      const result = pageQuerySchema.safeParse({ cursor });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['cursor']);
      expect(result.error?.issues[0]?.message).toBe('cursor is not one this API gave out');
    },
  );

  it('refuses a cursor that is not a string', () => {
    expect(pageQuerySchema.safeParse({ cursor: 5 }).error?.issues[0]?.path).toEqual(['cursor']);
  });

  it('names the paging headers in lower case', () => {
    expect(TOTAL_COUNT_HEADER).toBe('x-total-count');
    expect(NEXT_CURSOR_HEADER).toBe('x-next-cursor');
  });
});

describe('matchesNameFragment', () => {
  it('matches the start of a name for 1–2 characters and any part for longer ones', () => {
    expect(SHORT_FRAGMENT_LENGTH).toBe(2);
    expect(matchesNameFragment('Somchai', 'so')).toBe(true);
    expect(matchesNameFragment('Somchai', 'S')).toBe(true);
    expect(matchesNameFragment('Somchai', 'ch')).toBe(false);
    expect(matchesNameFragment('Somchai', 'cha')).toBe(true);
    expect(matchesNameFragment('Somchai', 'CHAI')).toBe(true);
    expect(matchesNameFragment('Somchai', 'xyz')).toBe(false);
  });

  it('gives an exact total up to 1,000', () => {
    expect(TOTAL_COUNT_BOUND).toBe(1_000);
    expect(TOTAL_COUNT_CAPPED_HEADER).toBe('x-total-count-capped');
  });
});
