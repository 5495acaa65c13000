import { describe, expect, it, vi } from 'vitest';
import {
  ACTIVATION_CODE_PATTERN,
  activationCodeResponseSchema,
  addEmployeeRequestSchema,
  addPatientRequestSchema,
  employeeListSchema,
  employeeSchema,
  normaliseActivationCode,
  parseTokenClaims,
  patientFieldsSchema,
  patientListSchema,
  patientRecordSchema,
  profileResponseSchema,
} from '@portal/contract';
import { DISEASE_IDS, DRUG_IDS, POSITIONS } from '@portal/reference-data';
import { decodeBase64Url } from './base64url';
import {
  ACTIVATION_CODE_EXPIRES_AT,
  decodeFakeToken,
  makeActivationCode,
  makeAddEmployeeRequest,
  makeAddPatientRequest,
  makeEmployee,
  makeEmployees,
  makeFakeToken,
  makePatientRecord,
  makePatientRecords,
  makeProfile,
} from './factories';

describe('makePatientRecord', () => {
  it('answers the shape of GET /patient/{id}, with fields the add form would accept', () => {
    const record = makePatientRecord();
    expect(patientRecordSchema.parse(record)).toEqual(record);
    expect(patientFieldsSchema.safeParse(record.patient).success).toBe(true);
    expect(record.patient.patient_id).toBe('P001');
  });

  it('gives the first record something in every list, newest history first', () => {
    const record = makePatientRecord();
    expect(record.patient_drug_allergy.length).toBeGreaterThan(0);
    expect(record.patient_chronic_disease.length).toBeGreaterThan(0);
    expect(record.medical_history.length).toBeGreaterThan(0);
    expect(record.patient_appointment.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(record.patient_appointment.time).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    const stamps = record.medical_history.map((h) => `${h.date} ${h.time}`);
    expect(stamps).toEqual([...stamps].sort().reverse());
  });

  it('is the same for the same index and differs between indexes', () => {
    expect(makePatientRecord({}, 7)).toEqual(makePatientRecord({}, 7));
    expect(makePatientRecord({}, 7).patient.patient_id).toBe('P007');
    expect(makePatientRecord({}, 7)).not.toEqual(makePatientRecord({}, 8));
  });

  it('merges overrides of the patient and the appointment, and replaces lists', () => {
    const record = makePatientRecord({
      patient: { first_name: 'Malee' },
      patient_appointment: { topic: 'Blood test' },
      medical_history: [],
    });
    expect(record.patient.first_name).toBe('Malee');
    expect(record.patient.patient_id).toBe('P001');
    expect(record.patient_appointment.topic).toBe('Blood test');
    expect(record.patient_appointment.date).not.toBe('');
    expect(record.medical_history).toEqual([]);
  });

  it('makes many valid, distinct records with catalogue ids and no duplicate in a list', () => {
    const records = makePatientRecords(40);
    expect(patientListSchema.safeParse(records).success).toBe(true);
    expect(new Set(records.map((r) => r.patient.patient_id)).size).toBe(40);
    expect(new Set(records.map((r) => r.patient.id_card_number)).size).toBe(40);
    for (const r of records) {
      expect(patientFieldsSchema.safeParse(r.patient).success).toBe(true);
      const diseases = r.patient_chronic_disease.map((d) => d.disease_id);
      const drugs = r.patient_drug_allergy.map((d) => d.drug_id);
      expect(new Set(diseases).size).toBe(diseases.length);
      expect(new Set(drugs).size).toBe(drugs.length);
      for (const id of diseases) expect(DISEASE_IDS).toContain(id);
      for (const id of drugs) expect(DRUG_IDS).toContain(id);
    }
    expect(records.some((r) => r.patient_appointment.date === '')).toBe(true);
    expect(records.some((r) => r.patient.blood_type === null)).toBe(true);
  });

  it('has a matching add-patient request that passes the contract', () => {
    expect(addPatientRequestSchema.safeParse(makeAddPatientRequest({}, 5)).success).toBe(true);
  });

  it('stays plausible years after FACTORY_NOW: the age follows the clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(new Date('2031-07-01T12:00:00Z'));
      for (const r of makePatientRecords(40)) {
        expect(patientFieldsSchema.safeParse(r.patient).error?.issues ?? []).toEqual([]);
      }
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('makeEmployee', () => {
  it('answers the shape of GET /employee/{id} with names from the reference data', () => {
    const doctor = makeEmployee();
    expect(employeeSchema.parse(doctor)).toEqual(doctor);
    expect(doctor).toMatchObject({
      employee_id: 'E001',
      position_id: 'P001',
      position_name: 'Doctor',
      department_name: 'Medicine',
      work_status: 'yes',
      resignation_date: null,
    });
    expect(makeEmployee({}, 2).position_name).toBe('Nurse');
    expect(makeEmployee({}, 3)).toMatchObject({
      position_id: 'P011',
      department_name: 'Human Resources',
    });
  });

  it('keeps names and dates consistent with overrides', () => {
    const pharmacist = makeEmployee({ position_id: 'P003' });
    expect(pharmacist).toMatchObject({ position_name: 'Pharmacist', department_name: 'Pharmacy' });
    const leaver = makeEmployee({ work_status: 'no' });
    expect(leaver.resignation_date).not.toBeNull();
    expect(leaver.resignation_date! >= leaver.hire_date).toBe(true);
    expect(makeEmployee({ position_id: null })).toMatchObject({
      position_name: null,
      department_name: null,
    });
  });

  it('makes many valid employees, some of whom have left', () => {
    const employees = makeEmployees(30);
    expect(employeeListSchema.safeParse(employees).success).toBe(true);
    expect(new Set(employees.map((e) => e.employee_id)).size).toBe(30);
    expect(employees.some((e) => e.work_status === 'no')).toBe(true);
    for (const e of employees) {
      expect(POSITIONS.map((p) => p.id)).toContain(e.position_id);
      if (e.work_status === 'no') expect(e.resignation_date! >= e.hire_date).toBe(true);
      expect(addEmployeeRequestSchema.safeParse(makeAddEmployeeRequest(e)).success).toBe(true);
    }
  });
});

describe('makeActivationCode', () => {
  it('is a Crockford code shown as XXXX-XXXX-XXXX, the same for the same index', () => {
    const code = makeActivationCode();
    expect(code).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    expect(normaliseActivationCode(code)).toMatch(ACTIVATION_CODE_PATTERN);
    expect(makeActivationCode(2)).toBe(makeActivationCode(2));
    expect(makeActivationCode(2)).not.toBe(makeActivationCode(3));
    expect(
      activationCodeResponseSchema.safeParse({
        activation_code: code,
        activation_code_expires_at: ACTIVATION_CODE_EXPIRES_AT,
      }).success,
    ).toBe(true);
  });
});

describe('makeFakeToken', () => {
  it('is a JWT whose claims pass the contract and expire in an hour', () => {
    const token = makeFakeToken({ role: 'medical_personnel' });
    const [header, payload, signature] = token.split('.');
    expect(JSON.parse(decodeBase64Url(header!)!)).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(signature).toBeTruthy();
    const claims = parseTokenClaims(JSON.parse(decodeBase64Url(payload!)!));
    if (!claims) throw new Error('The fake token has no valid claims');
    expect(claims).toMatchObject({ role: 'medical_personnel', employee_id: 'E001' });
    expect(claims.patient_id).toBeUndefined();
    expect(claims.exp - claims.iat).toBe(3600);
    expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
  });

  it('carries the ids asked for, and can be already expired', () => {
    const claims = decodeFakeToken(
      makeFakeToken({ role: 'patient', patient_id: 'P042', expiresInSeconds: -60 }),
    );
    expect(claims).toMatchObject({ role: 'patient', patient_id: 'P042' });
    expect(claims!.exp).toBeLessThan(Date.now() / 1000);
    expect(decodeFakeToken('not-a-token')).toBeUndefined();
  });
});

describe('makeProfile', () => {
  it('answers GET /profile for each role', () => {
    expect(profileResponseSchema.parse(makeProfile())).toMatchObject({
      role: 'patient',
      patient_id: 'P001',
      employee_id: null,
    });
    expect(makeProfile({ role: 'HR' })).toMatchObject({ employee_id: 'E003', patient_id: null });
  });
});
