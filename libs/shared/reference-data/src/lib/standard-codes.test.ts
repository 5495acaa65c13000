import { describe, expect, it } from 'vitest';
import { DISEASE_IDS, DRUG_IDS } from './catalogues';
import { CODE_SYSTEMS, DISEASE_CODES, DRUG_CODES } from './standard-codes';

/** The shapes the code systems give their codes (WHO ICD-10; RxNorm's RxCUI; WHO ATC levels 1–5). */
const ICD10 = /^[A-Z]\d\d(\.\d{1,2})?$/;
const RXCUI = /^[1-9]\d{0,7}$/;
const ATC = /^[A-Z](\d\d([A-Z]([A-Z](\d\d)?)?)?)?$/;

describe('standard codes of the catalogues', () => {
  it('gives every disease of the catalogue an ICD-10 code of the right shape, each once', () => {
    expect(Object.keys(DISEASE_CODES).sort()).toEqual([...DISEASE_IDS].sort());
    const codes = DISEASE_IDS.map((id) => DISEASE_CODES[id].icd10.code);
    for (const code of codes) expect(code).toMatch(ICD10);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('gives every drug an ATC code, and each substance an RxNorm ingredient, of the right shapes', () => {
    expect(Object.keys(DRUG_CODES).sort()).toEqual([...DRUG_IDS].sort());
    const atc = DRUG_IDS.map((id) => DRUG_CODES[id].atc.code);
    for (const code of atc) expect(code).toMatch(ATC);
    expect(new Set(atc).size).toBe(atc.length);
    const rxnorm = DRUG_IDS.flatMap((id) => {
      const entry = DRUG_CODES[id];
      return 'rxnorm' in entry ? [entry.rxnorm.code] : [];
    });
    // Only the class "anti bacteria" has no ingredient.
    expect(rxnorm).toHaveLength(DRUG_IDS.length - 1);
    for (const code of rxnorm) expect(code).toMatch(RXCUI);
    expect(new Set(rxnorm).size).toBe(rxnorm.length);
  });

  it('names a substance by its ATC level-5 code, a class by a shorter one', () => {
    expect(DRUG_CODES.R001.atc.code).toHaveLength(3);
    expect(DRUG_CODES.R003.atc.code).toHaveLength(7);
  });

  it('names the systems by the URIs FHIR R4 gives them', () => {
    expect(CODE_SYSTEMS).toMatchObject({
      icd10: 'http://hl7.org/fhir/sid/icd-10',
      rxnorm: 'http://www.nlm.nih.gov/research/umls/rxnorm',
      atc: 'http://www.whocc.no/atc',
      loinc: 'http://loinc.org',
      snomed: 'http://snomed.info/sct',
    });
  });

  it('names the portal’s own systems by absolute https URIs, each once', () => {
    const own = Object.entries(CODE_SYSTEMS).filter(([key]) => key.startsWith('portal'));
    expect(own.length).toBeGreaterThan(0);
    for (const [, uri] of own) expect(uri).toMatch(/^https:\/\/[a-z.-]+\/fhir\//);
    expect(new Set(own.map(([, uri]) => uri)).size).toBe(own.length);
  });
});
