import { describe, expect, it } from 'vitest';
import { localDay, localDayTime } from './display-dates';

describe('the one date format', () => {
  it('writes a day as YYYY-MM-DD and an instant with HH:MM, in local time', () => {
    const at = new Date(2026, 0, 5, 9, 7);
    expect(localDay(at)).toBe('2026-01-05');
    expect(localDayTime(at)).toBe('2026-01-05 09:07');
  });
});
