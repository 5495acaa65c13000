import { IdSuggestion } from '@portal/shell';
import {
  type AddPatientRequest,
  AGE_MAX,
  AGE_MIN,
  ALLERGY_REACTION_MAX,
  ALLERGY_SEVERITIES,
  ALLERGY_SEVERITY_LABELS,
  BLOOD_TYPES,
  GENDERS,
  MESSAGES,
} from '@portal/contract';
import {
  CountedPickers,
  DateField,
  EmailField,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  YesNoField,
} from '@portal/form-widgets';

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: g === 'male' ? 'Male' : 'Female' }));
const BLOOD_TYPE_OPTIONS = BLOOD_TYPES.map((b) => ({ value: b, label: b }));

/**
 * Every field of a patient (spec §3 and §5), for the add form (the spec's required fields
 * marked) and the edit form (nothing required; the patient id is fixed once loaded).
 */
export function PatientFields({
  mode,
  idSuggestion,
}: {
  mode: 'add' | 'edit';
  /** The next free Patient ID, offered beside the field (add only). */
  idSuggestion?: string | undefined;
}) {
  const required = mode === 'add';
  return (
    <>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-brand-800">Personal details</legend>
        <TextField
          name="patient.patient_id"
          label="Patient ID"
          required
          placeholder={MESSAGES.patientIdPlaceholder}
          autoComplete="off"
          disabled={mode === 'edit'}
        />
        <TextField
          name="patient.id_card_number"
          label="ID card number"
          required={required}
          autoComplete="off"
        />
        {mode === 'add' && <IdSuggestion name="patient.patient_id" suggestion={idSuggestion} />}
        <TextField
          name="patient.first_name"
          label="First Name"
          required={required}
          autoComplete="off"
        />
        <TextField
          name="patient.last_name"
          label="Last Name"
          required={required}
          autoComplete="off"
        />
        <NumberField
          name="patient.age"
          label="Age"
          required={required}
          min={AGE_MIN}
          max={AGE_MAX}
        />
        <DateField name="patient.date_of_birth" label="Date of Birth" required={required} />
        <SelectField
          name="patient.gender"
          label="Gender"
          required={required}
          options={GENDER_OPTIONS}
        />
        <SelectField name="patient.blood_type" label="Blood Type" options={BLOOD_TYPE_OPTIONS} />
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-brand-800">Contact</legend>
        <EmailField name="patient.email" label="Email" required={required} />
        <TextField
          name="patient.phone_number"
          label="Phone Number"
          type="tel"
          required={required}
          autoComplete="off"
        />
        <div className="sm:col-span-2">
          <TextField name="patient.address" label="Address" autoComplete="off" />
        </div>
      </fieldset>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-brand-800">Health</legend>
        <YesNoField name="patient.health_insurance" label="Health Insurance" required={required} />
        <div className="sm:col-span-2 grid gap-4 sm:grid-cols-2">
          <TextAreaField
            name="patient.ongoing_treatment"
            label="Ongoing treatment"
            required={required}
            rows={2}
          />
          <TextAreaField
            name="patient.unhealthy_habits"
            label="Unhealthy habits"
            required={required}
            rows={2}
          />
        </div>
        <CountedPickers
          name="patient_chronic_disease"
          kind="disease"
          countLabel="Number of chronic diseases"
        />
        <CountedPickers
          name="patient_drug_allergy"
          kind="drug"
          countLabel="Number of drug allergies"
          itemDetails={allergyDetails}
        />
      </fieldset>
    </>
  );
}

/** An allergy's reaction and severity, beside its drug; both may stay blank (not known). */
function allergyDetails(path: string, itemLabel: string) {
  return (
    <div className="grid gap-4 border-l-2 border-line pl-4 sm:grid-cols-2">
      <TextField
        name={`${path}.reaction`}
        label={`Reaction to ${itemLabel.toLowerCase()}`}
        hint="For example: hives. Blank if not known."
        maxLength={ALLERGY_REACTION_MAX}
        autoComplete="off"
      />
      <SelectField
        name={`${path}.severity`}
        label={`Severity of ${itemLabel.toLowerCase()}`}
        emptyLabel="Not known"
        options={ALLERGY_SEVERITIES.map((value) => ({
          value,
          label: ALLERGY_SEVERITY_LABELS[value],
        }))}
      />
    </div>
  );
}

/**
 * The add form's empty values (also what Reset and a success leave behind). Selects and radios
 * start blank, which the schema's input type does not name, hence the cast.
 */
export const EMPTY_PATIENT_FORM = {
  patient: {
    patient_id: '',
    first_name: '',
    last_name: '',
    age: '',
    date_of_birth: '',
    gender: '',
    blood_type: '',
    email: '',
    health_insurance: '',
    address: '',
    phone_number: '',
    id_card_number: '',
    ongoing_treatment: '',
    unhealthy_habits: '',
  },
  patient_chronic_disease: [],
  patient_drug_allergy: [],
} as unknown as AddPatientRequest;
