import { http, HttpResponse, type JsonBodyType } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ENDPOINTS,
  endpointPath,
  type AddPatientRequest,
  type EndpointName,
} from '@portal/contract';
import { activationCode, employee, patientRecord } from '../../test/fixtures';
import { makeToken } from '../../test/tokens';
import { sessionStore } from '../session-store';
import {
  approveEmployeeAccess,
  listAccessApprovals,
  refuseEmployeeAccess,
} from './access-approvals';
import { addLeave, getSchedule, saveSchedule, withdrawLeave } from './clinic-hours';
import { bookSlot, listSlots } from './book-slot';
import {
  changePassword,
  disableMfa,
  endAccountSession,
  endOtherSessions,
  getAccountSummary,
  listAccountSessions,
  regenerateRecoveryCodes,
} from './account';
import { setAccountLocale } from './account-locale';
import { addAppointment } from './add-appointment';
import {
  cancelAppointment,
  rescheduleAppointment,
  setAppointmentStatus,
} from './appointment-actions';
import {
  addAllergy,
  addCondition,
  listAllergies,
  listConditions,
  patchAllergy,
  patchCondition,
  recordNoKnownAllergies,
  searchConditionCatalogue,
  searchSubstanceCatalogue,
} from './clinical-lists';
import { listDayAppointments } from './day-appointments';
import { listClinicians } from './list-clinicians';
import { listPatientSummaries } from './list-patients';
import { searchPatientSummaries } from './search-patients';
import { addEmployee } from './add-employee';
import { addHistory } from './add-history';
import { addPatient } from './add-patient';
import { getEmployee } from './get-employee';
import { getPatient } from './get-patient';
import { getProfile } from './get-profile';
import { listEmployees } from './list-employees';
import { checkSessionStatus } from './session-status';
import { listMyAccessLog } from './list-my-access-log';
import { cancelMyAppointment, listMyAppointments } from './list-my-appointments';
import { listContactChanges, updateMyContact } from './my-contact';
import { listPatientAppointments } from './list-patient-appointments';
import {
  addNote,
  addNoteAddendum,
  listNotes,
  listVitals,
  markNoteEnteredInError,
  recordVitals,
} from './visit';
import { getNextEmployeeId, getNextPatientId } from './next-ids';
import { listPatients } from './list-patients';
import { login } from './login';
import { confirmPasswordReset, requestPasswordReset } from './password-reset';
import { loginMfa } from './login-mfa';
import { confirmMfa, setupMfa } from './mfa-enrolment';
import { logout } from './logout';
import { register } from './register';
import { reissueEmployeeCode } from './reissue-employee-code';
import { reissuePatientCode } from './reissue-patient-code';
import { renew } from './renew';
import { searchEmployees } from './search-employees';
import { searchPatients } from './search-patients';
import { updateEmployee } from './update-employee';
import { updatePatient } from './update-patient';
import { patchPatient } from './patch-patient';
import { listMedications, listMyMedications, prescribe, stopMedication } from './prescriptions';

const APPOINTMENT_ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const doctor = { employee_id: 'E001', first_name: 'Anan', last_name: 'Wongsa' };
const clinician = { ...doctor, position_name: 'Doctor' };
const schedule = {
  employee_id: 'E001',
  sessions: [{ weekday: 1, start: '09:00', end: '12:00', slot_minutes: 15, department_id: 'D001' }],
  exceptions: [{ date: '2030-01-08', start: null, end: null }],
  leave: [],
};
const leave = {
  leave_id: APPOINTMENT_ID,
  from: '2030-01-07',
  to: '2030-01-08',
  note: null,
  recorded_by: doctor,
  recorded_at: '2029-12-01T08:00:00.000Z',
  withdrawn_at: null,
};
const slot = {
  clinician_id: 'E001',
  start: '2030-01-07T02:00:00.000Z',
  end: '2030-01-07T02:15:00.000Z',
  department_id: 'D001',
  clinician: { first_name: 'Anan', last_name: 'Wongsa' },
};
const booked = {
  date: '2030-01-07',
  time: '09:00:00',
  topic: 'Cough',
  appointment_id: APPOINTMENT_ID,
  status: 'booked',
  duration_minutes: 15,
  clinician: { first_name: 'Anan', last_name: 'Wongsa' },
  cancel_reason: null,
};
const chartAppointment = {
  appointment_id: APPOINTMENT_ID,
  date: '2030-01-02',
  time: '09:00:00',
  topic: 'Check-up',
  duration_minutes: 15,
  status: 'booked',
  clinician: doctor,
  cancel_reason: null,
  staff_note: null,
  rescheduled_from: null,
  rescheduled_to: null,
  recorded_by: doctor,
  recorded_at: '2029-12-01T08:00:00.000Z',
  outcome_recorded_at: null,
};
const dayAppointment = {
  ...chartAppointment,
  patient_id: 'P001',
  first_name: 'Ann',
  last_name: 'Lee',
};

/** My account's answers. */
const ACCOUNT = {
  username: 'bo',
  role: 'patient',
  mfa_enabled: true,
  mfa_required: false,
  recovery_codes_left: 9,
  locale: null,
};
const SESSION = {
  id: APPOINTMENT_ID,
  browser: 'Firefox on Linux',
  address: '10.0.0.7',
  started_at: '2026-11-25T09:15:00.000Z',
  last_seen_at: '2026-11-25T09:45:00.000Z',
  current: true,
};

/** The patient an appointment or history answer names. */
const NAMED = { patient_id: 'P001', first_name: 'Anna', last_name: 'Lee' };
const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => {
  sessionStore.write(makeToken());
});
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const token = makeToken({ role: 'HR', sid: 'renewed' });
const addPatientBody: AddPatientRequest = {
  patient: { ...patientRecord().patient, address: '' },
  patient_chronic_disease: [{ disease_id: 'I001' }],
  patient_drug_allergy: [],
};
const employeeBody = { ...employee(), position_id: 'doctor' };
const pendingAccess = {
  employee_id: 'E001',
  first_name: 'Anong',
  last_name: 'Srisuk',
  position_id: 'P001',
  position_name: 'Doctor',
  role: 'medical_personnel',
  requested_by: 'demo.hr',
  requested_at: '2026-11-26T09:30:00.000Z',
  requested_by_you: false,
};
const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${i}0`);

interface Case {
  readonly name: EndpointName;
  readonly params?: Record<string, string>;
  readonly call: () => Promise<unknown>;
  readonly body?: unknown;
  readonly answer: JsonBodyType;
  readonly status?: number;
  readonly expected: unknown;
  readonly badAnswer: JsonBodyType;
}

const ENTRY_ID = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
const codes = [
  {
    system: 'http://hl7.org/fhir/sid/icd-10-cm',
    code: 'E11.9',
    display: 'Type 2 diabetes mellitus without complications',
  },
];
const authorship = {
  recorded_by: null,
  recorded_at: '2030-01-02T03:00:00.000Z',
  changed_by: null,
  changed_at: '2030-01-02T03:00:00.000Z',
};
const conditionState = {
  onset_date: '2020-03-01',
  clinical_status: 'active',
  verification_status: 'confirmed',
  error_reason: null,
  note: null,
};
const condition = {
  id: ENTRY_ID,
  condition_id: 'icd:E11.9',
  name: 'Type 2 diabetes mellitus without complications',
  name_th: null,
  codes,
  ...conditionState,
  ...authorship,
  history: [{ ...conditionState, changed_by: null, changed_at: authorship.changed_at }],
};
const allergyState = {
  reaction: 'Hives',
  severity: 'moderate',
  criticality: 'high',
  onset_date: null,
  clinical_status: 'active',
  verification_status: 'confirmed',
  error_reason: null,
};
const allergy = {
  id: ENTRY_ID,
  substance_id: 'atc:J01C',
  kind: 'class',
  seed_code: null,
  name: 'beta-lactam antibacterials, penicillins',
  name_th: null,
  codes: [{ system: 'http://www.whocc.no/atc', code: 'J01C', display: 'penicillins' }],
  ...allergyState,
  ...authorship,
  history: [{ ...allergyState, changed_by: null, changed_at: authorship.changed_at }],
};
const allergyList = { state: 'listed', no_known_allergies: null, allergies: [allergy] };

const NOTE_ID = '6f1c2e0a-3b4d-4c5e-8f90-a1b2c3d4e5f6';
const vitalSet = {
  vital_id: ENTRY_ID,
  taken_at: '2030-01-02T03:00:00.000Z',
  systolic: 150,
  diastolic: 95,
  pulse: 72,
  respiratory_rate: null,
  temperature_c: 37.2,
  spo2: null,
  weight_kg: 70,
  height_cm: 170,
  bmi: 24.2,
  flags: [
    { field: 'systolic', level: 'high' },
    { field: 'diastolic', level: 'high' },
  ],
  recorded_by: null,
  recorded_at: '2030-01-02T03:00:00.000Z',
};
const signature = {
  signed_by: null,
  signed_at: '2030-01-02T03:00:00.000Z',
  content_hash: 'a'.repeat(64),
};
const note = {
  note_id: NOTE_ID,
  text: 'Subjective: cough for three days',
  appointment_id: null,
  status: 'current',
  signature,
  addenda: [],
  entered_in_error: null,
};
const addendum = { addendum_id: ENTRY_ID, text: 'Chest X-ray clear', signature };

const cases: Case[] = [
  {
    name: 'listVitals',
    params: { patient_id: 'P001' },
    call: () => listVitals('P001', { limit: 100 }),
    answer: [vitalSet],
    expected: { items: [vitalSet], total: 1, nextCursor: null },
    badAnswer: [{ ...vitalSet, flags: [{ field: 'mood', level: 'high' }] }],
  },
  {
    name: 'recordVitals',
    params: { patient_id: 'P001' },
    call: () => recordVitals('P001', { systolic: '150', diastolic: '95', weight_kg: 70 }),
    body: { systolic: '150', diastolic: '95', weight_kg: 70 },
    answer: vitalSet,
    status: 201,
    expected: vitalSet,
    badAnswer: { ...vitalSet, systolic: '150' },
  },
  {
    name: 'listNotes',
    params: { patient_id: 'P001' },
    call: () => listNotes('P001', { status: 'all', limit: 50 }),
    answer: [note],
    expected: { items: [note], total: 1, nextCursor: null },
    badAnswer: [{ ...note, status: 'draft' }],
  },
  {
    name: 'addNote',
    params: { patient_id: 'P001' },
    call: () => addNote('P001', { text: note.text }),
    body: { text: note.text },
    answer: note,
    status: 201,
    expected: note,
    badAnswer: { ...note, signature: null },
  },
  {
    name: 'addNoteAddendum',
    params: { patient_id: 'P001', note_id: NOTE_ID },
    call: () => addNoteAddendum('P001', NOTE_ID, { text: addendum.text }),
    body: { text: addendum.text },
    answer: { ...note, addenda: [addendum] },
    status: 201,
    expected: { ...note, addenda: [addendum] },
    badAnswer: { ...note, addenda: [{ text: addendum.text }] },
  },
  {
    name: 'markNoteEnteredInError',
    params: { patient_id: 'P001', note_id: NOTE_ID },
    call: () => markNoteEnteredInError('P001', NOTE_ID, { reason: 'Wrong patient' }),
    body: { reason: 'Wrong patient' },
    answer: {
      ...note,
      status: 'entered-in-error',
      entered_in_error: { reason: 'Wrong patient', by: null, at: signature.signed_at },
    },
    expected: {
      ...note,
      status: 'entered-in-error',
      entered_in_error: { reason: 'Wrong patient', by: null, at: signature.signed_at },
    },
    badAnswer: { ...note, status: 'entered-in-error', entered_in_error: { reason: 1 } },
  },
  {
    name: 'listConditions',
    params: { patient_id: 'P001' },
    call: () => listConditions('P001'),
    answer: [condition],
    expected: [condition],
    badAnswer: [{ ...condition, clinical_status: 'cured' }],
  },
  {
    name: 'addCondition',
    params: { patient_id: 'P001' },
    call: () => addCondition('P001', { condition_id: 'icd:E11.9', onset_date: '2020-03-01' }),
    body: { condition_id: 'icd:E11.9', onset_date: '2020-03-01' },
    answer: condition,
    status: 201,
    expected: condition,
    badAnswer: { ...condition, id: 7 },
  },
  {
    name: 'patchCondition',
    params: { patient_id: 'P001', entry_id: ENTRY_ID },
    call: () => patchCondition('P001', ENTRY_ID, { clinical_status: 'resolved' }),
    body: { clinical_status: 'resolved' },
    answer: { ...condition, clinical_status: 'resolved' },
    expected: { ...condition, clinical_status: 'resolved' },
    badAnswer: { ...condition, history: null },
  },
  {
    name: 'listAllergies',
    params: { patient_id: 'P001' },
    call: () => listAllergies('P001'),
    answer: allergyList,
    expected: allergyList,
    badAnswer: { ...allergyList, state: 'maybe' },
  },
  {
    name: 'addAllergy',
    params: { patient_id: 'P001' },
    call: () => addAllergy('P001', { substance_id: 'atc:J01C', reaction: 'Hives' }),
    body: { substance_id: 'atc:J01C', reaction: 'Hives' },
    answer: allergy,
    status: 201,
    expected: allergy,
    badAnswer: { ...allergy, kind: 'mineral' },
  },
  {
    name: 'recordNoKnownAllergies',
    params: { patient_id: 'P001' },
    call: () => recordNoKnownAllergies('P001'),
    body: {},
    answer: {
      state: 'no_known',
      no_known_allergies: { recorded_by: null, recorded_at: authorship.recorded_at },
      allergies: [],
    },
    expected: {
      state: 'no_known',
      no_known_allergies: { recorded_by: null, recorded_at: authorship.recorded_at },
      allergies: [],
    },
    badAnswer: { state: 'no_known' },
  },
  {
    name: 'patchAllergy',
    params: { patient_id: 'P001', entry_id: ENTRY_ID },
    call: () => patchAllergy('P001', ENTRY_ID, { clinical_status: 'resolved' }),
    body: { clinical_status: 'resolved' },
    answer: { ...allergy, clinical_status: 'resolved' },
    expected: { ...allergy, clinical_status: 'resolved' },
    badAnswer: { ...allergy, severity: 'dreadful' },
  },
  {
    name: 'searchConditions',
    call: () => searchConditionCatalogue('diab'),
    answer: [{ id: 'icd:E11.9', name: condition.name, name_th: null, codes }],
    expected: [{ id: 'icd:E11.9', name: condition.name, name_th: null, codes }],
    badAnswer: [{ id: 'icd:E11.9' }],
  },
  {
    name: 'searchSubstances',
    call: () => searchSubstanceCatalogue('penic'),
    answer: [
      { id: 'atc:J01C', name: allergy.name, name_th: null, codes: allergy.codes, kind: 'class' },
    ],
    expected: [
      { id: 'atc:J01C', name: allergy.name, name_th: null, codes: allergy.codes, kind: 'class' },
    ],
    badAnswer: [{ id: 'atc:J01C', name: allergy.name, name_th: null, codes: [] }],
  },
  {
    name: 'register',
    call: () =>
      register({
        username: 'ann',
        password: 'a long passphrase',
        role: 'patient',
        id: 'P001',
        activation_code: 'X',
      }),
    body: {
      username: 'ann',
      password: 'a long passphrase',
      role: 'patient',
      id: 'P001',
      activation_code: 'X',
    },
    answer: { username: 'ann', role: 'patient', id: 'P001' },
    status: 201,
    expected: { username: 'ann', role: 'patient', id: 'P001' },
    badAnswer: { username: 'ann', role: 'admin', id: 'P001' },
  },
  {
    name: 'login',
    call: () => login({ username: 'bo', password: 'secret' }),
    body: { username: 'bo', password: 'secret' },
    answer: { token, role: 'HR' },
    expected: { token, role: 'HR' },
    badAnswer: { token },
  },
  {
    name: 'loginMfa',
    call: () => loginMfa({ mfa_token: 'challenge', code: '123456' }),
    body: { mfa_token: 'challenge', code: '123456' },
    answer: { token, role: 'HR' },
    expected: { token, role: 'HR' },
    badAnswer: { mfa_required: true, mfa_token: 'again' },
  },
  {
    name: 'mfaSetup',
    call: () => setupMfa({ password: 'my-current-password' }),
    body: { password: 'my-current-password' },
    answer: { secret: 'JBSWY3DPEHPK3PXP', otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP' },
    expected: {
      secret: 'JBSWY3DPEHPK3PXP',
      otpauth_url: 'otpauth://totp/x?secret=JBSWY3DPEHPK3PXP',
    },
    badAnswer: { secret: 'JBSWY3DPEHPK3PXP' },
  },
  {
    name: 'mfaConfirm',
    call: () => confirmMfa({ code: '123456' }),
    body: { code: '123456' },
    answer: { recovery_codes: RECOVERY_CODES },
    expected: { recovery_codes: RECOVERY_CODES },
    badAnswer: { recovery_codes: RECOVERY_CODES.slice(1) },
  },
  {
    name: 'renew',
    call: () => renew(),
    answer: { token, role: 'HR' },
    expected: { token, role: 'HR' },
    badAnswer: { jwt: token },
  },
  {
    name: 'sessionStatus',
    call: () => checkSessionStatus(),
    answer: { active: true, ends_at: '2026-11-26T20:00:00.000Z' },
    expected: { active: true, ends_at: '2026-11-26T20:00:00.000Z' },
    badAnswer: { active: false },
  },
  {
    name: 'profile',
    call: () => getProfile(),
    answer: { username: 'ann', role: 'patient', patient_id: 'P001', employee_id: null },
    expected: { username: 'ann', role: 'patient', patient_id: 'P001', employee_id: null },
    badAnswer: { username: 'ann', role: 'patient' },
  },
  {
    name: 'getPatient',
    params: { patient_id: 'P001' },
    call: () => getPatient(' P001 '),
    answer: patientRecord(),
    expected: patientRecord(),
    badAnswer: patientRecord().patient,
  },
  {
    name: 'addPatient',
    call: () => addPatient(addPatientBody),
    body: addPatientBody,
    answer: { patient_id: 'P001', ...activationCode },
    status: 201,
    expected: { patient_id: 'P001', ...activationCode },
    badAnswer: { patient_id: 'P001', activation_code: 'X', activation_code_expires_at: 'soon' },
  },
  {
    name: 'updatePatient',
    call: () => updatePatient({ patient: { patient_id: 'P001', first_name: 'Anna' } }),
    body: { patient: { patient_id: 'P001', first_name: 'Anna' } },
    answer: patientRecord(),
    expected: patientRecord(),
    badAnswer: { ok: true },
  },
  {
    name: 'patchPatient',
    params: { patient_id: 'P001' },
    call: () => patchPatient('P001', { patient_drug_allergy: [], patient: { address: null } }),
    body: { patient_drug_allergy: [], patient: { address: null } },
    answer: patientRecord(),
    expected: patientRecord(),
    badAnswer: { ok: true },
  },
  {
    name: 'addAppointment',
    call: () =>
      addAppointment({ patient_id: 'P001', time: '10:30', date: '2025-02-01', topic: '' }),
    body: { patient_id: 'P001', time: '10:30', date: '2025-02-01', topic: '' },
    answer: { ...NAMED, time: '10:30:00', date: '2025-02-01', topic: null },
    status: 201,
    expected: { ...NAMED, time: '10:30:00', date: '2025-02-01', topic: null },
    badAnswer: { patient_id: 'P001', time: '10:30:00' },
  },
  {
    name: 'addHistory',
    call: () =>
      addHistory({ patient_id: 'P001', time: '10:30:15', date: '2025-02-01', detail: 'Flu' }),
    body: { patient_id: 'P001', time: '10:30:15', date: '2025-02-01', detail: 'Flu' },
    answer: { ...NAMED, time: '10:30:15', date: '2025-02-01', detail: 'Flu' },
    status: 201,
    expected: { ...NAMED, time: '10:30:15', date: '2025-02-01', detail: 'Flu' },
    badAnswer: { patient_id: 'P001', time: 1030, date: '2025-02-01', detail: 'Flu' },
  },
  {
    name: 'reissuePatientCode',
    params: { patient_id: 'P001' },
    call: () => reissuePatientCode('P001'),
    answer: activationCode,
    status: 201,
    expected: activationCode,
    badAnswer: { code: 'X' },
  },
  {
    name: 'getEmployee',
    params: { employee_id: 'E001' },
    call: () => getEmployee('E001'),
    answer: employee(),
    expected: employee(),
    badAnswer: { ...employee(), salary: '50000' },
  },
  {
    name: 'addEmployee',
    call: () => addEmployee(employeeBody),
    body: employeeBody,
    answer: { employee_id: 'E001', activation_code: null, activation_code_expires_at: null },
    status: 201,
    expected: { employee_id: 'E001', activation_code: null, activation_code_expires_at: null },
    badAnswer: { employee_id: 'E001' },
  },
  {
    name: 'updateEmployee',
    call: () =>
      updateEmployee({ employee_id: 'E001', work_status: 'no', resignation_date: '2025-01-01' }),
    body: { employee_id: 'E001', work_status: 'no', resignation_date: '2025-01-01' },
    answer: { ...employee(), sessions_revoked: 2 },
    expected: { ...employee(), sessions_revoked: 2 },
    badAnswer: employee(),
  },
  {
    name: 'reissueEmployeeCode',
    params: { employee_id: 'E001' },
    call: () => reissueEmployeeCode('E001'),
    answer: activationCode,
    status: 201,
    expected: activationCode,
    badAnswer: [],
  },
  {
    name: 'listAccessApprovals',
    call: () => listAccessApprovals(),
    answer: [pendingAccess],
    expected: [pendingAccess],
    badAnswer: [{ ...pendingAccess, requested_at: 'yesterday' }],
  },
  {
    name: 'approveEmployeeAccess',
    params: { employee_id: 'E001' },
    call: () => approveEmployeeAccess(' E001 ', 'P001'),
    body: { position_id: 'P001' },
    answer: { ...employee(), access_pending: false },
    expected: { ...employee(), access_pending: false },
    badAnswer: { employee_id: 'E001' },
  },
  {
    name: 'getSchedule',
    params: { employee_id: 'E001' },
    call: () => getSchedule(' E001 '),
    answer: schedule,
    expected: schedule,
    badAnswer: { ...schedule, sessions: 'none' },
  },
  {
    name: 'putSchedule',
    params: { employee_id: 'E001' },
    call: () => saveSchedule('E001', { sessions: schedule.sessions, exceptions: [] }),
    body: { sessions: schedule.sessions, exceptions: [] },
    answer: schedule,
    expected: schedule,
    badAnswer: { employee_id: 'E001' },
  },
  {
    name: 'addLeave',
    params: { employee_id: 'E001' },
    call: () => addLeave('E001', { from: '2030-01-07', to: '2030-01-08' }),
    body: { from: '2030-01-07', to: '2030-01-08' },
    answer: { leave, affected_appointments: [] },
    status: 201,
    expected: { leave, affected_appointments: [] },
    badAnswer: { leave },
  },
  {
    name: 'withdrawLeave',
    params: { employee_id: 'E001', leave_id: APPOINTMENT_ID },
    call: () => withdrawLeave('E001', APPOINTMENT_ID),
    answer: { ...leave, withdrawn_at: '2029-12-02T08:00:00.000Z' },
    expected: { ...leave, withdrawn_at: '2029-12-02T08:00:00.000Z' },
    badAnswer: { leave_id: APPOINTMENT_ID },
  },
  {
    name: 'listSlots',
    call: () => listSlots({ from: '2030-01-07', to: '2030-01-08', clinician_id: 'E001' }),
    answer: [slot],
    expected: { items: [slot], total: 1, nextCursor: null },
    badAnswer: [{ ...slot, start: 3 }],
  },
  {
    name: 'bookMyAppointment',
    call: () => bookSlot({ clinician_id: 'E001', start: slot.start, reason: 'Cough' }),
    body: { clinician_id: 'E001', start: slot.start, reason: 'Cough' },
    answer: booked,
    status: 201,
    expected: booked,
    badAnswer: { date: 7 },
  },
  {
    name: 'refuseEmployeeAccess',
    params: { employee_id: 'E001' },
    call: () => refuseEmployeeAccess(' E001 ', 'P001', 'Not on the rota'),
    body: { position_id: 'P001', reason: 'Not on the rota' },
    answer: { ...employee(), access_pending: false },
    expected: { ...employee(), access_pending: false },
    badAnswer: { employee_id: 'E001' },
  },
  {
    name: 'cancelMyAppointment',
    params: { appointment_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' },
    call: () => cancelMyAppointment(' 1b4e28ba-2fa1-41d2-883f-0016d3cca427 ', { reason: 'Away' }),
    body: { reason: 'Away' },
    answer: { date: '2030-01-02', time: '09:00:00', topic: null, status: 'cancelled' },
    expected: { date: '2030-01-02', time: '09:00:00', topic: null, status: 'cancelled' },
    badAnswer: { date: '2030-01-02' },
  },
  {
    name: 'updateMyContact',
    call: () => updateMyContact({ email: 'malee@gmail.com' }),
    body: { email: 'malee@gmail.com' },
    answer: { phone_number: '0811112222', email: 'malee@gmail.com', address: null },
    expected: { phone_number: '0811112222', email: 'malee@gmail.com', address: null },
    badAnswer: { email: 'malee@gmail.com' },
  },
  {
    name: 'patientContactChanges',
    params: { patient_id: 'P001' },
    call: () => listContactChanges('P001'),
    answer: [
      {
        changed_at: '2026-11-20T03:00:00.000Z',
        fields: ['email'],
        changed_by: 'patient',
        name: null,
      },
    ],
    expected: {
      items: [
        {
          changed_at: '2026-11-20T03:00:00.000Z',
          fields: ['email'],
          changed_by: 'patient',
          name: null,
        },
      ],
      total: 1,
      nextCursor: null,
    },
    badAnswer: [{ fields: 'email' }],
  },
  {
    name: 'listPatients',
    call: () => listPatients(),
    answer: [patientRecord()],
    expected: { items: [patientRecord()], total: 1, nextCursor: null },
    badAnswer: { items: [patientRecord()] },
  },
  {
    name: 'searchPatients',
    call: () => searchPatients({ first_name: 'an' }),
    body: { first_name: 'an' },
    answer: [patientRecord()],
    expected: { items: [patientRecord()], total: 1, nextCursor: null },
    badAnswer: [{ patient_id: 'P001' }],
  },
  {
    name: 'myAppointments',
    call: () => listMyAppointments('upcoming', { limit: 10 }),
    answer: [{ date: '2030-01-02', time: '09:00:00', topic: 'Check-up' }],
    expected: {
      items: [{ date: '2030-01-02', time: '09:00:00', topic: 'Check-up' }],
      total: 1,
      nextCursor: null,
    },
    badAnswer: [{ date: '2030-01-02' }],
  },
  {
    name: 'nextPatientId',
    call: () => getNextPatientId(),
    answer: { patient_id: 'P038' },
    expected: 'P038',
    badAnswer: { id: 'P038' },
  },
  {
    name: 'nextEmployeeId',
    call: () => getNextEmployeeId(),
    answer: { employee_id: 'E013' },
    expected: 'E013',
    badAnswer: { employee_id: 13 },
  },
  {
    name: 'patientAppointments',
    params: { patient_id: 'P001' },
    call: () => listPatientAppointments('P001', { limit: 10 }),
    answer: [chartAppointment, { ...chartAppointment, status: 'cancelled', clinician: null }],
    expected: {
      items: [chartAppointment, { ...chartAppointment, status: 'cancelled', clinician: null }],
      total: 2,
      nextCursor: null,
    },
    badAnswer: [{ date: '2030-01-02', time: 9 }],
  },
  {
    name: 'cancelAppointment',
    params: { patient_id: 'P001', appointment_id: APPOINTMENT_ID },
    call: () =>
      cancelAppointment(
        { patientId: 'P001', appointmentId: APPOINTMENT_ID },
        { reason: 'Feeling better' },
      ),
    body: { reason: 'Feeling better' },
    answer: { ...chartAppointment, status: 'cancelled', cancel_reason: 'Feeling better' },
    expected: { ...chartAppointment, status: 'cancelled', cancel_reason: 'Feeling better' },
    badAnswer: { ...chartAppointment, status: 'gone' },
  },
  {
    name: 'rescheduleAppointment',
    params: { patient_id: 'P001', appointment_id: APPOINTMENT_ID },
    call: () =>
      rescheduleAppointment(
        { patientId: 'P001', appointmentId: APPOINTMENT_ID },
        { date: '2030-01-03', time: '10:00' },
      ),
    body: { date: '2030-01-03', time: '10:00' },
    answer: { cancelled: chartAppointment, booked: chartAppointment, warnings: [] },
    expected: { cancelled: chartAppointment, booked: chartAppointment, warnings: [] },
    badAnswer: { cancelled: chartAppointment, warnings: [] },
  },
  {
    name: 'setAppointmentStatus',
    params: { patient_id: 'P001', appointment_id: APPOINTMENT_ID },
    call: () =>
      setAppointmentStatus({ patientId: 'P001', appointmentId: APPOINTMENT_ID }, 'noshow'),
    body: { status: 'noshow' },
    answer: { ...chartAppointment, status: 'noshow' },
    expected: { ...chartAppointment, status: 'noshow' },
    badAnswer: { ...chartAppointment, status: 'noshow', duration_minutes: '15' },
  },
  {
    name: 'dayAppointments',
    call: () => listDayAppointments({ date: '2030-01-02' }),
    answer: [dayAppointment],
    expected: { items: [dayAppointment], total: 1, nextCursor: null },
    badAnswer: [{ ...dayAppointment, patient_id: undefined }],
  },
  {
    name: 'listClinicians',
    call: () => listClinicians(),
    answer: [clinician],
    expected: { items: [clinician], total: 1, nextCursor: null },
    badAnswer: [{ employee_id: 'E001' }],
  },
  {
    name: 'myAccessLog',
    call: () => listMyAccessLog(),
    answer: [
      {
        occurred_at: '2026-11-25T09:15:00.000Z',
        kind: 'viewed',
        actor: 'staff',
        name: 'Anan Wongsa',
        role: 'medical_personnel',
      },
    ],
    expected: {
      items: [
        {
          occurred_at: '2026-11-25T09:15:00.000Z',
          kind: 'viewed',
          actor: 'staff',
          name: 'Anan Wongsa',
          role: 'medical_personnel',
        },
      ],
      total: 1,
      nextCursor: null,
    },
    badAnswer: [
      { occurred_at: 'yesterday', kind: 'peeked', actor: 'staff', name: null, role: null },
    ],
  },
  {
    name: 'listEmployees',
    call: () => listEmployees(),
    answer: [employee()],
    expected: { items: [employee()], total: 1, nextCursor: null },
    badAnswer: [{ ...employee(), work_status: 'maybe' }],
  },
  {
    name: 'searchEmployees',
    call: () => searchEmployees({ employee_id: 'E0' }),
    body: { employee_id: 'E0' },
    answer: [employee()],
    expected: { items: [employee()], total: 1, nextCursor: null },
    badAnswer: null,
  },
  {
    name: 'accountSummary',
    call: () => getAccountSummary(),
    answer: ACCOUNT,
    expected: ACCOUNT,
    badAnswer: { ...ACCOUNT, recovery_codes_left: -1 },
  },
  {
    name: 'changePassword',
    call: () => changePassword({ current_password: 'old-one', new_password: 'a-new-passphrase' }),
    body: { current_password: 'old-one', new_password: 'a-new-passphrase' },
    answer: { ended_sessions: 2 },
    expected: { ended_sessions: 2 },
    badAnswer: { ended: 2 },
  },
  {
    name: 'listAccountSessions',
    call: () => listAccountSessions(),
    answer: [SESSION],
    expected: [SESSION],
    badAnswer: [{ ...SESSION, current: 'yes' }],
  },
  {
    name: 'endOtherSessions',
    call: () => endOtherSessions(),
    answer: { ended_sessions: 1 },
    expected: { ended_sessions: 1 },
    badAnswer: {},
  },
  {
    name: 'regenerateRecoveryCodes',
    call: () => regenerateRecoveryCodes({ code: '123456' }),
    body: { code: '123456' },
    answer: { recovery_codes: RECOVERY_CODES },
    expected: { recovery_codes: RECOVERY_CODES },
    badAnswer: { recovery_codes: RECOVERY_CODES.slice(1) },
  },
];

/** What a call sent, as the mock server saw it. */
interface Seen {
  body?: unknown;
  authorization?: string | null;
  contentType?: string | null;
  accept?: string | null;
}

function handle(c: Case, answer: JsonBodyType, seen: Seen) {
  const endpoint = ENDPOINTS[c.name];
  const path = `/api${endpointPath(endpoint.path, c.params)}`;
  const method = {
    GET: http.get,
    PUT: http.put,
    POST: http.post,
    PATCH: http.patch,
    DELETE: http.delete,
  }[endpoint.method];
  return method(path, async ({ request }) => {
    seen.authorization = request.headers.get('authorization');
    seen.contentType = request.headers.get('content-type');
    seen.accept = request.headers.get('accept');
    const text = await request.text();
    seen.body = text === '' ? undefined : (JSON.parse(text) as unknown);
    return HttpResponse.json(answer, { status: c.status ?? 200 });
  });
}

const medication = {
  id: ENTRY_ID,
  drug_id: 'rxn:723',
  name: 'amoxicillin',
  name_th: 'อะม็อกซีซิลลิน',
  codes: [
    { system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '723', display: 'amoxicillin' },
  ],
  dose: 500,
  unit: 'mg',
  route: 'oral',
  frequency: 'three_times_daily',
  duration_days: 7,
  quantity: 21,
  instructions: 'After meals',
  status: 'active',
  stopped: null,
  override_reason: null,
  prescribed_by: null,
  created_at: '2030-01-02T03:00:00.000Z',
  ends_at: '2030-01-09T03:00:00.000Z',
  allergy_conflicts: [],
};
const prescription = {
  drug_id: 'rxn:723',
  dose: 500,
  unit: 'mg',
  route: 'oral',
  frequency: 'three_times_daily',
  duration_days: 7,
  quantity: 21,
  instructions: 'After meals',
} as const;

/** The prescriptions' calls (the chart's Medications, MyInfo's), with their own fixtures. */
const prescriptionCases: Case[] = [
  {
    name: 'listMedications',
    params: { patient_id: 'P001' },
    call: () => listMedications(' P001 '),
    answer: [medication],
    expected: [medication],
    badAnswer: [{ ...medication, status: 'paused' }],
  },
  {
    name: 'prescribe',
    params: { patient_id: 'P001' },
    call: () => prescribe('P001', prescription),
    body: prescription,
    answer: medication,
    status: 201,
    expected: medication,
    badAnswer: { ...medication, dose: '500' },
  },
  {
    name: 'stopMedication',
    params: { patient_id: 'P001', medication_id: ENTRY_ID },
    call: () => stopMedication('P001', ENTRY_ID, { reason: 'Rash' }),
    body: { reason: 'Rash' },
    answer: { ...medication, status: 'stopped' },
    expected: { ...medication, status: 'stopped' },
    badAnswer: { ...medication, stopped: 'yes' },
  },
  {
    name: 'myMedications',
    call: () => listMyMedications(),
    answer: [medication],
    expected: [medication],
    badAnswer: { medications: [] },
  },
];

describe('every call of the API', () => {
  it('has a case here (but health, ready, the OpenAPI document and the operators’ calls, which the apps never call)', () => {
    const covered = [
      ...cases.map((c) => c.name),
      ...prescriptionCases.map((c) => c.name),
      'logout',
      'endAccountSession',
      'disableMfa',
      'setAccountLocale',
      // Answered with no body: their own test below.
      'requestPasswordReset',
      'confirmPasswordReset',
      // A file, fetched as a Blob, which jsdom cannot carry: the API's record-pdf.test.ts
      // reads the PDF back.
      'myRecordPdf',
    ].sort();
    const expected = (Object.keys(ENDPOINTS) as EndpointName[])
      .filter((name) => !['health', 'ready', 'openapi'].includes(name))
      .filter((name) => ENDPOINTS[name].access !== 'operator')
      .sort();
    expect(covered).toEqual(expected);
  });

  it.each([...cases, ...prescriptionCases])(
    '$name uses its method and path, sends its body, and parses the answer',
    async (c) => {
      const seen: Seen = {};
      server.use(handle(c, c.answer, seen));

      await expect(c.call()).resolves.toEqual(c.expected);

      expect(seen.body).toEqual(c.body);
      // Problems asked for by name, so that login and register failures keep their fields.
      expect(seen.accept).toBe('application/json, application/problem+json');
      if (c.body !== undefined) {
        expect(seen.contentType).toMatch(
          c.name === 'patchPatient' || c.name === 'updateMyContact'
            ? /^application\/merge-patch\+json/
            : /^application\/json/,
        );
      }
      const isPublic = ENDPOINTS[c.name].access === 'public';
      expect(seen.authorization).toBe(isPublic ? null : `Bearer ${sessionStore.read()?.token}`);
    },
  );

  it.each([...cases, ...prescriptionCases])(
    '$name rejects an answer off the contract',
    async (c) => {
      server.use(handle(c, c.badAnswer, {}));

      await expect(c.call()).rejects.toMatchObject({
        name: 'ApiError',
        kind: 'bad-answer',
        detail: 'Unexpected answer from the server',
        status: c.status ?? 200,
      });
    },
  );

  it('asks for a password reset link and sets the new password, public, reading no body', async () => {
    const seen: { path: string; body: unknown; authorization: string | null }[] = [];
    const record =
      (status: number) =>
      async ({ request }: { request: Request }) => {
        seen.push({
          path: new URL(request.url).pathname,
          body: (await request.json()) as unknown,
          authorization: request.headers.get('authorization'),
        });
        return new HttpResponse(status === 202 ? '{"accepted":true}' : null, { status });
      };
    server.use(
      http.post('/api/password-reset', record(202)),
      http.post('/api/password-reset/confirm', record(204)),
    );
    await expect(requestPasswordReset({ username: 'malee.s' })).resolves.toBeUndefined();
    await expect(
      confirmPasswordReset({
        token: 'Ab3_-'.repeat(8) + 'Ab3',
        new_password: 'Tamarind-Monsoon-42',
      }),
    ).resolves.toBeUndefined();
    expect(seen).toEqual([
      { path: '/api/password-reset', body: { username: 'malee.s' }, authorization: null },
      {
        path: '/api/password-reset/confirm',
        body: { token: 'Ab3_-'.repeat(8) + 'Ab3', new_password: 'Tamarind-Monsoon-42' },
        authorization: null,
      },
    ]);
  });

  it('logout posts with the token and expects no body', async () => {
    let authorization: string | null = null;
    server.use(
      http.post('/api/logout', ({ request }) => {
        authorization = request.headers.get('authorization');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(logout()).resolves.toBeUndefined();
    expect(authorization).toBe(`Bearer ${sessionStore.read()?.token}`);
  });

  it('ending a session deletes it by id, and turning the factor off posts the code; both expect no body', async () => {
    const seen: string[] = [];
    server.use(
      http.delete(`/api/account/sessions/${APPOINTMENT_ID}`, ({ request }) => {
        seen.push(`DELETE ${request.headers.get('authorization')}`);
        return new HttpResponse(null, { status: 204 });
      }),
      http.post('/api/account/mfa/disable', async ({ request }) => {
        seen.push(`POST ${JSON.stringify(await request.json())}`);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(endAccountSession(APPOINTMENT_ID)).resolves.toBeUndefined();
    await expect(disableMfa({ code: '123456' })).resolves.toBeUndefined();
    expect(seen).toEqual([`DELETE Bearer ${sessionStore.read()?.token}`, 'POST {"code":"123456"}']);
  });

  it('keeps the language on the account: PUT with the token and the language, and the language shown sent on every call', async () => {
    const seen: { body?: unknown; authorization?: string | null; language?: string | null } = {};
    server.use(
      http.put('/api/account/locale', async ({ request }) => {
        seen.body = await request.json();
        seen.authorization = request.headers.get('authorization');
        seen.language = request.headers.get('accept-language');
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(setAccountLocale('th')).resolves.toBeUndefined();
    expect(seen).toEqual({
      body: { locale: 'th' },
      authorization: `Bearer ${sessionStore.read()?.token}`,
      language: 'en',
    });
  });

  it('logout reports the server’s refusal', async () => {
    server.use(http.post('/api/logout', () => HttpResponse.json({}, { status: 500 })));
    await expect(logout()).rejects.toMatchObject({ kind: 'http', status: 500 });
  });

  it('refuses to build a call without its path parameter', async () => {
    await expect(getPatient('  ')).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'client',
      detail: 'Missing path parameter patient_id',
    });
  });

  it('asks for the summary view, and for a day by its query', async () => {
    const urls: string[] = [];
    const summary = {
      patient_id: 'P001',
      first_name: 'Ann',
      last_name: 'Lee',
      age: 42,
      gender: 'female',
      date_of_birth: '1983-04-01',
      has_drug_allergies: true,
    };
    server.use(
      http.get('/api/patient', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json([summary]);
      }),
      http.post('/api/patient/search-patient', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json([summary]);
      }),
      http.get('/api/appointments', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json([]);
      }),
    );
    await expect(listPatientSummaries({ limit: 5 })).resolves.toMatchObject({ items: [summary] });
    await expect(searchPatientSummaries({ first_name: 'An' })).resolves.toMatchObject({
      items: [summary],
    });
    await listDayAppointments({ date: '2030-01-02', clinicianId: ' E001 ' }, { cursor: 'c1' });
    await listDayAppointments({ date: '2030-01-02', clinicianId: '' });
    const queries = urls.map((url) => Object.fromEntries(new URL(url).searchParams));
    expect(queries).toEqual([
      { view: 'summary', limit: '5' },
      { view: 'summary' },
      { date: '2030-01-02', clinician_id: 'E001', cursor: 'c1' },
      { date: '2030-01-02' },
    ]);
  });

  it('encodes path parameters', async () => {
    server.use(http.get('/api/employee/E%2F1', () => HttpResponse.json(employee('E/1'))));
    await expect(getEmployee('E/1')).resolves.toMatchObject({ employee_id: 'E/1' });
  });
});

describe('the second factor’s calls', () => {
  it('login passes on a challenge for the code', async () => {
    server.use(
      http.post('/api/login', () => HttpResponse.json({ mfa_required: true, mfa_token: 'c1' })),
    );
    await expect(login({ username: 'bo', password: 'secret' })).resolves.toEqual({
      mfa_required: true,
      mfa_token: 'c1',
    });
  });

  it('enrolment right after the password sends the given token, with no stored session', async () => {
    sessionStore.clear();
    const seen: (string | null)[] = [];
    server.use(
      http.post('/api/mfa/setup', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ secret: 'ABCD', otpauth_url: 'otpauth://totp/x' });
      }),
      http.post('/api/mfa/confirm', ({ request }) => {
        seen.push(request.headers.get('authorization'));
        return HttpResponse.json({ recovery_codes: RECOVERY_CODES });
      }),
    );
    await setupMfa({ password: 'my-current-password' }, { token: 'restricted-token' });
    await confirmMfa({ code: '123456' }, { token: 'restricted-token' });
    expect(seen).toEqual(['Bearer restricted-token', 'Bearer restricted-token']);
    expect(sessionStore.read()).toBeNull();
  });
});
