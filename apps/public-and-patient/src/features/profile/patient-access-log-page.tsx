import { useMyAccessLog } from '@portal/api-client';
import { ACCESS_KIND_TEXT, type AccessLogEntry, describeAccess, ROUTES } from '@portal/contract';
import {
  Button,
  Card,
  EmptyState,
  ErrorState,
  LoadingState,
  PageHeading,
  PortalLink,
  RecordTable,
  type RecordTableColumn,
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

type AccessEntry = AccessLogEntry;

/**
 * What was done, in the contract's words: one line stands for one visit (the API groups the same
 * person's rows of the same minute), named by its weightiest action; when it stands for more
 * than one row, how many and what else was done.
 */
function WhatWasDone({ entry }: { entry: AccessEntry }) {
  const { what } = describeAccess(entry);
  const count = entry.count ?? 1;
  if (count <= 1) return what;
  const also = [...new Set(entry.kinds ?? [])]
    .filter((kind) => kind !== entry.kind)
    .map((kind) => ACCESS_KIND_TEXT[kind]);
  return (
    <>
      {what}{' '}
      <span className="block text-muted">
        {accessCountText(count)}
        {also.length > 0 && `; also ${also.join(', ')}`}
      </span>
    </>
  );
}

/** How many rows one line stands for, in words. */
export function accessCountText(count: number): string {
  return `${count} actions in one visit`;
}

/** When (never split), who, and what, in the contract's words (describeAccess). */
const ACCESS_COLUMNS: readonly RecordTableColumn<AccessEntry>[] = [
  {
    header: 'When',
    cell: (entry) => <time dateTime={entry.occurred_at}>{localDateTime(entry.occurred_at)}</time>,
    nowrap: true,
  },
  { header: 'Who', cell: (entry) => describeAccess(entry).who },
  { header: 'What', cell: (entry) => <WhatWasDone entry={entry} /> },
];

/**
 * "Who opened my record" (/patient-profile/access): every access to the signed-in patient's
 * record from the audit trail, one line per visit, newest first, a page at a time (GET /profile/access-log). The
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
        <RecordTable
          columns={ACCESS_COLUMNS}
          rows={entries}
          rowKey={(entry, index) => `${entry.occurred_at}-${index}`}
        />
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
