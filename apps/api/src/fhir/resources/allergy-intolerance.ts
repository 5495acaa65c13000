import { sql } from 'drizzle-orm';
import type { AllergyIntolerance } from '@medplum/fhirtypes';
import { CODE_SYSTEMS, DRUG_IDS } from '@portal/reference-data';
import { catalogueEntry } from '../../catalogues';
import { instantText, staffJson } from '../../repositories/appointments';
import { allergyStateSql } from '../../repositories/clinical-lists';
import {
  concept,
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
  NO_KNOWN_ALLERGY,
  NO_KNOWN_ALLERGY_ID,
  notesOf,
  seedEntrySql,
  type StaffJson,
} from './clinical-lists';

/** An allergy as {@link allergyRowsQuery} selects it, from any of its three sources. */
export interface AllergyRow {
  readonly k: RowKey;
  readonly patient_id: string;
  /** The catalogue id (`rxn:723`, `atc:J01C`, `sct:…`); "no known allergies": sct:716186003. */
  readonly code: string;
  /** The seed's drug id of a seed row (R003); `nka` for "no known allergies"; else null. */
  readonly seed_id: string | null;
  /** An allergy list entry's id (a UUID); null for the other sources. */
  readonly entry_id: string | null;
  readonly kind: string | null;
  readonly reaction: string | null;
  readonly severity: string | null;
  readonly criticality: string | null;
  readonly clinical_status: string;
  readonly verification_status: string;
  readonly onset_date: string | null;
  readonly error_reason: string | null;
  readonly recorded_by: StaffJson | null;
  readonly recorded_at: string | null;
}

/** The `seed_id` of the "no known allergies" rows, and the last part of their resource id. */
export const NO_KNOWN_SUFFIX = 'nka';

/** A seed row's resource id: the patient's and the drug's, as one patient has a drug once. */
export const allergyId = (patientId: string, drugId: string) => `${patientId}-${drugId}`;

/**
 * The columns an AllergyIntolerance search's `where` reads, the same for the three sources:
 * `patient_id` (the patient's row id), `code` (the catalogue id), `clinical_status`,
 * `verification_status`, `entry_id` (an entry's UUID, else null), `seed_id` (a seed row's drug
 * id, `nka` for "no known allergies", else null) and `changed_at` (null for a seed row).
 */
const SEED_COLUMNS = sql`x.patient_id, ${seedEntrySql(DRUG_IDS, sql`x.drug_id`)} as code,
  x.drug_id as seed_id, null::uuid as entry_id, 'active'::text as clinical_status,
  'confirmed'::text as verification_status, null::timestamptz as changed_at`;
const NO_KNOWN_COLUMNS = sql`p.id as patient_id, ${NO_KNOWN_ALLERGY_ID}::text as code,
  ${NO_KNOWN_SUFFIX}::text as seed_id, null::uuid as entry_id, 'active'::text as clinical_status,
  'confirmed'::text as verification_status, p.no_known_allergies_at as changed_at`;
const LIST_COLUMNS = sql`a.id, a.patient_id, a.code, null::text as seed_id, a.entry_id,
  a.clinical_status, a.verification_status, a.changed_at`;

/** The empty branch of a source the keyset position is past. */
const NONE = sql`select null::bigint as k, null::bigint as patient_id, null::text as code,
  null::text as seed_id, null::text as entry_id, null::text as kind, null::text as reaction,
  null::text as severity, null::text as criticality, null::text as clinical_status,
  null::text as verification_status, null::text as onset_date, null::text as error_reason,
  null::bigint as recorded_by, null::timestamptz as recorded_at where false`;

/**
 * One keyset page of allergies: the seed's drug allergies in (patient row, drug) order, then
 * each patient's "no known allergies" (while the list's state is `no_known`) by patient row,
 * then the allergy list's entries by row ({@link KEY_BASE}); `where` applies to the columns
 * the sources share (see above), each source read by its own index.
 */
export function allergyRowsQuery(window: RowWindow) {
  const where = window.where ?? sql`true`;
  const take = window.limit + 1;
  const after = window.after;
  let seed = NONE;
  if (after < KEY_BASE.noKnown) {
    const { rowId, entry } = linkPosition(DRUG_IDS, after);
    seed = sql`select ${linkKeySql(DRUG_IDS, sql`x.seed_id`)} as k, x.patient_id, x.code, x.seed_id,
        null::text as entry_id, 'drug'::text as kind, d.reaction, d.severity,
        case d.severity when 'severe' then 'high' when 'mild' then 'low'
          when 'moderate' then 'low' end as criticality,
        x.clinical_status, x.verification_status, null::text as onset_date,
        null::text as error_reason, null::bigint as recorded_by, null::timestamptz as recorded_at
      from (select * from (select ${SEED_COLUMNS} from patient_drug_allergy x) t
            where (t.patient_id, t.seed_id) > (${rowId}::bigint, ${entry}::text) and ${where}
            order by t.patient_id, t.seed_id limit ${take}) x
      join patient_drug_allergy d on d.patient_id = x.patient_id and d.drug_id = x.seed_id`;
  }
  let noKnown = NONE;
  if (after < KEY_BASE.list) {
    const afterRow = Math.max(0, after - KEY_BASE.noKnown);
    noKnown = sql`select ${KEY_BASE.noKnown}::bigint + t.patient_id as k, t.patient_id, t.code,
        t.seed_id, null::text as entry_id, null::text as kind, null::text as reaction,
        null::text as severity, null::text as criticality, t.clinical_status,
        t.verification_status, null::text as onset_date, null::text as error_reason,
        p.no_known_allergies_by as recorded_by, p.no_known_allergies_at as recorded_at
      from (select * from (select ${NO_KNOWN_COLUMNS} from patient p
                           where p.no_known_allergies_at is not null and p.id > ${afterRow}
                             and ${allergyStateSql} = 'no_known') t
            where ${where} order by t.patient_id limit ${take}) t
      join patient p on p.id = t.patient_id`;
  }
  const afterEntry = Math.max(0, after - KEY_BASE.list);
  return sql`select u.k, p.patient_id, u.code, u.seed_id, u.entry_id, u.kind, u.reaction,
      u.severity, u.criticality, u.clinical_status, u.verification_status, u.onset_date,
      u.error_reason, ${staffJson(sql`u.recorded_by`)} as recorded_by,
      ${instantText(sql`u.recorded_at`)} as recorded_at
    from ((${seed}) union all (${noKnown}) union all
      (select ${KEY_BASE.list}::bigint + t.id as k, t.patient_id, t.code, null::text as seed_id,
          t.entry_id::text as entry_id, a.kind, a.reaction, a.severity, a.criticality,
          t.clinical_status, t.verification_status, to_char(a.onset_date, 'YYYY-MM-DD') as onset_date,
          a.error_reason, a.recorded_by, a.recorded_at
        from (select * from (select ${LIST_COLUMNS} from patient_allergy a) t
              where t.id > ${afterEntry} and ${where} order by t.id limit ${take}) t
        join patient_allergy a on a.id = t.id)) u
    join patient p on p.id = u.patient_id
    order by u.k limit ${take}`;
}

/** The FHIR category of a catalogue substance's kind: a drug class is a medication. */
const CATEGORY: Readonly<Record<string, 'medication' | 'food' | 'environment'>> = {
  drug: 'medication',
  class: 'medication',
  food: 'food',
  environment: 'environment',
};

const recorderOf = (row: AllergyRow) =>
  row.recorded_by
    ? {
        recorder: practitionerReference(
          row.recorded_by.employee_id,
          row.recorded_by.first_name,
          row.recorded_by.last_name,
        ),
      }
    : {};

/**
 * An allergy as AllergyIntolerance: its clinical and verification status (none of the former
 * once entered in error, as FHIR asks), the category of its substance, the criticality, the
 * substance coded per the catalogue (RxNorm and ATC, ATC for a class, SNOMED CT for a food or an
 * environmental substance), the reaction when one was written down with its severity, onset,
 * who recorded it and when. "No known allergies" is SNOMED CT 716186003, with who asked and
 * when. A seed row is active and confirmed; its severity stands for the criticality too.
 */
export function toAllergyIntolerance(row: AllergyRow): AllergyIntolerance {
  if (row.seed_id === NO_KNOWN_SUFFIX) {
    return {
      resourceType: 'AllergyIntolerance',
      id: allergyId(row.patient_id, NO_KNOWN_SUFFIX),
      clinicalStatus: hl7('allergyintolerance-clinical', 'active', 'Active'),
      verificationStatus: hl7('allergyintolerance-verification', 'confirmed', 'Confirmed'),
      code: concept(CODE_SYSTEMS.snomed, NO_KNOWN_ALLERGY.code, NO_KNOWN_ALLERGY.display),
      patient: patientReference(row.patient_id),
      ...(row.recorded_at ? { recordedDate: row.recorded_at } : {}),
      ...recorderOf(row),
    };
  }
  const severity =
    row.severity === 'mild' || row.severity === 'moderate' || row.severity === 'severe'
      ? row.severity
      : undefined;
  const criticality =
    row.criticality === 'low' ||
    row.criticality === 'high' ||
    row.criticality === 'unable-to-assess'
      ? row.criticality
      : undefined;
  const category = CATEGORY[row.kind ?? catalogueEntry(row.code)?.kind ?? 'drug'];
  const enteredInError = row.verification_status === 'entered-in-error';
  const notes = notesOf(null, row.error_reason);
  return {
    resourceType: 'AllergyIntolerance',
    id: row.entry_id ?? allergyId(row.patient_id, row.seed_id!),
    ...(enteredInError
      ? {}
      : { clinicalStatus: hl7('allergyintolerance-clinical', row.clinical_status) }),
    verificationStatus: hl7('allergyintolerance-verification', row.verification_status),
    ...(row.seed_id ? { type: 'allergy' as const } : {}),
    ...(category ? { category: [category] } : {}),
    ...(criticality ? { criticality } : {}),
    code: catalogueConcept(row.code),
    patient: patientReference(row.patient_id),
    ...(row.onset_date ? { onsetDateTime: row.onset_date } : {}),
    ...(row.recorded_at ? { recordedDate: row.recorded_at } : {}),
    ...recorderOf(row),
    ...(notes.length ? { note: notes } : {}),
    ...(row.reaction
      ? {
          reaction: [
            { manifestation: [{ text: row.reaction }], ...(severity ? { severity } : {}) },
          ],
        }
      : {}),
  };
}
