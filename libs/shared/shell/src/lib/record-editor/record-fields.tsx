import type { ReactNode } from 'react';
import { EmailField, TextField } from '@portal/form-widgets';

/*
 * The parts the patient and employee forms share: a titled group of fields, the record's id,
 * the person's names and how to reach them. Each form passes its own words (its catalogue's
 * labels) and where its values sit (`patient.first_name`, `first_name`).
 */

/** A titled group of a record form's fields, two columns from `sm` up. */
function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-lg font-semibold text-brand-800">{legend}</legend>
      {children}
    </fieldset>
  );
}

/** Props of {@link RecordIdField}. */
export interface RecordIdFieldProps {
  /** The form value's path (`patient.patient_id`). */
  name: string;
  label: string;
  /** The id's form (`PXXX`). */
  placeholder: string;
  /** An edit form fixes the id: it names the record being changed. */
  mode: 'add' | 'edit';
}

/** A record's id: always required, fixed on an edit form. */
function RecordIdField({ name, label, placeholder, mode }: RecordIdFieldProps) {
  return (
    <TextField
      name={name}
      label={label}
      required
      placeholder={placeholder}
      autoComplete="off"
      disabled={mode === 'edit'}
    />
  );
}

/** Props of {@link PersonNameFields}. */
export interface PersonNameFieldsProps {
  /** Where the values sit: `''` for `first_name`, `'patient.'` for `patient.first_name`. */
  prefix?: string;
  required: boolean;
  labels: { firstName: string; lastName: string };
}

/** A person's first and last name, as staff type them in (no autofill of their own name). */
function PersonNameFields({ prefix = '', required, labels }: PersonNameFieldsProps) {
  return (
    <>
      <TextField
        name={`${prefix}first_name`}
        label={labels.firstName}
        required={required}
        autoComplete="off"
      />
      <TextField
        name={`${prefix}last_name`}
        label={labels.lastName}
        required={required}
        autoComplete="off"
      />
    </>
  );
}

/** Props of {@link ContactFields}. */
export interface ContactFieldsProps {
  /** Where the values sit, as {@link PersonNameFieldsProps.prefix}. */
  prefix?: string;
  required: boolean;
  labels: { email: string; phoneNumber: string };
}

/** A person's email and phone number. */
function ContactFields({ prefix = '', required, labels }: ContactFieldsProps) {
  return (
    <>
      <EmailField name={`${prefix}email`} label={labels.email} required={required} />
      <TextField
        name={`${prefix}phone_number`}
        label={labels.phoneNumber}
        type="tel"
        required={required}
        autoComplete="off"
      />
    </>
  );
}

/**
 * The parts of a record form the patient and employee forms share, used as
 * `<RecordFields.Group legend=…>`, `<RecordFields.Id …>`, `<RecordFields.Names …>` and
 * `<RecordFields.Contact …>`.
 */
export const RecordFields = {
  Group: FieldGroup,
  Id: RecordIdField,
  Names: PersonNameFields,
  Contact: ContactFields,
};
