import { type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AllergyIntolerance,
  Appointment,
  Condition,
  Extension,
  Identifier,
  Patient,
  Resource,
} from '@medplum/fhirtypes';
import {
  addAppointmentRequestSchema,
  addPatientRequestSchema,
  addAllergyRequestSchema,
  addConditionRequestSchema,
  ageOn,
  patchAllergyRequestSchema,
  patchConditionRequestSchema,
  todayUtc,
  updatePatientRequestSchema,
} from '@portal/contract';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { type Db, queryRows } from '../db/database';
import { catalogueEntry, SUBSTANCE_KINDS } from '../catalogues';
import { ProblemError, badRequest, notFound } from '../errors';
import type { RequestContext } from '../repositories/audit';
import { clinicalListsRepository } from '../repositories/clinical-lists';
import { patientsRepository } from '../repositories/patients';
import { methodNotAllowed, unprocessable } from './outcome';
import {
  allergyRowsQuery,
  appointmentRowsQuery,
  conditionRowsQuery,
  idsOfCode,
  NO_KNOWN_ALLERGY,
  NO_KNOWN_SUFFIX,
  PATIENT_EXTENSIONS,
  patientRowsQuery,
  toAllergyIntolerance,
  toAppointment,
  toCondition,
  toPatient,
} from './resources';
import { RESOURCE_TYPES } from './types';

/*
 * Writes go through the contract's schemas and the API's repository calls, so a FHIR client
 * meets the same rules as the app; a rule broken is a 422 naming the FHIR element that
 * carries the field.
 */

/** The FHIR element each contract field of a patient comes from. */
const PATIENT_ELEMENTS: Record<string, string> = {
  patient_id: 'Patient.identifier',
  first_name: 'Patient.name[0].given[0]',
  last_name: 'Patient.name[0].family',
  age: 'Patient.birthDate',
  date_of_birth: 'Patient.birthDate',
  gender: 'Patient.gender',
  blood_type: 'Patient',
  email: "Patient.telecom.where(system='email')",
  health_insurance: `Patient.extension('${PATIENT_EXTENSIONS.healthInsurance}')`,
  address: 'Patient.address[0]',
  phone_number: "Patient.telecom.where(system='phone')",
  id_card_number: "Patient.identifier.where(type.coding.code='NI')",
  ongoing_treatment: `Patient.extension('${PATIENT_EXTENSIONS.ongoingTreatment}')`,
  unhealthy_habits: `Patient.extension('${PATIENT_EXTENSIONS.unhealthyHabits}')`,
};

/**
 * The extension by which an Appointment create books over another booked appointment of the
 * patient or the practitioner (`valueBoolean: true`), as the API's `allow_overlap`; without it
 * such a create is refused with 409 naming the clash (docs/api.md).
 */
export const ALLOW_OVERLAP_EXTENSION =
  'https://riverside-general.example/fhir/StructureDefinition/allow-overlap';

const allowsOverlap = (resource: Appointment) =>
  (Array.isArray(resource.extension) ? resource.extension : []).some(
    (e) => e?.url === ALLOW_OVERLAP_EXTENSION && e.valueBoolean === true,
  );

const APPOINTMENT_ELEMENTS: Record<string, string> = {
  patient_id: "Appointment.participant.actor.where(reference.startsWith('Patient/'))",
  clinician_id: "Appointment.participant.actor.where(reference.startsWith('Practitioner/'))",
  date: 'Appointment.start',
  time: 'Appointment.start',
  topic: 'Appointment.description',
  duration_minutes: 'Appointment.minutesDuration',
};

/** A contract field (`patient.first_name`, `[0].drug_id`) as the element it came from. */
function elementOf(field: string, elements: Record<string, string>, fallback: string): string {
  const last =
    field
      .split('.')
      .at(-1)
      ?.replace(/^\[\d+\]/, '') ?? '';
  return elements[last] ?? fallback;
}

/** Parses with a contract schema; 422 naming the elements at fault. */
export function parseWith<S extends z.ZodType>(
  schema: S,
  input: unknown,
  elements: Record<string, string>,
  fallback: string,
): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issues = result.error.issues;
  const fields = [
    ...new Set(issues.map((i) => elementOf(i.path.map(String).join('.'), elements, fallback))),
  ];
  throw unprocessable(`${fields[0]}: ${issues[0]?.message ?? 'invalid'}`, fields);
}

/** Re-throws the API's own refusals with their fields named as FHIR elements. */
export async function asFhir<T>(
  work: () => Promise<T>,
  elements: Record<string, string>,
  fallback: string,
): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProblemError && error.status < 500 && error.errors) {
      const fields = error.errors.map((e) => elementOf(e.field, elements, fallback));
      // A booking's clashes, as the resources they are (the API's answer lists them).
      const clashes = (error.extensions?.clashes ?? []).map(
        (c) => `Appointment/${c.appointment_id} (${c.date} ${c.time.slice(0, 5)})`,
      );
      throw new ProblemError(
        error.status === 400 ? 422 : error.status,
        error.title,
        error.message.replace(/^[\w.[\]]+: /, `${fields[0]}: `) +
          (clashes.length ? `; it overlaps ${clashes.join(', ')}` : ''),
        fields.map((field) => ({ field, message: error.message })),
      );
    }
    throw error;
  }
}

/** The body as a resource of the expected type; 400 naming resourceType otherwise. */
export function resourceOf<T extends Resource>(body: unknown, type: T['resourceType']): T {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw badRequest('Send a FHIR resource as a JSON object', [
      { field: 'resourceType', message: 'missing' },
    ]);
  if ((body as { resourceType?: unknown }).resourceType !== type)
    throw badRequest(`Send a ${type} resource`, [
      { field: 'resourceType', message: `not ${type}` },
    ]);
  return body as T;
}

const extensionOf = (resource: Patient, url: string): Extension | undefined =>
  Array.isArray(resource.extension) ? resource.extension.find((e) => e?.url === url) : undefined;

/** The portal Patient ID among identifiers (our system), if any. */
export const portalPatientId = (identifiers: Identifier[] | undefined) =>
  Array.isArray(identifiers)
    ? identifiers.find((i) => i?.system === CODE_SYSTEMS.portalPatientId)?.value
    : undefined;

/**
 * The contract's patient fields from a Patient resource (absent elements stay absent). The age
 * is computed from the birth date; the blood group is an Observation, not written here.
 */
function patientFields(resource: Patient): Record<string, unknown> {
  const name = Array.isArray(resource.name) ? resource.name[0] : undefined;
  const telecom = Array.isArray(resource.telecom) ? resource.telecom : [];
  const address = Array.isArray(resource.address) ? resource.address[0] : undefined;
  const card = Array.isArray(resource.identifier)
    ? resource.identifier.find((i) => i?.type?.coding?.some((c) => c?.code === 'NI'))
    : undefined;
  const insurance = extensionOf(resource, PATIENT_EXTENSIONS.healthInsurance);
  const birthDate = typeof resource.birthDate === 'string' ? resource.birthDate : undefined;
  const age =
    birthDate && /^\d{4}-\d{2}-\d{2}$/.test(birthDate)
      ? Math.max(0, ageOn(birthDate, todayUtc()))
      : undefined;
  const fields: Record<string, unknown> = {
    first_name: Array.isArray(name?.given) ? name.given[0] : undefined,
    last_name: name?.family,
    date_of_birth: birthDate,
    // A newborn's age is 0, which the contract refuses: the birth date names the field then.
    age: age === 0 ? undefined : age,
    gender: resource.gender,
    email: telecom.find((t) => t?.system === 'email')?.value,
    phone_number: telecom.find((t) => t?.system === 'phone')?.value,
    address: address?.text ?? (Array.isArray(address?.line) ? address.line.join(', ') : undefined),
    id_card_number: card?.value,
    health_insurance:
      typeof insurance?.valueBoolean === 'boolean'
        ? insurance.valueBoolean
          ? 'yes'
          : 'no'
        : undefined,
    ongoing_treatment: extensionOf(resource, PATIENT_EXTENSIONS.ongoingTreatment)?.valueString,
    unhealthy_habits: extensionOf(resource, PATIENT_EXTENSIONS.unhealthyHabits)?.valueString,
  };
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

/** The patient's resource as stored now (after a write; the write was audited). */
async function storedPatient(db: Db, patientId: string): Promise<Patient> {
  const [row] = await queryRows(
    db,
    patientRowsQuery({ after: 0, limit: 1, where: sql`patient_id = ${patientId}` }),
  );
  if (!row) throw notFound(`No Patient with id ${patientId}`);
  return toPatient(row as never);
}

/** The patient id a reference (`Patient/P001`) names; 422 naming `element` otherwise. */
export function referencedPatient(reference: unknown, element: string): string {
  const text = typeof reference === 'string' ? reference : '';
  const match = /^Patient\/([A-Za-z0-9.-]{1,64})$/.exec(text);
  if (!match) throw unprocessable(`${element}: reference a Patient as Patient/{id}`, [element]);
  return match[1]!;
}

/** A patient's row id by their portal id, as SQL. */
const patientRowSql = (patientId: string) =>
  sql`(select id from patient where patient_id = ${patientId})`;

/** The API's 404 for an unknown patient is, in a resource, a reference that fails. */
async function patientAsReference<T>(work: () => Promise<T>, element: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof ProblemError && error.status === 404)
      throw unprocessable(`${element}: no such patient`, [element]);
    throw error;
  }
}

/** An object without its undefined members (an absent element is an absent field). */
const defined = <T extends Record<string, unknown>>(fields: T): Partial<T> =>
  Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;

/**
 * The catalogue id the codings name: the first coding whose system and code name exactly one
 * entry of the kinds (ICD-10-CM or WHO ICD-10, RxNorm, ATC, SNOMED CT, the portal's seed codes);
 * 422 naming `element` when none does.
 */
function catalogueIdOf(codings: unknown, kinds: readonly string[], element: string): string {
  const list = Array.isArray(codings) ? (codings as { system?: unknown; code?: unknown }[]) : [];
  for (const coding of list) {
    if (typeof coding?.system !== 'string' || typeof coding.code !== 'string') continue;
    const ids = idsOfCode(coding.system, coding.code).filter((id) => {
      const kind = catalogueEntry(id)?.kind;
      return kind !== undefined && kinds.includes(kind);
    });
    if (ids.length === 1) return ids[0]!;
  }
  throw unprocessable(`${element}: code one entry of the catalogue`, [element]);
}

/** The first coding's code of a CodeableConcept, as the contract's status fields take it. */
function codeOf(concept: unknown): unknown {
  if (concept === undefined) return undefined;
  const coding: unknown =
    typeof concept === 'object' && concept !== null
      ? (concept as Record<string, unknown>)['coding']
      : undefined;
  return Array.isArray(coding) ? (coding[0] as { code?: unknown } | undefined)?.code : concept;
}

/** A status element that must be one of `codes` when present; 422 naming it otherwise. */
function checkCode(concept: unknown, codes: readonly string[], element: string): void {
  if (concept === undefined) return;
  const code = codeOf(concept);
  if (typeof code !== 'string' || !codes.includes(code))
    throw unprocessable(`${element}: a new entry is ${codes.join(' or ')}`, [element]);
}

/** An onset as the contract's date (the date part of a dateTime; anything else as it is). */
function onsetOf(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return /^\d{4}-\d{2}-\d{2}(T|$)/.test(value) ? value.slice(0, 10) : value;
}

/** The prefix of the note that carries an entry's error reason (as the resources write it). */
const ERROR_NOTE = 'Entered in error: ';

const noteTexts = (notes: unknown): unknown[] =>
  Array.isArray(notes) ? notes.map((n) => (n as { text?: unknown } | null)?.text) : [];

/** The note's text (the annotations but the error reason's); undefined when there is none. */
function noteOf(notes: unknown): unknown {
  const texts = noteTexts(notes).filter(
    (t) => !(typeof t === 'string' && t.startsWith(ERROR_NOTE)),
  );
  if (texts.length === 0) return undefined;
  return texts.every((t) => typeof t === 'string') ? texts.join('\n\n') : texts[0];
}

/** The error reason a note "Entered in error: …" gives, if any. */
function errorReasonOf(notes: unknown): string | undefined {
  const text = noteTexts(notes).find(
    (t): t is string => typeof t === 'string' && t.startsWith(ERROR_NOTE),
  );
  return text?.slice(ERROR_NOTE.length);
}

/** The FHIR element each contract field of a condition comes from. */
const CONDITION_ELEMENTS: Record<string, string> = {
  condition_id: 'Condition.code',
  onset_date: 'Condition.onsetDateTime',
  clinical_status: 'Condition.clinicalStatus',
  verification_status: 'Condition.verificationStatus',
  note: 'Condition.note',
  error_reason: 'Condition.note',
  patient_id: 'Condition.subject',
};

/** The FHIR element each contract field of an allergy comes from. */
const ALLERGY_ELEMENTS: Record<string, string> = {
  substance_id: 'AllergyIntolerance.code',
  reaction: 'AllergyIntolerance.reaction[0].manifestation[0].text',
  severity: 'AllergyIntolerance.reaction[0].severity',
  criticality: 'AllergyIntolerance.criticality',
  onset_date: 'AllergyIntolerance.onsetDateTime',
  clinical_status: 'AllergyIntolerance.clinicalStatus',
  verification_status: 'AllergyIntolerance.verificationStatus',
  error_reason: 'AllergyIntolerance.note',
  // "No known allergies" while an allergy is listed.
  allergies: 'AllergyIntolerance.code',
  patient_id: 'AllergyIntolerance.patient',
};

/** A list entry as stored: its patient, catalogue id and the fields a PUT may change. */
interface StoredEntry {
  readonly patientId: string;
  readonly code: string;
  readonly state: Record<string, unknown>;
}

/**
 * The list entry a PUT names (a UUID); 404 for none. The seed's rows (`P001-I001`) change with
 * their patient's update call: 405 for them.
 */
async function listEntryOf(
  db: Db,
  table: 'patient_condition' | 'patient_allergy',
  id: string,
  type: 'Condition' | 'AllergyIntolerance',
): Promise<StoredEntry> {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    if (RESOURCE_TYPES.get(type)?.byId(id))
      throw methodNotAllowed(
        `This ${type} is on the seed's list: change it with the patient's update`,
      );
    throw notFound(`No ${type} with id ${id}`);
  }
  const columns =
    table === 'patient_condition' ? sql`t.note` : sql`t.reaction, t.severity, t.criticality`;
  const [row] = await queryRows<Record<string, unknown> & { patient_id: string; code: string }>(
    db,
    sql`select p.patient_id, t.code, to_char(t.onset_date, 'YYYY-MM-DD') as onset_date,
          t.clinical_status, t.verification_status, ${columns}
        from ${sql.identifier(table)} t join patient p on p.id = t.patient_id
        where t.entry_id = ${id.toLowerCase()}::uuid`,
  );
  if (!row) throw notFound(`No ${type} with id ${id}`);
  const { patient_id, code, ...state } = row;
  return { patientId: patient_id, code, state };
}

/** A PUT's resource must be the entry's: its id, its code and its patient (they never change). */
function checkSameEntry(
  resource: Condition | AllergyIntolerance,
  current: StoredEntry,
  type: 'Condition' | 'AllergyIntolerance',
  patientReference: unknown,
): void {
  const codings = resource.code?.coding;
  const kinds = type === 'Condition' ? ['condition'] : SUBSTANCE_KINDS;
  if (codings !== undefined && catalogueIdOf(codings, kinds, `${type}.code`) !== current.code)
    throw unprocessable(
      `${type}.code: the code of an entry never changes; enter it in error and create the right one`,
      [`${type}.code`],
    );
  const element = type === 'Condition' ? 'Condition.subject' : 'AllergyIntolerance.patient';
  if (
    patientReference !== undefined &&
    referencedPatient(patientReference, element) !== current.patientId
  )
    throw unprocessable(`${element}: the entry is another patient's`, [element]);
}

/**
 * The fields of `wanted` that differ from the stored state (a status left out stays as it is;
 * the error reason goes with a change to entered-in-error only).
 */
function changes(wanted: Record<string, unknown>, state: Record<string, unknown>) {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(wanted)) {
    if (field === 'error_reason' || value === undefined) continue;
    if (value !== state[field]) out[field] = value;
  }
  if (out['verification_status'] === 'entered-in-error' && wanted['error_reason'] !== undefined)
    out['error_reason'] = wanted['error_reason'];
  return out;
}

/** A condition as the FHIR server answers it, by its entry id. */
async function storedCondition(db: Db, entryId: string): Promise<Condition> {
  const [row] = await queryRows(
    db,
    conditionRowsQuery({ after: 0, limit: 1, where: sql`entry_id = ${entryId}::uuid` }),
  );
  if (!row) throw notFound(`No Condition with id ${entryId}`);
  return toCondition(row as never);
}

/** An allergy (or "no known allergies") as the FHIR server answers it. */
async function storedAllergy(db: Db, where: SQL): Promise<AllergyIntolerance> {
  const [row] = await queryRows(db, allergyRowsQuery({ after: 0, limit: 1, where }));
  if (!row) throw notFound('No such AllergyIntolerance');
  return toAllergyIntolerance(row as never);
}

export const fhirWrites = {
  /** POST /Patient: the API's add-patient call (the activation code is reissued in the app). */
  async createPatient(db: Db, context: RequestContext, body: unknown, codeTtlDays: number) {
    const resource = resourceOf<Patient>(body, 'Patient');
    const input = parseWith(
      addPatientRequestSchema,
      {
        patient: { patient_id: portalPatientId(resource.identifier), ...patientFields(resource) },
      },
      PATIENT_ELEMENTS,
      'Patient',
    );
    await asFhir(
      () => patientsRepository.add(db, context, input, codeTtlDays),
      PATIENT_ELEMENTS,
      'Patient',
    );
    return storedPatient(db, input.patient.patient_id);
  },

  /**
   * PUT /Patient/{id}: the API's update call. Elements left out are left as they are (as in
   * the app's edit); the identifier, when sent, must be the id's.
   */
  async updatePatient(db: Db, context: RequestContext, id: string, body: unknown) {
    const resource = resourceOf<Patient>(body, 'Patient');
    const named = portalPatientId(resource.identifier);
    if ((resource.id !== undefined && resource.id !== id) || (named && named !== id)) {
      throw badRequest('The resource’s id and identifier must be the id in the URL', [
        { field: 'Patient.id', message: 'not the id in the URL' },
      ]);
    }
    const input = parseWith(
      updatePatientRequestSchema,
      { patient: { patient_id: id, ...patientFields(resource) } },
      PATIENT_ELEMENTS,
      'Patient',
    );
    await asFhir(() => patientsRepository.update(db, context, input), PATIENT_ELEMENTS, 'Patient');
    return storedPatient(db, input.patient.patient_id);
  },

  /**
   * POST /AllergyIntolerance: the API's add-allergy call (the same rules, audit and refusals);
   * SNOMED CT 716186003 "No known allergy" records "no known allergies", as `…/allergies/none`.
   */
  async createAllergy(db: Db, context: RequestContext, body: unknown) {
    const resource = resourceOf<AllergyIntolerance>(body, 'AllergyIntolerance');
    const patientId = referencedPatient(resource.patient?.reference, 'AllergyIntolerance.patient');
    checkCode(resource.clinicalStatus, ['active'], 'AllergyIntolerance.clinicalStatus');
    checkCode(resource.verificationStatus, ['confirmed'], 'AllergyIntolerance.verificationStatus');
    const codings = Array.isArray(resource.code?.coding) ? resource.code.coding : [];
    if (
      codings.some((c) => c?.system === CODE_SYSTEMS.snomed && c.code === NO_KNOWN_ALLERGY.code)
    ) {
      await asFhir(
        () =>
          patientAsReference(
            () => clinicalListsRepository.recordNoKnownAllergies(db, context, patientId),
            'AllergyIntolerance.patient',
          ),
        ALLERGY_ELEMENTS,
        'AllergyIntolerance',
      );
      return storedAllergy(
        db,
        sql`patient_id = ${patientRowSql(patientId)} and seed_id = ${NO_KNOWN_SUFFIX}`,
      );
    }
    const reaction = Array.isArray(resource.reaction) ? resource.reaction[0] : undefined;
    const input = parseWith(
      addAllergyRequestSchema,
      defined({
        substance_id: catalogueIdOf(codings, SUBSTANCE_KINDS, 'AllergyIntolerance.code'),
        reaction: Array.isArray(reaction?.manifestation)
          ? (reaction.manifestation[0]?.text ?? reaction.manifestation[0]?.coding?.[0]?.display)
          : undefined,
        severity: reaction?.severity,
        criticality: resource.criticality,
        onset_date: onsetOf(resource.onsetDateTime),
      }),
      ALLERGY_ELEMENTS,
      'AllergyIntolerance',
    );
    const added = await patientAsReference(
      () =>
        asFhir(
          () => clinicalListsRepository.addAllergy(db, context, patientId, input),
          ALLERGY_ELEMENTS,
          'AllergyIntolerance',
        ),
      'AllergyIntolerance.patient',
    );
    return storedAllergy(db, sql`entry_id = ${added.id}::uuid`);
  },

  /**
   * PUT /AllergyIntolerance/{id}: the API's allergy PATCH, with what the resource changes
   * (statuses, reaction, severity, criticality, onset; the error reason a note "Entered in
   * error: …"). The substance and the patient stay (422 naming them otherwise).
   */
  async updateAllergy(db: Db, context: RequestContext, id: string, body: unknown) {
    const resource = resourceOf<AllergyIntolerance>(body, 'AllergyIntolerance');
    const current = await listEntryOf(db, 'patient_allergy', id, 'AllergyIntolerance');
    checkSameEntry(resource, current, 'AllergyIntolerance', resource.patient?.reference);
    const reaction = Array.isArray(resource.reaction) ? resource.reaction[0] : undefined;
    const wanted = {
      reaction:
        (Array.isArray(reaction?.manifestation)
          ? (reaction.manifestation[0]?.text ?? reaction.manifestation[0]?.coding?.[0]?.display)
          : undefined) ?? null,
      severity: reaction?.severity ?? null,
      criticality: resource.criticality ?? null,
      onset_date: onsetOf(resource.onsetDateTime) ?? null,
      clinical_status: codeOf(resource.clinicalStatus),
      verification_status: codeOf(resource.verificationStatus),
      error_reason: errorReasonOf(resource.note),
    };
    const changed = changes(wanted, current.state);
    // The resource as it is stored: nothing to change, nothing written.
    if (Object.keys(changed).length === 0) return storedAllergy(db, sql`entry_id = ${id}::uuid`);
    const patch = parseWith(
      patchAllergyRequestSchema,
      changed,
      ALLERGY_ELEMENTS,
      'AllergyIntolerance',
    );
    await asFhir(
      () => clinicalListsRepository.patchAllergy(db, context, current.patientId, id, patch),
      ALLERGY_ELEMENTS,
      'AllergyIntolerance',
    );
    return storedAllergy(db, sql`entry_id = ${id}::uuid`);
  },

  /** POST /Condition: the API's add-condition call (the same rules, audit and refusals). */
  async createCondition(db: Db, context: RequestContext, body: unknown) {
    const resource = resourceOf<Condition>(body, 'Condition');
    const patientId = referencedPatient(resource.subject?.reference, 'Condition.subject');
    const input = parseWith(
      addConditionRequestSchema,
      defined({
        condition_id: catalogueIdOf(resource.code?.coding, ['condition'], 'Condition.code'),
        onset_date: onsetOf(resource.onsetDateTime),
        clinical_status: codeOf(resource.clinicalStatus),
        verification_status: codeOf(resource.verificationStatus),
        note: noteOf(resource.note),
      }),
      CONDITION_ELEMENTS,
      'Condition',
    );
    const added = await patientAsReference(
      () =>
        asFhir(
          () => clinicalListsRepository.addCondition(db, context, patientId, input),
          CONDITION_ELEMENTS,
          'Condition',
        ),
      'Condition.subject',
    );
    return storedCondition(db, added.id);
  },

  /**
   * PUT /Condition/{id}: the API's condition PATCH, with what the resource changes (statuses,
   * onset, note; the error reason a note "Entered in error: …"). The code and the subject stay
   * (a wrong code is entered in error and the right one created).
   */
  async updateCondition(db: Db, context: RequestContext, id: string, body: unknown) {
    const resource = resourceOf<Condition>(body, 'Condition');
    const current = await listEntryOf(db, 'patient_condition', id, 'Condition');
    checkSameEntry(resource, current, 'Condition', resource.subject?.reference);
    const wanted = {
      onset_date: onsetOf(resource.onsetDateTime) ?? null,
      clinical_status: codeOf(resource.clinicalStatus),
      verification_status: codeOf(resource.verificationStatus),
      error_reason: errorReasonOf(resource.note),
      note: noteOf(resource.note) ?? null,
    };
    const changed = changes(wanted, current.state);
    // The resource as it is stored: nothing to change, nothing written.
    if (Object.keys(changed).length === 0) return storedCondition(db, id);
    const patch = parseWith(patchConditionRequestSchema, changed, CONDITION_ELEMENTS, 'Condition');
    await asFhir(
      () => clinicalListsRepository.patchCondition(db, context, current.patientId, id, patch),
      CONDITION_ELEMENTS,
      'Condition',
    );
    return storedCondition(db, id);
  },

  /** POST /Appointment: the API's booking call (a booked appointment, by the session's user). */
  async createAppointment(db: Db, context: RequestContext, body: unknown) {
    const resource = resourceOf<Appointment>(body, 'Appointment');
    if (resource.status !== 'booked')
      throw unprocessable('Appointment.status: only a booked appointment can be created', [
        'Appointment.status',
      ]);
    const actors = (Array.isArray(resource.participant) ? resource.participant : []).map((p) =>
      typeof p?.actor?.reference === 'string' ? p.actor.reference : '',
    );
    const patients = actors.filter((r) => r.startsWith('Patient/'));
    const clinicians = actors.filter((r) => r.startsWith('Practitioner/'));
    if (patients.length !== 1 || clinicians.length > 1) {
      throw unprocessable('Appointment.participant: one Patient and at most one Practitioner', [
        'Appointment.participant',
      ]);
    }
    const start = typeof resource.start === 'string' ? new Date(resource.start) : undefined;
    if (!start || Number.isNaN(start.getTime()) || !/T\d{2}:\d{2}/.test(resource.start!))
      throw unprocessable('Appointment.start: an instant with a time', ['Appointment.start']);
    const end = typeof resource.end === 'string' ? new Date(resource.end) : undefined;
    const minutes =
      resource.minutesDuration ??
      (end && !Number.isNaN(end.getTime())
        ? Math.round((end.getTime() - start.getTime()) / 60_000)
        : undefined);
    const iso = start.toISOString();
    const input = parseWith(
      addAppointmentRequestSchema,
      {
        patient_id: referencedPatient(patients[0], 'Appointment.participant'),
        date: iso.slice(0, 10),
        time: iso.slice(11, 16),
        topic: resource.description ?? null,
        ...(clinicians[0] ? { clinician_id: clinicians[0].slice('Practitioner/'.length) } : {}),
        ...(minutes !== undefined ? { duration_minutes: minutes } : {}),
        ...(allowsOverlap(resource) ? { allow_overlap: true } : {}),
      },
      APPOINTMENT_ELEMENTS,
      'Appointment',
    );
    const booked = await asFhir(
      async () => {
        try {
          return await patientsRepository.addAppointment(db, context, input);
        } catch (error) {
          // The API's 404 for an unknown patient is, in a resource, a reference that fails.
          if (error instanceof ProblemError && error.status === 404)
            throw unprocessable('Appointment.participant: no such patient', [
              APPOINTMENT_ELEMENTS['patient_id']!,
            ]);
          throw error;
        }
      },
      APPOINTMENT_ELEMENTS,
      'Appointment',
    );
    const [row] = await queryRows(
      db,
      appointmentRowsQuery({
        after: 0,
        limit: 1,
        where: sql`appointment_id = ${booked.appointment_id}::uuid`,
      }),
    );
    return toAppointment(row as never);
  },
};
