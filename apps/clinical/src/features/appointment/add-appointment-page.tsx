import { ADD_PATIENT_FAILED_MESSAGE, personName } from '@portal/contract';
import { useAddAppointmentMutation } from '@portal/api-client';
import { useFormat, useT } from '@portal/ui';
import { ClinicianField, LengthField } from '../appointments/booking-fields';
import { BookingOverlapDialog } from '../appointments/booking-overlap-dialog';
import { PatientEntryForm } from '../chart-entry/patient-entry-form';
import type { Pack } from '@portal/i18n';
import addAppointmentPageTexts from '@portal/i18n/packs/page-add-appointment';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [addAppointmentPageTexts];

/** The form's rules, loaded after the first paint (see usePortalForm). */
const appointmentSchema = () =>
  import('@portal/contract/schemas').then((c) => c.addAppointmentRequestSchema);

/** The English of the past-date question, for the tests that look for it. */

/** The booking's fields beyond the spec's four: both optional, the standard length if none. */
const BOOKING = {
  fields: (
    <>
      <LengthField />
      <ClinicianField />
    </>
  ),
  names: ['duration_minutes', 'clinician_id'],
} as const;

/**
 * Patient Appointment: book an appointment, with a clinician and a length if wanted. A booking
 * over another booked appointment of the patient or the clinician is refused by the server; the
 * form shows the clash and asks whether to book anyway.
 */
export function AddAppointmentPage() {
  const mutation = useAddAppointmentMutation();
  const t = useT();
  const format = useFormat();
  return (
    <PatientEntryForm
      title={t('clinical.addAppointment.title')}
      description={t('clinical.addAppointment.description')}
      schema={appointmentSchema}
      submit={(values) => mutation.mutateAsync(values)}
      pending={mutation.isPending}
      textField={{ name: 'topic', label: t('clinical.addAppointment.topic') }}
      time={{ clock: true }}
      extra={BOOKING}
      overlapDialog={BookingOverlapDialog}
      pastDateQuestion={t('clinical.addAppointment.pastDateQuestion')}
      failureMessage={ADD_PATIENT_FAILED_MESSAGE}
      successText={(a) => {
        const values = {
          name: `${a.first_name} ${a.last_name}`,
          patientId: a.patient_id,
          date: format.day(a.date),
          time: a.time.slice(0, 5),
        };
        // The length and the clinician, when the answer names them: one sentence for each case.
        const minutes = a.duration_minutes;
        const clinician = a.clinician ? personName(a.clinician) : undefined;
        if (minutes && clinician)
          return t('clinical.addAppointment.addedLengthWith', { ...values, minutes, clinician });
        if (minutes) return t('clinical.addAppointment.addedLength', { ...values, minutes });
        if (clinician) return t('clinical.addAppointment.addedWith', { ...values, clinician });
        return t('clinical.addAppointment.added', values);
      }}
    />
  );
}
