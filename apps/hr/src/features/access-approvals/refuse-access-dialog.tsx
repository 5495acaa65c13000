import { ACCESS_REFUSAL_REASON_MAX, type PendingAccess } from '@portal/contract';
import { toApiError, useRefuseAccessMutation } from '@portal/api-client';
import { ReasonDialog } from '@portal/form-widgets';
import { useT } from '@portal/ui';

/** The form kit's texts (lib/packs.ts in @portal/i18n): fetched with this module, before it renders. */
export { default as DIALOG_TEXTS } from '@portal/i18n/packs/page-hr-dialogs';

/** The refusal's rule for its reason, loaded when the dialog first opens. */
const refuseSchema = () =>
  import('@portal/contract/schemas').then((c) =>
    c.refuseAccessRequestSchema.pick({ reason: true }),
  );

/** Props of {@link RefuseAccessDialog}. */
export interface RefuseAccessDialogProps {
  readonly item: PendingAccess;
  /** The position in words, in the language shown. */
  readonly position: string;
  readonly onClose: () => void;
  readonly onRefused: () => void;
}

/**
 * Refuses one waiting access with a reason (kept with the refusal and audited); the position
 * sent is the one shown, so a position changed meanwhile is not refused unseen.
 */
export function RefuseAccessDialog({
  item,
  position,
  onClose,
  onRefused,
}: RefuseAccessDialogProps) {
  const mutation = useRefuseAccessMutation();
  const t = useT();
  const name = `${item.first_name} ${item.last_name}`;
  return (
    <ReasonDialog
      schema={refuseSchema}
      title={t('hr.accessApprovals.refuseTitle', { name })}
      description={t('hr.accessApprovals.refuseDescription', { name, position })}
      reasonLabel={t('hr.accessApprovals.refuseReason')}
      maxLength={ACCESS_REFUSAL_REASON_MAX}
      failedTitle={t('hr.accessApprovals.refuseFailedTitle')}
      keepLabel={t('hr.accessApprovals.keepWaiting')}
      submitLabel={t('hr.accessApprovals.refuseSubmit')}
      busy={mutation.isPending}
      submit={({ reason }) =>
        mutation.mutateAsync({
          employeeId: item.employee_id,
          positionId: item.position_id,
          reason,
        })
      }
      toFailure={toApiError}
      onDone={onRefused}
      onClose={onClose}
    />
  );
}
