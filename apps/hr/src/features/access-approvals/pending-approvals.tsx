import { lazy, Suspense, useState } from 'react';
import { localDayTime, type PendingAccess } from '@portal/contract';
import { toApiError, useAccessApprovals, useApproveAccessMutation } from '@portal/api-client';
import { requirePack, translateEnglish } from '@portal/i18n';
import { Button, ErrorState, Msg, Notice, useFormat, useLocale, useT } from '@portal/ui';
import { positionName } from '../employee-record-fields/local-names';

/** What the one who asked reads instead of an Approve button, in English (for the tests). */
export { WAITING_FOR_ANOTHER_HR } from '../english-words';

// The refusal's dialog, its form and rule load when it first opens.
const RefuseAccessDialog = lazy(() =>
  import('./refuse-access-dialog').then(async (m) => {
    await requirePack(m.DIALOG_TEXTS);
    return { default: m.RefuseAccessDialog };
  }),
);

/** Who asked, and when, in the viewer's words. */
function RequestedText({ item }: { item: PendingAccess }) {
  const t = useT();
  const format = useFormat();
  const dayTime = format.dayTime(localDayTime(new Date(item.requested_at)));
  if (item.requested_by_you) return <>{t('hr.accessApprovals.requestedByYou', { dayTime })}</>;
  return (
    <>
      {item.requested_by
        ? t('hr.accessApprovals.requestedBy', { name: item.requested_by, dayTime })
        : t('hr.accessApprovals.requestedByTool', { dayTime })}
    </>
  );
}

/** One waiting access: the employee, the position, who asked and when, Approve and Refuse. */
function PendingRow({
  item,
  approving,
  onApprove,
  onRefuse,
}: {
  item: PendingAccess;
  approving: boolean;
  onApprove: () => void;
  onRefuse: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const name = `${item.first_name} ${item.last_name}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface p-3">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-ink">
          {name} <span className="font-mono font-normal text-muted">{item.employee_id}</span>
        </p>
        <p className="text-ink">{positionName(item.position_id, item.position_name, locale)}</p>
        <p className="text-muted">
          <RequestedText item={item} />
        </p>
      </div>
      {item.requested_by_you ? (
        <p className="text-sm font-semibold text-muted">
          {t('hr.accessApprovals.waitingForAnotherHr')}
        </p>
      ) : (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" busy={approving} onClick={onApprove}>
            <Msg
              id="hr.accessApprovals.approve"
              values={{ name }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </Button>
          <Button variant="secondary" disabled={approving} onClick={onRefuse}>
            <Msg
              id="hr.accessApprovals.refuse"
              values={{ name }}
              components={{ 0: <span className="sr-only" /> }}
            />
          </Button>
        </div>
      )}
    </li>
  );
}

/**
 * The portal access waiting for a second HR person (the two-person rule: whoever adds or
 * changes an employee cannot also give them access). Each row says who asked and when; another
 * HR person approves it, and the one who asked sees it as waiting for someone else.
 */
export function PendingApprovals() {
  const approvals = useAccessApprovals();
  const approve = useApproveAccessMutation();
  const t = useT();
  const locale = useLocale();
  // The access approved last, named when shown (in the language shown then).
  const [approved, setApproved] = useState<PendingAccess | null>(null);
  // The access being refused (its dialog open), and the one refused last.
  const [refusing, setRefusing] = useState<PendingAccess | null>(null);
  const [refused, setRefused] = useState<PendingAccess | null>(null);
  const items = approvals.data ?? [];
  return (
    <section aria-labelledby="pending-approvals-title" className="flex flex-col gap-3">
      <h2 id="pending-approvals-title" className="text-lg font-semibold text-brand-800">
        {t('hr.accessApprovals.title')}
      </h2>
      {approved && (
        <Notice tone="success" title={t('hr.accessApprovals.approvedTitle')}>
          <p>
            {t('hr.accessApprovals.approved', {
              name: `${approved.first_name} ${approved.last_name}`,
              employeeId: approved.employee_id,
              position:
                positionName(approved.position_id, approved.position_name, locale) ??
                approved.position_name,
            })}
          </p>
        </Notice>
      )}
      {refused && (
        <Notice tone="success" title={t('hr.accessApprovals.refusedTitle')}>
          <p>
            {t('hr.accessApprovals.refused', {
              name: `${refused.first_name} ${refused.last_name}`,
              employeeId: refused.employee_id,
            })}
          </p>
        </Notice>
      )}
      {approve.error != null && (
        <Notice tone="error" title={t('hr.accessApprovals.approveFailedTitle')}>
          <p>{translateEnglish(toApiError(approve.error).detail)}</p>
        </Notice>
      )}
      {approvals.isPending ? (
        <p className="text-sm text-muted">{t('hr.accessApprovals.loading')}</p>
      ) : approvals.isError ? (
        <ErrorState variant="inline">
          {t('hr.accessApprovals.loadFailed', {
            detail: translateEnglish(toApiError(approvals.error).detail),
          })}
        </ErrorState>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">{t('hr.accessApprovals.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <PendingRow
              key={item.employee_id}
              item={item}
              approving={approve.isPending && approve.variables.employeeId === item.employee_id}
              onRefuse={() => {
                setApproved(null);
                setRefused(null);
                setRefusing(item);
              }}
              onApprove={() => {
                setApproved(null);
                setRefused(null);
                approve.mutate(
                  { employeeId: item.employee_id, positionId: item.position_id },
                  {
                    onSuccess: () => setApproved(item),
                  },
                );
              }}
            />
          ))}
        </ul>
      )}
      {refusing && (
        <Suspense fallback={null}>
          <RefuseAccessDialog
            item={refusing}
            position={
              positionName(refusing.position_id, refusing.position_name, locale) ??
              refusing.position_name
            }
            onClose={() => setRefusing(null)}
            onRefused={() => {
              setRefused(refusing);
              setRefusing(null);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}
