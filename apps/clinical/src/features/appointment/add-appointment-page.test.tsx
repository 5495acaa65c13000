import { MESSAGES, ROUTES } from '@portal/contract';
import { describePatientEntryPage } from '../chart-entry/patient-entry-page.suite';
import { AddAppointmentPage } from './add-appointment-page';

describePatientEntryPage('AddAppointmentPage', {
  page: <AddAppointmentPage />,
  route: ROUTES.addAppointment,
  endpoint: 'addAppointment',
  title: 'Patient Appointment',
  noEntryYet: { patient_appointment: { date: '', time: '', topic: null } },
  text: { name: 'topic', label: 'Topic', multiline: false },
  timePlaceholder: null,
  example: {
    time: '10:30',
    date: '2030-11-20',
    text: 'Follow-up',
    success: 'Appointment added for Malee Srisuk (P001) on 2030-11-20 at 10:30, 15 minutes.',
  },
  // The time control takes digits only; letters leave it empty.
  refusedTimes: ['ab:cd'],
  variant: {
    name: 'accepts a lower-case id and an early time from the time control, and no topic as null',
    id: 'p001',
    time: '08:05',
    success: 'Appointment added for Malee Srisuk (P001) on 2030-11-20 at 08:05, 15 minutes.',
  },
  dateProblem: 'The clinic is closed that day',
  // Length and clinician left empty: the form sends the spec's four fields alone (the server
  // books the standard 15 minutes).
  extraBody: {},
  failureMessage: MESSAGES.addPatientFailed,
});
