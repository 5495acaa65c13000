/** Test support: answers shaped as the contract says the API gives them. */
import type { Employee, PatientRecord } from '@portal/contract';

/** A patient record as GET /patient/{id} answers it. */
export function patientRecord(patientId = 'P001'): PatientRecord {
  return {
    patient: {
      patient_id: patientId,
      first_name: 'Ann',
      last_name: 'Lee',
      age: 42,
      date_of_birth: '1983-04-01',
      gender: 'female',
      blood_type: 'O',
      email: 'ann@gmail.com',
      health_insurance: 'yes',
      address: null,
      phone_number: '0812345678',
      id_card_number: '1234567890123',
      ongoing_treatment: 'none',
      unhealthy_habits: 'none',
    },
    patient_appointment: { date: '', time: '', topic: null },
    patient_drug_allergy: [{ drug_id: 'R002' }],
    patient_chronic_disease: [],
    medical_history: [{ date: '2025-01-02', time: '10:30:00', details: 'Check-up' }],
    registered: false,
  };
}

/** An employee as GET /employee/{id} answers it. */
export function employee(employeeId = 'E001'): Employee {
  return {
    employee_id: employeeId,
    first_name: 'Bo',
    last_name: 'Chan',
    position_id: 'P001',
    position_name: 'Doctor',
    department_name: 'Medicine',
    phone_number: '0812345678',
    salary: 50000,
    email: 'bo@gmail.com',
    hire_date: '2020-01-01',
    resignation_date: null,
    work_status: 'yes',
    registered: true,
  };
}

/** A freshly issued activation code. */
export const activationCode = {
  activation_code: 'ABCD-EFGH-JKLM',
  activation_code_expires_at: '2030-01-01T00:00:00.000Z',
};

/** A problem+json body. */
export function problem(
  status: number,
  detail: string,
  errors?: { field: string; message: string }[],
) {
  return { type: 'about:blank', title: 'Error', status, detail, ...(errors ? { errors } : {}) };
}
