import type { DiseaseId, DrugId } from './catalogues';

/**
 * The standard code systems the catalogues are mapped to, by the URIs HL7 FHIR R4 names them
 * with, so that another system reads an entry without knowing the portal's own ids.
 */
export const CODE_SYSTEMS = {
  /** WHO ICD-10 (the edition Thailand's ICD-10-TM builds on). */
  icd10: 'http://hl7.org/fhir/sid/icd-10',
  /** ICD-10-CM, the US clinical modification of ICD-10 (CDC/NCHS): the diagnosis catalogue. */
  icd10cm: 'http://hl7.org/fhir/sid/icd-10-cm',
  /** RxNorm, US National Library of Medicine: ingredient concepts (term type IN). */
  rxnorm: 'http://www.nlm.nih.gov/research/umls/rxnorm',
  /** WHO Anatomical Therapeutic Chemical classification. */
  atc: 'http://www.whocc.no/atc',
  /** LOINC (the blood group observation's code). */
  loinc: 'http://loinc.org',
  /** SNOMED CT (the blood group's value). */
  snomed: 'http://snomed.info/sct',
  /**
   * The portal's own identifiers and catalogues, under the hospital's domain, so that a reader
   * tells our `P001` and `R003` from another system's. `.example` until the hospital names its
   * production domain; a URI, never fetched.
   */
  portalPatientId: 'https://riverside-general.example/fhir/sid/patient-id',
  portalEmployeeId: 'https://riverside-general.example/fhir/sid/employee-id',
  portalPosition: 'https://riverside-general.example/fhir/CodeSystem/position',
  portalDrug: 'https://riverside-general.example/fhir/CodeSystem/drug',
  portalDisease: 'https://riverside-general.example/fhir/CodeSystem/disease',
  portalAuditAction: 'https://riverside-general.example/fhir/CodeSystem/audit-action',
} as const;

/** One code of a standard system and the system's own name for it. */
export interface StandardCode {
  readonly code: string;
  readonly display: string;
}

/**
 * Each chronic disease's ICD-10 code. The catalogue names a disease, not a presentation, so
 * each maps to the code for the disease without further detail (the ".9 unspecified" code
 * where ICD-10 has one); Streptococcus pneumoniae, an organism, maps to the disease it is
 * recorded for here, pneumonia. Dengue keeps A90 of the 2016 edition (which ICD-10-TM
 * follows); WHO's 2019 edition moved it to A97. Sources and checks: docs/reference-codes.md.
 */
export const DISEASE_CODES = {
  I001: { icd10: { code: 'J13', display: 'Pneumonia due to Streptococcus pneumoniae' } },
  I002: {
    icd10: {
      code: 'A16.9',
      display:
        'Respiratory tuberculosis unspecified, without mention of bacteriological or histological confirmation',
    },
  },
  I003: { icd10: { code: 'B18.1', display: 'Chronic viral hepatitis B without delta-agent' } },
  I004: { icd10: { code: 'B54', display: 'Unspecified malaria' } },
  I005: { icd10: { code: 'A90', display: 'Dengue fever [classical dengue]' } },
  I006: { icd10: { code: 'B05.9', display: 'Measles without complication' } },
  I007: {
    icd10: {
      code: 'J11.1',
      display: 'Influenza with other respiratory manifestations, virus not identified',
    },
  },
  I008: { icd10: { code: 'A00.9', display: 'Cholera, unspecified' } },
  I009: { icd10: { code: 'A01.0', display: 'Typhoid fever' } },
  I010: { icd10: { code: 'A82.9', display: 'Rabies, unspecified' } },
  I011: { icd10: { code: 'G03.9', display: 'Meningitis, unspecified' } },
} as const satisfies Record<DiseaseId, { icd10: StandardCode }>;

/**
 * Each drug's RxNorm ingredient and ATC code. "anti bacteria" is a class, not a substance: it
 * has no RxNorm ingredient, and maps to ATC's group J01 (antibacterials for systemic use);
 * insulin, likewise, to the group A10A (insulins and analogues) beside RxNorm's ingredient.
 * Sources and checks: docs/reference-codes.md.
 */
export const DRUG_CODES = {
  R001: { atc: { code: 'J01', display: 'ANTIBACTERIALS FOR SYSTEMIC USE' } },
  R002: {
    rxnorm: { code: '161', display: 'acetaminophen' },
    atc: { code: 'N02BE01', display: 'paracetamol' },
  },
  R003: {
    rxnorm: { code: '723', display: 'amoxicillin' },
    atc: { code: 'J01CA04', display: 'amoxicillin' },
  },
  R004: {
    rxnorm: { code: '5640', display: 'ibuprofen' },
    atc: { code: 'M01AE01', display: 'ibuprofen' },
  },
  R005: {
    rxnorm: { code: '18631', display: 'azithromycin' },
    atc: { code: 'J01FA10', display: 'azithromycin' },
  },
  R006: {
    rxnorm: { code: '2551', display: 'ciprofloxacin' },
    atc: { code: 'J01MA02', display: 'ciprofloxacin' },
  },
  R007: {
    rxnorm: { code: '6809', display: 'metformin' },
    atc: { code: 'A10BA02', display: 'metformin' },
  },
  R008: {
    rxnorm: { code: '7646', display: 'omeprazole' },
    atc: { code: 'A02BC01', display: 'omeprazole' },
  },
  R009: {
    rxnorm: { code: '83367', display: 'atorvastatin' },
    atc: { code: 'C10AA05', display: 'atorvastatin' },
  },
  R010: {
    rxnorm: { code: '5856', display: 'insulin' },
    atc: { code: 'A10A', display: 'INSULINS AND ANALOGUES' },
  },
  R011: {
    rxnorm: { code: '29046', display: 'lisinopril' },
    atc: { code: 'C09AA03', display: 'lisinopril' },
  },
} as const satisfies Record<DrugId, { rxnorm?: StandardCode; atc: StandardCode }>;
