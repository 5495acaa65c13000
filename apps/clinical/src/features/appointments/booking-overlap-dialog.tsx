import { type AppointmentClash, personName } from '@portal/contract';
import { Button, Dialog, useFormat, useT } from '@portal/ui';

/** Props of {@link BookingOverlapDialog}. */
export interface BookingOverlapDialogProps {
  /** The clashes of a booking the server refused (409), or null while none waits. */
  readonly clashes: readonly AppointmentClash[] | null;
  /** The question under the title: what overlaps ("This booking…", "This follow-up…"). */
  readonly question: string;
  /** "Change the booking": the refusal goes to the fields it names. */
  readonly onChange: () => void;
  /** "Book anyway": the same booking sent again with `allow_overlap` (a new Idempotency-Key). */
  readonly onBookAnyway: () => void;
  readonly onClose: () => void;
}

/**
 * "Book anyway?": the appointments a booking overlaps (the clinician's, the patient's), each with
 * its day, time and length, and the two ways on. One dialog for every clinical form that books
 * (Patient Appointment, the visit's follow-up); its words are the booking's (`clinical.booking`).
 */
export function BookingOverlapDialog({
  clashes,
  question,
  onChange,
  onBookAnyway,
  onClose,
}: BookingOverlapDialogProps) {
  const t = useT();
  const format = useFormat();
  const clashText = (clash: AppointmentClash) => {
    const when = {
      date: format.day(clash.date),
      time: clash.time.slice(0, 5),
      minutes: clash.duration_minutes,
    };
    return clash.field === 'clinician_id' && clash.clinician
      ? t('clinical.booking.overlapClinician', { ...when, clinician: personName(clash.clinician) })
      : t('clinical.booking.overlapPatient', when);
  };
  return (
    <Dialog
      open={clashes !== null}
      role="alertdialog"
      title={t('clinical.booking.overlapTitle')}
      description={question}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onChange}>
            {t('clinical.booking.changeBooking')}
          </Button>
          <Button onClick={onBookAnyway}>{t('clinical.booking.bookAnyway')}</Button>
        </>
      }
    >
      <ul className="list-disc pl-5">
        {clashes?.map((clash) => (
          <li key={`${clash.field}-${clash.appointment_id}`}>{clashText(clash)}</li>
        ))}
      </ul>
    </Dialog>
  );
}
