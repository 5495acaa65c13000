import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddAddendumRequest,
  type AddNoteRequest,
  type ClinicalNote,
  ENDPOINTS,
  type NoteEnteredInErrorRequest,
  type RecordVitalsRequest,
  type VitalSigns,
} from '@portal/contract';
import { queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { parseAnswer, parsePage, send, type RequestOptions } from '../request';

/*
 * The visit's records on the chart (docs/api.md, "Vital signs" and "Signed notes"): a patient's
 * sets of vital signs and signed notes, each list newest first; recording a set, writing a note,
 * an addendum to one, and marking one entered in error. Each write carries the Idempotency-Key
 * of the person's action (request.ts).
 */

/** The visit's answer schemas, fetched with the first of its calls (visit-answers.ts). */
const visitAnswers = () => import('./visit-answers');

const patientParams = (patientId: string) => ({ patient_id: patientId.trim() });
const noteParams = (patientId: string, noteId: string) => ({
  patient_id: patientId.trim(),
  note_id: noteId,
});

/**
 * The visit's query keys, under `queryKeys.patients.all()` so that any write about the patient
 * refreshes them; kept here rather than in query-keys.ts, which every page loads.
 */
const visitKeys = {
  vitals: (patientId: string, limit?: number) =>
    [...queryKeys.patients.all(), 'vitals', patientId, { limit }] as const,
  notes: (patientId: string, status: 'current' | 'all', limit?: number) =>
    [...queryKeys.patients.all(), 'notes', patientId, { status, limit }] as const,
};

/** How many sets of vital signs the chart reads: the latest and the trend over time. */
export const CHART_VITALS_LIMIT = 100;
/** How many notes the chart reads, newest first. */
export const CHART_NOTES_LIMIT = 50;

/** GET /patient/{patient_id}/vitals: one page of the patient's sets, most recently taken first. */
export async function listVitals(
  patientId: string,
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<VitalSigns>> {
  const [schemas, response] = await Promise.all([
    visitAnswers(),
    send(ENDPOINTS.listVitals, { ...options, params: patientParams(patientId), page }),
  ]);
  return parsePage(() => schemas.vitalSignsListSchema, response);
}

/** POST /patient/{patient_id}/vitals: any subset of the measurements, taken now unless said. */
export async function recordVitals(
  patientId: string,
  body: RecordVitalsRequest,
  options: RequestOptions = {},
): Promise<VitalSigns> {
  const response = await send(ENDPOINTS.recordVitals, {
    ...options,
    params: patientParams(patientId),
    data: body,
  });
  const schemas = await visitAnswers();
  return parseAnswer(() => schemas.vitalSignsSchema, response);
}

/**
 * GET /patient/{patient_id}/notes: one page of the patient's notes, newest first; the current
 * ones, or all (those entered in error too).
 */
export async function listNotes(
  patientId: string,
  { status, ...page }: PageParams & { status?: 'current' | 'all' } = {},
  options: RequestOptions = {},
): Promise<Page<ClinicalNote>> {
  const [schemas, response] = await Promise.all([
    visitAnswers(),
    send(ENDPOINTS.listNotes, {
      ...options,
      params: patientParams(patientId),
      page,
      query: { status },
    }),
  ]);
  return parsePage(() => schemas.clinicalNoteListSchema, response);
}

/** POST /patient/{patient_id}/notes: a note, signed by the one who writes it as it is saved. */
export async function addNote(
  patientId: string,
  body: AddNoteRequest,
  options: RequestOptions = {},
): Promise<ClinicalNote> {
  const response = await send(ENDPOINTS.addNote, {
    ...options,
    params: patientParams(patientId),
    data: body,
  });
  const schemas = await visitAnswers();
  return parseAnswer(() => schemas.clinicalNoteSchema, response);
}

/** POST /patient/{patient_id}/notes/{note_id}/addenda: an addendum, signed as the note is. */
export async function addNoteAddendum(
  patientId: string,
  noteId: string,
  body: AddAddendumRequest,
  options: RequestOptions = {},
): Promise<ClinicalNote> {
  const response = await send(ENDPOINTS.addNoteAddendum, {
    ...options,
    params: noteParams(patientId, noteId),
    data: body,
  });
  const schemas = await visitAnswers();
  return parseAnswer(() => schemas.clinicalNoteSchema, response);
}

/** POST /patient/{patient_id}/notes/{note_id}/entered-in-error: with the reason why. */
export async function markNoteEnteredInError(
  patientId: string,
  noteId: string,
  body: NoteEnteredInErrorRequest,
  options: RequestOptions = {},
): Promise<ClinicalNote> {
  const response = await send(ENDPOINTS.markNoteEnteredInError, {
    ...options,
    params: noteParams(patientId, noteId),
    data: body,
  });
  const schemas = await visitAnswers();
  return parseAnswer(() => schemas.clinicalNoteSchema, response);
}

/** A patient's latest sets of vital signs (the chart's latest set and its trend). */
export function usePatientVitals(patientId: string) {
  const id = patientId.trim();
  return useQuery({
    queryKey: visitKeys.vitals(id, CHART_VITALS_LIMIT),
    queryFn: ({ signal }) => listVitals(id, { limit: CHART_VITALS_LIMIT }, { signal }),
    enabled: id !== '',
  });
}

/** A patient's notes, the current ones or all (entered in error included). */
export function usePatientNotes(patientId: string, status: 'current' | 'all' = 'current') {
  const id = patientId.trim();
  return useQuery({
    queryKey: visitKeys.notes(id, status, CHART_NOTES_LIMIT),
    queryFn: ({ signal }) => listNotes(id, { status, limit: CHART_NOTES_LIMIT }, { signal }),
    enabled: id !== '',
  });
}

/** The chart's writes of the visit, one mutation each; each refreshes the patient's lists. */
export function useVisitMutations(patientId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
  return {
    recordVitals: useMutation({
      mutationFn: (body: RecordVitalsRequest) => recordVitals(patientId, body),
      onSuccess,
    }),
    addNote: useMutation({
      mutationFn: (body: AddNoteRequest) => addNote(patientId, body),
      onSuccess,
    }),
    addAddendum: useMutation({
      mutationFn: ({ noteId, body }: { noteId: string; body: AddAddendumRequest }) =>
        addNoteAddendum(patientId, noteId, body),
      onSuccess,
    }),
    markEnteredInError: useMutation({
      mutationFn: ({ noteId, body }: { noteId: string; body: NoteEnteredInErrorRequest }) =>
        markNoteEnteredInError(patientId, noteId, body),
      onSuccess,
    }),
  };
}
