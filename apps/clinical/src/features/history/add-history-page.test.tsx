import { MESSAGES, ROUTES } from '@portal/contract';
import { describePatientEntryPage } from '../chart-entry/patient-entry-page.suite';
import { AddHistoryPage } from './add-history-page';

describePatientEntryPage('AddHistoryPage', {
  page: <AddHistoryPage />,
  route: ROUTES.addHistory,
  endpoint: 'addHistory',
  title: 'Patient History',
  noEntryYet: { medical_history: [] },
  text: { name: 'detail', label: 'Detail', multiline: true },
  timePlaceholder: '10:30:00',
  example: {
    time: '10:30:00',
    date: '2026-10-28',
    text: 'Follow-up blood test reviewed.',
    success: 'History entry added for Malee Srisuk (P001) on 2026-10-28 at 10:30:00.',
  },
  refusedTimes: ['103000', '24:00:00', '10:30:60', 'ten thirty'],
  variant: {
    name: 'accepts 10:30 without seconds, and no detail as null',
    id: 'P001',
    time: '10:30',
    success: 'History entry added for Malee Srisuk (P001) on 2026-10-28 at 10:30:00.',
  },
  dateProblem: 'An entry cannot be dated in the future',
  failureMessage: MESSAGES.addHistoryFailed,
  startsNow: true,
});
