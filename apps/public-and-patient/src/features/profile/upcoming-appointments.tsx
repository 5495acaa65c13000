import { useMyAppointments } from '@portal/api-client';
import { AppointmentTable, Button, Card } from '@portal/ui';

/** Shown when the patient has no appointment from today on. */
export const NO_UPCOMING_APPOINTMENTS = 'No upcoming appointments.';
/** Shown when the list could not be loaded (the rest of MyInfo still shows). */
export const UPCOMING_APPOINTMENTS_FAILED = 'Error: Could not load your upcoming appointments';

/**
 * Every appointment from today on, soonest first (GET /profile/appointments), below the spec's
 * fields: with the clinician's name and the status, a cancelled one with its reason. The
 * spec's 'Latest Appointment' field above is the API's (the next booked one, else the most
 * recent past one), never worked out again here from this list.
 */
export function UpcomingAppointments() {
  const appointments = useMyAppointments();
  const items = appointments.data?.pages.flatMap((page) => page.items) ?? [];

  let body;
  if (appointments.isPending) body = <p className="text-muted">Loading appointments...</p>;
  else if (appointments.isError && items.length === 0)
    body = (
      <p role="alert" className="font-medium text-danger-800">
        {UPCOMING_APPOINTMENTS_FAILED}
      </p>
    );
  else if (items.length === 0) body = <p className="text-muted">{NO_UPCOMING_APPOINTMENTS}</p>;
  else body = <AppointmentTable items={items} />;

  return (
    <Card title="Upcoming appointments">
      {body}
      {appointments.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4"
          busy={appointments.isFetchingNextPage}
          onClick={() => void appointments.fetchNextPage()}
        >
          Show more appointments
        </Button>
      )}
    </Card>
  );
}
