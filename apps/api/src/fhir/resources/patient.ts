import { sql } from 'drizzle-orm';
import type { Observation, Patient } from '@medplum/fhirtypes';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { instantText } from '../../repositories/appointments';
import {
  concept,
  idPagedRows,
  officialName,
  patientReference,
  phoneAndEmail,
  type RowKey,
  type RowWindow,
} from './common';

/** A patient row as {@link patientRowsQuery} selects it. */
export interface PatientRow {
  readonly k: RowKey;
  readonly patient_id: string;
  readonly first_name: string;
  readonly last_name: string;
  readonly date_of_birth: string;
  readonly gender: string;
  readonly blood_type: string | null;
  readonly email: string;
  readonly address: string | null;
  readonly phone_number: string;
  readonly id_card_number: string;
  readonly health_insurance: string;
  readonly ongoing_treatment: string;
  readonly unhealthy_habits: string;
  readonly updated_at: string;
}

/**
 * The record's fields that have no Patient element, as the portal's own extensions (so that a
 * client reads them and sends them back on an update).
 */
export const PATIENT_EXTENSIONS = {
  healthInsurance: 'https://riverside-general.example/fhir/StructureDefinition/health-insurance',
  ongoingTreatment: 'https://riverside-general.example/fhir/StructureDefinition/ongoing-treatment',
  unhealthyHabits: 'https://riverside-general.example/fhir/StructureDefinition/unhealthy-habits',
} as const;

const patientColumns = sql`t.patient_id, t.first_name, t.last_name,
  t.date_of_birth::text as date_of_birth, t.gender, t.blood_type, t.email, t.address,
  t.phone_number, t.id_card_number, t.health_insurance, t.ongoing_treatment, t.unhealthy_habits,
  ${instantText(sql`t.updated_at`)} as updated_at`;

/** One keyset page of patient rows (keyset: the row id). */
export function patientRowsQuery(window: RowWindow) {
  return idPagedRows(sql`patient`, patientColumns, window);
}

/** The v2 identifier types the Patient's identifiers carry. */
const identifierType = (code: 'MR' | 'NI', text: string) => ({
  coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code }],
  text,
});

/**
 * A patient as FHIR R4 Patient. The age is not carried (the birth date says it); health
 * insurance, ongoing treatment and unhealthy habits, which have no Patient element, are the
 * portal's extensions ({@link PATIENT_EXTENSIONS}).
 */
export function toPatient(row: PatientRow): Patient {
  return {
    resourceType: 'Patient',
    id: row.patient_id,
    meta: { lastUpdated: row.updated_at },
    extension: [
      { url: PATIENT_EXTENSIONS.healthInsurance, valueBoolean: row.health_insurance === 'yes' },
      { url: PATIENT_EXTENSIONS.ongoingTreatment, valueString: row.ongoing_treatment },
      { url: PATIENT_EXTENSIONS.unhealthyHabits, valueString: row.unhealthy_habits },
    ],
    identifier: [
      {
        use: 'usual',
        type: identifierType('MR', 'Patient ID'),
        system: CODE_SYSTEMS.portalPatientId,
        value: row.patient_id,
      },
      // The issuing country's system is not recorded, so the card number has a type only.
      { use: 'official', type: identifierType('NI', 'ID card number'), value: row.id_card_number },
    ],
    active: true,
    name: officialName(row),
    telecom: phoneAndEmail(row, { phone: 'mobile' }),
    gender: row.gender === 'male' ? 'male' : row.gender === 'female' ? 'female' : 'unknown',
    birthDate: row.date_of_birth,
    ...(row.address ? { address: [{ use: 'home', text: row.address }] } : {}),
  };
}

/** SNOMED CT's concept for each ABO group the portal records. */
const ABO_GROUPS: Record<string, { code: string; display: string }> = {
  A: { code: '112144000', display: 'Blood group A' },
  B: { code: '112149005', display: 'Blood group B' },
  AB: { code: '165743006', display: 'Blood group AB' },
  O: { code: '58460004', display: 'Blood group O' },
};

/** The blood group observation's id for a patient (one per patient, so derived from theirs). */
export const bloodTypeObservationId = (patientId: string) => `blood-type-${patientId}`;

/**
 * The patient's blood type as an Observation, or null when none is recorded. The portal
 * records the ABO group only, without Rh: LOINC 883-9 (ABO group) says exactly that, where
 * 882-1 (ABO and Rh group) would claim an Rh type nobody recorded.
 */
export function toBloodTypeObservation(row: PatientRow): Observation | null {
  if (!row.blood_type) return null;
  const group = ABO_GROUPS[row.blood_type];
  return {
    resourceType: 'Observation',
    id: bloodTypeObservationId(row.patient_id),
    meta: { lastUpdated: row.updated_at },
    status: 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'laboratory',
            display: 'Laboratory',
          },
        ],
      },
    ],
    code: concept(CODE_SYSTEMS.loinc, '883-9', 'ABO group [Type] in Blood'),
    subject: patientReference(row.patient_id),
    valueCodeableConcept: group
      ? concept(CODE_SYSTEMS.snomed, group.code, group.display)
      : { text: row.blood_type },
  };
}
