import { useEffect, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod';
import { toApiError } from '@portal/api-client';
import {
  PortalForm,
  SubmitErrorNotice,
  TextField,
  type SchemaSource,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button, useT } from '@portal/ui';

/** What an edit page's first step needs: which record, how to find it, what to do with it. */
export interface RecordLookupProps {
  /** The record in words (in the language shown), with its English article: "a patient". */
  noun: { article: 'a' | 'an'; word: string };
  /** The id field: its form name, label and placeholder. */
  field: { name: string; label: string; placeholder: string };
  /**
   * The contract's rule of the lookup, an object of the id field (`patientIdParamsSchema`, the
   * API's own rule for the id in the path), or a loader of it declared once at module level
   * (`() => import('@portal/contract/schemas').then((c) => c.patientIdParamsSchema)`), so that
   * zod is fetched after the first paint, like the add forms' rules.
   */
  schema: SchemaSource<z.ZodType<Record<string, string>, Record<string, string>>>;
  /** Called as a lookup starts (the page forgets the record it showed). */
  onStart: () => void;
  /** Loads the record; an error it throws is shown under the form. */
  onLoad: (id: string) => Promise<void>;
  /** Change it to clear the id box (after a save, or Reset). */
  resetKey: number;
  /**
   * An id to fill in and load at once, as the page opens (`?patient_id=P037` from the chart,
   * or typed into the address by hand). Empty or absent: the box starts empty.
   */
  initialId?: string;
  /**
   * Asked before a lookup replaces the record on the page; a false answer (the person chose to
   * keep their unsaved changes) stops it. See `useDiscardQuestion`.
   */
  confirmReplace?: () => Promise<boolean>;
}

/** An edit page's first step: type an id, load the record; a failure is said under the form. */
export function RecordLookup({
  noun,
  field,
  schema,
  onStart,
  onLoad,
  resetKey,
  initialId = '',
  confirmReplace,
}: RecordLookupProps) {
  const empty = { [field.name]: initialId } as DefaultValues<Record<string, string>>;
  const lookup = usePortalForm(schema, { defaultValues: empty });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback<never>();
  const t = useT();

  const submit = async (values: Record<string, unknown>) => {
    if (confirmReplace && !(await confirmReplace())) return;
    clear();
    onStart();
    try {
      await onLoad(String(values[field.name]));
    } catch (error) {
      fail(lookup, toApiError(error));
    }
  };

  // An id given with the page is loaded once, as if typed and submitted.
  const [autoLoad] = useState(initialId !== '');
  useEffect(() => {
    if (autoLoad) void lookup.handleSubmit(submit)();
    // Once, on mount: a later change of the id is the person's to submit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [autoLoad]);

  useEffect(() => {
    if (resetKey === 0) return;
    lookup.reset({ [field.name]: '' });
    clear();
  }, [resetKey, lookup, field.name, clear]);

  return (
    <>
      <PortalForm
        form={lookup}
        aria-label={t('common.lookup.form', { article: noun.article, word: noun.word })}
        className="flex flex-col gap-3 sm:flex-row sm:items-end"
        onSubmit={submit}
      >
        <div className="grow">
          <TextField
            name={field.name}
            label={field.label}
            required
            placeholder={field.placeholder}
            autoComplete="off"
            // The id of the record shown stays in the box; the next one typed replaces it.
            selectOnFocus
          />
        </div>
        <Button type="submit" variant="secondary" busy={lookup.formState.isSubmitting}>
          {t('common.lookup.load', { word: noun.word })}
        </Button>
      </PortalForm>
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={t('common.lookup.failed', { word: noun.word })}
      />
    </>
  );
}
