import { useEffect, useEffectEvent } from 'react';
import { useWatch } from 'react-hook-form';
import {
  addAddendumRequestSchema,
  addNoteRequestSchema,
  NOTE_ERROR_REASON_MAX,
  NOTE_TEXT_MAX,
  noteEnteredInErrorRequestSchema,
} from '@portal/contract';
import { toApiError, usePatientAppointments, useVisitMutations } from '@portal/api-client';
import {
  PortalForm,
  ReasonDialog,
  SelectField,
  SubmitErrorNotice,
  TextAreaField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button, Notice, useFormat, useT } from '@portal/ui';
import { CHART_APPOINTMENTS_PAGE } from '../chart/chart-appointments';
import { EMPTY_NOTE, type NoteDraft } from './note-drafts';

// The forms' rules are the contract's: this module loads when a form first opens, after the
// chart's calls have brought zod, so they cost no first visit.
/** Reports a text field's value as it is typed (the section keeps it while the form is closed). */
function useReport(value: unknown, report: (text: string) => void) {
  const send = useEffectEvent((text: string) => report(text));
  const text = typeof value === 'string' ? value : '';
  useEffect(() => send(text), [text]);
}

/** Props of {@link NoteForm}. */
export interface NoteFormProps {
  readonly patientId: string;
  /** What was typed before (the form starts with it). */
  readonly draft: NoteDraft;
  /** What is typed, as it is typed: the section keeps it, so closing the form loses nothing. */
  readonly onDraftChange: (draft: NoteDraft) => void;
  readonly onClose: () => void;
}

/**
 * Writes a note, signed with the writer's name when saved: free text, which "Insert SOAP
 * template" starts with the Subjective, Objective, Assessment and Plan headings, and optionally
 * the appointment it belongs to. What is typed goes to the section as it is typed, which shows it
 * again when the form reopens and holds the page's leave guard meanwhile; a refusal keeps it and
 * says why beside the field.
 */
export function NoteForm({ patientId, draft, onDraftChange, onClose }: NoteFormProps) {
  const t = useT();
  const format = useFormat();
  const mutations = useVisitMutations(patientId);
  const appointments = usePatientAppointments(patientId, { limit: CHART_APPOINTMENTS_PAGE });
  const form = usePortalForm(addNoteRequestSchema, { defaultValues: draft });
  const text = useWatch({ control: form.control, name: 'text' });
  const appointment = useWatch({ control: form.control, name: 'appointment_id' });
  const typed = JSON.stringify([text, appointment]);
  const report = useEffectEvent(() =>
    onDraftChange({
      text: typeof text === 'string' ? text : '',
      appointment_id: typeof appointment === 'string' ? appointment : '',
    }),
  );
  useEffect(() => report(), [typed]);
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<true>();
  const options = (appointments.data?.pages.flatMap((page) => page.items) ?? []).map((a) => ({
    value: a.appointment_id,
    label: [format.dayTime(`${a.date} ${a.time.slice(0, 5)}`), a.topic].filter(Boolean).join(' · '),
  }));
  const insertTemplate = () => {
    const typed = form.getValues('text');
    const template = t('clinical.notes.soapTemplate');
    form.setValue('text', typed.trim() ? `${typed}\n\n${template}` : template, {
      shouldDirty: true,
    });
    form.setFocus('text');
  };
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line p-3 print:hidden">
      {feedback?.kind === 'success' && (
        <Notice ref={noticeRef} tone="success" tabIndex={-1}>
          <p>{t('clinical.notes.saved')}</p>
        </Notice>
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('clinical.notes.notSaved')}
      />
      <PortalForm
        form={form}
        aria-label={t('clinical.notes.write')}
        onSubmit={async (values) => {
          clear();
          try {
            await mutations.addNote.mutateAsync(values);
            form.reset(EMPTY_NOTE);
            succeed(true);
          } catch (error) {
            fail(form, toApiError(error));
          }
        }}
      >
        <div>
          <Button variant="secondary" onClick={insertTemplate}>
            {t('clinical.notes.soap')}
          </Button>
        </div>
        <TextAreaField
          name="text"
          label={t('clinical.notes.text')}
          hint={t('clinical.notes.textHint')}
          required
          rows={8}
          maxLength={NOTE_TEXT_MAX}
        />
        <SelectField
          name="appointment_id"
          label={t('clinical.notes.appointment')}
          emptyLabel={t('clinical.notes.noAppointment')}
          options={options}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={mutations.addNote.isPending}>
            {t('clinical.notes.sign')}
          </Button>
          <Button variant="secondary" disabled={mutations.addNote.isPending} onClick={onClose}>
            {t('clinical.notes.close')}
          </Button>
        </div>
      </PortalForm>
    </div>
  );
}

/** Props of {@link AddendumForm}. */
export interface AddendumFormProps {
  readonly patientId: string;
  readonly noteId: string;
  /** The form's name: which note it adds to. */
  readonly label: string;
  /** What was typed before, and what is typed as it is typed (the section keeps it). */
  readonly draft: string;
  readonly onDraftChange: (text: string) => void;
  readonly onClose: () => void;
}

/**
 * Adds an addendum to a signed note (the note itself is never edited), signed with the writer's
 * name and time. Closes once added; a refusal keeps what was typed.
 */
export function AddendumForm({
  patientId,
  noteId,
  label,
  draft,
  onDraftChange,
  onClose,
}: AddendumFormProps) {
  const t = useT();
  const mutations = useVisitMutations(patientId);
  const form = usePortalForm(addAddendumRequestSchema, { defaultValues: { text: draft } });
  useReport(useWatch({ control: form.control, name: 'text' }), onDraftChange);
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback();
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line p-3">
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('clinical.notes.addendumNotSaved')}
      />
      <PortalForm
        form={form}
        aria-label={label}
        onSubmit={async (values) => {
          clear();
          try {
            await mutations.addAddendum.mutateAsync({ noteId, body: values });
            form.reset({ text: '' });
            onDraftChange('');
            onClose();
          } catch (error) {
            fail(form, toApiError(error));
          }
        }}
      >
        <TextAreaField
          name="text"
          label={t('clinical.notes.addendumText')}
          required
          rows={4}
          maxLength={NOTE_TEXT_MAX}
        />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={mutations.addAddendum.isPending}>
            {t('clinical.notes.signAddendum')}
          </Button>
          <Button variant="secondary" disabled={mutations.addAddendum.isPending} onClick={onClose}>
            {t('clinical.notes.close')}
          </Button>
        </div>
      </PortalForm>
    </div>
  );
}

/** Props of {@link EnteredInErrorDialog}. */
export interface EnteredInErrorDialogProps {
  readonly patientId: string;
  readonly noteId: string;
  /** When the note was signed, in words: which note this is. */
  readonly when: string;
  /** The reason typed before, and as it is typed (the section keeps it). */
  readonly draft: string;
  readonly onDraftChange: (reason: string) => void;
  readonly onClose: () => void;
}

/**
 * Asks before a note is marked entered in error, with its reason (required): the note is then
 * hidden from the default view and kept in the record and its audit trail.
 */
export function EnteredInErrorDialog({
  patientId,
  noteId,
  when,
  draft,
  onDraftChange,
  onClose,
}: EnteredInErrorDialogProps) {
  const t = useT();
  const mutations = useVisitMutations(patientId);
  return (
    <ReasonDialog
      schema={noteEnteredInErrorRequestSchema}
      role="alertdialog"
      title={t('clinical.notes.errorTitle')}
      description={t('clinical.notes.errorDescription')}
      formLabel={t('clinical.notes.markErrorLabel', { when })}
      reasonLabel={t('clinical.notes.errorReason')}
      maxLength={NOTE_ERROR_REASON_MAX}
      failedTitle={t('clinical.notes.errorNotSaved')}
      keepLabel={t('clinical.notes.errorKeep')}
      submitLabel={t('clinical.notes.errorConfirm')}
      busy={mutations.markEnteredInError.isPending}
      submit={(body) => mutations.markEnteredInError.mutateAsync({ noteId, body })}
      toFailure={toApiError}
      initialReason={draft}
      onReasonChange={onDraftChange}
      onDone={() => {
        onDraftChange('');
        onClose();
      }}
      onClose={onClose}
    />
  );
}
