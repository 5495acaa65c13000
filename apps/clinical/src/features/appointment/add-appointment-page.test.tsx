import { MESSAGES, ROUTES } from '@portal/contract';
import { describePatientEntryPage } from '../patient-entry/patient-entry-page.suite';
import { AddAppointmentPage } from './add-appointment-page';

describePatientEntryPage('AddAppointmentPage', {
  page: <AddAppointmentPage />,
  route: ROUTES.addAppointment,
  endpoint: 'addAppointment',
  title: 'Patient Appointment',
  noEntryYet: { patient_appointment: { date: '', time: '', topic: null } },
  text: { name: 'topic', label: 'Topic', multiline: false },
  timePlaceholder: '10:30',
  example: {
    time: '10:30',
    date: '2030-11-20',
    text: 'Follow-up',
    success: 'Appointment added for Malee Srisuk (P001) on 2030-11-20 at 10:30.',
  },
  refusedTimes: ['1030', '25:00', '10:30 am', '9:5'],
  variant: {
    name: 'accepts a lower-case id and a time with seconds (shown as HH:MM), and no topic as null',
    id: 'p001',
    time: '08:05:30',
    success: 'Appointment added for Malee Srisuk (P001) on 2030-11-20 at 08:05.',
  },
  dateProblem: 'The clinic is closed that day',
  failureMessage: MESSAGES.addPatientFailed,
});
