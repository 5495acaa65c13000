import { useEffect, useMemo, useState } from 'react';
import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod';
import { toApiError } from '@portal/api-client';
import {
  PortalForm,
  SubmitErrorNotice,
  TextField,
  usePortalForm,
  useSubmitFeedback,
} from '@portal/form-widgets';
import { Button } from '@portal/ui';

/** What an edit page's first step needs: which record, how to find it, what to do with it. */
export interface RecordLookupProps {
  /** The record in words, with its article: "a patient", "an employee". */
  noun: { article: 'a' | 'an'; word: string };
  /** The id field: its form name, label and placeholder. */
  field: { name: string; label: string; placeholder: string };
  /** The contract's rule for the id. */
  idSchema: z.ZodType<string, string>;
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
}

/** An edit page's first step: type an id, load the record; a failure is said under the form. */
export function RecordLookup({
  noun,
  field,
  idSchema,
  onStart,
  onLoad,
  resetKey,
  initialId = '',
}: RecordLookupProps) {
  const schema = useMemo(() => z.object({ [field.name]: idSchema }), [field.name, idSchema]);
  const empty = { [field.name]: initialId } as DefaultValues<Record<string, string>>;
  const lookup = usePortalForm(schema, { defaultValues: empty });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback<never>();

  const submit = async (values: Record<string, unknown>) => {
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
        aria-label={`Find ${noun.article} ${noun.word}`}
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
          />
        </div>
        <Button type="submit" variant="secondary" busy={lookup.formState.isSubmitting}>
          Load {noun.word}
        </Button>
      </PortalForm>
      <SubmitErrorNotice
        feedback={feedback}
        noticeRef={noticeRef}
        title={`Could not load the ${noun.word}`}
      />
    </>
  );
}
