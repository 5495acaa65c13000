import { lazy, Suspense, useState } from 'react';
import { type MyAppointmentList, type UpcomingAppointment } from '@portal/contract';
import { useMyAppointments } from '@portal/api-client';
import { requirePack } from '@portal/i18n';
import { AppointmentTable, Button, Card, ErrorState, Notice, useFormat, useT } from '@portal/ui';

// The cancel dialog, its form and the rules load when it first opens: MyInfo opened to be read
// does not download them.
const CancelMyAppointmentDialog = lazy(() =>
  import('./cancel-my-appointment-dialog').then(async (m) => {
    await requirePack(m.DIALOG_TEXTS);
    return { default: m.CancelMyAppointmentDialog };
  }),
);

/** The page's list texts by list: its title, loading, failure, empty and "show more". */
const LIST_TEXTS = {
  upcoming: {
    title: 'public.appointments.title',
    loading: 'public.appointments.loading',
    failed: 'public.appointments.failed',
    none: 'public.appointments.none',
    more: 'public.appointments.showMore',
  },
  past: {
    title: 'public.appointments.pastTitle',
    loading: 'public.appointments.pastLoading',
    failed: 'public.appointments.pastFailed',
    none: 'public.appointments.pastNone',
    more: 'public.appointments.pastShowMore',
  },
} as const;

/** One upcoming appointment: when, what, with whom, "Next" on the first, and Cancel. */
function UpcomingItem({
  appointment,
  next,
  onCancel,
}: {
  appointment: UpcomingAppointment;
  next: boolean;
  onCancel: (when: string) => void;
}) {
  const t = useT();
  const format = useFormat();
  const when = t('public.appointments.when', {
    day: format.day(appointment.date),
    time: appointment.time.slice(0, 5),
  });
  const clinician = appointment.clinician
    ? `${appointment.clinician.first_name} ${appointment.clinician.last_name}`
    : null;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface p-3">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-ink">
          {next && (
            <span className="mr-2 rounded bg-brand-100 px-2 py-0.5 text-xs font-bold uppercase text-brand-800">
              {t('public.appointments.next')}
            </span>
          )}
          <span className="whitespace-nowrap">{when}</span>
        </p>
        <p className="text-ink">{appointment.topic || '-'}</p>
        {clinician && (
          <p className="text-muted">{t('public.appointments.with', { name: clinician })}</p>
        )}
      </div>
      {appointment.appointment_id && (
        <Button variant="secondary" onClick={() => onCancel(when)}>
          {t('public.appointments.cancel')}
          <span className="sr-only">{` ${when}`}</span>
        </Button>
      )}
    </li>
  );
}

/** One of the patient's two lists, paged: upcoming (with Next and Cancel) or past. */
function AppointmentList({ when }: { when: MyAppointmentList }) {
  const t = useT();
  const texts = LIST_TEXTS[when];
  const appointments = useMyAppointments({ when });
  const [cancelling, setCancelling] = useState<{ id: string; when: string } | null>(null);
  const [cancelled, setCancelled] = useState<string | null>(null);
  const items = appointments.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (appointments.isPending) body = <p className="text-muted">{t(texts.loading)}</p>;
  else if (appointments.isError && items.length === 0)
    body = <ErrorState variant="inline">{t(texts.failed)}</ErrorState>;
  else if (items.length === 0) body = <p className="text-muted">{t(texts.none)}</p>;
  else if (when === 'past') body = <AppointmentTable items={items} />;
  else
    body = (
      <ul className="flex flex-col gap-2">
        {items.map((a, index) => (
          <UpcomingItem
            key={a.appointment_id ?? `${a.date}-${a.time}-${index}`}
            appointment={a}
            next={index === 0}
            onCancel={(text) => {
              setCancelled(null);
              setCancelling({ id: a.appointment_id!, when: text });
            }}
          />
        ))}
      </ul>
    );

  return (
    <Card title={t(texts.title)}>
      {cancelled && (
        <Notice tone="success" title={t('public.appointments.cancelledTitle')} className="mb-4">
          <p>{t('public.appointments.cancelled', { when: cancelled })}</p>
        </Notice>
      )}
      {body}
      {appointments.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4"
          busy={appointments.isFetchingNextPage}
          onClick={() => void appointments.fetchNextPage()}
        >
          {t(texts.more)}
        </Button>
      )}
      {cancelling && (
        <Suspense fallback={null}>
          <CancelMyAppointmentDialog
            appointmentId={cancelling.id}
            when={cancelling.when}
            onClose={() => setCancelling(null)}
            onCancelled={() => {
              setCancelled(cancelling.when);
              setCancelling(null);
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}

/**
 * The patient's appointments below the spec's fields, as two paged lists
 * (GET /profile/appointments?when=): the booked ones to come, soonest first, the first labelled
 * Next, each with Cancel (a reason asked for; too close to its start, the dialog says to call
 * the clinic); and the past visits (attended, no-show, cancelled), newest first, with their
 * status. The spec's 'Latest Appointment' field above is the API's (the next booked one, else
 * the most recent past one), never worked out again here from these lists.
 */
export function UpcomingAppointments() {
  return (
    <>
      <AppointmentList when="upcoming" />
      <AppointmentList when="past" />
    </>
  );
}
