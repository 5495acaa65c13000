import type { ReactNode } from 'react';
import { EmailField } from './email-field';
import { TextField } from './text-field';

/**
 * A record's Contact section: Email and Phone Number (a patient's and an employee's have the
 * same rules), then whatever else the record keeps there (a patient's address).
 */
export function ContactFields({
  prefix = '',
  required,
  children,
}: {
  /** Where the record's fields sit in the form's values (`patient.`), or '' at the top. */
  prefix?: string;
  required: boolean;
  children?: ReactNode;
}) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold text-brand-800">Contact</legend>
      <EmailField name={`${prefix}email`} label="Email" required={required} />
      <TextField
        name={`${prefix}phone_number`}
        label="Phone Number"
        type="tel"
        required={required}
        autoComplete="off"
      />
      {children}
    </fieldset>
  );
}
