import { IdSuggestion, RecordFields } from '@portal/shell';
import {
  type AddPatientRequest,
  AGE_MAX,
  AGE_MIN,
  ALLERGY_REACTION_MAX,
  ALLERGY_SEVERITIES,
  ALLERGY_SEVERITY_LABELS,
  BLOOD_TYPES,
  GENDERS,
  PATIENT_ID_PLACEHOLDER_MESSAGE,
} from '@portal/contract';
import {
  CountedPickers,
  DateField,
  HAS_CHOICES,
  NumberField,
  SelectField,
  TextAreaField,
  TextField,
  YesNoField,
} from '@portal/form-widgets';
import { translateEnglish } from '@portal/i18n';
import { useT } from '@portal/ui';

const BLOOD_TYPE_OPTIONS = BLOOD_TYPES.map((b) => ({ value: b, label: b }));

/**
 * Every field of a patient, for the add form (the spec's required fields
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
  const t = useT();
  const genderOptions = GENDERS.map((g) => ({
    value: g,
    label: g === 'male' ? t('clinical.patient.male') : t('clinical.patient.female'),
  }));
  return (
    <>
      <RecordFields.Group legend={t('clinical.patient.personalDetails')}>
        <RecordFields.Id
          name="patient.patient_id"
          label={t('clinical.patient.patientId')}
          placeholder={translateEnglish(PATIENT_ID_PLACEHOLDER_MESSAGE)}
          mode={mode}
        />
        <TextField
          name="patient.id_card_number"
          label={t('clinical.patient.idCardNumber')}
          required={required}
          autoComplete="off"
        />
        {mode === 'add' && <IdSuggestion name="patient.patient_id" suggestion={idSuggestion} />}
        <RecordFields.Names
          prefix="patient."
          required={required}
          labels={{
            firstName: t('clinical.patient.firstName'),
            lastName: t('clinical.patient.lastName'),
          }}
        />
        <NumberField
          name="patient.age"
          label={t('clinical.patient.age')}
          required={required}
          min={AGE_MIN}
          max={AGE_MAX}
        />
        <DateField
          name="patient.date_of_birth"
          label={t('clinical.patient.dateOfBirth')}
          required={required}
        />
        <SelectField
          name="patient.gender"
          label={t('clinical.patient.gender')}
          required={required}
          options={genderOptions}
        />
        <SelectField
          name="patient.blood_type"
          label={t('clinical.patient.bloodType')}
          options={BLOOD_TYPE_OPTIONS}
        />
      </RecordFields.Group>
      <RecordFields.Group legend={t('clinical.patient.contact')}>
        <RecordFields.Contact
          prefix="patient."
          required={required}
          labels={{
            email: t('clinical.patient.email'),
            phoneNumber: t('clinical.patient.phoneNumber'),
          }}
        />
        <div className="sm:col-span-2">
          <TextField
            name="patient.address"
            label={t('clinical.patient.address')}
            autoComplete="off"
          />
        </div>
      </RecordFields.Group>
      <RecordFields.Group legend={t('clinical.patient.health')}>
        <YesNoField
          name="patient.health_insurance"
          label={t('clinical.patient.healthInsurance')}
          required={required}
          choices={HAS_CHOICES}
        />
        <div className="sm:col-span-2 grid gap-4 sm:grid-cols-2">
          <TextAreaField
            name="patient.ongoing_treatment"
            label={t('clinical.patient.ongoingTreatment')}
            required={required}
            rows={2}
          />
          <TextAreaField
            name="patient.unhealthy_habits"
            label={t('clinical.patient.unhealthyHabits')}
            required={required}
            rows={2}
          />
        </div>
        <CountedPickers
          name="patient_chronic_disease"
          kind="disease"
          countLabel={t('clinical.patient.diseaseCount')}
        />
        <CountedPickers
          name="patient_drug_allergy"
          kind="drug"
          countLabel={t('clinical.patient.allergyCount')}
          itemDetails={(path, itemLabel) => <AllergyDetails path={path} itemLabel={itemLabel} />}
        />
      </RecordFields.Group>
    </>
  );
}

/** An allergy's reaction and severity, beside its drug; both may stay blank (not known). */
function AllergyDetails({ path, itemLabel }: { path: string; itemLabel: string }) {
  const t = useT();
  return (
    <div className="grid gap-4 border-l-2 border-line pl-4 sm:grid-cols-2">
      <TextField
        name={`${path}.reaction`}
        label={t('clinical.patient.reactionTo', { item: itemLabel.toLowerCase() })}
        hint={t('clinical.patient.reactionHint')}
        maxLength={ALLERGY_REACTION_MAX}
        autoComplete="off"
      />
      <SelectField
        name={`${path}.severity`}
        label={t('clinical.patient.severityOf', { item: itemLabel.toLowerCase() })}
        emptyLabel={t('clinical.patient.severityNotKnown')}
        options={ALLERGY_SEVERITIES.map((value) => ({
          value,
          label: translateEnglish(ALLERGY_SEVERITY_LABELS[value]),
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
