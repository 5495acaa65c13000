import { useEffect, useRef } from 'react';
import {
  type FieldValues,
  type Resolver,
  useForm,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form';
import type { z } from 'zod';
import { whenIdle } from '@portal/ui';

/** A zod schema of the form's request, or how to load it when the form first needs it. */
export type SchemaSource<S extends z.ZodType<FieldValues, FieldValues>> = S | (() => Promise<S>);

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

type AnyResolver = Resolver<FieldValues, unknown, FieldValues>;

/** One resolver per schema source, loaded once for every form that uses it. */
const resolvers = new WeakMap<object, Promise<AnyResolver>>();

/**
 * The zod resolver of a schema source. The resolver library and (for a loader) the schema come
 * in a chunk of their own: a page's first paint does not wait for validation code, which is
 * only run once the person submits. A load that fails (the network dropped) is forgotten, so
 * the next submit tries again.
 */
function loadResolver(source: SchemaSource<z.ZodType<FieldValues, FieldValues>>) {
  let resolver = resolvers.get(source);
  if (!resolver) {
    resolver = Promise.all([
      import('@hookform/resolvers/zod'),
      typeof source === 'function' ? source() : source,
    ]).then(([{ zodResolver }, schema]) => zodResolver(schema) as unknown as AnyResolver);
    resolver.catch(() => resolvers.delete(source));
    resolvers.set(source, resolver);
  }
  return resolver;
}

/**
 * Loads the zod resolver and the add forms' request schemas ahead of any form (tests and
 * stories, so a first submit does not wait on module loading); best effort.
 */
export function preloadFormRules(): Promise<void> {
  return Promise.all([import('@hookform/resolvers/zod'), import('@portal/contract/schemas')]).then(
    () => undefined,
    () => undefined,
  );
}

/**
 * useForm validated by one of the contract's request schemas (the rule the API applies too):
 * every field is checked on submit, and after a submit again on each change, so a message goes
 * as soon as the value is right; on submit it hands over the parsed request. A failed submit
 * keeps every value.
 *
 * Not when a field is left: a message appearing on blur pushes the controls below it down, and
 * the click that caused the blur (on Done, say) then ends on another element and is lost — the
 * form would not submit on the first click.
 *
 * Pass the schema itself, or (on a page, to keep validation out of the first visit) a loader
 * declared once at module level, e.g. `() => import('@portal/contract').then((c) => c.loginRequestSchema)`.
 * Either way the validation code is fetched when the browser is idle after the first paint.
 */
export function usePortalForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: SchemaSource<S>,
  options: PortalFormOptions<S> = {},
): PortalFormReturn<S> {
  // The first source stays the form's source: an inline loader must not reload on each render.
  const source = useRef(schema).current as SchemaSource<z.ZodType<FieldValues, FieldValues>>;
  useEffect(() => whenIdle(() => void loadResolver(source).catch(() => {})), [source]);
  // The resolver is the schema's zodResolver, only loaded later: the types are the schema's.
  const resolver: AnyResolver = async (values, context, resolverOptions) =>
    (await loadResolver(source))(values, context, resolverOptions);
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: resolver as unknown as Resolver<z.input<S>, unknown, z.output<S>>,
  });
}
