import { useMyAccessLog } from '@portal/api-client';
import {
  ACCESS_KIND_TEXT,
  ACCESS_ROLE_TEXT,
  type AccessLogEntry,
  describeAccess,
  describeAccessActor,
  ROUTES,
} from '@portal/contract';
import { t as message, translateEnglish } from '@portal/i18n';
import type { Pack } from '@portal/i18n';
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
  useFormat,
  useT,
} from '@portal/ui';
import { localDateTime } from './access-log-text';
import publicAccessLogTexts from '@portal/i18n/packs/public-access-log';

/** The page's texts (lib/packs.ts in @portal/i18n): its route fetches them before it renders. */
export const PAGE_TEXTS: readonly Pack[] = [publicAccessLogTexts];

type AccessEntry = AccessLogEntry;

/**
 * Who, in the language shown: the contract's words read back ("You", "The portal"); a staff
 * member with a role as the language puts a name and a role together ("Anan Wongsa, medical
 * personnel"), the name kept and the role read back, so that the first paint reads back whole
 * texts only (no reader of patterns: lib/runtime.ts in @portal/i18n).
 */
function whoText(entry: AccessEntry): string {
  if (entry.actor !== 'staff' || !entry.role) return translateEnglish(describeAccess(entry).who);
  return message('public.accessLog.staffActor', {
    name: translateEnglish(describeAccessActor({ ...entry, role: null })),
    role: translateEnglish(ACCESS_ROLE_TEXT[entry.role]),
  });
}

/**
 * What was done, in the contract's words: one line stands for one visit (the API groups the same
 * person's rows of the same minute), named by its weightiest action; when it stands for more
 * than one row, how many and what else was done.
 */
function WhatWasDone({ entry }: { entry: AccessEntry }) {
  const t = useT();
  const what = translateEnglish(describeAccess(entry).what);
  const count = entry.count ?? 1;
  if (count <= 1) return what;
  const also = [...new Set(entry.kinds ?? [])]
    .filter((kind) => kind !== entry.kind)
    .map((kind) => translateEnglish(ACCESS_KIND_TEXT[kind]));
  return (
    <>
      {what}{' '}
      <span className="block text-muted">
        {also.length > 0
          ? t('public.accessLog.actionsInVisitAlso', { count, actions: also.join(', ') })
          : accessCountText(count)}
      </span>
    </>
  );
}

/** How many rows one line stands for, in words (in the language shown). */
export function accessCountText(count: number): string {
  return message('public.accessLog.actionsInVisit', { count });
}

/** When (never split), who, and what, in the contract's words (describeAccess). */
function useAccessColumns(): readonly RecordTableColumn<AccessEntry>[] {
  const t = useT();
  const format = useFormat();
  return [
    {
      header: t('public.accessLog.column.when'),
      cell: (entry) => (
        <time dateTime={entry.occurred_at}>{format.dayTime(localDateTime(entry.occurred_at))}</time>
      ),
      nowrap: true,
    },
    { header: t('public.accessLog.column.who'), cell: whoText },
    { header: t('public.accessLog.column.what'), cell: (entry) => <WhatWasDone entry={entry} /> },
  ];
}

/**
 * Whether the audit trail behind the lines shown was found unchanged: the newest line the server
 * has checked (its verified_at), up to when, and when it was checked; the newer lines wait for
 * the next hourly check.
 */
function VerifiedLine({ entries }: { entries: readonly AccessEntry[] }) {
  const t = useT();
  const format = useFormat();
  const newest = entries.find((entry) => entry.verified_at);
  return (
    <p className="mb-3 text-sm text-muted">
      {newest?.verified_at
        ? t('public.accessLog.verified', {
            checked: format.dayTime(localDateTime(newest.verified_at)),
            until: format.dayTime(localDateTime(newest.occurred_at)),
          })
        : t('public.accessLog.notVerified')}
    </p>
  );
}

/**
 * "Who opened my record" (/patient-profile/access): every access to the signed-in patient's
 * record from the audit trail, one line per visit, newest first, a page at a time (GET /profile/access-log). The
 * sentences come from the contract (describeAccess), so the API and the page agree on them.
 */
export function PatientAccessLogPage() {
  const t = useT();
  const format = useFormat();
  const columns = useAccessColumns();
  const log = useMyAccessLog();
  const entries = log.data?.pages.flatMap((page) => page.items) ?? [];
  const total = log.data?.pages[0]?.total;
  const more = log.data?.pages[0]?.more === true;

  let body;
  if (log.isPending) body = <LoadingState label={t('public.accessLog.loading')} />;
  else if (log.isError && entries.length === 0)
    body = <ErrorState>{t('public.accessLog.failed')}</ErrorState>;
  else if (entries.length === 0) body = <EmptyState>{t('public.accessLog.empty')}</EmptyState>;
  else
    body = (
      <Card title={t('public.accessLog.listTitle')}>
        {total !== undefined && (
          <p className="mb-3 text-sm text-muted">
            {more
              ? t('public.accessLog.showingOfMore', {
                  shown: entries.length,
                  total: format.number(total),
                })
              : t('public.accessLog.showing', { shown: entries.length, total })}
          </p>
        )}
        <VerifiedLine entries={entries} />
        <RecordTable
          columns={columns}
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
            {t('public.accessLog.showOlder')}
          </Button>
        )}
      </Card>
    );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8">
      <PageHeading>{t('public.accessLog.title')}</PageHeading>
      <p className="text-muted">{t('public.accessLog.intro')}</p>
      <p>
        <PortalLink to={ROUTES.patientProfile} className="font-semibold text-brand-800 underline">
          {t('public.accessLog.backToMyInfo')}
        </PortalLink>
      </p>
      {body}
    </div>
  );
}
