import { useEffect, useMemo } from 'react';
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
}

/** An edit page's first step: type an id, load the record; a failure is said under the form. */
export function RecordLookup({
  noun,
  field,
  idSchema,
  onStart,
  onLoad,
  resetKey,
}: RecordLookupProps) {
  const schema = useMemo(() => z.object({ [field.name]: idSchema }), [field.name, idSchema]);
  const empty = { [field.name]: '' } as DefaultValues<Record<string, string>>;
  const lookup = usePortalForm(schema, { defaultValues: empty });
  const { feedback, noticeRef, fail, clear } = useSubmitFeedback<never>();

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
        onSubmit={async (values) => {
          clear();
          onStart();
          try {
            await onLoad(String(values[field.name]));
          } catch (error) {
            fail(lookup, toApiError(error));
          }
        }}
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
