import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldValues, useForm, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';

/** Options of usePortalForm: anything useForm takes but the resolver, which is the schema's. */
export type PortalFormOptions<S extends z.ZodType<FieldValues, FieldValues>> = Omit<
  UseFormProps<z.input<S>, unknown, z.output<S>>,
  'resolver'
>;

/** The form usePortalForm returns: values as typed, and the schema's output on submit. */
export type PortalFormReturn<S extends z.ZodType<FieldValues, FieldValues>> = UseFormReturn<
  z.input<S>,
  unknown,
  z.output<S>
>;

/**
 * useForm validated by one of the contract's request schemas (the rule the API applies too):
 * every field is checked on submit, and after a submit again on each change, so a message goes
 * as soon as the value is right; on submit it hands over the parsed request. A failed submit
 * keeps every value.
 *
 * Not when a field is left: a message appearing on blur pushes the controls below it down, and
 * the click that caused the blur (on Done, say) then ends on another element and is lost — the
 * form would not submit on the first click.
 */
export function usePortalForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: PortalFormOptions<S> = {},
): PortalFormReturn<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema),
  });
}
