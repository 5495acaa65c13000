import { useMyAccessLog } from '@portal/api-client';
import { describeAccess, ROUTES } from '@portal/contract';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeading,
  PortalLink,
} from '@portal/ui';
import { localDateTime } from './access-log-text';

/** The page's heading. */
export const ACCESS_LOG_HEADING = 'Who opened my record';
/** Shown while the first page loads. */
export const ACCESS_LOG_LOADING = 'Loading who opened your record...';
/** Shown when the first page could not be loaded. */
export const ACCESS_LOG_FAILED = 'Error: Could not load who opened your record';
/** Shown when nobody has opened the record. */
export const ACCESS_LOG_EMPTY = 'Nobody has opened your record yet.';

/**
 * "Who opened my record" (/patient-profile/access): every access to the signed-in patient's
 * record from the audit trail, newest first, a page at a time (GET /profile/access-log). The
 * sentences come from the contract (describeAccess), so the API and the page agree on them.
 */
export function PatientAccessLogPage() {
  const log = useMyAccessLog();
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const total = log.data?.pages[0]?.total;
  const more = log.data?.pages[0]?.more === true;

  let body;
  if (log.isPending) body = <LoadingState label={ACCESS_LOG_LOADING} />;
  else if (log.isError && entries.length === 0) body = <ErrorState>{ACCESS_LOG_FAILED}</ErrorState>;
  else if (entries.length === 0) body = <EmptyState>{ACCESS_LOG_EMPTY}</EmptyState>;
  else
    body = (
      <Card title="Accesses, newest first">
        {total !== undefined && (
          <p className="mb-3 text-sm text-muted">
            Showing {entries.length} of {more ? `more than ${total.toLocaleString('en')}` : total}.
          </p>
        )}
        <table className="w-full text-left text-sm [overflow-wrap:anywhere]">
          <thead>
            <tr className="border-b border-line">
              <th scope="col" className="py-2 pr-4 font-semibold">
                When
              </th>
              <th scope="col" className="py-2 pr-4 font-semibold">
                Who
              </th>
              <th scope="col" className="py-2 font-semibold">
                What
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, index) => {
              const { who, what } = describeAccess(entry);
              return (
                <tr
                  key={`${entry.occurred_at}-${index}`}
                  className="border-b border-line last:border-0"
                >
                  <td className="py-2 pr-4">
                    <time dateTime={entry.occurred_at}>{localDateTime(entry.occurred_at)}</time>
                  </td>
                  <td className="py-2 pr-4">{who}</td>
                  <td className="py-2">{what}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {log.hasNextPage && (
          <Button
            variant="secondary"
            className="mt-4"
            busy={log.isFetchingNextPage}
            onClick={() => void log.fetchNextPage()}
          >
            Show older entries
          </Button>
        )}
      </Card>
    );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <PageHeading>{ACCESS_LOG_HEADING}</PageHeading>
      <p className="text-muted">
        Every time your record was opened, changed or refused to someone, from the hospital&apos;s
        audit trail. Something you do not recognise? Call the Help Desk on 02 123 4567.
      </p>
      <p>
        <PortalLink to={ROUTES.patientProfile} className="font-semibold text-brand-800 underline">
          Back to MyInfo
        </PortalLink>
      </p>
      {body}
    </div>
  );
}
