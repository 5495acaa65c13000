import { type SQL, sql } from 'drizzle-orm';
import type { Resource } from '@medplum/fhirtypes';
import {
  ACCESS_LOG_READ_ACTION,
  CHART_APPOINTMENTS_READ_ACTION,
  MEDICATION_ACTIONS,
  CLINICAL_LIST_ACTIONS,
  VISIT_ACTIONS,
} from '@portal/contract';
import { CODE_SYSTEMS, DISEASE_IDS, DRUG_IDS, type Role } from '@portal/reference-data';
import type { AuditAction } from '../repositories/audit';
import { catalogueEntries, membersOf } from '../catalogues';
import {
  ALLERGY_EXTRA_CODES,
  allergyRowsQuery,
  appointmentRowsQuery,
  auditEventRowsQuery,
  BLOOD_GROUP_CODE,
  concernsPatient,
  conditionRowsQuery,
  ENCOUNTER_STATUS,
  historyRowsQuery,
  medicationRequestRowsQuery,
  idsOfCode,
  NO_KNOWN_ALLERGY,
  NO_KNOWN_SUFFIX,
  noteRowsQuery,
  observationById,
  observationRowsQuery,
  patientRowsQuery,
  practitionerRowsQuery,
  type RowWindow,
  toAllergyIntolerance,
  toAppointment,
  toAuditEvent,
  toComposition,
  toCondition,
  toDocumentReference,
  toEncounter,
  toMedicationRequest,
  toObservation,
  toPatient,
  toPractitioner,
  toPractitionerRole,
  VITAL_KINDS,
} from './resources';
import {
  anyOf,
  badParameter,
  dateCondition,
  list,
  parseToken,
  repeated,
  single,
  startsWith,
} from './search';

/** A search parameter: its FHIR type (for the CapabilityStatement) and its condition. */
interface SearchParameter {
  readonly type: 'token' | 'string' | 'date' | 'reference';
  readonly documentation: string;
  /** The condition on the table's own columns; `values` as the query string gave them. */
  readonly where: (values: string | string[], name: string) => SQL;
}

/** Who a resource type is about, which decides who may read it and how reads are audited. */
export type Scope = 'patient' | 'staff' | 'audit';

/** One resource type the server offers. */
export interface ResourceType {
  readonly type: string;
  readonly scope: Scope;
  readonly rows: (window: RowWindow) => SQL;
  /** The resource of a row (null: the row has none, e.g. a patient without a blood type). */
  readonly map: (row: never, viewer?: string) => Resource | null;
  /**
   * The row of a resource id, as a condition on the table's own columns, and the patient the
   * id names when it names one (so a patient asking for another's is told 403 before any
   * read); null when the id cannot be one of this type's (a 404).
   */
  readonly byId: (id: string) => { where: SQL; patientId?: string } | null;
  /** The rows of one patient's compartment, on the table's own columns. */
  readonly compartment?: (patientId: string) => SQL;
  readonly params: Readonly<Record<string, SearchParameter>>;
  /** Who may read it. */
  readonly roles: readonly Role[];
  /** The audit action of reading it (patient scope: the API's action for the same data). */
  readonly readAction: AuditAction;
}

/** A patient's row id by their portal id, as SQL (no row: null, which matches nothing). */
const patientRow = (patientId: string) =>
  sql`(select id from patient where patient_id = ${patientId})`;

/** The ids a `_id` parameter lists, as a condition. */
const idParameter = (where: (id: string) => SQL | null): SearchParameter => ({
  type: 'token',
  documentation: 'The resource id (a comma-separated list: any of them)',
  where: (values, name) => anyOf(list(name, single(name, values)).flatMap((id) => where(id) ?? [])),
});

/** `patient`: `Patient/P001` or `P001`, a comma-separated list. */
const patientParameter = (column: (patientId: string) => SQL): SearchParameter => ({
  type: 'reference',
  documentation: 'The patient (Patient/{id} or {id})',
  where: (values, name) =>
    anyOf(list(name, single(name, values)).map((v) => column(v.replace(/^Patient\//, '')))),
});

/** A token parameter of fixed codes: each given code (any system given must be `system`). */
const fixedToken = (
  documentation: string,
  system: string | undefined,
  codes: Readonly<Record<string, SQL>>,
): SearchParameter => ({
  type: 'token',
  documentation,
  where: (values, name) =>
    anyOf(
      list(name, single(name, values)).map((value) => {
        const token = parseToken(name, value);
        if (token.system !== undefined && token.system !== (system ?? '')) return sql`false`;
        return codes[token.code] ?? sql`false`;
      }),
    ),
});

/** A date parameter on a column (repeatable: `ge2024&date=lt2025`). */
const dateParameter = (
  documentation: string,
  column: SQL,
  kind: 'date' | 'timestamp',
): SearchParameter => ({
  type: 'date',
  documentation,
  where: (values, name) =>
    sql.join(
      repeated(name, values).map((v) => dateCondition(name, v, column, kind)),
      sql` and `,
    ),
});

/** A string parameter: any of the columns starts with the value. */
const stringParameter = (documentation: string, columns: readonly SQL[]): SearchParameter => ({
  type: 'string',
  documentation,
  where: (values, name) => {
    const value = single(name, values);
    return anyOf(columns.map((column) => startsWith(column, value)));
  },
});

/** The person's names: both, the family name alone, the given name alone (people and staff). */
const NAME_PARAMETERS: Record<string, SearchParameter> = {
  name: stringParameter('The start of the given or family name', [sql`first_name`, sql`last_name`]),
  family: stringParameter('The start of the family name', [sql`last_name`]),
  given: stringParameter('The start of the given name', [sql`first_name`]),
};

/** The portal's id as a token of its system (a token of another system matches nothing). */
const identifierParameter = (label: string, system: string, column: SQL): SearchParameter => ({
  type: 'token',
  documentation: `The ${label} (system ${system})`,
  where: (values, name) =>
    anyOf(
      list(name, single(name, values)).map((value) => {
        const token = parseToken(name, value);
        return token.system === undefined || token.system === system
          ? sql`${column} = ${token.code}`
          : sql`false`;
      }),
    ),
});

/**
 * A Patient's two identifiers: the Patient ID (the portal's system) and the ID card number
 * (type NI, no system, so `|1100000000000` names it alone); without a system, either. The ID
 * card number is matched as its unique index holds it, case-insensitively.
 */
const patientIdentifierParameter: SearchParameter = {
  type: 'token',
  documentation: `The Patient ID (system ${CODE_SYSTEMS.portalPatientId}) or the ID card number (no system: |number); without a system, either`,
  where: (values, name) =>
    anyOf(
      list(name, single(name, values)).map((value) => {
        const token = parseToken(name, value);
        const byPatientId = sql`patient_id = ${token.code}`;
        const byCard = sql`lower(id_card_number) = lower(${token.code})`;
        if (token.system === undefined) return sql`(${byPatientId} or ${byCard})`;
        if (token.system === CODE_SYSTEMS.portalPatientId) return byPatientId;
        return token.system === '' ? byCard : sql`false`;
      }),
    ),
};

/**
 * `code` of a problem or allergy list: `system|code` or a code of any system the entries are
 * coded in (ICD-10-CM, WHO ICD-10 for the seed's diseases, RxNorm, ATC, SNOMED CT, the portal's
 * seed codes), each the catalogue ids it names, matched on the `code` column both sources share.
 */
function listCodeParameter(
  documentation: string,
  extra?: Parameters<typeof idsOfCode>[2],
): SearchParameter {
  return {
    type: 'token',
    documentation,
    where: (values, name) => {
      const ids = list(name, single(name, values)).flatMap((value) => {
        const token = parseToken(name, value);
        // `|code`: a code without a system, which no entry has.
        return token.system === '' ? [] : idsOfCode(token.system, token.code, extra);
      });
      return ids.length
        ? sql`code in (${sql.join(
            [...new Set(ids)].map((id) => sql`${id}`),
            sql`, `,
          )})`
        : sql`false`;
    },
  };
}

/** A status parameter of a list: each of `codes` on `column`. */
const statusParameter = (
  documentation: string,
  system: string,
  column: 'clinical_status' | 'verification_status',
  codes: readonly string[],
) =>
  fixedToken(
    `${documentation}: ${codes.join(', ')}`,
    system,
    Object.fromEntries(
      codes.map((code) => [
        code,
        // An entry entered in error has no clinical status (the resource leaves it out).
        column === 'clinical_status'
          ? sql`clinical_status = ${code} and verification_status <> 'entered-in-error'`
          : sql`${sql.identifier(column)} = ${code}`,
      ]),
    ),
  );

/** An id of the form `{patient id}-{seed id}`: the two, or null. */
function linkId(id: string, ids: readonly string[]): { patientId: string; entry: string } | null {
  const dash = id.lastIndexOf('-');
  if (dash <= 0) return null;
  const entry = id.slice(dash + 1);
  return ids.includes(entry) ? { patientId: id.slice(0, dash), entry } : null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROW_NUMBER = /^\d{1,15}$/;
/** A portal id (P…, E…) as the router takes it: no id of another form can name a row. */
const PORTAL_ID = /^[A-Za-z0-9.-]{1,64}$/;

const CLINICAL: readonly Role[] = ['medical_personnel', 'patient'];
const ownPatient = (patientId: string) => sql`patient_id = ${patientRow(patientId)}`;

const patientType: ResourceType = {
  type: 'Patient',
  scope: 'patient',
  rows: patientRowsQuery,
  map: toPatient,
  byId: (id) => (PORTAL_ID.test(id) ? { where: sql`patient_id = ${id}`, patientId: id } : null),
  compartment: (patientId) => sql`patient_id = ${patientId}`,
  roles: CLINICAL,
  readAction: 'patient.read',
  params: {
    _id: idParameter((id) => sql`patient_id = ${id}`),
    identifier: patientIdentifierParameter,
    ...NAME_PARAMETERS,
    birthdate: dateParameter('The date of birth', sql`date_of_birth`, 'date'),
    gender: fixedToken('male or female', 'http://hl7.org/fhir/administrative-gender', {
      male: sql`gender = 'male'`,
      female: sql`gender = 'female'`,
      other: sql`false`,
      unknown: sql`false`,
    }),
  },
};

/** `code` of an Observation: LOINC codes of the blood group and the vital signs. */
const OBSERVATION_CODES: Record<string, SQL> = Object.fromEntries(
  [BLOOD_GROUP_CODE, ...VITAL_KINDS.map((k) => k.code)].map((code) => [code, sql`code = ${code}`]),
);
/** Observations: the blood group (laboratory) and the vital signs, one table (vital-signs.ts). */
const observationType: ResourceType = {
  type: 'Observation',
  scope: 'patient',
  rows: observationRowsQuery,
  map: toObservation,
  byId: observationById,
  compartment: ownPatient,
  roles: CLINICAL,
  readAction: 'patient.read',
  params: {
    _id: idParameter((id) => observationById(id)?.where ?? null),
    patient: patientParameter(ownPatient),
    subject: patientParameter(ownPatient),
    code: fixedToken(
      `LOINC: ${BLOOD_GROUP_CODE} (ABO group) or a vital sign (${VITAL_KINDS.map((k) => k.code).join(', ')})`,
      CODE_SYSTEMS.loinc,
      OBSERVATION_CODES,
    ),
    category: fixedToken(
      'laboratory (the blood group) or vital-signs',
      'http://terminology.hl7.org/CodeSystem/observation-category',
      { laboratory: sql`category = 'laboratory'`, 'vital-signs': sql`category = 'vital-signs'` },
    ),
    date: dateParameter('When the vital signs were taken', sql`effective_at`, 'timestamp'),
    status: fixedToken(
      'final (observations here are final)',
      'http://hl7.org/fhir/observation-status',
      {
        final: sql`true`,
      },
    ),
  },
};

/**
 * A list entry's id as its row's condition: a UUID names an entry of the chart's lists; a
 * `{patient id}-{seed id}` (`P001-I001`, `P001-R003`, `P001-nka`) a seed row or "no known
 * allergies", and the patient it is about.
 */
function listEntryById(id: string, seedIds: readonly string[]) {
  if (UUID.test(id)) return { where: sql`entry_id = ${id.toLowerCase()}::uuid` };
  const link = linkId(id, seedIds);
  return link && PORTAL_ID.test(link.patientId)
    ? {
        where: sql`patient_id = ${patientRow(link.patientId)} and seed_id = ${link.entry}`,
        patientId: link.patientId,
      }
    : null;
}

const ALLERGY_CLINICAL = 'http://terminology.hl7.org/CodeSystem/allergyintolerance-clinical';
const ALLERGY_VERIFICATION =
  'http://terminology.hl7.org/CodeSystem/allergyintolerance-verification';
const allergyType: ResourceType = {
  type: 'AllergyIntolerance',
  scope: 'patient',
  rows: allergyRowsQuery,
  map: toAllergyIntolerance,
  byId: (id) => listEntryById(id, [...DRUG_IDS, NO_KNOWN_SUFFIX]),
  compartment: ownPatient,
  roles: CLINICAL,
  readAction: CLINICAL_LIST_ACTIONS.allergiesRead,
  params: {
    _id: idParameter((id) => allergyType.byId(id)?.where ?? null),
    patient: patientParameter(ownPatient),
    code: listCodeParameter(
      `The substance (RxNorm, ATC, SNOMED CT, the portal’s drug code); ${CODE_SYSTEMS.snomed}|${NO_KNOWN_ALLERGY.code}: no known allergies`,
      ALLERGY_EXTRA_CODES,
    ),
    'clinical-status': statusParameter('Clinical status', ALLERGY_CLINICAL, 'clinical_status', [
      'active',
      'inactive',
      'resolved',
    ]),
    'verification-status': statusParameter(
      'Verification status',
      ALLERGY_VERIFICATION,
      'verification_status',
      ['confirmed', 'unconfirmed', 'entered-in-error'],
    ),
  },
};

const conditionType: ResourceType = {
  type: 'Condition',
  scope: 'patient',
  rows: conditionRowsQuery,
  map: toCondition,
  byId: (id) => listEntryById(id, DISEASE_IDS),
  compartment: ownPatient,
  roles: CLINICAL,
  readAction: CLINICAL_LIST_ACTIONS.conditionsRead,
  params: {
    _id: idParameter((id) => conditionType.byId(id)?.where ?? null),
    patient: patientParameter(ownPatient),
    subject: patientParameter(ownPatient),
    code: listCodeParameter(
      'The diagnosis (ICD-10-CM; WHO ICD-10 or the portal’s code for the seed’s diseases)',
    ),
    'clinical-status': statusParameter(
      'Clinical status',
      'http://terminology.hl7.org/CodeSystem/condition-clinical',
      'clinical_status',
      ['active', 'recurrence', 'inactive', 'resolved'],
    ),
    'verification-status': statusParameter(
      'Verification status',
      'http://terminology.hl7.org/CodeSystem/condition-ver-status',
      'verification_status',
      ['confirmed', 'provisional', 'entered-in-error'],
    ),
    category: fixedToken(
      'problem-list-item',
      'http://terminology.hl7.org/CodeSystem/condition-category',
      { 'problem-list-item': sql`true` },
    ),
  },
};

/** A reference parameter naming a Practitioner, on a column of the staff member's row id. */
const practitionerParameter = (who: string, column: SQL): SearchParameter => ({
  type: 'reference',
  documentation: `${who} (Practitioner/{id} or {id})`,
  where: (values, name) =>
    anyOf(
      list(name, single(name, values)).map(
        (v) =>
          sql`${column} = (select id from employee where employee_id = ${v.replace(/^Practitioner\//, '')})`,
      ),
    ),
});

/** `practitioner`: the clinician an appointment names. */
const clinicianParameter = practitionerParameter('The clinician', sql`clinician_id`);

const byAppointmentId = (id: string) =>
  UUID.test(id) ? sql`appointment_id = ${id.toLowerCase()}::uuid` : null;
const appointmentType: ResourceType = {
  type: 'Appointment',
  scope: 'patient',
  rows: appointmentRowsQuery,
  map: toAppointment,
  byId: (id) => {
    const where = byAppointmentId(id);
    return where ? { where } : null;
  },
  compartment: ownPatient,
  roles: CLINICAL,
  readAction: CHART_APPOINTMENTS_READ_ACTION,
  params: {
    _id: idParameter(byAppointmentId),
    patient: patientParameter(ownPatient),
    date: dateParameter('The day of the appointment', sql`date`, 'date'),
    status: fixedToken('booked, cancelled, fulfilled or noshow', undefined, {
      booked: sql`status = 'booked'`,
      cancelled: sql`status = 'cancelled'`,
      fulfilled: sql`status = 'fulfilled'`,
      noshow: sql`status = 'noshow'`,
    }),
    practitioner: clinicianParameter,
  },
};

/** Encounter's `status`: each FHIR status as the appointment statuses it stands for. */
const ENCOUNTER_STATUS_CODES: Record<string, SQL> = Object.fromEntries(
  [...new Set(Object.values(ENCOUNTER_STATUS))].map((status) => [
    status,
    sql`status in (${sql.join(
      Object.keys(ENCOUNTER_STATUS)
        .filter((appointment) => ENCOUNTER_STATUS[appointment] === status)
        .map((appointment) => sql`${appointment}`),
      sql`, `,
    )})`,
  ]),
);

/**
 * The visit: one Encounter per appointment (resources/encounter.ts), its id the appointment's,
 * read from the same rows as Appointment, so the same compartment, indexes and audit action.
 */
const encounterType: ResourceType = {
  ...appointmentType,
  type: 'Encounter',
  map: toEncounter,
  params: {
    _id: idParameter(byAppointmentId),
    patient: patientParameter(ownPatient),
    subject: patientParameter(ownPatient),
    date: dateParameter('The day of the visit (its appointment’s day)', sql`date`, 'date'),
    status: fixedToken(
      'planned (booked), finished (attended) or cancelled (cancelled or a no-show)',
      'http://hl7.org/fhir/encounter-status',
      ENCOUNTER_STATUS_CODES,
    ),
    class: fixedToken(
      'AMB (every visit here is ambulatory)',
      'http://terminology.hl7.org/CodeSystem/v3-ActCode',
      {
        AMB: sql`true`,
      },
    ),
    appointment: {
      type: 'reference',
      documentation: 'The appointment (Appointment/{id} or {id})',
      where: (values, name) =>
        anyOf(
          list(name, single(name, values)).flatMap(
            (v) => byAppointmentId(v.replace(/^Appointment\//, '')) ?? [],
          ),
        ),
    },
    practitioner: clinicianParameter,
  },
};

const byHistoryId = (id: string) => {
  const match = /^mh-(\d{1,15})$/.exec(id);
  return match ? sql`id = ${Number(match[1])}` : null;
};
const documentType: ResourceType = {
  type: 'DocumentReference',
  scope: 'patient',
  rows: historyRowsQuery,
  map: toDocumentReference,
  byId: (id) => {
    const where = byHistoryId(id);
    return where ? { where } : null;
  },
  compartment: ownPatient,
  roles: CLINICAL,
  readAction: 'patient.read',
  params: {
    _id: idParameter(byHistoryId),
    patient: patientParameter(ownPatient),
    subject: patientParameter(ownPatient),
    period: dateParameter('The date the entry is about', sql`date`, 'date'),
    // DocumentReference.date: when the entry was written (its creation for older entries).
    date: dateParameter(
      'When the entry was recorded',
      sql`coalesce(recorded_at, created_at)`,
      'timestamp',
    ),
    status: fixedToken(
      'current (entries here are current)',
      'http://hl7.org/fhir/document-reference-status',
      { current: sql`true` },
    ),
  },
};

const byNoteId = (id: string) => (UUID.test(id) ? sql`note_id = ${id.toLowerCase()}::uuid` : null);
/** Signed notes as Compositions (progress notes): final, or entered-in-error. */
const compositionType: ResourceType = {
  type: 'Composition',
  scope: 'patient',
  rows: noteRowsQuery,
  map: toComposition,
  byId: (id) => {
    const where = byNoteId(id);
    return where ? { where } : null;
  },
  compartment: ownPatient,
  roles: CLINICAL,
  readAction: VISIT_ACTIONS.notesRead,
  params: {
    _id: idParameter(byNoteId),
    patient: patientParameter(ownPatient),
    subject: patientParameter(ownPatient),
    date: dateParameter('When the note was signed', sql`signed_at`, 'timestamp'),
    status: fixedToken('final or entered-in-error', 'http://hl7.org/fhir/composition-status', {
      final: sql`status = 'current'`,
      'entered-in-error': sql`status = 'entered-in-error'`,
    }),
    type: fixedToken('11506-3 (Progress note)', CODE_SYSTEMS.loinc, { '11506-3': sql`true` }),
  },
};

const byMedicationId = (id: string) =>
  UUID.test(id) ? sql`medication_id = ${id.toLowerCase()}::uuid` : null;

/**
 * The drugs an ATC code names: a class's members, or the drugs carrying that substance's code
 * (a level-5 code such as J01CA04).
 */
function drugsOfAtc(code: string): string[] {
  const members = membersOf(`atc:${code}`);
  if (members.length) return [...members];
  return catalogueEntries()
    .filter(
      (e) =>
        e.kind === 'drug' && e.codes.some((c) => c.system === CODE_SYSTEMS.atc && c.code === code),
    )
    .map((e) => e.id);
}

/** `code` of a MedicationRequest: an RxNorm ingredient, an ATC code or class, or the catalogue id. */
const medicationCodeParameter: SearchParameter = {
  type: 'token',
  documentation: `The drug: RxNorm (${CODE_SYSTEMS.rxnorm}), ATC (${CODE_SYSTEMS.atc}; a class names its drugs) or, without a system, an RxNorm code or the catalogue's id (rxn:723)`,
  where: (values, name) => {
    const ids = list(name, single(name, values)).flatMap((value) => {
      const token = parseToken(name, value);
      if (token.system === CODE_SYSTEMS.rxnorm) return [`rxn:${token.code}`];
      if (token.system === CODE_SYSTEMS.atc) return drugsOfAtc(token.code);
      if (token.system === undefined)
        return token.code.includes(':') ? [token.code] : [`rxn:${token.code}`];
      return [];
    });
    return ids.length
      ? sql`drug_code in (${sql.join(
          [...new Set(ids)].map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql`false`;
  },
};

/** Prescriptions as MedicationRequests: active, stopped (with its reason) or completed. */
const medicationRequestType: ResourceType = {
  type: 'MedicationRequest',
  scope: 'patient',
  rows: medicationRequestRowsQuery,
  map: toMedicationRequest,
  byId: (id) => {
    const where = byMedicationId(id);
    return where ? { where } : null;
  },
  compartment: ownPatient,
  roles: CLINICAL,
  readAction: MEDICATION_ACTIONS.read,
  params: {
    _id: idParameter(byMedicationId),
    patient: patientParameter(ownPatient),
    subject: patientParameter(ownPatient),
    status: fixedToken(
      'active, stopped or completed',
      'http://hl7.org/fhir/CodeSystem/medicationrequest-status',
      {
        active: sql`(status = 'active' and ends_at > now())`,
        stopped: sql`status = 'stopped'`,
        completed: sql`(status = 'active' and ends_at <= now())`,
      },
    ),
    intent: fixedToken(
      'order (prescriptions here are orders)',
      'http://hl7.org/fhir/CodeSystem/medicationrequest-intent',
      {
        order: sql`true`,
      },
    ),
    code: medicationCodeParameter,
    authoredon: dateParameter('When it was prescribed', sql`created_at`, 'timestamp'),
    requester: practitionerParameter('The prescriber', sql`prescribed_by`),
  },
};

const staffParams = (): Record<string, SearchParameter> => ({
  _id: idParameter((id) => (PORTAL_ID.test(id) ? sql`employee_id = ${id}` : null)),
  active: fixedToken('true: working; false: resigned', undefined, {
    true: sql`work_status = 'yes'`,
    false: sql`work_status = 'no'`,
  }),
});
const STAFF_READERS: readonly Role[] = ['HR', 'medical_personnel'];
const practitionerType: ResourceType = {
  type: 'Practitioner',
  scope: 'staff',
  rows: practitionerRowsQuery,
  map: toPractitioner,
  byId: (id) => (PORTAL_ID.test(id) ? { where: sql`employee_id = ${id}` } : null),
  roles: STAFF_READERS,
  readAction: 'employee.read',
  params: {
    ...staffParams(),
    identifier: identifierParameter('Employee ID', CODE_SYSTEMS.portalEmployeeId, sql`employee_id`),
    ...NAME_PARAMETERS,
  },
};

const practitionerRoleType: ResourceType = {
  ...practitionerType,
  type: 'PractitionerRole',
  map: toPractitionerRole,
  params: {
    ...staffParams(),
    practitioner: {
      type: 'reference',
      documentation: 'The practitioner (Practitioner/{id} or {id})',
      where: (values, name) =>
        anyOf(
          list(name, single(name, values)).map(
            (v) => sql`employee_id = ${v.replace(/^Practitioner\//, '')}`,
          ),
        ),
    },
  },
};

/** The patient's access log leaves out their own readings of it (as the API's does). */
const aboutPatient = (patientId: string) =>
  sql`${concernsPatient(patientId)} and action <> ${ACCESS_LOG_READ_ACTION}`;
const auditEventType: ResourceType = {
  type: 'AuditEvent',
  scope: 'audit',
  rows: auditEventRowsQuery,
  map: toAuditEvent,
  byId: (id) => (ROW_NUMBER.test(id) ? { where: sql`id = ${Number(id)}` } : null),
  compartment: aboutPatient,
  roles: ['patient'],
  readAction: ACCESS_LOG_READ_ACTION,
  params: {
    _id: idParameter((id) => (ROW_NUMBER.test(id) ? sql`id = ${Number(id)}` : null)),
    patient: patientParameter(aboutPatient),
    date: dateParameter('When it happened', sql`occurred_at`, 'timestamp'),
  },
};

/** Every resource type the server offers, by name. */
export const RESOURCE_TYPES: ReadonlyMap<string, ResourceType> = new Map(
  [
    patientType,
    observationType,
    allergyType,
    conditionType,
    appointmentType,
    encounterType,
    documentType,
    compositionType,
    medicationRequestType,
    practitionerType,
    practitionerRoleType,
    auditEventType,
  ].map((t) => [t.type, t]),
);

/** The condition of a search's parameters (`_count`, `_cursor`, `_format` are the caller's). */
export function searchWhere(
  type: ResourceType,
  query: Record<string, string | string[] | undefined>,
) {
  const conditions: SQL[] = [];
  for (const [name, values] of Object.entries(query)) {
    if (values === undefined || name === '_count' || name === '_cursor' || name === '_format')
      continue;
    const parameter = Object.hasOwn(type.params, name) ? type.params[name] : undefined;
    if (!parameter) {
      throw badParameter(
        name,
        `${type.type} cannot be searched by this parameter (see /metadata for those it can)`,
      );
    }
    conditions.push(parameter.where(values, name));
  }
  return conditions;
}
