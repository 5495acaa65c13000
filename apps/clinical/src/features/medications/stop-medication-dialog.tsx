import {
  type Medication,
  MEDICATION_REASON_MAX,
  stopMedicationRequestSchema,
} from '@portal/contract';
import { toApiError, useMedicationMutations } from '@portal/api-client';
import { ReasonDialog } from '@portal/form-widgets';
import { useT } from '@portal/ui';

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
  return (
    <ReasonDialog
      schema={stopMedicationRequestSchema}
      title={t('clinical.medications.stopTitle', { name: medication.name })}
      description={t('clinical.medications.stopDescription')}
      reasonLabel={t('clinical.medications.stopReason')}
      maxLength={MEDICATION_REASON_MAX}
      failedTitle={t('clinical.medications.stopFailed')}
      keepLabel={t('clinical.medications.stopKeep')}
      submitLabel={t('clinical.medications.stopSubmit')}
      busy={mutations.stop.isPending}
      submit={(body) => mutations.stop.mutateAsync({ medicationId: medication.id, body })}
      toFailure={toApiError}
      onDone={onClose}
      onClose={onClose}
    />
  );
}
