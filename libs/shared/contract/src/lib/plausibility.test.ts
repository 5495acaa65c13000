/**
 * On the contract's side: every field of every request schema
 * refuses what PostgreSQL cannot store (a NUL byte, year 0000) and what makes no sense
 * (unpaired surrogates, required fields of invisible characters, dates out of their range, an
 * age the date of birth cannot give). Table-driven over the schemas' own fields, so a field
 * added later without the rule fails here.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { loginRequestSchema, registerRequestSchema } from './auth';
import {
  addEmployeeRequestSchema,
  searchEmployeeRequestSchema,
  updateEmployeeRequestSchema,
} from './employees';
import { catalogueQuerySchema, substanceQuerySchema } from './catalogues';
import { pageQuerySchema } from './paging';
import { passwordResetConfirmSchema, passwordResetRequestSchema } from './password-reset';
import { recordPdfQuerySchema } from './my-record';
import {
  addAppointmentRequestSchema,
  addHistoryRequestSchema,
  addPatientRequestSchema,
  checkPatientAge,
  patientIdParamsSchema,
  searchPatientRequestSchema,
  updatePatientRequestSchema,
} from './patients';
import { employeeIdParamsSchema, refuseAccessRequestSchema } from './employees';
import {
  appointmentParamsSchema,
  appointmentStatusRequestSchema,
  cancelAppointmentRequestSchema,
  dayAppointmentsQuerySchema,
  rescheduleAppointmentRequestSchema,
} from './chart';
import {
  cancelMyAppointmentRequestSchema,
  myAppointmentsQuerySchema,
  myContactRequestSchema,
} from './my-record';
import { patientListQuerySchema } from './patients';
import { recordVitalsRequestSchema } from './vitals';
import {
  medicationParamsSchema,
  prescribeRequestSchema,
  stopMedicationRequestSchema,
} from './prescriptions';
import {
  addAddendumRequestSchema,
  addNoteRequestSchema,
  noteEnteredInErrorRequestSchema,
  noteParamsSchema,
  notesQuerySchema,
} from './notes';
import {
  addAllergyRequestSchema,
  addConditionRequestSchema,
  listEntryParamsSchema,
  patchAllergyRequestSchema,
  patchConditionRequestSchema,
} from './clinical-lists';
import {
  bookSlotRequestSchema,
  leaveParamsSchema,
  leaveRequestSchema,
  scheduleRequestSchema,
  slotQuerySchema,
} from './clinic-hours';

type Leaf = string | number | boolean | null;
type Json = Leaf | Json[] | { [key: string]: Json };

/** Every leaf of a body with its path. */
function leaves(
  value: Json,
  path: (string | number)[] = [],
): { path: (string | number)[]; value: Leaf }[] {
  if (Array.isArray(value)) return value.flatMap((item, i) => leaves(item, [...path, i]));
  if (value !== null && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => leaves(item, [...path, key]));
  }
  return [{ path, value }];
}

/** A copy of `body` with the leaf at `path` replaced. */
function withLeaf(body: Json, path: (string | number)[], replacement: Json): Json {
  const copy = JSON.parse(JSON.stringify(body)) as Record<string | number, Json>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, Json>;
  parent[path.at(-1)!] = replacement;
  return copy;
}

/** The field names of an object schema, one level down into nested objects (`patient.*`). */
function contractFields(schema: z.ZodType): string[] {
  // A discriminated union (registration, by role): the fields of every branch.
  const options = (schema as unknown as { options?: z.ZodType[] }).options;
  if (options) return [...new Set(options.flatMap(contractFields))];
  const shape = (schema as unknown as { shape?: Record<string, z.ZodType> }).shape;
  if (!shape) throw new Error('not an object schema');
  return Object.entries(shape).flatMap(([key, field]) =>
    (field as unknown as { shape?: unknown }).shape
      ? contractFields(field).map((inner) => `${key}.${inner}`)
      : [key],
  );
}

/** Whether a failed parse has an issue on `path`. */
function refusedOn(result: z.ZodSafeParseResult<unknown>, path: (string | number)[]): boolean {
  return (
    !result.success && result.error.issues.some((issue) => issue.path.join('.') === path.join('.'))
  );
}

const year = new Date().getUTCFullYear();

const patient = {
  patient_id: 'P001',
  first_name: 'Malee',
  last_name: 'Srisuk',
  age: 40,
  date_of_birth: `${year - 40}-01-01`,
  gender: 'female',
  blood_type: 'O',
  email: 'malee@gmail.com',
  health_insurance: 'yes',
  address: '12 Rama IV Road\nBangkok',
  phone_number: '0812345678',
  id_card_number: '1-2345-67890-12-3',
  ongoing_treatment: 'none',
  unhealthy_habits: 'none',
};

const employee = {
  employee_id: 'E001',
  first_name: 'Kanya',
  last_name: 'Thongdee',
  position_id: 'P002',
  phone_number: '0898765432',
  salary: 42000,
  email: 'kanya@hotmail.com',
  hire_date: '2020-01-15',
  resignation_date: '2024-06-30',
  work_status: 'no',
};

/** Every request schema with a body it accepts, covering each of its fields. */
const REQUESTS: Record<string, { schema: z.ZodType; body: Json }> = {
  register: {
    schema: registerRequestSchema,
    body: {
      username: 'malee.s',
      password: 'correct-horse-battery-staple',
      role: 'patient',
      id: 'P001',
      activation_code: 'ABCD-EFGH-JKMN',
    },
  },
  login: {
    schema: loginRequestSchema,
    body: {
      username: 'malee.s',
      password: 'correct-horse-battery-staple',
      proof: 'eyJjaGFsbGVuZ2UiOnt9LCJzb2x1dGlvbiI6e319',
    },
  },
  searchPatient: {
    schema: searchPatientRequestSchema,
    body: { patient_id: 'P0', first_name: 'Mal', last_name: 'Sri' },
  },
  addPatient: {
    schema: addPatientRequestSchema,
    body: {
      patient,
      patient_chronic_disease: [{ disease_id: 'I001' }],
      patient_drug_allergy: [{ drug_id: 'R001', reaction: 'Hives', severity: 'severe' }],
    },
  },
  updatePatient: {
    schema: updatePatientRequestSchema,
    body: {
      patient,
      patient_chronic_disease: [{ disease_id: 'I001' }],
      patient_drug_allergy: [{ drug_id: 'R001', reaction: 'Rash', severity: 'mild' }],
    },
  },
  addAppointment: {
    schema: addAppointmentRequestSchema,
    body: {
      patient_id: 'P001',
      time: '09:30',
      date: '2026-01-05',
      topic: 'Follow-up\n\tX-ray',
      clinician_id: 'E001',
      duration_minutes: 30,
      allow_overlap: true,
    },
  },
  cancelAppointment: {
    schema: cancelAppointmentRequestSchema,
    body: { reason: 'The patient asked\nby phone', staff_note: 'Dr Surasak on leave;\nrebook' },
  },
  rescheduleAppointment: {
    schema: rescheduleAppointmentRequestSchema,
    body: {
      date: '2026-01-06',
      time: '10:15',
      clinician_id: 'E002',
      duration_minutes: 20,
      topic: 'Follow-up',
      reason: 'Clinician away',
      allow_overlap: false,
    },
  },
  addCondition: {
    schema: addConditionRequestSchema,
    body: {
      condition_id: 'icd:E11.9',
      onset_date: '2020-03-01',
      clinical_status: 'active',
      verification_status: 'provisional',
      note: 'Diet\n\tmetformin',
    },
  },
  patchCondition: {
    schema: patchConditionRequestSchema,
    body: {
      onset_date: '2019-12-01',
      clinical_status: 'resolved',
      verification_status: 'entered-in-error',
      error_reason: 'Wrong patient\nsee note',
      note: 'Controlled',
    },
  },
  addAllergy: {
    schema: addAllergyRequestSchema,
    body: {
      substance_id: 'atc:J01C',
      reaction: 'Hives',
      severity: 'moderate',
      criticality: 'high',
      onset_date: '2015-06-01',
    },
  },
  patchAllergy: {
    schema: patchAllergyRequestSchema,
    body: {
      reaction: 'Rash',
      severity: 'mild',
      criticality: 'unable-to-assess',
      onset_date: '2015-06-01',
      clinical_status: 'resolved',
      verification_status: 'entered-in-error',
      error_reason: 'Was the virus',
    },
  },
  listEntryParams: {
    schema: listEntryParamsSchema,
    body: { patient_id: 'P001', entry_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' },
  },
  cancelMyAppointment: {
    schema: cancelMyAppointmentRequestSchema,
    body: { reason: 'I feel better;\nthank you' },
  },
  myAppointmentsQuery: {
    schema: myAppointmentsQuerySchema,
    body: { when: 'past', limit: '20', cursor: 'abc_DEF-123' },
  },
  myContact: {
    schema: myContactRequestSchema,
    body: {
      phone_number: '+66 81 555 0123',
      email: 'malee@gmail.com',
      address: '5 Soi Ari\nBangkok',
    },
  },
  refuseAccess: {
    schema: refuseAccessRequestSchema,
    body: { position_id: 'P001', reason: 'Hired as a porter;\nnot a doctor' },
  },
  appointmentStatus: {
    schema: appointmentStatusRequestSchema,
    body: { status: 'booked', reason: 'Marked attended by mistake', allow_overlap: true },
  },
  dayAppointmentsQuery: {
    schema: dayAppointmentsQuerySchema,
    body: { date: '2026-01-05', clinician_id: 'E001', limit: '20', cursor: 'abc_DEF-123' },
  },
  patientListQuery: {
    schema: patientListQuerySchema,
    body: { limit: '20', cursor: 'abc_DEF-123', view: 'summary' },
  },
  appointmentParams: {
    schema: appointmentParamsSchema,
    body: { patient_id: 'P001', appointment_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' },
  },
  addHistory: {
    schema: addHistoryRequestSchema,
    body: { patient_id: 'P001', time: '09:30:00', date: '2025-01-05', detail: 'Flu\nrest' },
  },
  searchEmployee: {
    schema: searchEmployeeRequestSchema,
    body: { employee_id: 'E0', first_name: 'Kan', last_name: 'Tho' },
  },
  addEmployee: { schema: addEmployeeRequestSchema, body: employee },
  updateEmployee: { schema: updateEmployeeRequestSchema, body: employee },
  recordVitals: {
    schema: recordVitalsRequestSchema,
    body: {
      systolic: 128,
      diastolic: 84,
      pulse: 76,
      respiratory_rate: 14,
      temperature_c: 36.8,
      spo2: 98,
      weight_kg: 64.5,
      height_cm: 162,
      taken_at: '2026-01-05T09:30:00+07:00',
    },
  },
  addNote: {
    schema: addNoteRequestSchema,
    body: {
      text: 'S: headache\n\tO: BP normal',
      appointment_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427',
    },
  },
  addAddendum: { schema: addAddendumRequestSchema, body: { text: 'Seen again:\tbetter' } },
  noteEnteredInError: {
    schema: noteEnteredInErrorRequestSchema,
    body: { reason: 'Wrong chart;\nsee the other note' },
  },
  noteParams: {
    schema: noteParamsSchema,
    body: { patient_id: 'P001', note_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' },
  },
  prescribe: {
    schema: prescribeRequestSchema,
    body: {
      drug_id: 'rxn:723',
      dose: '0.25',
      unit: 'g',
      route: 'oral',
      frequency: 'three_times_daily',
      duration_days: '7',
      quantity: 21,
      instructions: 'ทานหลังอาหาร\nวันละ 3 ครั้ง',
      override_reason: 'Tolerated before;\tsee the note',
    },
  },
  stopMedication: {
    schema: stopMedicationRequestSchema,
    body: { reason: 'Stomach upset;\nswitched' },
  },
  medicationParams: {
    schema: medicationParamsSchema,
    body: { patient_id: 'P001', medication_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' },
  },
  notesQuery: {
    schema: notesQuerySchema,
    body: { limit: '20', cursor: 'abc_DEF-123', status: 'all' },
  },
  pageQuery: { schema: pageQuerySchema, body: { limit: '20', cursor: 'abc_DEF-123' } },
  conditionSearchQuery: { schema: catalogueQuerySchema, body: { q: 'diab', limit: '20' } },
  substanceSearchQuery: {
    schema: substanceQuerySchema,
    body: { q: 'เพนิซิลลิน', limit: '20', kind: 'class' },
  },
  passwordResetRequest: { schema: passwordResetRequestSchema, body: { username: 'malee.s' } },
  passwordResetConfirm: {
    schema: passwordResetConfirmSchema,
    body: { token: 'Ab3_-'.repeat(8) + 'Ab3', new_password: 'Tamarind-Monsoon-Lantern-42' },
  },
  recordPdfQuery: { schema: recordPdfQuerySchema, body: { locale: 'th' } },
  patientIdParams: { schema: patientIdParamsSchema, body: { patient_id: 'P001' } },
  employeeIdParams: { schema: employeeIdParamsSchema, body: { employee_id: 'E001' } },
  putSchedule: {
    schema: scheduleRequestSchema,
    body: {
      sessions: [
        { weekday: 1, start: '08:00', end: '12:00', slot_minutes: 15, department_id: 'D001' },
        { weekday: 1, start: '13:00', end: '16:30', slot_minutes: 30, department_id: null },
      ],
      exceptions: [
        { date: '2026-01-05', start: '09:00', end: '10:00' },
        { date: '2026-01-06', start: null, end: null },
      ],
    },
  },
  addLeave: {
    schema: leaveRequestSchema,
    body: { from: '2026-01-05', to: '2026-01-09', note: 'Annual leave' },
  },
  leaveParams: {
    schema: leaveParamsSchema,
    body: { employee_id: 'E001', leave_id: '1b4e28ba-2fa1-41d2-883f-0016d3cca427' },
  },
  slotQuery: {
    schema: slotQuerySchema,
    body: {
      clinician_id: 'E001',
      department_id: 'D001',
      from: '2026-01-05',
      to: '2026-02-28',
      limit: '50',
      cursor: 'abc_DEF-123',
    },
  },
  bookSlot: {
    schema: bookSlotRequestSchema,
    body: {
      clinician_id: 'E001',
      start: '2026-01-05T02:00:00.000Z',
      reason: 'Knee pain\nsince May',
    },
  },
};

const DATE = /^\d{4}-\d{2}-\d{2}$/;

describe.each(Object.entries(REQUESTS))('%s', (_, { schema, body }) => {
  it('has a test body that covers every field and is accepted', () => {
    const sent = leaves(body).map((l) => l.path.filter((k) => typeof k === 'string').join('.'));
    for (const field of contractFields(schema)) {
      expect(
        sent.some((s) => s === field || s.startsWith(`${field}.`)),
        field,
      ).toBe(true);
    }
    const result = schema.safeParse(body);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  it('refuses a NUL byte in every field, at its start, middle or end, on its path', () => {
    for (const { path, value } of leaves(body)) {
      const text = String(value);
      for (const poisoned of [
        `\u0000${text}`,
        `${text.slice(0, 1)}\u0000${text.slice(1)}`,
        `${text}\u0000`,
      ]) {
        const result = schema.safeParse(withLeaf(body, path, poisoned));
        expect(refusedOn(result, path), `${path.join('.')} = ${JSON.stringify(poisoned)}`).toBe(
          true,
        );
      }
    }
  });

  it('refuses an unpaired surrogate in every field, on its path', () => {
    for (const { path, value } of leaves(body)) {
      const text = String(value);
      const broken = `${text.slice(0, 1)}\uD800${text.slice(1)}`;
      const result = schema.safeParse(withLeaf(body, path, broken));
      expect(refusedOn(result, path), path.join('.')).toBe(true);
    }
  });

  it('refuses year 0000, 0001 and 9999 in every date field, on its path', () => {
    for (const { path } of leaves(body).filter(
      (l) => typeof l.value === 'string' && DATE.test(l.value),
    )) {
      for (const date of ['0000-01-01', '0001-01-01', '9999-12-31']) {
        const result = schema.safeParse(withLeaf(body, path, date));
        expect(refusedOn(result, path), `${path.join('.')} = ${date}`).toBe(true);
      }
    }
  });
});

describe('required fields of invisible characters', () => {
  const INVISIBLE = ['\u200B\u200B', '\uFEFF', '\u200E\u2060\u200D', '\u3164', ' \u00AD '];

  it.each<[string, (string | number)[]]>([
    ['register', ['username']],
    ['register', ['activation_code']],
    ['login', ['username']],
    ['addPatient', ['patient', 'first_name']],
    ['addPatient', ['patient', 'last_name']],
    ['addPatient', ['patient', 'email']],
    ['addPatient', ['patient', 'phone_number']],
    ['addPatient', ['patient', 'id_card_number']],
    ['addPatient', ['patient', 'ongoing_treatment']],
    ['addPatient', ['patient', 'unhealthy_habits']],
    ['addPatient', ['patient', 'date_of_birth']],
    ['addAppointment', ['time']],
    ['addAppointment', ['date']],
    ['addHistory', ['date']],
    ['addNote', ['text']],
    ['addAddendum', ['text']],
    ['noteEnteredInError', ['reason']],
    ['addEmployee', ['first_name']],
    ['addEmployee', ['last_name']],
    ['addEmployee', ['phone_number']],
    ['addEmployee', ['email']],
    ['addEmployee', ['hire_date']],
    ['bookSlot', ['reason']],
    ['bookSlot', ['start']],
    ['addLeave', ['from']],
  ])('%s reads %j as Required', (name, path) => {
    const { schema, body } = REQUESTS[name]!;
    for (const invisible of INVISIBLE) {
      const result = schema.safeParse(withLeaf(body, path, invisible));
      expect(result.success).toBe(false);
      const messages = result.error?.issues
        .filter((i) => i.path.join('.') === path.join('.'))
        .map((i) => i.message);
      expect(messages, JSON.stringify(invisible)).toEqual(['Required']);
    }
  });

  it('reads an optional field of invisible characters as empty (null), and an edit one as absent', () => {
    const add = addPatientRequestSchema.parse(
      withLeaf(REQUESTS['addPatient']!.body, ['patient', 'address'], '\u200B\u200B'),
    );
    expect(add.patient.address).toBeNull();
    const appointment = addAppointmentRequestSchema.parse({
      ...(REQUESTS['addAppointment']!.body as object),
      topic: '\uFEFF',
    });
    expect(appointment.topic).toBeNull();
    const edit = updatePatientRequestSchema.parse({
      patient: { patient_id: 'P001', first_name: '\u200B', ongoing_treatment: '\u2060 ' },
    });
    expect(edit.patient).toEqual({ patient_id: 'P001' });
  });
});

describe('checkPatientAge', () => {
  it('accepts the age the date of birth gives, and one year either side', () => {
    for (const age of [41, 42, 43]) {
      expect(checkPatientAge({ age, date_of_birth: '1984-03-02' }, '2026-11-24')).toEqual([]);
    }
  });

  it('refuses two years or more either side, on age, saying what the date gives', () => {
    for (const age of [40, 44, 120]) {
      expect(checkPatientAge({ age, date_of_birth: '1984-03-02' }, '2026-11-24')).toEqual([
        { field: 'age', message: 'Age does not match the date of birth, which gives 42' },
      ]);
    }
  });

  it('refuses age 120 for someone born in 2024', () => {
    expect(checkPatientAge({ age: 120, date_of_birth: '2024-05-01' }, '2026-11-24')).toHaveLength(
      1,
    );
  });

  it('turns on the birthday', () => {
    // The day before the 43rd birthday the date gives 42: 41 to 43 pass, 44 does not.
    expect(checkPatientAge({ age: 44, date_of_birth: '1983-11-25' }, '2026-11-24')).toHaveLength(1);
    expect(checkPatientAge({ age: 44, date_of_birth: '1983-11-24' }, '2026-11-24')).toEqual([]);
  });

  it('takes a birth "tomorrow" in UTC (today east of Greenwich) as age 0', () => {
    expect(checkPatientAge({ age: 1, date_of_birth: '2026-11-25' }, '2026-11-24')).toEqual([]);
  });

  describe('against the clock', () => {
    beforeEach(() => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
    });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('uses today (UTC) when no day is given, read at each call', () => {
      expect(checkPatientAge({ age: 40, date_of_birth: '1984-03-02' })).toHaveLength(1);
      vi.setSystemTime(new Date('2027-03-02T00:00:00Z')); // 43 now: 42 to 44 pass
      expect(checkPatientAge({ age: 44, date_of_birth: '1984-03-02' })).toEqual([]);
      expect(checkPatientAge({ age: 41, date_of_birth: '1984-03-02' })).toHaveLength(1);
    });

    it('is applied by the add schema on patient.age', () => {
      const result = addPatientRequestSchema.safeParse({
        patient: { ...patient, age: 120, date_of_birth: '2024-05-01' },
      });
      expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
        ['patient.age', 'Age does not match the date of birth, which gives 2'],
      ]);
    });

    it('is left to the server on an edit (it needs the stored record)', () => {
      const result = updatePatientRequestSchema.safeParse({
        patient: { patient_id: 'P001', age: 120, date_of_birth: '2024-05-01' },
      });
      expect(result.success).toBe(true);
    });
  });
});

describe('dates of each request, at their bounds', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T12:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** [request, date field path, last refused before, first accepted, last accepted, first refused after] */
  const CASES: [string, (string | number)[], string, string, string, string][] = [
    [
      'addPatient',
      ['patient', 'date_of_birth'],
      '1899-12-31',
      '1900-01-01',
      '2026-11-25',
      '2026-11-26',
    ],
    [
      'updatePatient',
      ['patient', 'date_of_birth'],
      '1899-12-31',
      '1900-01-01',
      '2026-11-25',
      '2026-11-26',
    ],
    ['addAppointment', ['date'], '1899-12-31', '1900-01-01', '2036-11-24', '2036-11-25'],
    ['addHistory', ['date'], '1899-12-31', '1900-01-01', '2026-11-25', '2026-11-26'],
    ['rescheduleAppointment', ['date'], '1899-12-31', '1900-01-01', '2036-11-24', '2036-11-25'],
    ['dayAppointmentsQuery', ['date'], '1899-12-31', '1900-01-01', '2036-11-24', '2036-11-25'],
    ['addEmployee', ['hire_date'], '1949-12-31', '1950-01-01', '2027-11-24', '2027-11-25'],
    ['updateEmployee', ['hire_date'], '1949-12-31', '1950-01-01', '2027-11-24', '2027-11-25'],
    [
      'updateEmployee',
      ['resignation_date'],
      '1949-12-31',
      '1950-01-01',
      '2027-11-24',
      '2027-11-25',
    ],
  ];

  it.each(CASES)(
    '%s %j: refuses %s, accepts %s to %s, refuses %s',
    (name, path, before, first, last, after) => {
      const { schema, body } = REQUESTS[name]!;
      // Keep the age in step with a moved date of birth, and the hire date before a resignation.
      const parse = (date: string) => {
        let changed = withLeaf(body, path, date);
        if (path.at(-1) === 'date_of_birth') {
          const age = Math.max(1, 2026 - Number(date.slice(0, 4)));
          changed = withLeaf(changed, ['patient', 'age'], Math.min(age, 120));
        }
        if (path.at(-1) === 'resignation_date')
          changed = withLeaf(changed, ['hire_date'], '1950-01-01');
        if (path.at(-1) === 'hire_date' && name === 'addEmployee') {
          changed = withLeaf(changed, ['resignation_date'], null);
          changed = withLeaf(changed, ['work_status'], 'yes');
        }
        return schema.safeParse(changed);
      };
      expect(refusedOn(parse(before), path)).toBe(true);
      expect(refusedOn(parse(first), path)).toBe(false);
      expect(refusedOn(parse(last), path)).toBe(false);
      expect(refusedOn(parse(after), path)).toBe(true);
    },
  );

  it('takes today as a history date and refuses the day after tomorrow', () => {
    const { schema, body } = REQUESTS['addHistory']!;
    expect(schema.safeParse(withLeaf(body, ['date'], '2026-11-24')).success).toBe(true);
    expect(schema.safeParse(withLeaf(body, ['date'], '2026-11-26')).success).toBe(false);
  });

  it('refuses a 9999 appointment (it would stay the latest for ever)', () => {
    const { schema, body } = REQUESTS['addAppointment']!;
    expect(
      schema.safeParse(withLeaf(body, ['date'], '9999-12-31')).error?.issues.map((i) => i.message),
    ).toEqual(['Appointment date must be between 1900-01-01 and 2036-11-24']);
  });
});

describe('ID card numbers', () => {
  it('are kept as typed: uniqueness without regard to case is the database index', () => {
    const parsed = addPatientRequestSchema.parse({
      patient: { ...patient, id_card_number: ' Ab-12cD ' },
    });
    expect(parsed.patient.id_card_number).toBe('Ab-12cD');
  });
});
