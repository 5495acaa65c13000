import { useMyAppointments } from '@portal/api-client';
import { AppointmentTable, Button, Card, useT } from '@portal/ui';

/**
 * Every appointment from today on, soonest first (GET /profile/appointments), below the spec's
 * fields: with the clinician's name and the status, a cancelled one with its reason. The
 * spec's 'Latest Appointment' field above is the API's (the next booked one, else the most
 * recent past one), never worked out again here from this list.
 */
export function UpcomingAppointments() {
  const t = useT();
  const appointments = useMyAppointments();
  const items = appointments.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (appointments.isPending)
    body = <p className="text-muted">{t('public.appointments.loading')}</p>;
  else if (appointments.isError && items.length === 0)
    body = (
      <p role="alert" className="font-medium text-danger-800">
        {t('public.appointments.failed')}
      </p>
    );
  else if (items.length === 0) body = <p className="text-muted">{t('public.appointments.none')}</p>;
  else body = <AppointmentTable items={items} />;

  return (
    <Card title={t('public.appointments.title')}>
      {body}
      {appointments.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4"
          busy={appointments.isFetchingNextPage}
          onClick={() => void appointments.fetchNextPage()}
        >
          {t('public.appointments.showMore')}
        </Button>
      )}
    </Card>
  );
}
