import { localName } from './local-name';

/**
 * One entry of a clinical catalogue: a stable id and its human name in English (the spec's);
 * its Thai name is in lib/local-names.ts (`localName`).
 */
export interface CatalogueEntry<Id extends string = string> {
  readonly id: Id;
  readonly name: string;
}

/** Chronic-disease catalogue, ids I001–I011 as the original portal numbered them. */
export const DISEASES = [
  { id: 'I001', name: 'streptococcus pneumoniae' },
  { id: 'I002', name: 'tuberculosis' },
  { id: 'I003', name: 'hepatitis B' },
  { id: 'I004', name: 'malaria' },
  { id: 'I005', name: 'dengue fever' },
  { id: 'I006', name: 'measles' },
  { id: 'I007', name: 'influenza' },
  { id: 'I008', name: 'cholera' },
  { id: 'I009', name: 'typhoid fever' },
  { id: 'I010', name: 'rabies' },
  { id: 'I011', name: 'meningitis' },
] as const satisfies readonly CatalogueEntry[];

/** Drug catalogue used for allergies, ids R001–R011. */
export const DRUGS = [
  { id: 'R001', name: 'anti bacteria' },
  { id: 'R002', name: 'paracetamol' },
  { id: 'R003', name: 'amoxicillin' },
  { id: 'R004', name: 'ibuprofen' },
  { id: 'R005', name: 'azithromycin' },
  { id: 'R006', name: 'ciprofloxacin' },
  { id: 'R007', name: 'metformin' },
  { id: 'R008', name: 'omeprazole' },
  { id: 'R009', name: 'atorvastatin' },
  { id: 'R010', name: 'insulin' },
  { id: 'R011', name: 'lisinopril' },
] as const satisfies readonly CatalogueEntry[];

/** A disease id from the catalogue. */
export type DiseaseId = (typeof DISEASES)[number]['id'];
/** A drug id from the catalogue. */
export type DrugId = (typeof DRUGS)[number]['id'];

/** Every disease id, in catalogue order (handy for enums and pickers). */
export const DISEASE_IDS = DISEASES.map((d) => d.id) as [DiseaseId, ...DiseaseId[]];
/** Every drug id, in catalogue order. */
export const DRUG_IDS = DRUGS.map((d) => d.id) as [DrugId, ...DrugId[]];

/** The catalogue name of a disease id, or undefined for an unknown id. */
export function diseaseName(id: string, locale = 'en'): string | undefined {
  const entry = DISEASES.find((d) => d.id === id);
  return entry && localName(entry, locale);
}

/** The catalogue name of a drug id, or undefined for an unknown id. */
export function drugName(id: string, locale = 'en'): string | undefined {
  const entry = DRUGS.find((d) => d.id === id);
  return entry && localName(entry, locale);
}
