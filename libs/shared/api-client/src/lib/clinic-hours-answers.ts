/*
 * The answer schemas of the clinic hours' calls, beside answers.ts: fetched with the first of
 * those calls only, so the API layer every page loads does not carry them.
 */
export {
  leaveResponseSchema,
  leaveSchema,
  scheduleSchema,
  slotListSchema,
  upcomingAppointmentSchema,
} from '@portal/contract';
export { decodeAnswer, decodePage } from './answers';
