import { HOSPITAL_NAME, HOSPITAL_TIME_ZONE } from '@portal/reference-data';
import { isLocale, type Locale, serverText } from '@portal/i18n/server';
import type { Db } from '../db/database';
import { appointmentMailRepository } from '../repositories/appointment-mail';
import { calendarFile } from './ics';
import type { Mailer } from './mailer';

/** Which appointment mail: a booking's confirmation or a cancellation. */
export type AppointmentMailKind = 'booked' | 'cancelled';

/** The mail's language: the account's, English without one. */
export const mailLocale = (locale: string | null): Locale =>
  locale && isLocale(locale) ? locale : 'en';

/**
 * The mails the hospital sends about appointments. `sendAppointmentMail` is what a booking or a
 * cancellation calls once its write has committed: it returns at once, and the mail (with its
 * .ics) is written and queued in the background, so the request neither waits for nor fails
 * with it. A patient with no e-mail on record gets none.
 */
export class AppointmentMail {
  constructor(
    private readonly db: Db,
    private readonly mailer: Mailer,
    private readonly organizer: string,
    private readonly log: (message: string) => void,
  ) {}

  sendAppointmentMail(kind: AppointmentMailKind, appointment: { appointment_id?: string }): void {
    const id = appointment.appointment_id;
    if (!id) return;
    this.compose(kind, id).catch(() => this.log(`appointment mail (${kind}) not composed`));
  }

  private async compose(kind: AppointmentMailKind, appointmentId: string): Promise<void> {
    const details = await appointmentMailRepository.details(this.db, appointmentId);
    if (!details?.email) return;
    const locale = mailLocale(details.locale);
    const when = formatWhen(details.start, locale);
    const clinician = details.clinicianName
      ? serverText('public.mail.withClinician', locale, { clinician: details.clinicianName })
      : '';
    const subject = serverText(
      kind === 'booked' ? 'public.mail.bookedSubject' : 'public.mail.cancelledSubject',
      locale,
      { when },
    );
    const body =
      kind === 'booked'
        ? serverText('public.mail.bookedBody', locale, {
            when,
            minutes: String(details.durationMinutes),
            clinician,
            topic: details.topic ?? serverText('public.mail.noTopic', locale),
          })
        : serverText('public.mail.cancelledBody', locale, {
            when,
            clinician,
            reason: details.cancelReason ?? serverText('public.mail.noReason', locale),
          });
    const ics = calendarFile({
      uid: `${details.appointmentId}@portal`,
      start: details.start,
      end: new Date(details.start.getTime() + details.durationMinutes * 60_000),
      summary: `${HOSPITAL_NAME}${details.topic ? `: ${details.topic}` : ''}`,
      location: HOSPITAL_NAME,
      organizer: this.organizer,
      method: kind === 'booked' ? 'REQUEST' : 'CANCEL',
      stamp: new Date(),
    });
    this.mailer.send({
      kind: `appointment.${kind}`,
      to: details.email,
      subject,
      text: letter(locale, details.patientName, body),
      attachments: [
        {
          filename: 'appointment.ics',
          contentType: `text/calendar; charset=utf-8; method=${kind === 'booked' ? 'REQUEST' : 'CANCEL'}`,
          content: ics,
        },
      ],
    });
  }
}

/** A mail's text: greeting, body, signature. */
export function letter(locale: Locale, name: string, body: string): string {
  return [
    serverText('public.mail.greeting', locale, { name }),
    '',
    body,
    '',
    serverText('public.mail.signature', locale, { hospital: HOSPITAL_NAME }),
  ].join('\n');
}

/** An instant as the hospital's date and time, in the mail's language. */
export function formatWhen(instant: Date, locale: Locale): string {
  return new Intl.DateTimeFormat(locale === 'th' ? 'th-TH' : 'en-GB', {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: HOSPITAL_TIME_ZONE,
  }).format(instant);
}
