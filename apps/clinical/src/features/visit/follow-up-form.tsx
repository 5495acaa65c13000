import { useId, useState } from 'react';
import { type AddAppointmentRequest, type AppointmentResponse, personName } from '@portal/contract';
import { type ApiError, toApiError, useAddAppointmentMutation } from '@portal/api-client';
import {
  DateField,
  PortalForm,
  SubmitErrorNotice,
  TextField,
  TimeField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { LeaveGuard } from '@portal/shell';
import { translateEnglish } from '@portal/i18n';
import { Button, Notice, useFormat, useT } from '@portal/ui';
import { ClinicianField, LengthField } from '../appointments/booking-fields';
import { BookingOverlapDialog } from '../appointments/booking-overlap-dialog';

/** The form's texts (lib/packs.ts in @portal/i18n): fetched with this module, before it renders. */
export { default as FOLLOW_UP_TEXTS } from '@portal/i18n/packs/page-follow-up';

/** The booking call's rules, loaded with the form. */
const appointmentSchema = () =>
  import('@portal/contract/schemas').then((c) => c.addAppointmentRequestSchema);

/** Props of {@link FollowUpForm}. */
export interface FollowUpFormProps {
  readonly patientId: string;
  /** The visit's clinician, whom the follow-up is with unless changed ('' for none). */
  readonly clinicianId: string;
  /** The visit's time (`HH:MM`), which the follow-up keeps unless changed. */
  readonly time: string;
}

/**
 * The follow-up booking offered once a visit is finished: date, time (this visit's), length,
 * clinician (this visit's) and the reason, booked with the appointment call. A booking over another booked
 * appointment of the patient or the clinician is refused (409 with the clashes): the form names
 * them and asks whether to book anyway. Leaving with something typed asks first.
 */
export function FollowUpForm({ patientId, clinicianId, time }: FollowUpFormProps) {
  const t = useT();
  const format = useFormat();
  const mutation = useAddAppointmentMutation();
  const titleId = useId();
  const start = {
    patient_id: patientId,
    date: '',
    time,
    topic: '',
    duration_minutes: '',
    clinician_id: clinicianId,
  };
  const form = usePortalForm(appointmentSchema, { defaultValues: start });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<AppointmentResponse>();
  // A booking refused for its overlaps, waiting for "book anyway?"; what was typed stays.
  const [overlap, setOverlap] = useState<{
    values: AddAppointmentRequest;
    error: ApiError;
  } | null>(null);

  const save = async (values: AddAppointmentRequest) => {
    clear();
    try {
      const answer = await mutation.mutateAsync({ ...values, patient_id: patientId });
      form.reset(start);
      succeed(answer);
    } catch (error) {
      const apiError = toApiError(error);
      if (apiError.status === 409 && apiError.clashes.length > 0) {
        setOverlap({ values, error: apiError });
        return;
      }
      fail(form, apiError);
    }
  };

  const booked = feedback?.kind === 'success' ? feedback.value : null;
  const bookedWhen = booked && { date: format.day(booked.date), time: booked.time.slice(0, 5) };
  return (
    <section
      aria-labelledby={titleId}
      className="flex flex-col gap-3 rounded-lg border border-line p-3"
    >
      <LeaveGuard dirty={form.formState.isDirty} />
      <h3 id={titleId} className="text-lg font-semibold text-ink">
        {t('clinical.followUp.title')}
      </h3>
      {booked && bookedWhen && (
        <Notice
          ref={noticeRef}
          tabIndex={-1}
          tone={booked.warnings?.length ? 'warning' : 'success'}
        >
          <p>
            {booked.clinician
              ? t('clinical.followUp.bookedWith', {
                  ...bookedWhen,
                  clinician: personName(booked.clinician),
                })
              : t('clinical.followUp.booked', bookedWhen)}
          </p>
          {booked.warnings?.map((warning) => (
            <p key={warning.code} className="font-semibold">
              {t('clinical.appointments.warning', { warning: translateEnglish(warning.message) })}
            </p>
          ))}
        </Notice>
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('clinical.followUp.notBooked')}
      />
      {!booked && (
        <PortalForm
          form={form}
          aria-label={t('clinical.followUp.title')}
          onSubmit={(values) => save(values)}
        >
          <p className="text-sm text-muted">{t('clinical.followUp.hint')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <DateField name="date" label={t('clinical.followUp.date')} required />
            <TimeField name="time" label={t('clinical.followUp.time')} required clock />
            <LengthField />
            <ClinicianField />
          </div>
          <TextField name="topic" label={t('clinical.followUp.reason')} />
          <div>
            <Button type="submit" busy={mutation.isPending}>
              {t('clinical.followUp.book')}
            </Button>
          </div>
        </PortalForm>
      )}
      <BookingOverlapDialog
        clashes={overlap?.error.clashes ?? null}
        question={t('clinical.followUp.overlapQuestion')}
        onClose={() => setOverlap(null)}
        onChange={() => {
          const refused = overlap;
          setOverlap(null);
          // The refusal shown on the fields it names, for the person to change them.
          if (refused) fail(form, refused.error);
        }}
        onBookAnyway={() => {
          const refused = overlap;
          setOverlap(null);
          // Another request (it says allow_overlap), so the client gives it a new key.
          if (refused) void save({ ...refused.values, allow_overlap: true });
        }}
      />
    </section>
  );
}
