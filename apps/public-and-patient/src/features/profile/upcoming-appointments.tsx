import { useMyAppointments } from '@portal/api-client';
import { Button, Card } from '@portal/ui';

/** Shown when the patient has no appointment from today on. */
export const NO_UPCOMING_APPOINTMENTS = 'No upcoming appointments.';
/** Shown when the list could not be loaded (the rest of MyInfo still shows). */
export const UPCOMING_APPOINTMENTS_FAILED = 'Error: Could not load your upcoming appointments';

/**
 * Every appointment from today on, soonest first (GET /profile/appointments), below the spec's
 * fields; the spec's 'Latest Appointment' field stays as it is.
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
  else
    body = (
      <table className="w-full text-left text-sm [overflow-wrap:anywhere]">
        <thead>
          <tr className="border-b border-line">
            <th scope="col" className="py-2 pr-4 font-semibold">
              Date
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              Time
            </th>
            <th scope="col" className="py-2 font-semibold">
              Topic
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((a, index) => (
            <tr key={`${a.date}-${a.time}-${index}`} className="border-b border-line last:border-0">
              <td className="py-2 pr-4">{a.date}</td>
              <td className="py-2 pr-4">{a.time.slice(0, 5)}</td>
              <td className="py-2">{a.topic || '-'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    );

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
