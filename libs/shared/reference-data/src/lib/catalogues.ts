/**
 * One entry of a clinical catalogue: a stable id and its human name in English (the spec's)
 * and in Thai (as Thai hospitals write it for patients: diseases by their Thai names, drugs by
 * their generic names in Thai script).
 */
export interface CatalogueEntry<Id extends string = string> {
  readonly id: Id;
  readonly name: string;
  readonly nameTh: string;
}

/** A named entry (catalogue, department, position) in the language a person reads. */
export function localName(
  entry: { readonly name: string; readonly nameTh: string },
  locale: string,
): string {
  return locale === 'th' ? entry.nameTh : entry.name;
}

/** Chronic-disease catalogue, ids I001–I011 as the original portal numbered them. */
export const DISEASES = [
  { id: 'I001', name: 'streptococcus pneumoniae', nameTh: 'โรคติดเชื้อนิวโมคอคคัส' },
  { id: 'I002', name: 'tuberculosis', nameTh: 'วัณโรค' },
  { id: 'I003', name: 'hepatitis B', nameTh: 'ไวรัสตับอักเสบบี' },
  { id: 'I004', name: 'malaria', nameTh: 'มาลาเรีย' },
  { id: 'I005', name: 'dengue fever', nameTh: 'ไข้เลือดออก' },
  { id: 'I006', name: 'measles', nameTh: 'หัด' },
  { id: 'I007', name: 'influenza', nameTh: 'ไข้หวัดใหญ่' },
  { id: 'I008', name: 'cholera', nameTh: 'อหิวาตกโรค' },
  { id: 'I009', name: 'typhoid fever', nameTh: 'ไข้ไทฟอยด์' },
  { id: 'I010', name: 'rabies', nameTh: 'โรคพิษสุนัขบ้า' },
  { id: 'I011', name: 'meningitis', nameTh: 'เยื่อหุ้มสมองอักเสบ' },
] as const satisfies readonly CatalogueEntry[];

/** Drug catalogue used for allergies, ids R001–R011. */
export const DRUGS = [
  { id: 'R001', name: 'anti bacteria', nameTh: 'ยาต้านแบคทีเรีย' },
  { id: 'R002', name: 'paracetamol', nameTh: 'พาราเซตามอล' },
  { id: 'R003', name: 'amoxicillin', nameTh: 'อะม็อกซีซิลลิน' },
  { id: 'R004', name: 'ibuprofen', nameTh: 'ไอบูโพรเฟน' },
  { id: 'R005', name: 'azithromycin', nameTh: 'อะซิโทรมัยซิน' },
  { id: 'R006', name: 'ciprofloxacin', nameTh: 'ซิโปรฟลอกซาซิน' },
  { id: 'R007', name: 'metformin', nameTh: 'เมตฟอร์มิน' },
  { id: 'R008', name: 'omeprazole', nameTh: 'โอเมพราโซล' },
  { id: 'R009', name: 'atorvastatin', nameTh: 'อะทอร์วาสแตติน' },
  { id: 'R010', name: 'insulin', nameTh: 'อินซูลิน' },
  { id: 'R011', name: 'lisinopril', nameTh: 'ลิซิโนพริล' },
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
