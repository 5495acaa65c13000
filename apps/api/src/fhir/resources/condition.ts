import { sql } from 'drizzle-orm';
import type { Condition } from '@medplum/fhirtypes';
import { DISEASE_IDS } from '@portal/reference-data';
import { instantText, staffJson } from '../../repositories/appointments';
import {
  hl7,
  patientReference,
  practitionerReference,
  type RowKey,
  type RowWindow,
} from './common';
import { linkKeySql, linkPosition } from './catalogue-keys';
import {
  catalogueConcept,
  KEY_BASE,
  notesOf,
  seedEntrySql,
  type StaffJson,
} from './clinical-lists';

/** A condition as {@link conditionRowsQuery} selects it, from either source. */
export interface ConditionRow {
  readonly k: RowKey;
  readonly patient_id: string;
  /** The catalogue id (`icd:E11.9`; a seed row's: the entry its disease stands for). */
  readonly code: string;
  /** The seed's disease id of a seed row (I001); null for a problem list entry. */
  readonly seed_id: string | null;
  /** A problem list entry's id (a UUID); null for a seed row. */
  readonly entry_id: string | null;
  readonly clinical_status: string;
  readonly verification_status: string;
  readonly onset_date: string | null;
  readonly note: string | null;
  readonly error_reason: string | null;
  readonly recorded_by: StaffJson | null;
  readonly recorded_at: string | null;
}

/** A seed row's resource id: the patient's and the disease's (one patient has a disease once). */
export const conditionId = (patientId: string, diseaseId: string) => `${patientId}-${diseaseId}`;

/**
 * The columns a Condition search's `where` reads, the same for both sources: `patient_id`
 * (the patient's row id), `code` (the catalogue id), `clinical_status`, `verification_status`,
 * `entry_id` (a problem list entry's UUID, null for a seed row), `seed_id` (a seed row's disease
 * id, null for an entry) and `changed_at` (null for a seed row).
 */
const SEED_COLUMNS = sql`x.patient_id, ${seedEntrySql(DISEASE_IDS, sql`x.disease_id`)} as code,
  x.disease_id as seed_id, null::uuid as entry_id, 'active'::text as clinical_status,
  'confirmed'::text as verification_status, null::timestamptz as changed_at`;
const LIST_COLUMNS = sql`c.id, c.patient_id, c.code, null::text as seed_id, c.entry_id,
  c.clinical_status, c.verification_status, c.changed_at`;

/**
 * One keyset page of conditions: the seed's chronic diseases in (patient row, disease) order,
 * then the problem list's entries in row order ({@link KEY_BASE}); `where` applies to the
 * columns both sources share (see above), each source read by its own index.
 */
export function conditionRowsQuery(window: RowWindow) {
  const where = window.where ?? sql`true`;
  const take = window.limit + 1;
  const inSeed = window.after < KEY_BASE.list;
  const { rowId, entry } = inSeed
    ? linkPosition(DISEASE_IDS, window.after)
    : { rowId: 0, entry: '' };
  const afterEntry = inSeed ? 0 : window.after - KEY_BASE.list;
  const seed = inSeed
    ? sql`select ${linkKeySql(DISEASE_IDS, sql`x.seed_id`)} as k, x.patient_id, x.code, x.seed_id,
          null::text as entry_id, x.clinical_status, x.verification_status, null::text as onset_date,
          null::text as note, null::text as error_reason, null::bigint as recorded_by,
          null::timestamptz as recorded_at
        from (select * from (select ${SEED_COLUMNS} from patient_chronic_disease x) t
              where (t.patient_id, t.seed_id) > (${rowId}::bigint, ${entry}::text) and ${where}
              order by t.patient_id, t.seed_id limit ${take}) x`
    : sql`select null::bigint as k, null::bigint as patient_id, null::text as code,
          null::text as seed_id, null::text as entry_id, null::text as clinical_status,
          null::text as verification_status, null::text as onset_date, null::text as note,
          null::text as error_reason, null::bigint as recorded_by, null::timestamptz as recorded_at
        where false`;
  return sql`select u.k, p.patient_id, u.code, u.seed_id, u.entry_id, u.clinical_status,
      u.verification_status, u.onset_date, u.note, u.error_reason,
      ${staffJson(sql`u.recorded_by`)} as recorded_by, ${instantText(sql`u.recorded_at`)} as recorded_at
    from ((${seed})
      union all
      (select ${KEY_BASE.list}::bigint + t.id as k, t.patient_id, t.code, null::text as seed_id,
          t.entry_id::text as entry_id, t.clinical_status, t.verification_status,
          to_char(c.onset_date, 'YYYY-MM-DD') as onset_date, c.note, c.error_reason,
          c.recorded_by, c.recorded_at
        from (select * from (select ${LIST_COLUMNS} from patient_condition c) t
              where t.id > ${afterEntry} and ${where} order by t.id limit ${take}) t
        join patient_condition c on c.id = t.id)) u
    join patient p on p.id = u.patient_id
    order by u.k limit ${take}`;
}

/**
 * A condition on the problem list, coded in ICD-10-CM (and, for the seed's eleven, the WHO
 * ICD-10 code and the portal's code): its clinical and verification status (an entry entered in
 * error has no clinical status, as FHIR asks), onset, who recorded it and when, its note. A seed
 * row is active and confirmed, with neither author nor date (the seed's lists keep none).
 */
export function toCondition(row: ConditionRow): Condition {
  const enteredInError = row.verification_status === 'entered-in-error';
  const notes = notesOf(row.note, row.error_reason);
  return {
    resourceType: 'Condition',
    id: row.entry_id ?? conditionId(row.patient_id, row.seed_id!),
    ...(enteredInError ? {} : { clinicalStatus: hl7('condition-clinical', row.clinical_status) }),
    verificationStatus: hl7('condition-ver-status', row.verification_status),
    category: [hl7('condition-category', 'problem-list-item', 'Problem List Item')],
    code: catalogueConcept(row.code),
    subject: patientReference(row.patient_id),
    ...(row.onset_date ? { onsetDateTime: row.onset_date } : {}),
    ...(row.recorded_at ? { recordedDate: row.recorded_at } : {}),
    ...(row.recorded_by
      ? {
          recorder: practitionerReference(
            row.recorded_by.employee_id,
            row.recorded_by.first_name,
            row.recorded_by.last_name,
          ),
        }
      : {}),
    ...(notes.length ? { note: notes } : {}),
  };
}
