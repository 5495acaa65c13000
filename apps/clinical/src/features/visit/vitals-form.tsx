import { useWatch } from 'react-hook-form';
import { bodyMassIndex, VITAL_FIELDS, VITAL_LIMITS } from '@portal/contract';
import { toApiError, useVisitMutations } from '@portal/api-client';
import {
  NumberField,
  PortalForm,
  SubmitErrorNotice,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { LeaveGuard, useFormDraft } from '@portal/shell';
import { Button, Notice, useFormat, useLaterTexts, useT } from '@portal/ui';
import { VITAL_LABELS } from './vital-words';

/** The recording's rules, loaded when the browser is idle or on the first submit. */
const vitalsSchema = () =>
  import('@portal/contract/schemas').then((c) => c.recordVitalsRequestSchema);

/** The form as typed: every measurement empty until measured. */
const EMPTY = Object.fromEntries(VITAL_FIELDS.map((field) => [field, ''])) as Record<
  (typeof VITAL_FIELDS)[number],
  string
>;

/** A number as typed, or null while it is none. */
function typedNumber(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Props of {@link VitalsForm}. */
export interface VitalsFormProps {
  readonly patientId: string;
  readonly onClose: () => void;
}

/**
 * Records a set of vital signs, taken now: any of the eight measurements (blood pressure as a
 * pair), each refused beside its field with what was typed kept (the contract's rules, then the
 * server's), the body mass index worked out as weight and height are typed (the contract's
 * computation). What is typed is kept for the tab if the session ends, and leaving with it
 * unsaved asks first. After a save the form is emptied for the next set.
 */
export function VitalsForm({ patientId, onClose }: VitalsFormProps) {
  const t = useT();
  const format = useFormat();
  const mutations = useVisitMutations(patientId);
  const form = usePortalForm(vitalsSchema, { defaultValues: EMPTY });
  const draft = useFormDraft(form, 'vitals');
  const laterTexts = useLaterTexts();
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<true>();
  const weight = useWatch({ control: form.control, name: 'weight_kg' });
  const height = useWatch({ control: form.control, name: 'height_cm' });
  const bmi = bodyMassIndex(typedNumber(weight), typedNumber(height));
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line p-3 print:hidden">
      <LeaveGuard dirty={form.formState.isDirty} />
      {draft.restored && laterTexts && (
        <Notice tone="info">
          <p>{t('common.draft.restored')}</p>
        </Notice>
      )}
      {feedback?.kind === 'success' && (
        <Notice ref={noticeRef} tone="success" tabIndex={-1}>
          <p>{t('clinical.vitals.saved')}</p>
        </Notice>
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('clinical.vitals.notSaved')}
      />
      <PortalForm
        form={form}
        aria-label={t('clinical.vitals.record')}
        onSubmit={async (values) => {
          clear();
          try {
            await mutations.recordVitals.mutateAsync(values);
            draft.clear();
            form.reset(EMPTY);
            succeed(true);
          } catch (error) {
            fail(form, toApiError(error));
          }
        }}
      >
        <p className="text-sm text-muted">{t('clinical.vitals.formHint')}</p>
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
          {VITAL_FIELDS.map((field) => {
            const { whole, min, max } = VITAL_LIMITS[field];
            return (
              <NumberField
                key={field}
                name={field}
                label={t(VITAL_LABELS[field])}
                min={min}
                max={max}
                step={whole ? 1 : 0.1}
              />
            );
          })}
        </div>
        <p className="text-sm text-ink" aria-live="polite">
          {bmi !== null && t('clinical.vitals.bmiPreview', { bmi: format.number(bmi) })}
        </p>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={mutations.recordVitals.isPending}>
            {t('clinical.vitals.save')}
          </Button>
          <Button variant="secondary" disabled={mutations.recordVitals.isPending} onClick={onClose}>
            {t('clinical.vitals.close')}
          </Button>
        </div>
      </PortalForm>
    </div>
  );
}
