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
 * useForm validated by one of the contract's request schemas (the rule the API applies too),
 * checking a field when it is left and again on each change after that ('onTouched'), and on
 * submit handing over the parsed request. A failed submit keeps every value.
 */
export function usePortalForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: PortalFormOptions<S> = {},
): PortalFormReturn<S> {
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema),
  });
}
