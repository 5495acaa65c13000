import { sql } from 'drizzle-orm';
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
  ageOn,
  chronicDiseaseListSchema,
  drugAllergySchema,
  todayUtc,
  updatePatientRequestSchema,
} from '@portal/contract';
import { CODE_SYSTEMS } from '@portal/reference-data';
import { type Db, queryRows } from '../db/database';
import { ProblemError, badRequest, conflict, notFound } from '../errors';
import { auditedWrite, type RequestContext } from '../repositories/audit';
import { patientsRepository } from '../repositories/patients';
import { unprocessable } from './outcome';
import {
  allergyRowsQuery,
  appointmentRowsQuery,
  conditionRowsQuery,
  PATIENT_EXTENSIONS,
  patientRowsQuery,
  toAllergyIntolerance,
  toAppointment,
  toCondition,
  toPatient,
} from './resources';
import { diseaseCodes, drugCodes } from './types';

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

/** A patient's row id inside a write; 422 naming `element` when there is none. */
async function patientRowIn(tx: Db, patientId: string, element: string): Promise<number> {
  const [row] = await queryRows<{ id: string | number }>(
    tx,
    sql`select id from patient where patient_id = ${patientId} for share`,
  );
  if (!row) throw unprocessable(`${element}: no such patient`, [element]);
  return Number(row.id);
}

/** The catalogue id a CodeableConcept's codings name (portal, or a standard system's code). */
function catalogueId(
  codings: unknown,
  bySystem: Map<string, Map<string, string[]>>,
  element: string,
): string {
  const list = Array.isArray(codings) ? (codings as { system?: unknown; code?: unknown }[]) : [];
  for (const coding of list) {
    if (typeof coding?.system !== 'string' || typeof coding.code !== 'string') continue;
    const ids = bySystem.get(coding.system)?.get(coding.code);
    if (ids?.length === 1) return ids[0]!;
  }
  throw unprocessable(`${element}: code one entry of the catalogue`, [element]);
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

  /** POST /AllergyIntolerance: one allergy added to the patient's list (audited as an update). */
  async createAllergy(db: Db, context: RequestContext, body: unknown) {
    const resource = resourceOf<AllergyIntolerance>(body, 'AllergyIntolerance');
    const patientId = referencedPatient(resource.patient?.reference, 'AllergyIntolerance.patient');
    checkActive(resource.clinicalStatus?.coding, 'AllergyIntolerance.clinicalStatus');
    const reaction = Array.isArray(resource.reaction) ? resource.reaction[0] : undefined;
    const allergy = parseWith(
      drugAllergySchema,
      {
        drug_id: catalogueId(resource.code?.coding, drugCodes, 'AllergyIntolerance.code'),
        reaction: Array.isArray(reaction?.manifestation)
          ? reaction.manifestation[0]?.text
          : undefined,
        severity: reaction?.severity,
      },
      {
        drug_id: 'AllergyIntolerance.code',
        reaction: 'AllergyIntolerance.reaction[0].manifestation[0].text',
        severity: 'AllergyIntolerance.reaction[0].severity',
      },
      'AllergyIntolerance',
    );
    await auditedWrite(
      db,
      context,
      { action: 'patient.update', recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const rowId = await patientRowIn(tx, patientId, 'AllergyIntolerance.patient');
        const inserted = await queryRows(
          tx,
          sql`insert into patient_drug_allergy (patient_id, drug_id, reaction, severity)
              values (${rowId}, ${allergy.drug_id}, ${allergy.reaction ?? null}, ${allergy.severity ?? null})
              on conflict do nothing returning 1`,
        );
        if (!inserted.length)
          throw conflict(
            'AllergyIntolerance.code',
            'The patient’s allergies list this drug already',
          );
      },
    );
    const [row] = await queryRows(
      db,
      allergyRowsQuery({
        after: 0,
        limit: 1,
        where: sql`patient_id = (select id from patient where patient_id = ${patientId}) and drug_id = ${allergy.drug_id}`,
      }),
    );
    return toAllergyIntolerance(row as never);
  },

  /** POST /Condition: one chronic disease added to the patient's list (audited as an update). */
  async createCondition(db: Db, context: RequestContext, body: unknown) {
    const resource = resourceOf<Condition>(body, 'Condition');
    const patientId = referencedPatient(resource.subject?.reference, 'Condition.subject');
    checkActive(resource.clinicalStatus?.coding, 'Condition.clinicalStatus');
    const [disease] = parseWith(
      chronicDiseaseListSchema,
      [{ disease_id: catalogueId(resource.code?.coding, diseaseCodes, 'Condition.code') }],
      { disease_id: 'Condition.code' },
      'Condition',
    );
    await auditedWrite(
      db,
      context,
      { action: 'patient.update', recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const rowId = await patientRowIn(tx, patientId, 'Condition.subject');
        const inserted = await queryRows(
          tx,
          sql`insert into patient_chronic_disease (patient_id, disease_id)
              values (${rowId}, ${disease!.disease_id}) on conflict do nothing returning 1`,
        );
        if (!inserted.length)
          throw conflict('Condition.code', 'The patient’s diseases list this disease already');
      },
    );
    const [row] = await queryRows(
      db,
      conditionRowsQuery({
        after: 0,
        limit: 1,
        where: sql`patient_id = (select id from patient where patient_id = ${patientId}) and disease_id = ${disease!.disease_id}`,
      }),
    );
    return toCondition(row as never);
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

/** A clinical status other than active cannot be stored (the record keeps active entries). */
function checkActive(codings: unknown, element: string): void {
  if (codings === undefined) return;
  const list = Array.isArray(codings) ? (codings as { code?: unknown }[]) : [];
  if (!list.some((c) => c?.code === 'active'))
    throw unprocessable(`${element}: only active entries are kept`, [element]);
}
