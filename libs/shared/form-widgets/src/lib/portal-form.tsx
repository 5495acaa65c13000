import type { FormHTMLAttributes, ReactNode } from 'react';
import {
  type FieldValues,
  FormProvider,
  type SubmitErrorHandler,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';

/** Props of PortalForm. */
export interface PortalFormProps<TValues extends FieldValues, TParsed> extends Omit<
  FormHTMLAttributes<HTMLFormElement>,
  'onSubmit' | 'onInvalid' | 'children'
> {
  /** The form from usePortalForm (or useForm). */
  form: UseFormReturn<TValues, unknown, TParsed>;
  /** Called with the schema's parsed values when every field is valid. */
  onSubmit: SubmitHandler<TParsed>;
  /** Called with the errors when the schema refuses the values. */
  onInvalid?: SubmitErrorHandler<TValues>;
  children: ReactNode;
}

/**
 * A <form> with the form in context for the fields in it. The browser's own validation is off
 * (`noValidate`): the schema's messages, shown beside each field, are the only ones.
 */
export function PortalForm<TValues extends FieldValues, TParsed>({
  form,
  onSubmit,
  onInvalid,
  children,
  className = 'flex flex-col gap-4',
  ...rest
}: PortalFormProps<TValues, TParsed>) {
  return (
    <FormProvider {...form}>
      <form
        noValidate
        className={className}
        {...rest}
        onSubmit={(event) => void form.handleSubmit(onSubmit, onInvalid)(event)}
      >
        {children}
      </form>
    </FormProvider>
  );
}
