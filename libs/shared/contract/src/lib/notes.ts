import { z } from 'zod';
import { appointmentIdSchema } from './chart';
import { pageQuerySchema } from './paging';
import { staffRefSchema } from './patients';
import { emptyAsAbsent, patientIdSchema, textSchema } from './rules';

/*
 * Signed clinical notes: free text (the chart offers a SOAP template), tied to an appointment or
 * standing alone, signed by its author when saved (author, time and a content hash) and never
 * edited. An amendment is an addendum with its own author, time and hash; a note written in
 * error is marked so with a reason, which hides it from the default list and keeps it in the
 * record and the audit trail.
 */

/** The longest note or addendum, in characters. */
export const NOTE_TEXT_MAX = 20_000;
/** The longest reason for marking a note entered in error. */
export const NOTE_ERROR_REASON_MAX = 500;

export const NOTE_ALREADY_IN_ERROR_MESSAGE = 'This note is already marked entered in error';
export const NOTE_APPOINTMENT_MESSAGE = 'No such appointment for this patient';

/** A note's or an addendum's text: required, several lines. */
const noteTextSchema = textSchema({ max: NOTE_TEXT_MAX, multiline: true, required: true });

/** POST /patient/{patient_id}/notes: the text, and optionally the appointment it belongs to. */
export const addNoteRequestSchema = z.object({
  text: noteTextSchema,
  appointment_id: emptyAsAbsent(appointmentIdSchema),
});

/** POST …/notes/{note_id}/addenda: the addendum's text. */
export const addAddendumRequestSchema = z.object({ text: noteTextSchema });

/** POST …/notes/{note_id}/entered-in-error: why the note should not have been written. */
export const noteEnteredInErrorRequestSchema = z.object({
  reason: textSchema({ max: NOTE_ERROR_REASON_MAX, multiline: true, required: true }),
});

/** A note's id as the API gives it out (a UUID). */
export const noteIdSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.uuid({ error: 'Note ID is not one this API gave out' }));

/** `{patient_id}` and `{note_id}` in a path. */
export const noteParamsSchema = z.object({ patient_id: patientIdSchema, note_id: noteIdSchema });

/** The notes a list shows: the current ones (default) or all, entered in error included. */
export const NOTE_LIST_STATUSES = ['current', 'all'] as const;

/** GET /patient/{patient_id}/notes: the usual paging and `status` (current or all). */
export const notesQuerySchema = pageQuerySchema.extend({
  status: z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.enum(NOTE_LIST_STATUSES, { error: 'Choose current or all' }).default('current'),
  ),
});

/**
 * The signature of a note or an addendum: who signed it, when, and the SHA-256 (hex) of what
 * was signed (docs/api.md, "Signed notes", says how it is computed).
 */
export const noteSignatureSchema = z.object({
  signed_by: staffRefSchema.nullable(),
  signed_at: z.string(),
  content_hash: z.string(),
});

/** An addendum to a note, signed like the note. */
export const noteAddendumSchema = z.object({
  addendum_id: z.string(),
  text: z.string(),
  signature: noteSignatureSchema,
});

/** A note as answered: its text, appointment, signature, addenda and status. */
export const clinicalNoteSchema = z.object({
  note_id: z.string(),
  text: z.string(),
  appointment_id: z.string().nullable(),
  status: z.enum(['current', 'entered-in-error']),
  signature: noteSignatureSchema,
  addenda: z.array(noteAddendumSchema),
  /** Who marked it entered in error, when and why; null while current. */
  entered_in_error: z
    .object({ reason: z.string(), by: staffRefSchema.nullable(), at: z.string() })
    .nullable(),
});

/** GET /patient/{patient_id}/notes: a page of the patient's notes, newest first. */
export const clinicalNoteListSchema = z.array(clinicalNoteSchema);

export type AddNoteRequest = z.input<typeof addNoteRequestSchema>;
export type AddAddendumRequest = z.input<typeof addAddendumRequestSchema>;
export type NoteEnteredInErrorRequest = z.input<typeof noteEnteredInErrorRequestSchema>;
export type ClinicalNote = z.infer<typeof clinicalNoteSchema>;
export type NoteAddendum = z.infer<typeof noteAddendumSchema>;
export type NotesQuery = z.input<typeof notesQuerySchema>;
