import { lazy, Suspense, useId, useState } from 'react';
import { type ClinicalNote, personName } from '@portal/contract';
import { usePatientAppointments, usePatientNotes } from '@portal/api-client';
import { useMayPerform } from '@portal/auth';
import { Button, Card, ErrorState, LoadingState, useFormat, useT } from '@portal/ui';
import { LeaveGuard } from '@portal/shell';
import { CHART_APPOINTMENTS_PAGE } from '../chart/chart-appointments';
import { EMPTY_NOTE_DRAFTS, type NoteDrafts, notesTyped } from './note-drafts';
import { hospitalDayTime } from './vital-words';

// The forms and the confirm dialog load when first opened: a chart opened to be read does not
// download them.
const NoteForm = lazy(() => import('./note-forms').then((m) => ({ default: m.NoteForm })));
const AddendumForm = lazy(() => import('./note-forms').then((m) => ({ default: m.AddendumForm })));
const EnteredInErrorDialog = lazy(() =>
  import('./note-forms').then((m) => ({ default: m.EnteredInErrorDialog })),
);

/** The patient's appointments as the chart reads them (its cache), by id: `2026-01-05 09:30`. */
export function useAppointmentTimes(patientId: string): ReadonlyMap<string, string> {
  const appointments = usePatientAppointments(patientId, { limit: CHART_APPOINTMENTS_PAGE });
  return new Map(
    (appointments.data?.pages.flatMap((page) => page.items) ?? []).map((a) => [
      a.appointment_id,
      `${a.date} ${a.time.slice(0, 5)}`,
    ]),
  );
}

/** One signed note: its text, signature, appointment, addenda and what may be done with it. */
function NoteItem({
  patientId,
  note,
  appointments,
  mayWrite,
  drafts,
  onDrafts,
}: {
  patientId: string;
  note: ClinicalNote;
  appointments: ReadonlyMap<string, string>;
  mayWrite: boolean;
  /** What is typed in the section's forms, kept while they are closed. */
  drafts: NoteDrafts;
  onDrafts: (change: (drafts: NoteDrafts) => NoteDrafts) => void;
}) {
  const t = useT();
  const format = useFormat();
  const id = useId();
  const [adding, setAdding] = useState(false);
  const [marking, setMarking] = useState(false);
  const when = format.dayTime(hospitalDayTime(note.signature.signed_at));
  const inError = note.status === 'entered-in-error';
  const appointment = note.appointment_id ? appointments.get(note.appointment_id) : undefined;
  return (
    <li>
      <article
        aria-labelledby={`${id}-signed`}
        className={`flex flex-col gap-2 rounded-lg border px-3 py-2 ${inError ? 'border-dashed border-muted bg-canvas' : 'border-line'}`}
      >
        <p id={`${id}-signed`} className="text-sm font-semibold text-brand-800">
          {t('clinical.notes.signedBy', { name: personName(note.signature.signed_by), when })}
        </p>
        {note.appointment_id && (
          <p className="text-sm text-muted">
            {appointment
              ? t('clinical.notes.forAppointment', { when: format.dayTime(appointment) })
              : t('clinical.notes.forAnAppointment')}
          </p>
        )}
        {inError && note.entered_in_error && (
          <p className="text-sm font-semibold text-danger-800">
            <span className="mr-2 inline-block rounded-full border border-danger-700 px-2 text-xs uppercase">
              {t('clinical.notes.inError')}
            </span>
            {t('clinical.notes.inErrorBy', {
              name: personName(note.entered_in_error.by),
              when: format.dayTime(hospitalDayTime(note.entered_in_error.at)),
              reason: note.entered_in_error.reason,
            })}
          </p>
        )}
        <p
          className={`whitespace-pre-line text-ink [overflow-wrap:anywhere] ${inError ? 'line-through' : ''}`}
        >
          {note.text}
        </p>
        {note.addenda.length > 0 && (
          <ol className="ml-2 flex flex-col gap-2 border-l-2 border-brand-700 pl-3">
            {note.addenda.map((addendum) => (
              <li key={addendum.addendum_id}>
                <p className="text-xs font-semibold text-brand-800">
                  {t('clinical.notes.addendumBy', {
                    name: personName(addendum.signature.signed_by),
                    when: format.dayTime(hospitalDayTime(addendum.signature.signed_at)),
                  })}
                </p>
                <p className="whitespace-pre-line text-ink [overflow-wrap:anywhere]">
                  {addendum.text}
                </p>
              </li>
            ))}
          </ol>
        )}
        {mayWrite && !inError && (
          <div className="flex flex-col gap-2 print:hidden">
            {adding ? (
              <Suspense fallback={<LoadingState label={t('clinical.notes.loading')} />}>
                <AddendumForm
                  patientId={patientId}
                  noteId={note.note_id}
                  label={t('clinical.notes.addendumLabel', { when })}
                  draft={drafts.addenda[note.note_id] ?? ''}
                  onDraftChange={(text) =>
                    onDrafts((d) => ({ ...d, addenda: { ...d.addenda, [note.note_id]: text } }))
                  }
                  onClose={() => setAdding(false)}
                />
              </Suspense>
            ) : (
              <div className="flex flex-wrap gap-2">
                <Button
                  variant="secondary"
                  aria-label={t('clinical.notes.addendumLabel', { when })}
                  onClick={() => setAdding(true)}
                >
                  {t('clinical.notes.addAddendum')}
                </Button>
                <Button
                  variant="ghost"
                  aria-label={t('clinical.notes.markErrorLabel', { when })}
                  onClick={() => setMarking(true)}
                >
                  {t('clinical.notes.markError')}
                </Button>
              </div>
            )}
            {marking && (
              <Suspense fallback={null}>
                <EnteredInErrorDialog
                  patientId={patientId}
                  noteId={note.note_id}
                  when={when}
                  draft={drafts.reasons[note.note_id] ?? ''}
                  onDraftChange={(reason) =>
                    onDrafts((d) => ({ ...d, reasons: { ...d.reasons, [note.note_id]: reason } }))
                  }
                  onClose={() => setMarking(false)}
                />
              </Suspense>
            )}
          </div>
        )}
      </article>
    </li>
  );
}

/**
 * The chart's signed notes, newest first: each with its author and time, its appointment if it
 * has one, and its addenda with theirs; those entered in error hidden unless asked for. Writing a
 * note, an addendum, and marking a note entered in error (with a reason) for those who may write
 * notes (`write_note`). A signed note is never edited. In the visit view a new note is for its
 * appointment unless another is chosen.
 */
export function ClinicalNotesSection({
  patientId,
  appointmentId,
}: {
  patientId: string;
  /** The appointment a new note is for as the form opens (the visit view's); none: no appointment. */
  appointmentId?: string | undefined;
}) {
  const t = useT();
  const id = useId();
  const may = useMayPerform();
  const [showAll, setShowAll] = useState(false);
  // The visit view opens with its note's form.
  const [writing, setWriting] = useState(appointmentId !== undefined);
  // What is typed in the forms, kept while they are closed; leaving the page with it asks first.
  const [drafts, setDrafts] = useState<NoteDrafts>(() =>
    appointmentId
      ? { ...EMPTY_NOTE_DRAFTS, note: { ...EMPTY_NOTE_DRAFTS.note, appointment_id: appointmentId } }
      : EMPTY_NOTE_DRAFTS,
  );
  const notes = usePatientNotes(patientId, showAll ? 'all' : 'current');
  const appointments = useAppointmentTimes(patientId);
  const mayWrite = may('write_note');
  return (
    <Card title={t('clinical.notes.title')}>
      <LeaveGuard dirty={notesTyped(drafts)} />
      <div className="flex flex-col gap-4">
        {mayWrite &&
          (writing ? (
            <Suspense fallback={<LoadingState label={t('clinical.notes.loading')} />}>
              <NoteForm
                patientId={patientId}
                draft={drafts.note}
                onDraftChange={(note) => setDrafts((d) => ({ ...d, note }))}
                onClose={() => setWriting(false)}
              />
            </Suspense>
          ) : (
            <div className="print:hidden">
              <Button onClick={() => setWriting(true)}>{t('clinical.notes.write')}</Button>
            </div>
          ))}
        <div className="flex items-center gap-2 print:hidden">
          <input
            id={`${id}-all`}
            type="checkbox"
            className="size-5"
            checked={showAll}
            onChange={(event) => setShowAll(event.target.checked)}
          />
          <label htmlFor={`${id}-all`} className="text-sm font-semibold">
            {t('clinical.notes.showInError')}
          </label>
        </div>
        {notes.isPending ? (
          <LoadingState label={t('clinical.notes.loading')} />
        ) : notes.isError ? (
          <ErrorState>{t('clinical.notes.failed')}</ErrorState>
        ) : notes.data.items.length === 0 ? (
          <p className="text-muted">{t('clinical.notes.none')}</p>
        ) : (
          <ul className="flex flex-col gap-3">
            {notes.data.items.map((note) => (
              <NoteItem
                key={note.note_id}
                patientId={patientId}
                note={note}
                appointments={appointments}
                mayWrite={mayWrite}
                drafts={drafts}
                onDrafts={setDrafts}
              />
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
