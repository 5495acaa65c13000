import { useRef } from 'react';
import {
  type Medication,
  MEDICATION_REASON_MAX,
  stopMedicationRequestSchema,
} from '@portal/contract';
import { toApiError, useMedicationMutations } from '@portal/api-client';
import {
  PortalForm,
  SubmitErrorNotice,
  TextAreaField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button, Dialog, useT } from '@portal/ui';

/** Props of {@link StopMedicationDialog}. */
export interface StopMedicationDialogProps {
  readonly patientId: string;
  readonly medication: Pick<Medication, 'id' | 'name'>;
  /** Closed, stopped or not (the list shows which). */
  readonly onClose: () => void;
}

/**
 * Stops an active prescription with its reason, as the chart's cancel dialog cancels an
 * appointment: the reason is required (the contract's rule, shown beside the field), and the
 * prescription stays on the record as stopped, never deleted.
 */
export function StopMedicationDialog({
  patientId,
  medication,
  onClose,
}: StopMedicationDialogProps) {
  const t = useT();
  const mutations = useMedicationMutations(patientId);
  const form = usePortalForm(stopMedicationRequestSchema, { defaultValues: { reason: '' } });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback();
  const reasonRef = useRef<HTMLElement | null>(null);
  const busy = mutations.stop.isPending;
  const title = t('clinical.medications.stopTitle', { name: medication.name });
  return (
    <Dialog
      open
      title={title}
      description={t('clinical.medications.stopDescription')}
      onClose={onClose}
      initialFocusRef={reasonRef}
    >
      <PortalForm
        form={form}
        aria-label={title}
        onSubmit={async (values) => {
          clear();
          try {
            await mutations.stop.mutateAsync({ medicationId: medication.id, body: values });
            onClose();
          } catch (error) {
            fail(form, toApiError(error));
          }
        }}
      >
        <SubmitErrorNotice
          feedback={feedback}
          noticeRef={noticeRef}
          title={t('clinical.medications.stopFailed')}
        />
        <div
          ref={(element) => {
            reasonRef.current = element?.querySelector('textarea') ?? null;
          }}
        >
          <TextAreaField
            name="reason"
            label={t('clinical.medications.stopReason')}
            required
            rows={3}
            maxLength={MEDICATION_REASON_MAX}
          />
        </div>
        <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {t('clinical.medications.stopKeep')}
          </Button>
          <Button type="submit" variant="danger" busy={busy}>
            {t('clinical.medications.stopSubmit')}
          </Button>
        </div>
      </PortalForm>
    </Dialog>
  );
}
