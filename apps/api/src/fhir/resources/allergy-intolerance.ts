import { sql } from 'drizzle-orm';
import type { AllergyIntolerance, Coding } from '@medplum/fhirtypes';
import { CODE_SYSTEMS, DRUG_CODES, DRUG_IDS, drugName, type DrugId } from '@portal/reference-data';
import { hl7, patientReference, portalCoding, type RowKey, type RowWindow } from './common';
import { linkKeySql, linkPosition } from './catalogue-keys';

/** A drug allergy row as {@link allergyRowsQuery} selects it. */
export interface AllergyRow {
  readonly k: RowKey;
  readonly patient_id: string;
  readonly drug_id: string;
  readonly reaction: string | null;
  readonly severity: string | null;
}

/** An allergy's resource id: the patient's and the drug's, as one patient has a drug once. */
export const allergyId = (patientId: string, drugId: string) => `${patientId}-${drugId}`;

/**
 * One keyset page of drug allergy rows, in (patient row, drug) order; `where` applies to
 * patient_drug_allergy's own columns (e.g. `patient_id = …` for one patient's).
 */
export function allergyRowsQuery(window: RowWindow) {
  const { rowId, entry } = linkPosition(DRUG_IDS, window.after);
  return sql`select ${linkKeySql(DRUG_IDS, sql`x.drug_id`)} as k, p.patient_id, x.drug_id,
      x.reaction, x.severity
    from (select * from patient_drug_allergy
          where (patient_id, drug_id) > (${rowId}::bigint, ${entry}::text) and ${window.where ?? sql`true`}
          order by patient_id, drug_id limit ${window.limit + 1}) x
    join patient p on p.id = x.patient_id
    order by x.patient_id, x.drug_id`;
}

/** The drug's codings: RxNorm where it has an ingredient, ATC, and the portal's own. */
function drugCodings(drugId: string): Coding[] {
  const codes = DRUG_CODES[drugId as DrugId] as
    | { rxnorm?: { code: string; display: string }; atc: { code: string; display: string } }
    | undefined;
  return [
    ...(codes?.rxnorm ? [{ system: CODE_SYSTEMS.rxnorm, ...codes.rxnorm }] : []),
    ...(codes ? [{ system: CODE_SYSTEMS.atc, ...codes.atc }] : []),
    portalCoding('portalDrug', drugId, drugName(drugId)),
  ];
}

/**
 * A drug allergy as AllergyIntolerance: recorded by clinicians, so active and confirmed; the
 * reaction when one was written down, its severity as both the reaction's and the criticality.
 */
export function toAllergyIntolerance(row: AllergyRow): AllergyIntolerance {
  const severity =
    row.severity === 'mild' || row.severity === 'moderate' || row.severity === 'severe'
      ? row.severity
      : undefined;
  const name = drugName(row.drug_id);
  return {
    resourceType: 'AllergyIntolerance',
    id: allergyId(row.patient_id, row.drug_id),
    clinicalStatus: hl7('allergyintolerance-clinical', 'active', 'Active'),
    verificationStatus: hl7('allergyintolerance-verification', 'confirmed', 'Confirmed'),
    type: 'allergy',
    category: ['medication'],
    ...(severity ? { criticality: severity === 'severe' ? 'high' : 'low' } : {}),
    code: { coding: drugCodings(row.drug_id), ...(name ? { text: name } : {}) },
    patient: patientReference(row.patient_id),
    ...(row.reaction
      ? {
          reaction: [
            { manifestation: [{ text: row.reaction }], ...(severity ? { severity } : {}) },
          ],
        }
      : {}),
  };
}
