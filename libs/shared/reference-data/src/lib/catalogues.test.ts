import { describe, expect, it } from 'vitest';
import { DISEASES, DRUGS, diseaseName, drugName } from './catalogues';

describe('catalogues', () => {
  it('numbers diseases I001–I011 and drugs R001–R011 without gaps', () => {
    expect(DISEASES.map((d) => d.id)).toEqual(
      Array.from({ length: 11 }, (_, i) => `I${String(i + 1).padStart(3, '0')}`),
    );
    expect(DRUGS.map((d) => d.id)).toEqual(
      Array.from({ length: 11 }, (_, i) => `R${String(i + 1).padStart(3, '0')}`),
    );
  });

  it('names entries by id', () => {
    expect(diseaseName('I003')).toBe('hepatitis B');
    expect(drugName('R002')).toBe('paracetamol');
    expect(diseaseName('I999')).toBeUndefined();
  });
});
