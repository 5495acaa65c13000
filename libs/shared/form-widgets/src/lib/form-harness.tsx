import { type ComponentType, type ReactNode, useEffect, useState } from 'react';
import type { DefaultValues, FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { useT } from '@portal/ui';
import { FormActions } from './form-actions';
import { PortalForm } from './portal-form';
import { usePortalForm } from './use-portal-form';

/** Props of FormHarness. */
export interface FormHarnessProps {
  /** The schema to validate with; by default anything passes. */
  schema?: z.ZodType<FieldValues, FieldValues>;
  defaultValues?: DefaultValues<FieldValues>;
  /** Errors to show from the start, by field path (a story's "with error" state). */
  errors?: Readonly<Record<string, string>>;
  submitLabel?: string;
  busy?: boolean;
  /** Called with the parsed values of a valid submit. */
  onSubmit?: (values: unknown) => void;
  children: ReactNode;
}

const ANYTHING = z.looseObject({});

/**
 * A form around the widgets for their stories and tests (not exported): the schema as
 * resolver, the actions, and the last submitted values printed as JSON, so that a test can read
 * exactly what the form would send.
 */
export function FormHarness({
  schema = ANYTHING,
  defaultValues,
  errors,
  submitLabel,
  busy,
  onSubmit,
  children,
}: FormHarnessProps) {
  const t = useT();
  const form = usePortalForm(schema, { defaultValues });
  const [submitted, setSubmitted] = useState<string>('');
  const { setError } = form;
  useEffect(() => {
    for (const [name, message] of Object.entries(errors ?? {})) {
      setError(name, { type: 'manual', message });
    }
  }, [errors, setError]);
  return (
    <PortalForm
      form={form}
      aria-label={t('common.harness.name')}
      className="flex max-w-xl flex-col gap-4 p-4"
      onSubmit={(values) => {
        setSubmitted(JSON.stringify(values));
        onSubmit?.(values);
      }}
    >
      {children}
      <FormActions
        submitLabel={submitLabel ?? t('common.harness.submit')}
        busy={busy}
        onReset={() => setSubmitted('')}
      />
      <output
        aria-label={t('common.harness.submitted')}
        className="font-mono text-sm break-all text-muted"
      >
        {submitted}
      </output>
    </PortalForm>
  );
}

/** What a story gives its FormHarness, as `parameters: { form: {…} }`. */
/** The controls every field story offers (a field's common props); `name` binds it to the form. */
export const FIELD_ARG_TYPES = {
  name: { control: false, description: 'Path of the value in the form (bound to its schema).' },
  label: { control: 'text' },
  hint: { control: 'text' },
  required: { control: 'boolean' },
  disabled: { control: 'boolean' },
} as const;

export type FormHarnessParameters = Omit<FormHarnessProps, 'children' | 'onSubmit'>;

/** Storybook decorator: the story inside a FormHarness set up by `parameters.form`. */
export function withForm(
  Story: ComponentType,
  context: { parameters: { form?: FormHarnessParameters } },
) {
  return (
    <FormHarness {...context.parameters.form}>
      <Story />
    </FormHarness>
  );
}
