import { describe, expect, it } from 'vitest';
import { DISEASE_IDS, DISEASES, DRUG_IDS, DRUGS, diseaseName, drugName } from './catalogues';
import { catalogueEntryName, drugLabel } from './drug-names';
import { addLocalNames, localName } from './local-name';
import { LOCAL_NAMES } from './local-names';
import { DEPARTMENTS, POSITIONS } from './organisation';

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

  it('lists every id in DISEASE_IDS and DRUG_IDS, in catalogue order', () => {
    expect(DISEASE_IDS).toEqual(DISEASES.map((d) => d.id));
    expect(DRUG_IDS).toEqual(DRUGS.map((d) => d.id));
  });

  it('names each entry once, with a non-empty name', () => {
    for (const catalogue of [DISEASES, DRUGS]) {
      const names = catalogue.map((entry) => entry.name);
      expect(new Set(names).size).toBe(names.length);
      for (const name of names) expect(name.trim()).not.toBe('');
    }
  });

  it('keeps disease and drug ids apart', () => {
    expect(diseaseName('R001')).toBeUndefined();
    expect(drugName('I001')).toBeUndefined();
    expect(drugName('r002')).toBeUndefined();
    expect(drugName('R011')).toBe('lisinopril');
    expect(diseaseName('I011')).toBe('meningitis');
  });
});

describe('Thai names', () => {
  const named = [...DISEASES, ...DRUGS, ...DEPARTMENTS, ...POSITIONS];

  it('every catalogue entry, department and position has one, in Thai script, each its own', () => {
    const thai = LOCAL_NAMES.th;
    for (const entry of named)
      expect(thai[entry.id], entry.id).toMatch(/^[\u0E00-\u0E7F ()A-Z]+$/u);
    for (const list of [DISEASES, DRUGS, DEPARTMENTS, POSITIONS]) {
      const names = list.map((entry) => thai[entry.id]);
      expect(new Set(names).size).toBe(names.length);
    }
    // Names of nothing: an id no list has.
    expect(Object.keys(thai).sort()).toEqual(named.map((entry) => entry.id).sort());
  });

  it('are what localName gives in Thai once registered; English is the spec’s name', () => {
    // Before: a Thai page that asked for none shows the English name rather than none.
    expect(localName(DRUGS[2], 'th')).toBe('amoxicillin');
    addLocalNames('th', LOCAL_NAMES.th);
    expect(localName(DRUGS[2], 'th')).toBe('อะม็อกซีซิลลิน');
    expect(localName(DRUGS[2], 'en')).toBe('amoxicillin');
    expect(localName(DISEASES[1], 'th')).toBe('วัณโรค');
  });
});

describe('drug names by reader', () => {
  it('are the English generic name for clinicians in Thai too; a patient gets the Thai beside it', () => {
    addLocalNames('th', LOCAL_NAMES.th);
    expect(drugLabel('R003', 'th', 'clinician')).toBe('amoxicillin');
    expect(drugLabel('R003', 'th', 'patient')).toBe('amoxicillin (อะม็อกซีซิลลิน)');
    expect(drugLabel('R003', 'en', 'patient')).toBe('amoxicillin');
    expect(drugLabel('R999', 'th', 'patient')).toBeUndefined();
  });

  it('apply to catalogue entries that are drugs or drug classes; other entries read in Thai', () => {
    const drug = { name: 'Amoxicillin', name_th: 'อะม็อกซีซิลลิน', kind: 'drug' };
    const food = { name: 'Peanut', name_th: 'ถั่วลิสง', kind: 'food' };
    const condition = { name: 'Tuberculosis', name_th: 'วัณโรค' };
    expect(catalogueEntryName(drug, 'th', 'clinician')).toBe('Amoxicillin');
    expect(catalogueEntryName({ ...drug, kind: 'class' }, 'th', 'clinician')).toBe('Amoxicillin');
    expect(catalogueEntryName(drug, 'th', 'patient')).toBe('Amoxicillin (อะม็อกซีซิลลิน)');
    expect(catalogueEntryName({ ...drug, name_th: null }, 'th', 'patient')).toBe('Amoxicillin');
    expect(catalogueEntryName(food, 'th', 'clinician')).toBe('ถั่วลิสง');
    expect(catalogueEntryName(condition, 'th', 'clinician')).toBe('วัณโรค');
    expect(catalogueEntryName(condition, 'en', 'patient')).toBe('Tuberculosis');
  });
});
