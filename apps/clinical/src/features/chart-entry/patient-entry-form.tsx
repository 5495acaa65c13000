import { type ComponentType, type ReactNode, useState } from 'react';
import { type DefaultValues, type FieldValues, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { hospitalNow, hospitalToday, PATIENT_ID_PLACEHOLDER_MESSAGE } from '@portal/contract';
import { translateEnglish } from '@portal/i18n';
import { type ApiError, toApiError } from '@portal/api-client';
import {
  DateField,
  FormActions,
  PortalForm,
  RequiredFieldsNote,
  type SchemaSource,
  SubmitErrorNotice,
  TextAreaField,
  TextField,
  TimeField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { usePrefilledId, LeaveGuard, useFormDraft } from '@portal/shell';
import { BackToChartLink } from '../chart/back-to-chart-link';
import { Button, Dialog, Notice, PageHeading, useLaterTexts, useT } from '@portal/ui';
import { usePatientName } from './use-patient-name';
import type { BookingOverlapDialogProps } from '../appointments/booking-overlap-dialog';

/** What the API answers for an appointment or a history entry: enough to name the patient. */
export interface EntryAnswer {
  patient_id: string;
  first_name: string;
  last_name: string;
  date: string;
  time: string;
  /** The appointment's length and clinician (appointments only). */
  duration_minutes?: number;
  clinician?: { first_name: string; last_name: string } | null;
  /** Booked all the same, but someone should look (the clinician is already booked then). */
  warnings?: readonly { code: string; message: string }[];
}

type EntryValues = { patient_id: string; time: string; date: string } & Record<string, string>;

/** What differs between the appointment and the history form. */
export interface PatientEntryFormProps<S extends z.ZodType<FieldValues, FieldValues>> {
  title: string;
  description: string;
  /** The contract's request schema, or its loader (see usePortalForm). */
  schema: SchemaSource<S>;
  /** Sends the entry (the page's mutation). */
  submit: (values: z.output<S>) => Promise<EntryAnswer>;
  pending: boolean;
  /** The optional text of the entry: the appointment's topic or the history's detail. */
  textField: { name: 'topic' | 'detail'; label: string; multiline?: boolean };
  /** The time as the browser's time control (the appointment), or free text with this example. */
  time: { clock: true } | { placeholder: string };
  /** The spec's internal failure message, logged to the console. */
  failureMessage: string;
  /** The success sentence, naming the patient. */
  successText: (answer: EntryAnswer) => string;
  /** Asked before a date before today is sent (the appointment form); none: sent as it is. */
  pastDateQuestion?: string;
  /** Fields beyond the spec's (the appointment's length and clinician), each empty by default. */
  extra?: { fields: ReactNode; names: readonly string[] };
  /**
   * A booking the server refused because it overlaps another booked appointment (409 with the
   * clashes): this dialog shows them and asks "book anyway?"; yes sends the entry again with
   * `allow_overlap: true`. The booking page gives the booking's `BookingOverlapDialog` (with
   * its words in that page's pack). None: such a refusal is shown as any other.
   */
  overlapDialog?: ComponentType<BookingOverlapDialogProps>;
  /**
   * The date and time start as the hospital's now (the history form: an entry is mostly written
   * as it happens), again after each entry added; the person can change them.
   */
  startsNow?: boolean;
}

/**
 * The appointment and history forms: patient id, time (the browser's time control or free text), date, and one optional
 * text; 'Add' and 'Reset'. A success names the patient and clears the form.
 */
export function PatientEntryForm<S extends z.ZodType<FieldValues, FieldValues>>(
  props: PatientEntryFormProps<S>,
) {
  // `?patient_id=P037` (the chart's actions, or typed by hand) fills the id in as the page opens.
  const initialId = usePrefilledId('patient');
  const t = useT();
  const empty = {
    patient_id: '',
    time: '',
    date: '',
    [props.textField.name]: '',
    ...Object.fromEntries((props.extra?.names ?? []).map((name) => [name, ''])),
  } as EntryValues as unknown as DefaultValues<z.input<S>>;
  const start = (): DefaultValues<z.input<S>> =>
    props.startsNow ? { ...empty, ...hospitalNow() } : empty;
  const form = usePortalForm(props.schema, {
    defaultValues: { ...start(), patient_id: initialId } as DefaultValues<z.input<S>>,
  });
  // What was typed is kept for this tab if the session ends here, and given back after signing
  // in again (form-draft.ts in @portal/shell).
  const draft = useFormDraft(form, props.textField.name);
  const laterTexts = useLaterTexts();
  const typedId = String(useWatch({ control: form.control, name: 'patient_id' as never }) ?? '');
  const patientName = usePatientName(typedId);
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<EntryAnswer>();
  const Text = props.textField.multiline ? TextAreaField : TextField;
  // An entry waiting for "add it anyway?" because its date is in the past.
  const [pastEntry, setPastEntry] = useState<z.output<S> | null>(null);
  // A booking refused for its overlaps, waiting for "book anyway?"; what was typed stays.
  const [overlap, setOverlap] = useState<{ values: z.output<S>; error: ApiError } | null>(null);
  const OverlapDialog = props.overlapDialog;

  const save = async (values: z.output<S>) => {
    clear();
    try {
      const answer = await props.submit(values);
      draft.clear();
      form.reset(start());
      succeed(answer);
    } catch (error) {
      const apiError = toApiError(error);
      if (props.overlapDialog && apiError.status === 409 && apiError.clashes.length > 0) {
        setOverlap({ values, error: apiError });
        return;
      }
      console.error(props.failureMessage);
      fail(form, apiError);
    }
  };

  return (
    <div className="flex flex-col gap-6">
      {/* Leaving with something typed and not saved asks first. */}
      <LeaveGuard dirty={form.formState.isDirty} />
      <PageHeading description={props.description}>{props.title}</PageHeading>
      {draft.restored && laterTexts && (
        <Notice tone="info">
          <p>{t('common.draft.restored')}</p>
        </Notice>
      )}
      {feedback?.kind === 'success' && (
        <Notice ref={noticeRef} tone={feedback.value.warnings?.length ? 'warning' : 'success'}>
          <p>{props.successText(feedback.value)}</p>
          {feedback.value.warnings?.map((warning) => (
            <p key={warning.code} className="font-semibold">
              {t('clinical.appointments.warning', { warning: translateEnglish(warning.message) })}
            </p>
          ))}
          <p>
            <BackToChartLink patientId={feedback.value.patient_id} />
          </p>
        </Notice>
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('clinical.entry.notAdded', { title: props.title })}
      />
      <PortalForm
        form={form}
        aria-label={props.title}
        onSubmit={async (values) => {
          const date = (values as { date?: unknown }).date;
          if (props.pastDateQuestion && typeof date === 'string' && date < hospitalToday()) {
            setPastEntry(values);
            return;
          }
          await save(values);
        }}
      >
        <RequiredFieldsNote />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField
            name="patient_id"
            label={t('clinical.patient.patientId')}
            required
            placeholder={translateEnglish(PATIENT_ID_PLACEHOLDER_MESSAGE)}
            autoComplete="off"
            {...(patientName ? { hint: patientName } : {})}
          />
          <TimeField
            name="time"
            label={t('clinical.entry.time')}
            required
            {...('clock' in props.time ? { clock: true } : { placeholder: props.time.placeholder })}
          />
          <DateField name="date" label={t('clinical.entry.date')} required />
        </div>
        <Text name={props.textField.name} label={props.textField.label} />
        {props.extra && <div className="grid gap-4 sm:grid-cols-2">{props.extra.fields}</div>}
        <FormActions submitLabel={t('clinical.entry.add')} busy={props.pending} onReset={clear} />
      </PortalForm>
      <Dialog
        open={pastEntry !== null}
        role="alertdialog"
        title={t('clinical.entry.pastDateTitle')}
        description={props.pastDateQuestion}
        onClose={() => setPastEntry(null)}
        actions={
          <>
            <Button
              variant="secondary"
              onClick={() => {
                setPastEntry(null);
                form.setFocus('date' as never);
              }}
            >
              {t('clinical.entry.changeDate')}
            </Button>
            <Button
              onClick={() => {
                const entry = pastEntry;
                setPastEntry(null);
                if (entry) void save(entry);
              }}
            >
              {t('clinical.entry.addAnyway')}
            </Button>
          </>
        }
      />
      {overlap && OverlapDialog && (
        <OverlapDialog
          clashes={overlap.error.clashes}
          question={t('clinical.entry.overlapQuestion')}
          onClose={() => setOverlap(null)}
          onChange={() => {
            setOverlap(null);
            // The refusal shown on the fields it names, for the person to change them.
            fail(form, overlap.error);
          }}
          onBookAnyway={() => {
            setOverlap(null);
            // Another request (it says allow_overlap), so the client gives it a new key.
            void save({ ...overlap.values, allow_overlap: true });
          }}
        />
      )}
    </div>
  );
}
