import { createHash, randomUUID } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import {
  bodyMassIndex,
  type ClinicalNote,
  NOTE_ALREADY_IN_ERROR_MESSAGE,
  NOTE_APPOINTMENT_MESSAGE,
  type PageParams,
  type RecordVitals,
  VISIT_ACTIONS,
  VITAL_FIELDS,
  vitalFlags,
  type VitalSigns,
} from '@portal/contract';
import { type Db, queryRows } from '../db/database';
import { badRequest, conflict, notFound } from '../errors';
import { instantText, staffJson } from './appointments';
import { auditedWrite, type RequestContext } from './audit';
import { decodeCursor, encodeCursor, type Page, unknownCursor } from './paging';
import { auditedPatientRowId, patientRowId } from './record-kinds';

/*
 * The visit's records beyond the appointment: sets of vital signs and signed notes with their
 * addenda. Every write is audited with the patient's id (the patient's access log names who
 * recorded vitals or wrote a note); every read of them likewise.
 */

/** The signed-in staff member's employee row, as SQL (null for anyone else). */
const author = (context: RequestContext) =>
  sql`(select id from employee where employee_id = ${context.actor?.employeeId ?? null})`;

// --- Vital signs ----------------------------------------------------------------------------

/** A set's row as selected: its values as numbers (numeric columns cast to float). */
type VitalRow = Omit<VitalSigns, 'bmi' | 'flags'> & { id: string | number };

const vitalColumns = sql`v.id, v.vital_id::text as vital_id,
  ${instantText(sql`v.taken_at`)} as taken_at, v.systolic::int as systolic,
  v.diastolic::int as diastolic, v.pulse::int as pulse, v.respiratory_rate::int as respiratory_rate,
  v.temperature_c::float8 as temperature_c, v.spo2::int as spo2, v.weight_kg::float8 as weight_kg,
  v.height_cm::float8 as height_cm, ${staffJson(sql`v.recorded_by`)} as recorded_by,
  ${instantText(sql`v.recorded_at`)} as recorded_at`;

/** A set as answered: its values, the body mass index computed and the flags of both. */
function toVitalSigns({ id: _id, ...row }: VitalRow): VitalSigns {
  const values = Object.fromEntries(
    VITAL_FIELDS.map((field) => [field, row[field] === null ? null : Number(row[field])]),
  ) as Record<(typeof VITAL_FIELDS)[number], number | null>;
  const bmi = bodyMassIndex(values.weight_kg, values.height_cm);
  return {
    vital_id: row.vital_id,
    taken_at: row.taken_at,
    ...values,
    bmi,
    flags: vitalFlags({ ...values, bmi }),
    recorded_by: row.recorded_by,
    recorded_at: row.recorded_at,
  };
}

// --- Signed notes ---------------------------------------------------------------------------

/**
 * The SHA-256 (hex) a note's or an addendum's signature carries: of the JSON text of what was
 * signed, its members in this order (docs/api.md, "Signed notes").
 */
export function contentHash(signed: Readonly<Record<string, string | null>>): string {
  return createHash('sha256').update(JSON.stringify(signed), 'utf8').digest('hex');
}

/** Note `n` as answered (clinicalNoteSchema, in its key order), addenda oldest first. */
const noteJson = sql`json_build_object(
  'note_id', n.note_id, 'text', n.text,
  'appointment_id', (select a.appointment_id from appointment a where a.id = n.appointment_id),
  'status', n.status,
  'signature', json_build_object('signed_by', ${staffJson(sql`n.signed_by`)},
    'signed_at', ${instantText(sql`n.signed_at`)}, 'content_hash', n.content_hash),
  'addenda', coalesce((select json_agg(json_build_object('addendum_id', d.addendum_id,
      'text', d.text, 'signature', json_build_object('signed_by', ${staffJson(sql`d.signed_by`)},
        'signed_at', ${instantText(sql`d.signed_at`)}, 'content_hash', d.content_hash))
      order by d.id)
    from clinical_note_addendum d where d.note_id = n.id), '[]'::json),
  'entered_in_error', case when n.status = 'entered-in-error' then json_build_object(
    'reason', n.error_reason, 'by', ${staffJson(sql`n.error_by`)},
    'at', ${instantText(sql`n.error_at`)}) end)`;

async function noteByRowId(db: Db, rowId: number): Promise<ClinicalNote> {
  const [row] = await queryRows<{ note: ClinicalNote }>(
    db,
    sql`select ${noteJson} as note from clinical_note n where n.id = ${rowId}`,
  );
  return row!.note;
}

/** The row of a patient's note, locked until the transaction ends; 404 when not theirs. */
async function lockedNote(
  tx: Db,
  patientId: string,
  noteId: string,
): Promise<{ id: number; status: string }> {
  const [found] = await queryRows<{ id: string | number; status: string }>(
    tx,
    sql`select n.id, n.status from clinical_note n join patient p on p.id = n.patient_id
        where p.patient_id = ${patientId} and n.note_id = ${noteId}::uuid
        for update of n`,
  );
  if (!found) throw notFound('No such note for this patient');
  return { id: Number(found.id), status: found.status };
}

/** A keyset page's rows and answer: `limit + 1` rows read, the extra one says more follow. */
function pageOf<R extends { id: string | number }, T>(
  rows: readonly R[],
  limit: number,
  total: number,
  map: (row: R) => T,
): Page<T> {
  const last = rows.length > limit ? rows[limit - 1] : undefined;
  return {
    items: rows.slice(0, limit).map(map),
    total,
    nextCursor: last ? encodeCursor(Number(last.id)) : null,
  };
}

/** The visit's calls: vital signs and signed notes. */
export const visitRepository = {
  /** Records a set of vital signs, taken when the body says (absent: now), by the session. */
  async recordVitals(
    db: Db,
    context: RequestContext,
    patientId: string,
    input: RecordVitals,
  ): Promise<VitalSigns> {
    return auditedWrite(
      db,
      context,
      { action: VISIT_ACTIONS.vitalsRecord, recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const rowId = await patientRowId(tx, patientId);
        const value = (field: (typeof VITAL_FIELDS)[number]) => input[field] ?? null;
        const [row] = await queryRows<VitalRow>(
          tx,
          sql`with v as (insert into vital_signs (patient_id, taken_at, systolic, diastolic, pulse,
                respiratory_rate, temperature_c, spo2, weight_kg, height_cm, recorded_by)
              values (${rowId}, coalesce(${input.taken_at ?? null}::timestamptz, now()),
                ${value('systolic')}::smallint, ${value('diastolic')}::smallint,
                ${value('pulse')}::smallint, ${value('respiratory_rate')}::smallint,
                ${value('temperature_c')}::numeric, ${value('spo2')}::smallint,
                ${value('weight_kg')}::numeric, ${value('height_cm')}::numeric, ${author(context)})
              returning *)
              select ${vitalColumns} from v`,
        );
        return toVitalSigns(row!);
      },
    );
  },

  /** A page of the patient's sets, most recently taken first (then the latest recorded). */
  async listVitals(
    db: Db,
    context: RequestContext,
    patientId: string,
    page: PageParams,
  ): Promise<Page<VitalSigns>> {
    const after = decodeCursor(page.cursor);
    const rowId = await auditedPatientRowId(db, context, VISIT_ACTIONS.vitalsRead, patientId);
    let position: SQL = sql`true`;
    if (after > 0) {
      const [at] = await queryRows<{ taken_at: string }>(
        db,
        sql`select taken_at::text as taken_at from vital_signs
            where id = ${after}::bigint and patient_id = ${rowId}`,
      );
      if (!at) throw unknownCursor();
      position = sql`(v.taken_at, v.id) < (${at.taken_at}::timestamptz, ${after}::bigint)`;
    }
    const rows = await queryRows<VitalRow>(
      db,
      sql`select ${vitalColumns} from vital_signs v
          where v.patient_id = ${rowId} and ${position}
          order by v.taken_at desc, v.id desc limit ${page.limit + 1}`,
    );
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from vital_signs where patient_id = ${rowId}`,
    );
    return pageOf(rows, page.limit, total, toVitalSigns);
  },

  /**
   * Writes and signs a note: its id, the time and the hash of what is signed are fixed here,
   * with the session's staff member as its author. An appointment named must be the patient's
   * (400 naming `appointment_id` otherwise).
   */
  async addNote(
    db: Db,
    context: RequestContext,
    patientId: string,
    input: { text: string; appointment_id?: string | undefined },
  ): Promise<ClinicalNote> {
    return auditedWrite(
      db,
      context,
      { action: VISIT_ACTIONS.noteWrite, recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const rowId = await patientRowId(tx, patientId);
        let appointmentRowId: number | null = null;
        if (input.appointment_id !== undefined) {
          const [appointment] = await queryRows<{ id: string | number }>(
            tx,
            sql`select id from appointment
                where patient_id = ${rowId} and appointment_id = ${input.appointment_id}::uuid`,
          );
          if (!appointment) {
            throw badRequest(`appointment_id: ${NOTE_APPOINTMENT_MESSAGE}`, [
              { field: 'appointment_id', message: NOTE_APPOINTMENT_MESSAGE },
            ]);
          }
          appointmentRowId = Number(appointment.id);
        }
        const noteId = randomUUID();
        const signedAt = new Date().toISOString();
        const hash = contentHash({
          note_id: noteId,
          patient_id: patientId,
          appointment_id: input.appointment_id ?? null,
          signed_by: context.actor?.employeeId ?? null,
          signed_at: signedAt,
          text: input.text,
        });
        const [row] = await queryRows<{ id: string | number }>(
          tx,
          sql`insert into clinical_note (note_id, patient_id, appointment_id, text, signed_by,
                signed_at, content_hash)
              values (${noteId}::uuid, ${rowId}, ${appointmentRowId}::bigint, ${input.text},
                ${author(context)}, ${signedAt}::timestamptz, ${hash})
              returning id`,
        );
        return noteByRowId(tx, Number(row!.id));
      },
    );
  },

  /** Adds a signed addendum to a current note of the patient; answers the note as it now is. */
  async addAddendum(
    db: Db,
    context: RequestContext,
    patientId: string,
    noteId: string,
    input: { text: string },
  ): Promise<ClinicalNote> {
    return auditedWrite(
      db,
      context,
      { action: VISIT_ACTIONS.noteAddendum, recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const note = await lockedNote(tx, patientId, noteId);
        if (note.status !== 'current') throw conflict('note_id', NOTE_ALREADY_IN_ERROR_MESSAGE);
        const addendumId = randomUUID();
        const signedAt = new Date().toISOString();
        const hash = contentHash({
          addendum_id: addendumId,
          note_id: noteId,
          signed_by: context.actor?.employeeId ?? null,
          signed_at: signedAt,
          text: input.text,
        });
        await tx.execute(
          sql`insert into clinical_note_addendum (addendum_id, note_id, text, signed_by, signed_at,
                content_hash)
              values (${addendumId}::uuid, ${note.id}, ${input.text}, ${author(context)},
                ${signedAt}::timestamptz, ${hash})`,
        );
        return noteByRowId(tx, note.id);
      },
    );
  },

  /**
   * Marks a current note entered in error with a reason, who and when: it leaves the default
   * list and stays in the record (`?status=all`) and the audit trail. Once only (409 after).
   */
  async markEnteredInError(
    db: Db,
    context: RequestContext,
    patientId: string,
    noteId: string,
    input: { reason: string },
  ): Promise<ClinicalNote> {
    return auditedWrite(
      db,
      context,
      { action: VISIT_ACTIONS.noteEnteredInError, recordType: 'patient', recordIds: [patientId] },
      async (tx) => {
        const note = await lockedNote(tx, patientId, noteId);
        if (note.status !== 'current') throw conflict('note_id', NOTE_ALREADY_IN_ERROR_MESSAGE);
        await tx.execute(
          sql`update clinical_note set status = 'entered-in-error', error_reason = ${input.reason},
                error_by = ${author(context)}, error_at = now()
              where id = ${note.id}`,
        );
        return noteByRowId(tx, note.id);
      },
    );
  },

  /** A page of the patient's notes, newest first: the current ones, or all with `status=all`. */
  async listNotes(
    db: Db,
    context: RequestContext,
    patientId: string,
    query: PageParams & { status: 'current' | 'all' },
  ): Promise<Page<ClinicalNote>> {
    const after = decodeCursor(query.cursor);
    const rowId = await auditedPatientRowId(db, context, VISIT_ACTIONS.notesRead, patientId);
    const where = sql`n.patient_id = ${rowId} and ${
      query.status === 'current' ? sql`n.status = 'current'` : sql`true`
    }`;
    if (after > 0) {
      const [known] = await queryRows<{ id: string | number }>(
        db,
        sql`select n.id from clinical_note n where n.id = ${after}::bigint and ${where}`,
      );
      if (!known) throw unknownCursor();
    }
    const rows = await queryRows<{ id: string | number; note: ClinicalNote }>(
      db,
      sql`select n.id, ${noteJson} as note from clinical_note n
          where ${where} and ${after > 0 ? sql`n.id < ${after}::bigint` : sql`true`}
          order by n.id desc limit ${query.limit + 1}`,
    );
    const [{ total } = { total: 0 }] = await queryRows<{ total: number }>(
      db,
      sql`select count(*)::int as total from clinical_note n where ${where}`,
    );
    return pageOf(rows, query.limit, total, (row) => row.note);
  },
};
