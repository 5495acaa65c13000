import type { AxiosResponse } from 'axios';
import type { z } from 'zod';
import {
  NEXT_CURSOR_HEADER,
  TOTAL_COUNT_CAPPED_HEADER,
  TOTAL_COUNT_HEADER,
} from '@portal/contract';
import { ApiError, UNEXPECTED_ANSWER_MESSAGE } from './api-error';
import type { Page } from './page';

/*
 * How answers are read: each call's schema from the contract, and the two decoders. request.ts
 * loads this module with the first call, so zod reaches the browser only when a page talks to
 * the API. A call names its schema as `(answers) => answers.patientRecordSchema`.
 */
export {
  accessLogSchema,
  allergyListSchema,
  allergySchema,
  conditionListSchema,
  conditionSchema,
  conditionSearchResponseSchema,
  substanceSearchResponseSchema,
  accountSessionListSchema,
  accountSummarySchema,
  activationCodeResponseSchema,
  addEmployeeResponseSchema,
  addPatientResponseSchema,
  appointmentActionResponseSchema,
  appointmentResponseSchema,
  chartAppointmentListSchema,
  changePasswordResponseSchema,
  clinicianListSchema,
  contactChangeListSchema,
  dayAppointmentListSchema,
  employeeListSchema,
  employeeSchema,
  endSessionsResponseSchema,
  historyResponseSchema,
  loginResponseSchema,
  mfaConfirmResponseSchema,
  mfaSetupResponseSchema,
  myContactSchema,
  nextEmployeeIdSchema,
  nextPatientIdSchema,
  patientListSchema,
  patientRecordSchema,
  patientSummaryListSchema,
  pendingAccessListSchema,
  profileResponseSchema,
  registerResponseSchema,
  rescheduleResponseSchema,
  sessionStatusSchema,
  tokenResponseSchema,
  updateEmployeeResponseSchema,
  upcomingAppointmentListSchema,
  upcomingAppointmentSchema,
} from '@portal/contract';

function badAnswer(response: AxiosResponse<unknown>, cause: unknown): ApiError {
  return new ApiError({
    kind: 'bad-answer',
    status: response.status,
    detail: UNEXPECTED_ANSWER_MESSAGE,
    cause,
  });
}

/** Parses an answer with the contract's schema; anything else is an 'Unexpected answer'. */
export function decodeAnswer<T>(schema: z.ZodType<T>, response: AxiosResponse<unknown>): T {
  const parsed = schema.safeParse(response.data);
  if (!parsed.success) throw badAnswer(response, parsed.error);
  return parsed.data;
}

function header(response: AxiosResponse<unknown>, name: string): string | null {
  const value: unknown = response.headers[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

/** Parses a list answer: the array by the schema, the total and next cursor by the headers. */
export function decodePage<T>(schema: z.ZodType<T[]>, response: AxiosResponse<unknown>): Page<T> {
  const items = decodeAnswer(schema, response);
  const totalText = header(response, TOTAL_COUNT_HEADER);
  // A proxy that strips the header leaves a list without a count, not a broken screen.
  const total = totalText === null ? items.length : Number(totalText);
  if (!Number.isInteger(total) || total < 0)
    throw badAnswer(response, new Error(`Bad ${TOTAL_COUNT_HEADER}`));
  const nextCursor = header(response, NEXT_CURSOR_HEADER);
  // Beyond the server's bound the total is a floor: "more than" that many match.
  return header(response, TOTAL_COUNT_CAPPED_HEADER) === 'true'
    ? { items, total, more: true, nextCursor }
    : { items, total, nextCursor };
}
