import { and, eq, sql } from 'drizzle-orm';
import type {
  AppointmentResponse,
  ChartAppointment,
  HistoryResponse,
  PatientRecord,
  addAppointmentRequestSchema,
  addHistoryRequestSchema,
  addPatientRequestSchema,
  updatePatientRequestSchema,
  patientMergePatchSchema,
  PageParams,
} from '@portal/contract';
import {
  CHART_APPOINTMENTS_READ_ACTION,
  checkPatientAge,
  DEFAULT_APPOINTMENT_MINUTES,
  SUMMARY_LIST_ACTION,
  SUMMARY_SEARCH_ACTION,
  toTimeWithSeconds,
  type PatientListView,
} from '@portal/contract';
import type { z } from 'zod';
import { type Db, preparedRows, queryRows } from '../db/database';
import { groupCommit } from '../db/group-commit';
import { patient, patientChronicDisease, patientDrugAllergy } from '../db/schema';
import { badRequest, conflict, uniqueViolation } from '../errors';
import { accountsRepository } from './accounts';
import {
  appointmentByRowId,
  appointmentJson,
  authorRowId,
  bookingWarnings,
  clinicianRowId,
  insertAppointment,
  instantText,
  latestAppointmentJson,
  staffJson,
} from './appointments';
import { audit, auditedReadsSql, auditedWrite, type RequestContext } from './audit';
import { type Page, decodeCursor, encodeCursor, type JsonText } from './paging';
import { afterPosition, appointmentPosition } from './appointment-paging';
import { withoutUndefined } from './edits';
import { changedContactFields, lockedContact, recordContactChange } from './contact-changes';
import {
  auditedPatientRowId,
  lockedRecord,
  nextFreeId,
  noRecord,
  recordPage,
  writeRecord,
} from './record-kinds';

type AddPatient = z.output<typeof addPatientRequestSchema>;
type UpdatePatient = z.output<typeof updatePatientRequestSchema>;
type PatientPatch = z.output<typeof patientMergePatchSchema>;
type AddAppointment = z.output<typeof addAppointmentRequestSchema>;
type AddHistory = z.output<typeof addHistoryRequestSchema>;

/**
 * The spec's `patient_drug_allergy` of patient row `p`, derived: the seed's own list (written by
 * the add and update calls) and each active allergy of the allergy list whose substance stands
 * for one of the seed's drugs (its `seed_code`), once per drug, the seed's row first. An
 * allergy to any other substance (a class, a food, a drug outside the seed's eleven) is only in
 * GET /patient/{id}/allergies (docs/api.md).
 */
const specDrugAllergies = sql`coalesce((select json_agg(json_build_object('drug_id', d.drug_id,
      'reaction', d.reaction, 'severity', d.severity) order by d.drug_id)
    from (select distinct on (drug_id) drug_id, reaction, severity from (
        select x.drug_id, x.reaction, x.severity, 0 as source
          from patient_drug_allergy x where x.patient_id = p.id
        union all
        select a.seed_code, a.reaction, a.severity, 1
          from patient_allergy a
          where a.patient_id = p.id and a.seed_code is not null and a.clinical_status = 'active'
            and a.verification_status <> 'entered-in-error') s
      order by drug_id, source) d), '[]'::json)`;

/**
 * The spec's `patient_chronic_disease` of patient row `p`, derived the same way from the seed's
 * list and the active problems (active or recurrence, not entered in error) whose condition
 * stands for one of the seed's diseases.
 */
const specChronicDiseases = sql`coalesce((select json_agg(json_build_object('disease_id', d.id)
      order by d.id)
    from (select x.disease_id as id from patient_chronic_disease x where x.patient_id = p.id
      union
      select c.seed_code from patient_condition c
        where c.patient_id = p.id and c.seed_code is not null
          and c.clinical_status in ('active', 'recurrence')
          and c.verification_status <> 'entered-in-error') d), '[]'::json)`;

/**
 * A patient's whole record as one JSON value, built by the database so that a page of records
 * costs one query whatever its size. Dates come out as `YYYY-MM-DD`, times as `HH:MM:SS`.
 */
const recordJson = sql`json_build_object(
  'patient', json_build_object(
    'patient_id', p.patient_id, 'first_name', p.first_name, 'last_name', p.last_name, 'age', p.age,
    'date_of_birth', p.date_of_birth, 'gender', p.gender, 'blood_type', p.blood_type,
    'email', p.email, 'health_insurance', p.health_insurance, 'address', p.address,
    'phone_number', p.phone_number, 'id_card_number', p.id_card_number,
    'ongoing_treatment', p.ongoing_treatment, 'unhealthy_habits', p.unhealthy_habits),
  'patient_appointment', ${latestAppointmentJson},
  'patient_drug_allergy', ${specDrugAllergies},
  'patient_chronic_disease', ${specChronicDiseases},
  'medical_history', coalesce(
    (select json_agg(json_build_object('date', h.date, 'time', h.time, 'details', h.detail,
                                       'recorded_by', ${staffJson(sql`h.recorded_by`)},
                                       'recorded_at', ${instantText(sql`h.recorded_at`)})
                     order by h.date desc, h.time desc, h.id desc)
       from medical_history h where h.patient_id = p.id), '[]'::json),
  'registered', exists(select 1 from app_user u where u.patient_id = p.id))`;

/**
 * A patient's summary (patientSummarySchema, in its key order): what the list pages show, no
 * contact details, no ID card, no history.
 */
const summaryJson = sql`json_build_object(
  'patient_id', p.patient_id, 'first_name', p.first_name, 'last_name', p.last_name, 'age', p.age,
  'gender', p.gender, 'date_of_birth', p.date_of_birth,
  'has_drug_allergies', exists(select 1 from patient_drug_allergy x where x.patient_id = p.id)
    or exists(select 1 from patient_allergy a
      where a.patient_id = p.id and a.kind in ('drug', 'class') and a.clinical_status = 'active'
        and a.verification_status <> 'entered-in-error'))`;

/** Maps a broken unique constraint of the patient table to the field a person can fix. */
function patientConflict(error: unknown): never {
  const constraint = uniqueViolation(error);
  if (constraint === 'patient_patient_id_key')
    throw conflict('patient.patient_id', 'A patient with this Patient ID already exists');
  if (constraint === 'patient_id_card_number_key') {
    throw conflict('patient.id_card_number', 'A patient with this ID card number already exists');
  }
  throw error;
}

/**
 * A 409 on the ID card number tells that some patient holds that number: the holder's record
 * is audited (a failed `action`), so the answer reveals no match its access log does not show.
 * (A 409 on the Patient ID is audited under that id already.)
 */
async function auditCardHolder(
  db: Db,
  context: RequestContext,
  error: unknown,
  action: 'patient.create' | 'patient.update',
  idCardNumber: string | undefined,
): Promise<void> {
  if (idCardNumber === undefined || uniqueViolation(error) !== 'patient_id_card_number_key') return;
  const holders = await queryRows<{ patient_id: string }>(
    db,
    sql`select patient_id from patient where lower(id_card_number) = lower(${idCardNumber})`,
  );
  if (holders.length === 0) return;
  await audit(db, context, {
    action,
    recordType: 'patient',
    recordIds: holders.map((row) => row.patient_id),
    outcome: 'failure',
  });
}

/** A patient's internal row id and name, or a 404. */
async function findPatient(db: Db, patientId: string) {
  const [row] = await db
    .select({ id: patient.id, first_name: patient.firstName, last_name: patient.lastName })
    .from(patient)
    .where(eq(patient.patientId, patientId));
  if (!row) throw noRecord('patient', patientId);
  return row;
}

/**
 * An edit sends only what changed, so the age rule ({@link checkPatientAge}) is checked on the
 * stored record merged with the edit, with the row locked until the update. The error names
 * the field that was sent (the age when both were).
 */
async function checkAgeAgainstStored(
  tx: Db,
  patientId: string,
  fields: { age?: number | undefined; date_of_birth?: string | undefined },
): Promise<void> {
  if (fields.age === undefined && fields.date_of_birth === undefined) return;
  const [stored] = await tx
    .select({ age: patient.age, date_of_birth: patient.dateOfBirth })
    .from(patient)
    .where(eq(patient.patientId, patientId))
    .for('update');
  if (!stored) throw noRecord('patient', patientId);
  const [problem] = checkPatientAge({
    age: fields.age ?? stored.age,
    date_of_birth: fields.date_of_birth ?? stored.date_of_birth,
  });
  if (problem) {
    const field = fields.age !== undefined ? 'patient.age' : 'patient.date_of_birth';
    throw badRequest(`${field}: ${problem.message}`, [{ field, message: problem.message }]);
  }
}

/** Records read with their audit events, many in one statement (group commit). */
async function readRecords(
  db: Db,
  reads: readonly { context: RequestContext; patientId: string }[],
): Promise<(JsonText | null)[]> {
  const rows = await preparedRows<{ result: JsonText | null; audited: number }>(
    db,
    auditedReadsSql(
      reads.map(({ context, patientId }) => ({
        context,
        action: 'patient.read',
        recordType: 'patient',
        recordId: patientId,
      })),
      sql`select e.ord, (select ${recordJson}::text from patient p where p.patient_id = e.record_id) as result
          from events e`,
    ),
  );
  if (rows[0]?.audited !== reads.length) throw new Error('record reads: audit events missing');
  return rows.map((row) => row.result);
}

/**
 * How many statements of record reads may be under way at once, and how many reads one may
 * carry. Fewer under way, larger groups: each statement costs a commit and the database's work
 * per statement, so on a busy server reads wait a little to share them.
 */
const RECORD_READS = { inFlight: 2, maxItems: 200 } as const;
const recordReaders = new WeakMap<Db, ReturnType<typeof newRecordReader>>();
const newRecordReader = (db: Db) =>
  groupCommit(
    (reads: readonly { context: RequestContext; patientId: string }[]) => readRecords(db, reads),
    RECORD_READS,
  );
/** The one group-commit queue of record reads for this database. */
function recordReader(db: Db) {
  let reader = recordReaders.get(db);
  if (!reader) recordReaders.set(db, (reader = newRecordReader(db)));
  return reader;
}

/** Reads and writes patient records; every call is audited with the request's actor. */
export const patientsRepository = {
  /**
   * One patient's record as the JSON text PostgreSQL built (the route sends it as it is);
   * 404 when there is none. The read and its audit event are one statement, and reads that
   * arrive while others are under way go together in the next one ({@link readRecords}): the
   * answer comes once the statement that carried it has committed.
   */
  async getJson(db: Db, context: RequestContext, patientId: string): Promise<JsonText> {
    const record = await recordReader(db)({ context, patientId });
    context.audited?.({ action: 'patient.read', outcome: record ? 'success' : 'failure' });
    if (!record) throw noRecord('patient', patientId);
    return record;
  },

  /** {@link getJson}'s record, parsed. */
  async get(db: Db, context: RequestContext, patientId: string): Promise<PatientRecord> {
    return JSON.parse(await this.getJson(db, context, patientId)) as PatientRecord;
  },

  /**
   * Every appointment of one patient, newest first (date, time, then row id), one page at a
   * time; the cursor is the last appointment's row id, the next page starts before its
   * (date, time, id); a cursor naming no appointment of this patient is a 400. Audited like reading the record; 404 (audited as a failure) for an
   * unknown patient.
   */
  async appointments(
    db: Db,
    context: RequestContext,
    patientId: string,
    page: PageParams,
  ): Promise<Page<ChartAppointment>> {
    const after = decodeCursor(page.cursor);
    const rowId = await auditedPatientRowId(db, context, CHART_APPOINTMENTS_READ_ACTION, patientId);
    const position = await appointmentPosition(db, rowId, after);
    const rows = await queryRows<{ id: string | number; appointment: ChartAppointment }>(
      db,
      sql`select a.id, ${appointmentJson} as appointment
          from appointment a
          where a.patient_id = ${rowId} and ${afterPosition(position, 'earlier')}
          order by a.date desc, a.time desc, a.id desc
          limit ${page.limit + 1}`,
    );
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from appointment a where a.patient_id = ${rowId}`,
    );
    const items = rows.slice(0, page.limit).map((row) => row.appointment);
    const last = rows.length > page.limit ? rows[page.limit - 1] : undefined;
    return { items, total, nextCursor: last ? encodeCursor(Number(last.id)) : null };
  },

  /** The add form's suggestion for a new patient's id (`P038` after `P037`). */
  nextId: (db: Db): Promise<string> => nextFreeId(db, 'patient'),

  /**
   * A page of patients matching the criteria (all patients when every criterion is empty), each
   * record as the JSON text PostgreSQL built: the route sends it as it is (parsing 50
   * records, validating them again and serialising them back was most of a page's memory
   * churn). The route tests check that the text is exactly what the contract's schema gives
   * back. `view: 'summary'` builds summaries instead of whole records, and says so in the
   * audit (SUMMARY_LIST_ACTION, SUMMARY_SEARCH_ACTION): the patient's access log then reads
   * "saw your name in a list", not "saw your record".
   */
  async list(
    db: Db,
    context: RequestContext,
    page: PageParams & { view?: PatientListView | undefined },
    criteria?: { patient_id: string; first_name: string; last_name: string },
  ): Promise<Page<JsonText>> {
    const summary = page.view === 'summary';
    return recordPage(db, context, page, criteria, {
      kind: 'patient',
      record: summary ? summaryJson : recordJson,
      from: sql`patient p`,
      alias: sql`p`,
      action: summary
        ? criteria
          ? SUMMARY_SEARCH_ACTION
          : SUMMARY_LIST_ACTION
        : criteria
          ? 'patient.search'
          : 'patient.list',
    });
  },

  /** Creates a patient with diseases and allergies, and issues the activation code. */
  async add(db: Db, context: RequestContext, input: AddPatient, codeTtlDays: number) {
    return writeRecord(
      db,
      context,
      { kind: 'patient', change: 'create', id: input.patient.patient_id },
      async (error) => {
        await auditCardHolder(db, context, error, 'patient.create', input.patient.id_card_number);
        return patientConflict(error);
      },
      async (tx) => {
        const p = input.patient;
        const [created] = await tx
          .insert(patient)
          .values({
            patientId: p.patient_id,
            firstName: p.first_name,
            lastName: p.last_name,
            age: p.age,
            dateOfBirth: p.date_of_birth,
            gender: p.gender,
            bloodType: p.blood_type,
            email: p.email,
            healthInsurance: p.health_insurance,
            address: p.address,
            phoneNumber: p.phone_number,
            idCardNumber: p.id_card_number,
            ongoingTreatment: p.ongoing_treatment,
            unhealthyHabits: p.unhealthy_habits,
          })
          .returning({ id: patient.id });
        const rowId = created!.id;
        await replaceLists(tx, rowId, input.patient_chronic_disease, input.patient_drug_allergy);
        const code = await accountsRepository.issueActivationCode(
          tx,
          { patientRowId: rowId },
          codeTtlDays,
          context.actor?.userId ?? null,
        );
        return { patient_id: p.patient_id, ...code };
      },
    );
  },

  /** Changes what was sent and nothing else; returns the updated record. */
  update(db: Db, context: RequestContext, input: UpdatePatient): Promise<PatientRecord> {
    const { patient_id: patientId, ...fields } = input.patient;
    return editPatient(db, context, patientId, fields, {
      diseases: input.patient_chronic_disease,
      allergies: input.patient_drug_allergy,
    });
  },

  /**
   * Applies a merge patch (patientMergePatchSchema): as update, but a list sent empty or null is
   * emptied, and null removes an optional field. Audited as an update.
   */
  patch(
    db: Db,
    context: RequestContext,
    patientId: string,
    input: PatientPatch,
  ): Promise<PatientRecord> {
    const listOf = <T>(list: readonly T[] | null | undefined) => (list === null ? [] : list);
    return editPatient(db, context, patientId, input.patient ?? {}, {
      diseases: listOf(input.patient_chronic_disease),
      allergies: listOf(input.patient_drug_allergy),
    });
  },

  /**
   * Books an appointment (the spec's four fields, optionally a clinician and a length), by the
   * session's staff member now; all are kept and the record shows the latest (the next booked
   * one). A clinician already booked then is a warning in the answer, not a refusal.
   */
  async addAppointment(
    db: Db,
    context: RequestContext,
    input: AddAppointment,
  ): Promise<AppointmentResponse> {
    return auditedWrite(
      db,
      context,
      {
        action: 'patient.appointment.create',
        recordType: 'patient',
        recordIds: [input.patient_id],
      },
      async (tx) => {
        const { id: rowId, first_name, last_name } = await findPatient(tx, input.patient_id);
        const clinician = await clinicianRowId(tx, input.clinician_id);
        const newRowId = await insertAppointment(tx, context, rowId, {
          date: input.date,
          time: input.time,
          topic: input.topic,
          durationMinutes: input.duration_minutes ?? DEFAULT_APPOINTMENT_MINUTES,
          clinicianRowId: clinician,
          allowOverlap: input.allow_overlap,
        });
        const stored = await appointmentByRowId(tx, newRowId);
        return {
          patient_id: input.patient_id,
          first_name,
          last_name,
          date: stored.date,
          time: stored.time,
          topic: stored.topic,
          appointment_id: stored.appointment_id,
          duration_minutes: stored.duration_minutes,
          status: stored.status,
          clinician: stored.clinician,
          recorded_by: stored.recorded_by,
          recorded_at: stored.recorded_at,
          warnings: await bookingWarnings(tx, newRowId),
        };
      },
    );
  },

  /** Adds a medical-history entry, written by the session's staff member now. */
  async addHistory(db: Db, context: RequestContext, input: AddHistory): Promise<HistoryResponse> {
    return auditedWrite(
      db,
      context,
      { action: 'patient.history.create', recordType: 'patient', recordIds: [input.patient_id] },
      async (tx) => {
        const { id: rowId, first_name, last_name } = await findPatient(tx, input.patient_id);
        const time = toTimeWithSeconds(input.time);
        const [entry] = await queryRows<{
          recorded_by: HistoryResponse['recorded_by'];
          recorded_at: string;
        }>(
          tx,
          sql`insert into medical_history (patient_id, date, time, detail, recorded_by, recorded_at)
              values (${rowId}, ${input.date}::date, ${time}::time, ${input.detail},
                ${authorRowId(context)}, now())
              returning ${staffJson(sql`recorded_by`)} as recorded_by,
                ${instantText(sql`recorded_at`)} as recorded_at`,
        );
        return {
          patient_id: input.patient_id,
          first_name,
          last_name,
          date: input.date,
          time,
          detail: input.detail,
          recorded_by: entry!.recorded_by ?? null,
          recorded_at: entry!.recorded_at,
        };
      },
    );
  },

  /**
   * A new activation code for a patient: to register, or, once registered, to set a new
   * password with it (a forgotten password: registering again resets the account).
   */
  async reissueCode(db: Db, context: RequestContext, patientId: string, codeTtlDays: number) {
    return auditedWrite(
      db,
      context,
      { action: 'patient.activation-code.create', recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const row = await lockedRecord<{ id: string }>(tx, 'patient', patientId, sql`id`);
        const code = await accountsRepository.issueActivationCode(
          tx,
          { patientRowId: Number(row.id) },
          codeTtlDays,
          context.actor?.userId ?? null,
        );
        return code;
      },
    );
  },
};

/** Replaces the disease and allergy lists that were sent; leaves an absent one alone. */
async function replaceLists(
  tx: Db,
  rowId: number,
  diseases: readonly { disease_id: string }[] | undefined,
  allergies:
    | readonly { drug_id: string; reaction?: string | undefined; severity?: string | undefined }[]
    | undefined,
): Promise<void> {
  if (diseases) {
    await tx.delete(patientChronicDisease).where(eq(patientChronicDisease.patientId, rowId));
    if (diseases.length) {
      await tx
        .insert(patientChronicDisease)
        .values(diseases.map((d) => ({ patientId: rowId, diseaseId: d.disease_id })));
    }
  }
  if (allergies) {
    await tx.delete(patientDrugAllergy).where(and(eq(patientDrugAllergy.patientId, rowId)));
    if (allergies.length) {
      await tx.insert(patientDrugAllergy).values(
        allergies.map((d) => ({
          patientId: rowId,
          drugId: d.drug_id,
          reaction: d.reaction,
          severity: d.severity,
        })),
      );
    }
  }
}

/** The patient fields an edit may change; undefined leaves one as it is, null empties it. */
type PatientChanges = Omit<UpdatePatient['patient'], 'patient_id' | 'blood_type' | 'address'> & {
  blood_type?: string | null | undefined;
  address?: string | null | undefined;
};

/**
 * The one edit of a patient behind update-patient and the merge patch: the fields given, the
 * lists given (undefined: left alone), with the age rule on the stored record, audited as
 * `patient.update`; answers the record as it now is.
 */
async function editPatient(
  db: Db,
  context: RequestContext,
  patientId: string,
  fields: PatientChanges,
  lists: {
    diseases: Parameters<typeof replaceLists>[2];
    allergies: Parameters<typeof replaceLists>[3];
  },
): Promise<PatientRecord> {
  await writeRecord(
    db,
    context,
    { kind: 'patient', change: 'update', id: patientId },
    async (error) => {
      await auditCardHolder(db, context, error, 'patient.update', fields.id_card_number);
      return patientConflict(error);
    },
    async (tx) => {
      await checkAgeAgainstStored(tx, patientId, fields);
      const stored = await lockedContact(tx, patientId);
      const changes = {
        firstName: fields.first_name,
        lastName: fields.last_name,
        age: fields.age,
        dateOfBirth: fields.date_of_birth,
        gender: fields.gender,
        bloodType: fields.blood_type,
        email: fields.email,
        healthInsurance: fields.health_insurance,
        address: fields.address,
        phoneNumber: fields.phone_number,
        idCardNumber: fields.id_card_number,
        ongoingTreatment: fields.ongoing_treatment,
        unhealthyHabits: fields.unhealthy_habits,
      };
      const [row] = await tx
        .update(patient)
        .set({ ...withoutUndefined(changes), updatedAt: sql`now()` })
        .where(eq(patient.patientId, patientId))
        .returning({ id: patient.id });
      if (!row) throw noRecord('patient', patientId);
      if (stored)
        await recordContactChange(tx, context, row.id, changedContactFields(stored, fields));
      await replaceLists(tx, row.id, lists.diseases, lists.allergies);
    },
  );
  const [row] = await queryRows<{ record: PatientRecord }>(
    db,
    sql`select ${recordJson} as record from patient p where p.patient_id = ${patientId}`,
  );
  return row!.record;
}
