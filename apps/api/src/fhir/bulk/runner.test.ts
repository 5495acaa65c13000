import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ndjsonParts, PART_MAX_CHARS } from './runner';

const resource = fc.record({
  resourceType: fc.constant('Patient'),
  id: fc.string({ minLength: 1, maxLength: 64 }),
  text: fc.string({ unit: 'grapheme', maxLength: 3000 }),
});

describe('ndjsonParts', () => {
  it('keeps every line once, in order, each part within its size unless one line alone', () => {
    fc.assert(
      fc.property(
        fc.array(resource, { maxLength: 60 }),
        fc.integer({ min: 1, max: 20_000 }),
        (resources, max) => {
          const parts = ndjsonParts(resources, max);
          const whole = resources.map((r) => `${JSON.stringify(r)}\n`).join('');
          expect(parts.map((p) => p.ndjson).join('')).toBe(whole);
          expect(parts.reduce((sum, p) => sum + p.lines, 0)).toBe(resources.length);
          for (const part of parts) {
            expect(part.lines).toBeGreaterThan(0);
            expect(part.ndjson.split('\n')).toHaveLength(part.lines + 1);
            if (part.lines > 1) expect(part.ndjson.length).toBeLessThanOrEqual(max);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('fills parts up to the size: no two neighbours would have fitted in one', () => {
    const resources = Array.from({ length: 500 }, (_, i) => ({
      resourceType: 'Patient',
      id: `P${i}`,
    }));
    const parts = ndjsonParts(resources, 1000);
    for (let i = 1; i < parts.length; i++) {
      const firstLine = parts[i]!.ndjson.slice(0, parts[i]!.ndjson.indexOf('\n') + 1);
      expect(parts[i - 1]!.ndjson.length + firstLine.length).toBeGreaterThan(1000);
    }
  });

  it('keeps a part under V8 large-object size even when every character takes two bytes', () => {
    expect(PART_MAX_CHARS * 2).toBeLessThan(128 * 1024);
  });
});
