import { useEffect, useEffectEvent } from 'react';
import { z } from 'zod';
import { useWatch } from 'react-hook-form';
import {
  bodyMassIndex,
  hospitalNow,
  recordVitalsRequestSchema,
  VITAL_FIELDS,
  VITAL_LIMITS,
  zonedInstant,
} from '@portal/contract';
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

/** The hospital's clock now as the time-taken field shows it: `2026-01-05T09:07`. */
function hospitalLocalNow(): string {
  const now = hospitalNow();
  return `${now.date}T${now.time.slice(0, 5)}`;
}

/**
 * The time taken as the field holds it (the hospital's `YYYY-MM-DDTHH:MM`) as the instant the
 * contract takes; anything else as it is, for the contract's rule to name.
 */
function takenAtInstant(value: unknown): unknown {
  const match =
    typeof value === 'string' ? /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})$/.exec(value) : null;
  if (!match) return value;
  const at = zonedInstant(match[1]!, Number(match[2]) * 60 + Number(match[3]));
  return at === null ? value : new Date(at).toISOString();
}

/**
 * The contract's rules, the time taken read on the hospital's clock first (the field's value
 * is the hospital's wall time; the call takes an instant with its zone).
 */
const vitalsFormSchema = z.preprocess(
  (values) =>
    values && typeof values === 'object'
      ? { ...values, taken_at: takenAtInstant((values as { taken_at?: unknown }).taken_at) }
      : values,
  recordVitalsRequestSchema,
) as unknown as typeof recordVitalsRequestSchema;

/** The form's values as it starts: the draft, taken now unless another time was typed. */
const startOf = (draft: VitalsDraft) => ({
  ...draft,
  taken_at: draft.taken_at || hospitalLocalNow(),
});

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
 * Records a set of vital signs, taken now unless another time is given (the hospital's clock,
 * editable): any of the eight measurements (blood pressure as a
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
  const form = usePortalForm(vitalsFormSchema, { defaultValues: startOf(draft) });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<true>();
  const weight = useWatch({ control: form.control, name: 'weight_kg' });
  const height = useWatch({ control: form.control, name: 'height_cm' });
  const bmi = bodyMassIndex(typedNumber(weight), typedNumber(height));
  // What is typed goes to the section as it is typed (compared as text: a new object each
  // time the form changes, never between).
  const typed = JSON.stringify(useWatch({ control: form.control }));
  const report = useEffectEvent(() => {
    const values = form.getValues() as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    onDraftChange({
      ...(Object.fromEntries(VITAL_FIELDS.map((field) => [field, text(values[field])])) as Omit<
        VitalsDraft,
        'taken_at'
      >),
      // The time only once changed: left as it was, it is "now" when the form next opens.
      taken_at: form.getFieldState('taken_at').isDirty ? text(values['taken_at']) : '',
    });
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
            // The time as shown (the hospital's now as the form opened, or as changed).
            await mutations.recordVitals.mutateAsync(values);
            form.reset(startOf(EMPTY_VITALS));
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
                inputMode={VITAL_LIMITS[field].whole ? 'numeric' : 'decimal'}
                maxLength={6}
              />
            );
          })}
        </div>
        <div className="max-w-xs">
          <TextField
            name="taken_at"
            type="datetime-local"
            label={t('clinical.vitals.takenAt')}
            hint={t('clinical.vitals.takenAtHint')}
          />
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
