import { useRef } from 'react';
import { ACCESS_REFUSAL_REASON_MAX, type PendingAccess } from '@portal/contract';
import { toApiError, useRefuseAccessMutation } from '@portal/api-client';
import {
  PortalForm,
  SubmitErrorNotice,
  TextAreaField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button, Dialog, useT } from '@portal/ui';

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
  const form = usePortalForm(refuseSchema, { defaultValues: { reason: '' } });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback();
  const reasonRef = useRef<HTMLElement | null>(null);
  const t = useT();
  const name = `${item.first_name} ${item.last_name}`;
  return (
    <Dialog
      open
      title={t('hr.accessApprovals.refuseTitle', { name })}
      description={t('hr.accessApprovals.refuseDescription', { name, position })}
      onClose={onClose}
      initialFocusRef={reasonRef}
    >
      <PortalForm
        form={form}
        aria-label={t('hr.accessApprovals.refuseTitle', { name })}
        onSubmit={async (values) => {
          clear();
          try {
            await mutation.mutateAsync({
              employeeId: item.employee_id,
              positionId: item.position_id,
              reason: values.reason,
            });
            onRefused();
          } catch (error) {
            fail(form, toApiError(error));
          }
        }}
      >
        <SubmitErrorNotice
          feedback={feedback}
          noticeRef={noticeRef}
          title={t('hr.accessApprovals.refuseFailedTitle')}
        />
        <div
          ref={(element) => {
            reasonRef.current = element?.querySelector('textarea') ?? null;
          }}
        >
          <TextAreaField
            name="reason"
            label={t('hr.accessApprovals.refuseReason')}
            required
            rows={3}
            maxLength={ACCESS_REFUSAL_REASON_MAX}
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={mutation.isPending} onClick={onClose}>
            {t('hr.accessApprovals.keepWaiting')}
          </Button>
          <Button type="submit" variant="danger" busy={mutation.isPending}>
            {t('hr.accessApprovals.refuseSubmit')}
          </Button>
        </div>
      </PortalForm>
    </Dialog>
  );
}
