import { afterEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { DISEASE_IDS, DRUG_IDS } from '@portal/reference-data';
import {
  addAppointmentRequestSchema,
  addHistoryRequestSchema,
  addPatientRequestSchema,
  addPatientResponseSchema,
  chronicDiseaseListSchema,
  dateOfBirthSchema,
  drugAllergyListSchema,
  LONG_TEXT_MAX,
  patientIdParamsSchema,
  patientRecordSchema,
  searchPatientRequestSchema,
  updatePatientRequestSchema,
  patientMergePatchSchema,
} from './patients';
import { toTimeWithSeconds } from './rules';
import { ALLERGY_REACTION_MAX } from './appointment-rules';

/** The path of each issue of a parse that must fail (the test fails if it succeeds). */
function issuePaths(result: z.ZodSafeParseResult<unknown>): PropertyKey[][] {
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).map((issue) => issue.path);
}

const validPatient = {
  patient_id: 'P001',
  first_name: 'Ada',
  last_name: 'Lovelace',
  age: 36,
  // 36 years before this year's 1 January: the age the date of birth gives, whatever the date.
  date_of_birth: `${new Date().getUTCFullYear() - 36}-01-01`,
  gender: 'female',
  blood_type: 'AB',
  email: 'ada@gmail.com',
  health_insurance: 'yes',
  address: '12 St James Square, London',
  phone_number: '+44 20 7946 0000',
  id_card_number: '1-2345-67890-12-3',
  ongoing_treatment: 'none',
  unhealthy_habits: 'none',
};

const REQUIRED_PATIENT_FIELDS = [
  'patient_id',
  'first_name',
  'last_name',
  'age',
  'date_of_birth',
  'gender',
  'email',
  'health_insurance',
  'phone_number',
  'id_card_number',
  'ongoing_treatment',
  'unhealthy_habits',
] as const;

/** Adds a patient whose fields are the valid ones with `changes` applied. */
function addPatient(changes: Record<string, unknown>, lists: Record<string, unknown> = {}) {
  return addPatientRequestSchema.safeParse({ patient: { ...validPatient, ...changes }, ...lists });
}

describe('addPatientRequestSchema', () => {
  it('accepts a complete patient and defaults both lists to []', () => {
    const result = addPatientRequestSchema.safeParse({ patient: validPatient });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({
      patient: validPatient,
      patient_chronic_disease: [],
      patient_drug_allergy: [],
    });
  });

  it('normalises the id, the numeric age and surrounding spaces', () => {
    const result = addPatient({ patient_id: ' p042 ', age: '36', first_name: '  Ada ' });
    expect(result.data?.patient).toMatchObject({ patient_id: 'P042', age: 36, first_name: 'Ada' });
  });

  it.each(REQUIRED_PATIENT_FIELDS)('requires %s', (field) => {
    const patient: Record<string, unknown> = { ...validPatient };
    delete patient[field];
    expect(issuePaths(addPatientRequestSchema.safeParse({ patient }))).toEqual([
      ['patient', field],
    ]);
  });

  it.each(REQUIRED_PATIENT_FIELDS)('refuses an empty %s, on its path only', (field) => {
    const paths = issuePaths(addPatient({ [field]: '' }));
    expect(paths.length).toBeGreaterThan(0);
    for (const path of paths) expect(path).toEqual(['patient', field]);
  });

  it('requires the patient object itself', () => {
    expect(issuePaths(addPatientRequestSchema.safeParse({}))).toEqual([['patient']]);
  });

  it.each<[string, unknown]>([
    ['patient_id', 'E001'],
    ['first_name', 'x'.repeat(101)],
    ['age', 0],
    ['age', 121],
    ['age', 1.5],
    ['age', '1.5'],
    ['date_of_birth', '2024-02-30'],
    ['date_of_birth', '10/12/1988'],
    ['gender', 'other'],
    ['blood_type', 'C'],
    ['blood_type', 'ab'],
    ['email', 'ada@yahoo.com'],
    ['email', 'not an email'],
    ['health_insurance', 'maybe'],
    ['address', 'x'.repeat(LONG_TEXT_MAX + 1)],
    ['phone_number', 'call me'],
    ['id_card_number', '12'],
    ['ongoing_treatment', '   '],
    ['unhealthy_habits', 'x'.repeat(LONG_TEXT_MAX + 1)],
  ])('refuses %s = %j on its path', (field, value) => {
    expect(issuePaths(addPatient({ [field]: value }))[0]).toEqual(['patient', field]);
  });

  it.each<[unknown, null]>([
    ['', null],
    [undefined, null],
    [null, null],
  ])('stores blood_type and address %j as null', (value, expected) => {
    const result = addPatient({ blood_type: value, address: value });
    expect(result.success).toBe(true);
    expect(result.data?.patient.blood_type).toBe(expected);
    expect(result.data?.patient.address).toBe(expected);
  });

  it('stores null for blood_type and address that are left out', () => {
    const patient: Record<string, unknown> = { ...validPatient };
    delete patient['blood_type'];
    delete patient['address'];
    const result = addPatientRequestSchema.safeParse({ patient });
    expect(result.data?.patient.blood_type).toBeNull();
    expect(result.data?.patient.address).toBeNull();
  });

  it('trims the address', () => {
    expect(addPatient({ address: '  1 Main St  ' }).data?.patient.address).toBe('1 Main St');
  });

  it('accepts catalogue ids in both lists', () => {
    const result = addPatient(
      {},
      {
        patient_chronic_disease: [{ disease_id: 'I001' }, { disease_id: 'I011' }],
        patient_drug_allergy: [{ drug_id: 'R002' }],
      },
    );
    expect(result.success).toBe(true);
    expect(result.data?.patient_chronic_disease).toEqual([
      { disease_id: 'I001' },
      { disease_id: 'I011' },
    ]);
    expect(JSON.parse(JSON.stringify(result.data?.patient_drug_allergy))).toEqual([
      { drug_id: 'R002' },
    ]);
  });

  it('takes an allergy with its reaction and severity, blank ones as unknown', () => {
    const result = addPatient(
      {},
      {
        patient_drug_allergy: [
          { drug_id: 'R002', reaction: ' Hives ', severity: 'severe' },
          { drug_id: 'R003', reaction: '', severity: '' },
        ],
      },
    );
    expect(result.data?.patient_drug_allergy).toEqual([
      { drug_id: 'R002', reaction: 'Hives', severity: 'severe' },
      { drug_id: 'R003' },
    ]);
  });

  it('refuses an unknown severity and an overlong reaction, on their paths', () => {
    const result = addPatient(
      {},
      {
        patient_drug_allergy: [
          { drug_id: 'R002', severity: 'fatal' },
          { drug_id: 'R003', reaction: 'x'.repeat(ALLERGY_REACTION_MAX + 1) },
        ],
      },
    );
    expect(result.error?.issues.map((i) => i.path)).toEqual([
      ['patient_drug_allergy', 0, 'severity'],
      ['patient_drug_allergy', 1, 'reaction'],
    ]);
  });

  it.each<[string, unknown[], PropertyKey[]]>([
    [
      'patient_chronic_disease',
      [{ disease_id: 'I999' }],
      ['patient_chronic_disease', 0, 'disease_id'],
    ],
    [
      'patient_chronic_disease',
      [{ disease_id: 'i001' }],
      ['patient_chronic_disease', 0, 'disease_id'],
    ],
    [
      'patient_chronic_disease',
      [{ disease_id: 'R001' }],
      ['patient_chronic_disease', 0, 'disease_id'],
    ],
    [
      'patient_chronic_disease',
      [{ disease_id: 'tuberculosis' }],
      ['patient_chronic_disease', 0, 'disease_id'],
    ],
    [
      'patient_chronic_disease',
      [{ disease_id: 'I001' }, {}],
      ['patient_chronic_disease', 1, 'disease_id'],
    ],
    ['patient_drug_allergy', [{ drug_id: 'R012' }], ['patient_drug_allergy', 0, 'drug_id']],
    ['patient_drug_allergy', [{ drug_id: 'I001' }], ['patient_drug_allergy', 0, 'drug_id']],
    ['patient_drug_allergy', [{ drug_id: 'paracetamol' }], ['patient_drug_allergy', 0, 'drug_id']],
  ])('refuses %s %j, not from the catalogue', (list, items, path) => {
    expect(issuePaths(addPatient({}, { [list]: items }))).toEqual([path]);
  });

  it('refuses a disease listed twice, on the second entry', () => {
    const result = addPatient(
      {},
      {
        patient_chronic_disease: [
          { disease_id: 'I002' },
          { disease_id: 'I003' },
          { disease_id: 'I002' },
        ],
      },
    );
    expect(issuePaths(result)).toEqual([['patient_chronic_disease', 2]]);
    expect(result.error?.issues[0]?.message).toBe('Disease I002 is listed twice');
  });

  it('refuses a drug listed twice, on the second entry', () => {
    const result = addPatient(
      {},
      { patient_drug_allergy: [{ drug_id: 'R005' }, { drug_id: 'R005' }] },
    );
    expect(issuePaths(result)).toEqual([['patient_drug_allergy', 1]]);
    expect(result.error?.issues[0]?.message).toBe('Drug R005 is listed twice');
  });

  it('refuses lists that are not arrays', () => {
    expect(issuePaths(addPatient({}, { patient_chronic_disease: 'I001' }))).toEqual([
      ['patient_chronic_disease'],
    ]);
    expect(issuePaths(addPatient({}, { patient_drug_allergy: ['R001'] }))).toEqual([
      ['patient_drug_allergy', 0],
    ]);
  });
});

describe('chronicDiseaseListSchema and drugAllergyListSchema', () => {
  it('accept the whole catalogue once', () => {
    const diseases = DISEASE_IDS.map((disease_id) => ({ disease_id }));
    const drugs = DRUG_IDS.map((drug_id) => ({ drug_id }));
    expect(chronicDiseaseListSchema.safeParse(diseases).data).toEqual(diseases);
    expect(drugAllergyListSchema.safeParse(drugs).data).toEqual(drugs);
  });

  it('refuse more entries than the catalogue has', () => {
    const diseases = [...DISEASE_IDS, 'I001'].map((disease_id) => ({ disease_id }));
    const result = chronicDiseaseListSchema.safeParse(diseases);
    expect(result.success).toBe(false);
    expect(result.error?.issues.some((issue) => issue.code === 'too_big')).toBe(true);
  });
});

describe('dateOfBirthSchema', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('accepts 1900-01-01 and refuses the day before', () => {
    expect(dateOfBirthSchema.safeParse('1900-01-01').success).toBe(true);
    const result = dateOfBirthSchema.safeParse('1899-12-31');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(
      'Date of birth must be between 1900-01-01 and today',
    );
  });

  it('accepts today and refuses a date in the future', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2025-06-15T12:00:00Z'));
    expect(dateOfBirthSchema.safeParse('2025-06-15').success).toBe(true);
    expect(dateOfBirthSchema.safeParse('2025-06-17').success).toBe(false);
    expect(dateOfBirthSchema.safeParse('2026-01-01').success).toBe(false);
  });

  it('refuses a date that is not on the calendar', () => {
    expect(dateOfBirthSchema.safeParse('1990-02-29').success).toBe(false);
  });
});

describe('updatePatientRequestSchema', () => {
  it('needs only the patient id and leaves both lists absent', () => {
    const result = updatePatientRequestSchema.safeParse({ patient: { patient_id: 'p001' } });
    expect(result.success).toBe(true);
    expect(result.data).toEqual({ patient: { patient_id: 'P001' } });
    expect(result.data?.patient_chronic_disease).toBeUndefined();
    expect(result.data?.patient_drug_allergy).toBeUndefined();
  });

  it('requires the patient id', () => {
    expect(issuePaths(updatePatientRequestSchema.safeParse({ patient: {} }))).toEqual([
      ['patient', 'patient_id'],
    ]);
    expect(
      issuePaths(updatePatientRequestSchema.safeParse({ patient: { patient_id: 'E001' } })),
    ).toEqual([['patient', 'patient_id']]);
  });

  it.each<unknown>([0, '0', -0])(
    'reads an age of %j as absent: a client sending its whole form sends 0 for a blank',
    (age) => {
      const result = updatePatientRequestSchema.safeParse({ patient: { patient_id: 'P001', age } });
      expect(result.success).toBe(true);
      expect(result.data?.patient.age).toBeUndefined();
    },
  );

  it('reads every empty field as absent', () => {
    const emptied = Object.fromEntries(
      Object.keys(validPatient)
        .filter((key) => key !== 'patient_id')
        .map((key) => [key, '']),
    );
    const result = updatePatientRequestSchema.safeParse({
      patient: { patient_id: 'P001', ...emptied },
    });
    expect(result.success).toBe(true);
    for (const key of Object.keys(emptied)) {
      expect(result.data?.patient[key as keyof typeof validPatient]).toBeUndefined();
    }
  });

  it('accepts and normalises the fields that are sent', () => {
    const result = updatePatientRequestSchema.safeParse({
      patient: { ...validPatient, patient_id: 'p001', age: '37', email: 'ADA@Gmail.com' },
    });
    expect(result.success).toBe(true);
    expect(result.data?.patient).toEqual({
      ...validPatient,
      patient_id: 'P001',
      age: 37,
      email: 'ADA@Gmail.com',
    });
  });

  it('treats blank fields as absent, leaving them unchanged', () => {
    const parsed = updatePatientRequestSchema.parse({
      patient: { patient_id: 'P001', first_name: '   ', ongoing_treatment: '  ' },
    });
    expect(parsed.patient.first_name).toBeUndefined();
    expect(parsed.patient.ongoing_treatment).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ['age', -1],
    ['age', 121],
    ['age', '2.5'],
    ['date_of_birth', '2024-02-30'],
    ['gender', 'Female'],
    ['blood_type', 'A+'],
    ['email', 'ada@example.com'],
    ['health_insurance', 'y'],
    ['address', 'x'.repeat(LONG_TEXT_MAX + 1)],
    ['phone_number', 'abcdef'],
    ['id_card_number', '1 2 3 4'],
  ])('refuses %s = %j when it is sent', (field, value) => {
    const result = updatePatientRequestSchema.safeParse({
      patient: { patient_id: 'P001', [field]: value },
    });
    expect(issuePaths(result)[0]).toEqual(['patient', field]);
  });

  it('takes a non-empty list as the new list; an empty or null one as absent', () => {
    const result = updatePatientRequestSchema.safeParse({
      patient: { patient_id: 'P001' },
      patient_chronic_disease: [],
      patient_drug_allergy: [{ drug_id: 'R010' }],
    });
    expect(result.data?.patient_chronic_disease).toBeUndefined();
    expect(result.data?.patient_drug_allergy).toEqual([{ drug_id: 'R010' }]);
    for (const blank of [[], null]) {
      const parsed = updatePatientRequestSchema.parse({
        patient: { patient_id: 'P001' },
        patient_chronic_disease: blank,
        patient_drug_allergy: blank,
      });
      expect(parsed).toEqual({ patient: { patient_id: 'P001' } });
    }
  });

  it('checks a sent list against the catalogue and for duplicates', () => {
    const base = { patient: { patient_id: 'P001' } };
    expect(
      issuePaths(
        updatePatientRequestSchema.safeParse({
          ...base,
          patient_chronic_disease: [{ disease_id: 'I000' }],
        }),
      ),
    ).toEqual([['patient_chronic_disease', 0, 'disease_id']]);
    expect(
      issuePaths(
        updatePatientRequestSchema.safeParse({
          ...base,
          patient_drug_allergy: [{ drug_id: 'R001' }, { drug_id: 'R001' }],
        }),
      ),
    ).toEqual([['patient_drug_allergy', 1]]);
  });
});

describe('patientMergePatchSchema', () => {
  it('takes lists as sent, empty and null too, and null for the optional fields', () => {
    expect(
      patientMergePatchSchema.parse({
        patient: { first_name: ' Anna ', blood_type: null, address: '' },
        patient_chronic_disease: [],
        patient_drug_allergy: null,
      }),
    ).toEqual({
      patient: { first_name: 'Anna', blood_type: null, address: null },
      patient_chronic_disease: [],
      patient_drug_allergy: null,
    });
    expect(patientMergePatchSchema.parse({})).toEqual({});
  });

  it.each<[string, unknown, PropertyKey[]]>([
    ['a required field removed', { patient: { last_name: null } }, ['patient', 'last_name']],
    ['a blank required field', { patient: { first_name: ' ' } }, ['patient', 'first_name']],
    ['age 0', { patient: { age: 0 } }, ['patient', 'age']],
    ['the id', { patient: { patient_id: 'P001' } }, ['patient', 'patient_id']],
    ['an unknown field', { patient: { salary: 1 } }, ['patient', 'salary']],
    ['a read-only member', { registered: true }, ['registered']],
    ['an unknown member', { extra: 1 }, ['extra']],
    [
      'an unknown drug',
      { patient_drug_allergy: [{ drug_id: 'R999' }] },
      ['patient_drug_allergy', 0, 'drug_id'],
    ],
  ])('refuses %s, naming it', (_, patch, path) => {
    expect(issuePaths(patientMergePatchSchema.safeParse(patch))).toEqual([path]);
  });
});

describe('addAppointmentRequestSchema', () => {
  const appointment = { patient_id: 'p001', time: '09:30', date: '2024-02-29', topic: 'check-up' };

  it('accepts an appointment and normalises the id', () => {
    const result = addAppointmentRequestSchema.safeParse(appointment);
    // No length chosen: none sent on (the server books DEFAULT_APPOINTMENT_MINUTES).
    expect(result.data).toEqual({ ...appointment, patient_id: 'P001' });
    expect(JSON.parse(JSON.stringify(result.data))).toEqual({ ...appointment, patient_id: 'P001' });
  });

  it('takes a clinician and a length beside the four fields', () => {
    const result = addAppointmentRequestSchema.safeParse({
      ...appointment,
      clinician_id: ' e001 ',
      duration_minutes: '30',
    });
    expect(result.data).toMatchObject({ clinician_id: 'E001', duration_minutes: 30 });
  });

  it.each<[unknown]>([[''], [null], [undefined]])(
    'reads a blank clinician %j and a blank length as absent',
    (blank) => {
      const result = addAppointmentRequestSchema.safeParse({
        ...appointment,
        clinician_id: blank,
        duration_minutes: blank,
      });
      expect(result.data?.clinician_id).toBeUndefined();
      expect(result.data?.duration_minutes).toBeUndefined();
    },
  );

  it.each<[unknown]>([[0], [4], [481], [15.5], ['ten'], [-15]])(
    'refuses the length %j on duration_minutes',
    (minutes) => {
      const result = addAppointmentRequestSchema.safeParse({
        ...appointment,
        duration_minutes: minutes,
      });
      expect(result.error?.issues.map((i) => i.path.join('.'))).toEqual(['duration_minutes']);
    },
  );

  it('ignores an author named in the body (the server takes it from the session)', () => {
    const result = addAppointmentRequestSchema.safeParse({
      ...appointment,
      recorded_by: { employee_id: 'E002', first_name: 'X', last_name: 'Y' },
      recorded_at: '2020-01-01T00:00:00Z',
    });
    expect(result.success).toBe(true);
    expect(result.data).not.toHaveProperty('recorded_by');
    expect(result.data).not.toHaveProperty('recorded_at');
  });

  it('gives a time to be stored with seconds', () => {
    const short = addAppointmentRequestSchema.safeParse({ ...appointment, time: ' 09:30 ' });
    const long = addAppointmentRequestSchema.safeParse({ ...appointment, time: '09:30:45' });
    expect(toTimeWithSeconds(short.data?.time ?? '')).toBe('09:30:00');
    expect(toTimeWithSeconds(long.data?.time ?? '')).toBe('09:30:45');
  });

  it.each<[unknown]>([[''], [undefined], [null]])('stores the topic %j as null', (topic) => {
    expect(addAppointmentRequestSchema.safeParse({ ...appointment, topic }).data?.topic).toBeNull();
  });

  it('trims the topic and bounds its length', () => {
    expect(
      addAppointmentRequestSchema.safeParse({ ...appointment, topic: ' x ' }).data?.topic,
    ).toBe('x');
    expect(
      issuePaths(
        addAppointmentRequestSchema.safeParse({
          ...appointment,
          topic: 'x'.repeat(LONG_TEXT_MAX + 1),
        }),
      ),
    ).toEqual([['topic']]);
  });

  it.each<[string, unknown]>([
    ['patient_id', 'E001'],
    ['patient_id', undefined],
    ['time', '24:00'],
    ['time', '9:30'],
    ['time', undefined],
    ['date', '2024-02-30'],
    ['date', '2023-02-29'],
    ['date', undefined],
  ])('refuses %s = %j on its path', (field, value) => {
    expect(
      issuePaths(addAppointmentRequestSchema.safeParse({ ...appointment, [field]: value })),
    ).toEqual([[field]]);
  });
});

describe('addHistoryRequestSchema', () => {
  const entry = { patient_id: 'P001', time: '23:59:59', date: '2024-12-31', detail: 'x-ray' };

  it('accepts an entry', () => {
    expect(addHistoryRequestSchema.safeParse(entry).data).toEqual(entry);
  });

  it('gives a time to be stored with seconds', () => {
    const result = addHistoryRequestSchema.safeParse({ ...entry, time: '07:05' });
    expect(toTimeWithSeconds(result.data?.time ?? '')).toBe('07:05:00');
  });

  it('stores an empty or missing detail as null', () => {
    expect(addHistoryRequestSchema.safeParse({ ...entry, detail: '' }).data?.detail).toBeNull();
    const { detail: _detail, ...withoutDetail } = entry;
    expect(addHistoryRequestSchema.safeParse(withoutDetail).data?.detail).toBeNull();
  });

  it.each<[string, unknown]>([
    ['patient_id', 'P1'],
    ['time', '12:60'],
    ['time', '12:00:60'],
    ['date', '2024-04-31'],
    ['detail', 'x'.repeat(LONG_TEXT_MAX + 1)],
  ])('refuses %s = %j on its path', (field, value) => {
    expect(issuePaths(addHistoryRequestSchema.safeParse({ ...entry, [field]: value }))).toEqual([
      [field],
    ]);
  });
});

describe('searchPatientRequestSchema', () => {
  it('defaults every criterion to the empty string', () => {
    expect(searchPatientRequestSchema.safeParse({}).data).toEqual({
      patient_id: '',
      first_name: '',
      last_name: '',
    });
  });

  it('trims the criteria and keeps their case', () => {
    expect(
      searchPatientRequestSchema.safeParse({ patient_id: ' p00 ', first_name: ' Ada ' }).data,
    ).toEqual({ patient_id: 'p00', first_name: 'Ada', last_name: '' });
  });

  it.each<[string, string]>([
    ['patient_id', 'P'.repeat(21)],
    ['first_name', 'a'.repeat(101)],
    ['last_name', 'a'.repeat(101)],
  ])('refuses a %s that is too long', (field, value) => {
    expect(issuePaths(searchPatientRequestSchema.safeParse({ [field]: value }))).toEqual([[field]]);
  });

  it('refuses a criterion that is not a string', () => {
    expect(issuePaths(searchPatientRequestSchema.safeParse({ first_name: 1 }))).toEqual([
      ['first_name'],
    ]);
  });
});

describe('patientIdParamsSchema', () => {
  it('normalises the id in the path and refuses a bad one', () => {
    expect(patientIdParamsSchema.safeParse({ patient_id: 'p007' }).data).toEqual({
      patient_id: 'P007',
    });
    expect(issuePaths(patientIdParamsSchema.safeParse({ patient_id: '7' }))).toEqual([
      ['patient_id'],
    ]);
  });
});

describe('patient answers', () => {
  const record = {
    patient: { ...validPatient, blood_type: null, address: null },
    patient_appointment: { date: '', time: '', topic: null },
    patient_drug_allergy: [{ drug_id: 'R001' }],
    patient_chronic_disease: [],
    medical_history: [{ date: '2024-01-01', time: '09:00:00', details: null }],
    registered: false,
  };

  it('accepts a patient record', () => {
    expect(patientRecordSchema.safeParse(record).success).toBe(true);
  });

  it('refuses a record without the registered flag or with a fractional age', () => {
    const { registered: _registered, ...withoutFlag } = record;
    expect(issuePaths(patientRecordSchema.safeParse(withoutFlag))).toEqual([['registered']]);
    expect(
      issuePaths(
        patientRecordSchema.safeParse({ ...record, patient: { ...record.patient, age: 1.5 } }),
      ),
    ).toEqual([['patient', 'age']]);
  });

  it('answers add-patient with the id and the activation code', () => {
    const answer = {
      patient_id: 'P001',
      activation_code: 'ABCD-EFGH-JKMN',
      activation_code_expires_at: '2025-01-01T00:00:00.000Z',
    };
    expect(addPatientResponseSchema.safeParse(answer).success).toBe(true);
    const { patient_id: _id, ...withoutId } = answer;
    expect(issuePaths(addPatientResponseSchema.safeParse(withoutId))).toEqual([['patient_id']]);
  });
});
