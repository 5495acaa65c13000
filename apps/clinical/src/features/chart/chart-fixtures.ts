import { addDays, type PatientRecord, todayUtc, type UpcomingAppointment } from '@portal/contract';

/*
 * The chart's test and story data (plain values: this file is no test file, so the lint rule
 * keeps @portal/testing out of it).
 */

/** A patient with something in every field and list: P037, allergic to two drugs. */
export const CHART_RECORD: PatientRecord = {
  patient: {
    patient_id: 'P037',
    first_name: 'Malee',
    last_name: 'Srisuk',
    age: 41,
    date_of_birth: addDays(todayUtc(), -(41 * 365 + 100)),
    gender: 'female',
    blood_type: 'B',
    email: 'malee.srisuk@gmail.com',
    health_insurance: 'yes',
    address: '12/3 Sukhumvit Road, Khlong Toei, Bangkok 10110',
    phone_number: '081-234-5678',
    id_card_number: '1-1037-02345-67-8',
    ongoing_treatment: 'insulin therapy',
    unhealthy_habits: 'smokes ten cigarettes a day',
  },
  patient_appointment: { date: addDays(todayUtc(), 30), time: '14:00:00', topic: null },
  patient_drug_allergy: [{ drug_id: 'R002' }, { drug_id: 'R003' }],
  patient_chronic_disease: [{ disease_id: 'I003' }],
  medical_history: [
    { date: addDays(todayUtc(), -10), time: '09:15:00', details: 'Blood test reviewed.' },
    { date: addDays(todayUtc(), -200), time: '14:00:00', details: 'Vaccination given.' },
  ],
  registered: true,
};

/** The same patient without drug allergies, nor any appointment. */
export const NO_ALLERGY_RECORD: PatientRecord = {
  ...CHART_RECORD,
  patient_drug_allergy: [],
  patient_appointment: { date: '', time: '', topic: null },
};

/** Two upcoming and two past appointments, soonest first (the mock API's order). */
export const CHART_APPOINTMENTS: UpcomingAppointment[] = [
  { date: addDays(todayUtc(), -90), time: '08:30:00', topic: 'First visit' },
  { date: addDays(todayUtc(), -10), time: '09:00:00', topic: 'Blood test' },
  { date: addDays(todayUtc(), 7), time: '10:30:00', topic: 'Follow-up' },
  { date: addDays(todayUtc(), 30), time: '14:00:00', topic: null },
];

/** `count` appointments a week apart, half of them past. */
export function manyAppointments(count: number): UpcomingAppointment[] {
  return Array.from({ length: count }, (_, i) => ({
    date: addDays(todayUtc(), (i - Math.floor(count / 2)) * 7),
    time: '10:00:00',
    topic: `Visit ${i + 1}`,
  }));
}
