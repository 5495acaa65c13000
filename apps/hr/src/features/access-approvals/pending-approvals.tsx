import { useState } from 'react';
import { localDayTime, type PendingAccess } from '@portal/contract';
import { toApiError, useAccessApprovals, useApproveAccessMutation } from '@portal/api-client';
import { Button, Notice } from '@portal/ui';

/** What the one who asked for an access reads instead of an Approve button. */
export const WAITING_FOR_ANOTHER_HR = 'Waiting for another HR person';

/** Who asked, and when, in the viewer's words. */
function requestedText(item: PendingAccess): string {
  const who = item.requested_by_you ? 'you' : (item.requested_by ?? 'the administrator’s tool');
  return `Asked for by ${who} on ${localDayTime(new Date(item.requested_at))}`;
}

/** One waiting access: the employee, the position, who asked and when, and Approve. */
function PendingRow({
  item,
  approving,
  onApprove,
}: {
  item: PendingAccess;
  approving: boolean;
  onApprove: () => void;
}) {
  const name = `${item.first_name} ${item.last_name}`;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface p-3">
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-ink">
          {name} <span className="font-mono font-normal text-muted">{item.employee_id}</span>
        </p>
        <p className="text-ink">{item.position_name}</p>
        <p className="text-muted">{requestedText(item)}</p>
      </div>
      {item.requested_by_you ? (
        <p className="text-sm font-semibold text-muted">{WAITING_FOR_ANOTHER_HR}</p>
      ) : (
        <Button variant="secondary" busy={approving} onClick={onApprove}>
          Approve <span className="sr-only">access of {name}</span>
        </Button>
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
  const [approved, setApproved] = useState<string | null>(null);
  const items = approvals.data ?? [];
  return (
    <section aria-labelledby="pending-approvals-title" className="flex flex-col gap-3">
      <h2 id="pending-approvals-title" className="text-lg font-semibold text-brand-800">
        Portal access waiting for approval
      </h2>
      {approved && (
        <Notice tone="success" title="Access approved">
          <p>{approved}</p>
        </Notice>
      )}
      {approve.error != null && (
        <Notice tone="error" title="The access was not approved">
          <p>{toApiError(approve.error).detail}</p>
        </Notice>
      )}
      {approvals.isPending ? (
        <p className="text-sm text-muted">Loading the access waiting for approval…</p>
      ) : approvals.isError ? (
        <p role="alert" className="text-sm font-medium text-danger-800">
          Could not load the access waiting for approval: {toApiError(approvals.error).detail}
        </p>
      ) : items.length === 0 ? (
        <p className="text-sm text-muted">No portal access is waiting for approval.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {items.map((item) => (
            <PendingRow
              key={item.employee_id}
              item={item}
              approving={approve.isPending && approve.variables.employeeId === item.employee_id}
              onApprove={() => {
                setApproved(null);
                approve.mutate(
                  { employeeId: item.employee_id, positionId: item.position_id },
                  {
                    onSuccess: () =>
                      setApproved(
                        `${item.first_name} ${item.last_name} (${item.employee_id}) can now sign in as ${item.position_name}.`,
                      ),
                  },
                );
              }}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
