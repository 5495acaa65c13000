import { todayUtc } from '@portal/contract';
import { usePatientAppointments } from '@portal/api-client';
import { AppointmentTable, Button, Card } from '@portal/ui';

/** Shown when the patient has no appointment at all. */
export const NO_APPOINTMENTS = 'No appointments.';
/** Shown when the list could not be loaded (the rest of the chart still shows). */
export const APPOINTMENTS_FAILED = 'Error: Could not load the appointments';

/** How many appointments a page of the chart's list asks for. */
export const CHART_APPOINTMENTS_PAGE = 20;

/**
 * Every appointment of the patient (GET /patient/{id}/appointments, newest first, a page at a
 * time): the upcoming ones first, soonest first, then the past ones, most recent first. A page
 * brings the furthest future first, so the upcoming list is whole before the past one starts.
 */
export function ChartAppointments({ patientId }: { patientId: string }) {
  const appointments = usePatientAppointments(patientId, { limit: CHART_APPOINTMENTS_PAGE });
  const items = appointments.data?.pages.flatMap((page) => page.items) ?? [];
  const total = appointments.data?.pages[0]?.total ?? 0;
  const today = todayUtc();
  const upcoming = items.filter((a) => a.date >= today).reverse();
  const past = items.filter((a) => a.date < today);

  let body;
  if (appointments.isPending) body = <p className="text-muted">Loading appointments...</p>;
  else if (appointments.isError && items.length === 0)
    body = (
      <p role="alert" className="font-medium text-danger-800">
        {APPOINTMENTS_FAILED}
      </p>
    );
  else if (items.length === 0) body = <p className="text-muted">{NO_APPOINTMENTS}</p>;
  else
    body = (
      <div className="flex flex-col gap-6">
        <p className="text-sm text-muted">
          Showing {items.length} of {total}.
        </p>
        {upcoming.length > 0 && <AppointmentTable caption="Upcoming" items={upcoming} />}
        {past.length > 0 && <AppointmentTable caption="Past" items={past} />}
      </div>
    );

  return (
    <Card title="Appointments">
      {body}
      {appointments.hasNextPage && (
        <Button
          variant="secondary"
          className="mt-4 print:hidden"
          busy={appointments.isFetchingNextPage}
          onClick={() => void appointments.fetchNextPage()}
        >
          Show more appointments
        </Button>
      )}
    </Card>
  );
}
