import { describe, expect, it } from 'vitest';
import { dosesPerDay, suggestedQuantity } from './prescriptions';

describe('the quantity a prescription adds up to', () => {
  it('counts the doses a day of each schedule', () => {
    expect(dosesPerDay('once_daily')).toBe(1);
    expect(dosesPerDay('three_times_daily')).toBe(3);
    expect(dosesPerDay('every_6_hours')).toBe(4);
    expect(dosesPerDay('every_8_hours')).toBe(3);
    expect(dosesPerDay('every_12_hours')).toBe(2);
    expect(dosesPerDay('at_bedtime')).toBe(1);
    expect(dosesPerDay('as_needed')).toBeNull();
    expect(dosesPerDay('once')).toBeNull();
  });

  it('multiplies the dose, the doses a day and the days for counted units', () => {
    const base = { dose: 1, unit: 'tablet', frequency: 'every_6_hours', duration_days: 5 };
    expect(suggestedQuantity(base)).toBe(20);
    expect(suggestedQuantity({ ...base, dose: 2, frequency: 'three_times_daily' })).toBe(30);
    expect(suggestedQuantity({ ...base, unit: 'capsule', dose: 0.5, duration_days: 7 })).toBe(14);
    // One dose is the dose, whatever the days.
    expect(suggestedQuantity({ ...base, frequency: 'once', duration_days: 30 })).toBe(1);
  });

  it('suggests nothing it cannot count: a weight or volume, as needed, an unfinished value', () => {
    const base = { dose: 500, unit: 'mg', frequency: 'three_times_daily', duration_days: 7 };
    expect(suggestedQuantity(base)).toBeNull();
    expect(suggestedQuantity({ ...base, unit: 'mL' })).toBeNull();
    expect(suggestedQuantity({ ...base, unit: 'tablet', frequency: 'as_needed' })).toBeNull();
    expect(suggestedQuantity({ ...base, unit: 'tablet', dose: Number.NaN })).toBeNull();
    expect(suggestedQuantity({ ...base, unit: 'tablet', dose: 0 })).toBeNull();
    expect(suggestedQuantity({ ...base, unit: 'tablet', duration_days: 2.5 })).toBeNull();
    expect(suggestedQuantity({ ...base, unit: 'tablet', frequency: 'hourly' })).toBeNull();
    // Past what may be dispensed: typed by the prescriber, not suggested.
    expect(
      suggestedQuantity({ ...base, unit: 'tablet', dose: 1000, duration_days: 365 }),
    ).toBeNull();
  });
});
