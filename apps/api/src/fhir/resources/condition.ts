import { sql } from 'drizzle-orm';
import type { Condition } from '@medplum/fhirtypes';
import {
  CODE_SYSTEMS,
  DISEASE_CODES,
  DISEASE_IDS,
  diseaseName,
  type DiseaseId,
} from '@portal/reference-data';
import { hl7, patientReference, portalCoding, type RowKey, type RowWindow } from './common';
import { linkKeySql, linkPosition } from './catalogue-keys';

/** A chronic disease row as {@link conditionRowsQuery} selects it. */
export interface ConditionRow {
  readonly k: RowKey;
  readonly patient_id: string;
  readonly disease_id: string;
}

/** A condition's resource id: the patient's and the disease's (one patient has a disease once). */
export const conditionId = (patientId: string, diseaseId: string) => `${patientId}-${diseaseId}`;

/**
 * One keyset page of chronic disease rows, in (patient row, disease) order; `where` applies to
 * patient_chronic_disease's own columns.
 */
export function conditionRowsQuery(window: RowWindow) {
  const { rowId, entry } = linkPosition(DISEASE_IDS, window.after);
  return sql`select ${linkKeySql(DISEASE_IDS, sql`x.disease_id`)} as k, p.patient_id, x.disease_id
    from (select * from patient_chronic_disease
          where (patient_id, disease_id) > (${rowId}::bigint, ${entry}::text) and ${window.where ?? sql`true`}
          order by patient_id, disease_id limit ${window.limit + 1}) x
    join patient p on p.id = x.patient_id
    order by x.patient_id, x.disease_id`;
}

/**
 * A chronic disease as a Condition on the problem list: active and confirmed (the record lists
 * the diseases a patient lives with), coded in ICD-10 and the portal's catalogue.
 */
export function toCondition(row: ConditionRow): Condition {
  const icd10 = (DISEASE_CODES as Record<string, { icd10: { code: string; display: string } }>)[
    row.disease_id as DiseaseId
  ]?.icd10;
  const name = diseaseName(row.disease_id);
  return {
    resourceType: 'Condition',
    id: conditionId(row.patient_id, row.disease_id),
    clinicalStatus: hl7('condition-clinical', 'active', 'Active'),
    verificationStatus: hl7('condition-ver-status', 'confirmed', 'Confirmed'),
    category: [hl7('condition-category', 'problem-list-item', 'Problem List Item')],
    code: {
      coding: [
        ...(icd10 ? [{ system: CODE_SYSTEMS.icd10, ...icd10 }] : []),
        portalCoding('portalDisease', row.disease_id, name),
      ],
      ...(name ? { text: name } : {}),
    },
    subject: patientReference(row.patient_id),
  };
}
