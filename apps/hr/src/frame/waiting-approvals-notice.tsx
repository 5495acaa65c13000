import { ROUTES } from '@portal/contract';
import { useAccessApprovals } from '@portal/api-client';
import { PortalLink, useT } from '@portal/ui';

/** Where the list of waiting access is: the search page's section, by its heading's id. */
export const WAITING_LIST_ANCHOR = 'pending-approvals-title';

/**
 * Above every HR page: how many portal accesses wait for this HR person's approval (those they
 * asked for themselves wait for someone else and are not counted), with a link to the list
 * where each is approved or refused. Nothing when none waits.
 */
export function WaitingApprovalsNotice() {
  const approvals = useAccessApprovals();
  const t = useT();
  const count = (approvals.data ?? []).filter((item) => !item.requested_by_you).length;
  if (count === 0) return null;
  return (
    <aside
      aria-label={t('hr.waiting.label')}
      className="mb-6 flex flex-wrap items-center justify-between gap-3 rounded-lg border-l-4 border-warning-800 bg-warning-50 p-4 text-sm text-ink"
    >
      <p className="font-semibold">{t('hr.waiting.count', { count })}</p>
      <PortalLink
        to={`${ROUTES.searchEmployee}#${WAITING_LIST_ANCHOR}`}
        className="inline-flex min-h-11 items-center font-semibold text-brand-800 underline underline-offset-2"
      >
        {t('hr.waiting.review')}
      </PortalLink>
    </aside>
  );
}
