import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useFormState, useWatch } from 'react-hook-form';
import {
  DOSE_UNIT_NAMES,
  INSTRUCTIONS_MAX,
  MEDICATION_FREQUENCY_NAMES,
  MEDICATION_REASON_MAX,
  MEDICATION_ROUTE_NAMES,
  type PrescribeRequest,
  type PrescriptionConflicts,
  prescribeRequestSchema,
  suggestedQuantity,
} from '@portal/contract';
import { prescriptionConflictsOf, toApiError, useMedicationMutations } from '@portal/api-client';
import { translateEnglish } from '@portal/i18n';
import {
  DecimalField,
  PortalForm,
  RequiredFieldsNote,
  SelectField,
  SubmitErrorNotice,
  TextAreaField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import {
  Button,
  DOSE_UNIT_WORDS,
  MEDICATION_FREQUENCY_WORDS,
  MEDICATION_ROUTE_WORDS,
  Notice,
  useT,
} from '@portal/ui';
import { CatalogueCombobox } from '../chart/catalogue-combobox';
import {
  EMPTY_PRESCRIPTION,
  PRESCRIPTION_TEXT_FIELDS,
  type PrescriptionDraft,
} from './prescription-draft';

// The rules are the contract's: this module loads when the form first opens, after the chart's
// calls have brought zod, so they cost no first visit.

/** The form's values from a draft: the drug's id, every other field as typed. */
function valuesOf(draft: PrescriptionDraft) {
  return {
    drug_id: draft.drug?.id ?? '',
    ...Object.fromEntries(PRESCRIPTION_TEXT_FIELDS.map((field) => [field, draft[field]])),
  } as unknown as PrescribeRequest;
}

/** Props of {@link PrescribeForm}. */
export interface PrescribeFormProps {
  readonly patientId: string;
  /** What was typed before (the form starts with it). */
  readonly draft: PrescriptionDraft;
  /** What is typed, as it is typed: the section keeps it, so closing the form loses nothing. */
  readonly onDraftChange: (draft: PrescriptionDraft) => void;
  readonly onClose: () => void;
  /** Whether the drug's field takes the focus when the form opens (not when a page opens with it). */
  readonly focusOnOpen?: boolean;
}

/** What the server refused a prescription for (409): the allergies met, the therapies duplicated. */
function ConflictList({ conflicts }: { conflicts: PrescriptionConflicts }) {
  const t = useT();
  return (
    <ul className="list-disc pl-5">
      {conflicts.allergies.map((a) => (
        <li key={`allergy-${a.allergy_id ?? ''}-${a.substance_id}`} className="font-bold">
          {t('clinical.medications.conflictAllergy', { name: a.name })}
        </li>
      ))}
      {conflicts.duplicates.map((d) => (
        <li key={`duplicate-${d.medication_id}`} className="font-bold">
          {t('clinical.medications.conflictDuplicate', { name: d.name })}
        </li>
      ))}
    </ul>
  );
}

/**
 * Prescribes a drug of the catalogue: the drug picked as one types, the dose and its unit, the
 * route, the frequency, the days, the quantity to dispense and the patient's instructions; each
 * field refused beside it with what was typed kept (the contract's rules, then the server's).
 * A refusal for an allergy or a duplicate therapy (409) keeps the form as it is, names what was
 * met and offers to prescribe anyway with a reason: that is another request (the body says why),
 * so the API client sends it with a new Idempotency-Key, as the booking's "Book anyway" does.
 */
export function PrescribeForm({
  patientId,
  draft,
  onDraftChange,
  onClose,
  focusOnOpen = true,
}: PrescribeFormProps) {
  const t = useT();
  const id = useId();
  const mutations = useMedicationMutations(patientId);
  const form = usePortalForm(prescribeRequestSchema, { defaultValues: valuesOf(draft) });
  const { feedback, noticeRef, succeed, fail, clear } = useSubmitFeedback<string>();
  const [drug, setDrug] = useState(draft.drug);
  // Each prescription saved starts the picker afresh (it keeps what was typed in it otherwise).
  const [saves, setSaves] = useState(0);
  // A prescription refused for what it meets, waiting for a reason to prescribe it anyway.
  const [conflicts, setConflicts] = useState<PrescriptionConflicts | null>(null);
  const [reason, setReason] = useState('');
  const [reasonMissing, setReasonMissing] = useState(false);
  const { errors } = useFormState({ control: form.control, name: 'drug_id' });
  const drugError = errors.drug_id?.message;
  // What is typed goes to the section as it is typed (compared as text: a new object each time
  // the form changes, never between).
  const typed = JSON.stringify(useWatch({ control: form.control }));
  const report = useEffectEvent(() => {
    const values = form.getValues() as Record<string, unknown>;
    onDraftChange({
      drug,
      ...(Object.fromEntries(
        PRESCRIPTION_TEXT_FIELDS.map((field) => {
          const value = values[field];
          return [field, typeof value === 'string' ? value : ''];
        }),
      ) as Omit<PrescriptionDraft, 'drug'>),
    });
  });
  useEffect(() => report(), [typed, drug]);
  // The quantity the schedule adds up to, filled in while the prescriber has not typed one.
  const [dose, unit, frequency, days] = useWatch({
    control: form.control,
    name: ['dose', 'unit', 'frequency', 'duration_days'],
  }) as unknown as (string | undefined)[];
  const suggested = suggestedQuantity({
    dose: Number(dose),
    unit: unit ?? '',
    frequency: frequency ?? '',
    duration_days: Number(days),
  });
  const { dirtyFields } = useFormState({ control: form.control, name: 'quantity' });
  const quantityTyped = dirtyFields.quantity === true;
  useEffect(() => {
    if (!quantityTyped && suggested !== null)
      form.setValue('quantity', String(suggested), { shouldDirty: false });
  }, [form, quantityTyped, suggested]);

  const save = async (values: PrescribeRequest) => {
    clear();
    try {
      const saved = await mutations.prescribe.mutateAsync(values);
      setConflicts(null);
      setReason('');
      setDrug(null);
      setSaves((n) => n + 1);
      form.reset(valuesOf(EMPTY_PRESCRIPTION));
      succeed(saved.name);
    } catch (error) {
      const apiError = toApiError(error);
      const met = prescriptionConflictsOf(apiError);
      if (met) {
        // What was typed stays; the reason is asked beside what was met.
        setConflicts(met);
        return;
      }
      fail(form, apiError);
    }
  };

  const unitOptions = DOSE_UNIT_NAMES.map((u) => ({ value: u, label: t(DOSE_UNIT_WORDS[u]) }));
  const routeOptions = MEDICATION_ROUTE_NAMES.map((r) => ({
    value: r,
    label: t(MEDICATION_ROUTE_WORDS[r]),
  }));
  const frequencyOptions = MEDICATION_FREQUENCY_NAMES.map((f) => ({
    value: f,
    label: t(MEDICATION_FREQUENCY_WORDS[f]),
  }));
  const busy = mutations.prescribe.isPending;
  return (
    <div className="flex flex-col gap-3 rounded-lg border border-line p-3 print:hidden">
      {feedback?.kind === 'success' && (
        <Notice ref={noticeRef} tone="success" tabIndex={-1}>
          <p>{t('clinical.medications.saved', { name: feedback.value })}</p>
        </Notice>
      )}
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('clinical.medications.notSaved')}
      />
      <PortalForm
        form={form}
        aria-label={t('clinical.medications.prescribe')}
        onSubmit={async (values) => {
          // Sent as typed: a refusal asks again for the reason, if it still holds.
          setConflicts(null);
          setReasonMissing(false);
          await save(values);
        }}
      >
        <RequiredFieldsNote />
        <CatalogueCombobox
          key={saves}
          catalogue="substances"
          kind="drug"
          label={t('clinical.medications.drug')}
          chosen={drug}
          onChoose={(item) => {
            setDrug(item);
            form.setValue('drug_id', item?.id ?? '', {
              shouldDirty: true,
              shouldValidate: form.formState.isSubmitted,
            });
          }}
          invalid={drugError ? translateEnglish(drugError) : undefined}
          focusOnMount={saves === 0 && focusOnOpen}
        />
        <div className="grid grid-cols-1 gap-4 min-[400px]:grid-cols-2 lg:grid-cols-3">
          <DecimalField name="dose" label={t('clinical.medications.dose')} required />
          <SelectField
            name="unit"
            label={t('clinical.medications.unit')}
            required
            options={unitOptions}
          />
          <SelectField
            name="route"
            label={t('clinical.medications.route')}
            required
            options={routeOptions}
          />
          <SelectField
            name="frequency"
            label={t('clinical.medications.frequency')}
            required
            options={frequencyOptions}
          />
          {/* Typed as text, a whole number: the contract's rule reads it (a number field would
              share its chunk with the patient forms', which then load one more file). */}
          <DecimalField
            name="duration_days"
            label={t('clinical.medications.durationDays')}
            required
            inputMode="numeric"
            maxLength={3}
          />
          <DecimalField
            name="quantity"
            label={t('clinical.medications.quantityField')}
            hint={
              !quantityTyped && suggested !== null
                ? t('clinical.medications.quantitySuggested')
                : undefined
            }
            required
          />
        </div>
        <TextAreaField
          name="instructions"
          label={t('clinical.medications.instructionsField')}
          hint={t('clinical.medications.instructionsHint')}
          required
          rows={3}
          maxLength={INSTRUCTIONS_MAX}
        />
        {conflicts && (
          <div
            role="alert"
            className="flex flex-col gap-3 rounded-lg border-2 border-danger-700 bg-danger-50 p-3 text-danger-800"
          >
            <p className="text-lg font-bold">{t('clinical.medications.conflictTitle')}</p>
            <ConflictList conflicts={conflicts} />
            <div className="flex flex-col gap-1 text-ink">
              <label htmlFor={`${id}-override`} className="text-sm font-semibold">
                {t('clinical.medications.overrideReason')}
              </label>
              <textarea
                id={`${id}-override`}
                rows={2}
                maxLength={MEDICATION_REASON_MAX}
                value={reason}
                aria-invalid={reasonMissing ? true : undefined}
                aria-describedby={reasonMissing ? `${id}-override-error` : undefined}
                className="min-h-11 rounded-md border border-muted bg-surface px-3 py-2 text-ink aria-invalid:border-2 aria-invalid:border-danger-700"
                onChange={(event) => {
                  setReason(event.target.value);
                  if (event.target.value.trim()) setReasonMissing(false);
                }}
              />
              {reasonMissing && (
                <p id={`${id}-override-error`} className="text-sm font-medium text-danger-700">
                  {t('clinical.medications.overrideMissing')}
                </p>
              )}
            </div>
            <div className="flex flex-wrap gap-3">
              <Button
                variant="danger"
                busy={busy}
                onClick={() => {
                  if (!reason.trim()) {
                    setReasonMissing(true);
                    document.getElementById(`${id}-override`)?.focus();
                    return;
                  }
                  // Another request (it says why), so the client gives it a new key; what is
                  // in the form now is what is sent.
                  void form.handleSubmit((values) =>
                    save({ ...values, override_reason: reason.trim() }),
                  )();
                }}
              >
                {t('clinical.medications.prescribeAnyway')}
              </Button>
              <Button
                variant="secondary"
                disabled={busy}
                onClick={() => {
                  setConflicts(null);
                  setReasonMissing(false);
                  form.setFocus('dose');
                }}
              >
                {t('clinical.medications.change')}
              </Button>
            </div>
          </div>
        )}
        <div className="flex flex-wrap gap-3">
          <Button type="submit" busy={busy}>
            {t('clinical.medications.save')}
          </Button>
          <Button variant="secondary" disabled={busy} onClick={onClose}>
            {t('clinical.medications.close')}
          </Button>
        </div>
      </PortalForm>
    </div>
  );
}
