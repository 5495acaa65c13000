import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  bodyMassIndex,
  recordVitalsRequestSchema,
  TAKEN_AT_FUTURE_MESSAGE,
  VITAL_FIELDS,
  VITAL_LIMITS,
  VITAL_REFERENCE_RANGES,
  vitalFlags,
  vitalRangeMessage,
} from './vitals';

describe('bodyMassIndex', () => {
  it('is the weight over the height in metres squared, to one decimal', () => {
    expect(bodyMassIndex(80, 175)).toBe(26.1);
    expect(bodyMassIndex(50, 160)).toBe(19.5);
  });

  it('is null without both', () => {
    expect(bodyMassIndex(80, null)).toBeNull();
    expect(bodyMassIndex(undefined, 175)).toBeNull();
  });
});

describe('vitalFlags', () => {
  it('flags below low and above high; both bounds are normal', () => {
    expect(vitalFlags({ pulse: 60, systolic: 139, diastolic: 89, spo2: 96 })).toEqual([]);
    expect(vitalFlags({ pulse: 59, systolic: 140, diastolic: 59, spo2: 95, bmi: 25 })).toEqual([
      { field: 'systolic', level: 'high' },
      { field: 'diastolic', level: 'low' },
      { field: 'pulse', level: 'low' },
      { field: 'spo2', level: 'low' },
      { field: 'bmi', level: 'high' },
    ]);
  });

  it('never flags weight or height, which have no range of their own', () => {
    expect(VITAL_REFERENCE_RANGES.weight_kg).toBeUndefined();
    expect(vitalFlags({ weight_kg: 499, height_cm: 21 })).toEqual([]);
  });

  it('keeps every reference range inside the plausible limits', () => {
    for (const field of VITAL_FIELDS) {
      const range = VITAL_REFERENCE_RANGES[field];
      if (!range) continue;
      expect(range.low).toBeGreaterThanOrEqual(VITAL_LIMITS[field].min);
      expect(range.high).toBeLessThanOrEqual(VITAL_LIMITS[field].max);
    }
  });
});

describe('recordVitalsRequestSchema', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const issues = (body: unknown) =>
    recordVitalsRequestSchema
      .safeParse(body)
      .error?.issues.map((i) => [i.path.join('.'), i.message]);

  it('takes numbers as forms hold them and rounds decimals to one place', () => {
    expect(recordVitalsRequestSchema.parse({ temperature_c: '37.06', weight_kg: 70.04 })).toEqual({
      temperature_c: 37.1,
      weight_kg: 70,
    });
  });

  it('accepts each limit and refuses just beyond it, naming the field', () => {
    for (const field of ['pulse', 'respiratory_rate', 'spo2', 'temperature_c'] as const) {
      const { min, max, whole } = VITAL_LIMITS[field];
      const step = whole ? 1 : 0.1;
      expect(issues({ [field]: min })).toBeUndefined();
      expect(issues({ [field]: max })).toBeUndefined();
      expect(issues({ [field]: min - step })).toEqual([[field, vitalRangeMessage(field)]]);
      expect(issues({ [field]: max + step })).toEqual([[field, vitalRangeMessage(field)]]);
    }
  });

  it('takes a time taken up to five minutes ahead (a fast clock), not later', () => {
    expect(issues({ pulse: 70, taken_at: '2026-11-24T12:04:59Z' })).toBeUndefined();
    expect(issues({ pulse: 70, taken_at: '2026-11-24T19:10:00+07:00' })).toEqual([
      ['taken_at', TAKEN_AT_FUTURE_MESSAGE],
    ]);
    expect(
      recordVitalsRequestSchema.parse({ pulse: 70, taken_at: '2026-11-24T08:00:00+07:00' }),
    ).toMatchObject({ taken_at: '2026-11-24T01:00:00.000Z' });
  });
});
