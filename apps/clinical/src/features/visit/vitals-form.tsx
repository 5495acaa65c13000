import { useEffect, useEffectEvent } from 'react';
import { useWatch } from 'react-hook-form';
import { bodyMassIndex, recordVitalsRequestSchema, VITAL_FIELDS } from '@portal/contract';
import { toApiError, useVisitMutations } from '@portal/api-client';
import {
  PortalForm,
  SubmitErrorNotice,
  TextField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button, Notice, useFormat, useT } from '@portal/ui';
import { EMPTY_VITALS, VITAL_LABELS, type VitalsDraft } from './vital-words';

// The rules are the contract's: this module loads when the form first opens, after the chart's
// calls have brought zod, so they cost no first visit.

/** A number as typed, or null while it is none. */
function typedNumber(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const n = Number(value);
  return Number.isFinite(n) ? n : null;
}

/** Props of {@link VitalsForm}. */
export interface VitalsFormProps {
  readonly patientId: string;
  /** What was typed before (the form starts with it). */
  readonly draft: VitalsDraft;
  /** What is typed, as it is typed: the section keeps it, so closing the form loses nothing. */
  readonly onDraftChange: (draft: VitalsDraft) => void;
  readonly onClose: () => void;
}

/**
 * Records a set of vital signs, taken now: any of the eight measurements (blood pressure as a
 * pair), each refused beside its field with what was typed kept (the contract's rules, then the
 * server's), the body mass index worked out as weight and height are typed (the contract's
 * computation). What is typed goes to the section as it is typed, which shows it again when the
 * form reopens and holds the page's leave guard meanwhile. After a save the form is emptied for
 * the next set.
 */
export function VitalsForm({ patientId, draft, onDraftChange, onClose }: VitalsFormProps) {
  const t = useT();
  const format = useFormat();
  const mutations = useVisitMutations(patientId);
  const form = usePortalForm(recordVitalsRequestSchema, { defaultValues: draft });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<true>();
  const weight = useWatch({ control: form.control, name: 'weight_kg' });
  const height = useWatch({ control: form.control, name: 'height_cm' });
  const bmi = bodyMassIndex(typedNumber(weight), typedNumber(height));
  // What is typed goes to the section as it is typed (compared as text: a new object each
  // time the form changes, never between).
  const typed = JSON.stringify(useWatch({ control: form.control }));
  const report = useEffectEvent(() => {
    const values = form.getValues() as Record<string, unknown>;
    onDraftChange(
      Object.fromEntries(
        VITAL_FIELDS.map((field) => {
          const value = values[field];
          return [field, typeof value === 'string' ? value : ''];
        }),
      ) as VitalsDraft,
    );
  });
  useEffect(() => report(), [typed]);
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line p-3 print:hidden">
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
            form.reset(EMPTY_VITALS);
            succeed(true);
          } catch (error) {
            fail(form, toApiError(error));
          }
        }}
      >
        <p className="text-sm text-muted">{t('clinical.vitals.formHint')}</p>
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-4">
          {VITAL_FIELDS.map((field) => {
            // Typed as text, as measured: the contract's rules read the number (whole or to one
            // decimal) and say what is wrong beside the field, keeping what was typed.
            return (
              <TextField
                key={field}
                name={field}
                label={t(VITAL_LABELS[field])}
                autoComplete="off"
                maxLength={6}
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
