export { type FieldProps, RequiredFieldsNote } from './lib/field-base';
export { TextField, type TextFieldProps } from './lib/text-field';
export { TextAreaField, type TextAreaFieldProps } from './lib/text-area-field';
export { NumberField, type NumberFieldProps } from './lib/number-field';
export { DecimalField, type DecimalFieldProps } from './lib/decimal-field';
export { DateField, type DateFieldProps } from './lib/date-field';
export { CLOCK_TIME_HINT, TimeField, TIME_HINT, type TimeFieldProps } from './lib/time-field';
export { SelectField, type SelectFieldProps, type SelectOption } from './lib/select-field';
export { HAS_CHOICES, YesNoField } from './lib/yes-no-field';
export { EmailField, EMAIL_DOMAINS_HINT } from './lib/email-field';
export {
  CurrentPasswordField,
  NEW_PASSWORD_HINT,
  NewPasswordField,
  PasswordField,
  type PasswordFieldProps,
} from './lib/password-field';
export {
  DiseasePicker,
  DrugPicker,
  DISEASE_OPTIONS,
  DRUG_OPTIONS,
  type CataloguePickerProps,
} from './lib/catalogue-pickers';
export { CountedPickers, type CountedPickersProps } from './lib/counted-pickers';
export { FormActions, type FormActionsProps } from './lib/form-actions';
export { FormErrorSummary, type FormErrorSummaryProps } from './lib/form-error-summary';
export { PortalForm, type PortalFormProps } from './lib/portal-form';
export {
  preloadFormRules,
  usePortalForm,
  type PortalFormOptions,
  type PortalFormReturn,
  type SchemaSource,
} from './lib/use-portal-form';
export { applyServerErrors, type ApplyServerErrorsOptions } from './lib/server-errors';
export { ReasonDialog, type ReasonDialogProps } from './lib/reason-dialog';
export {
  useSubmitFeedback,
  SubmitErrorNotice,
  type SubmitFeedback,
  type SubmitFailure,
} from './lib/submit-feedback';
