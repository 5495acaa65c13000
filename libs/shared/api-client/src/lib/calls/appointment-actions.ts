import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type AppointmentStatusChange,
  type CancelAppointmentRequest,
  type ChartAppointment,
  ENDPOINTS,
  type RescheduleAppointmentRequest,
  type RescheduleResponse,
} from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** Which appointment: its patient and its id (as the chart and the day list give them). */
export interface AppointmentRef {
  readonly patientId: string;
  readonly appointmentId: string;
}

const paramsOf = ({ patientId, appointmentId }: AppointmentRef) => ({
  patient_id: patientId.trim(),
  appointment_id: appointmentId.trim(),
});

/**
 * POST /patient/{patient_id}/appointments/{appointment_id}/cancel: cancels a booked appointment
 * with a reason; answers it as it now is (409 if it is no longer booked).
 */
export async function cancelAppointment(
  ref: AppointmentRef,
  body: CancelAppointmentRequest,
  options: RequestOptions = {},
): Promise<ChartAppointment> {
  const response = await send(ENDPOINTS.cancelAppointment, {
    ...options,
    params: paramsOf(ref),
    data: body,
  });
  return parseAnswer((answers) => answers.appointmentActionResponseSchema, response);
}

/**
 * POST …/reschedule: cancels a booked appointment and books its replacement, linked both ways;
 * answers both and the new booking's warnings.
 */
export async function rescheduleAppointment(
  ref: AppointmentRef,
  body: RescheduleAppointmentRequest,
  options: RequestOptions = {},
): Promise<RescheduleResponse> {
  const response = await send(ENDPOINTS.rescheduleAppointment, {
    ...options,
    params: paramsOf(ref),
    data: body,
  });
  return parseAnswer((answers) => answers.rescheduleResponseSchema, response);
}

/**
 * POST …/status: marks a booked appointment attended (`fulfilled`) or missed (`noshow`), or sets
 * such an outcome back to `booked` with a reason.
 */
export async function setAppointmentStatus(
  ref: AppointmentRef,
  status: AppointmentStatusChange,
  options: RequestOptions = {},
  reason?: string,
): Promise<ChartAppointment> {
  const response = await send(ENDPOINTS.setAppointmentStatus, {
    ...options,
    params: paramsOf(ref),
    data: reason === undefined ? { status } : { status, reason },
  });
  return parseAnswer((answers) => answers.appointmentActionResponseSchema, response);
}

/** Records, charts and day lists show appointments: all of them are refetched after a change. */
function useRefreshPatients() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
}

/** The chart's cancel action. */
export function useCancelAppointmentMutation() {
  const onSuccess = useRefreshPatients();
  return useMutation({
    mutationFn: ({ ref, body }: { ref: AppointmentRef; body: CancelAppointmentRequest }) =>
      cancelAppointment(ref, body),
    onSuccess,
  });
}

/** The chart's reschedule action. */
export function useRescheduleAppointmentMutation() {
  const onSuccess = useRefreshPatients();
  return useMutation({
    mutationFn: ({ ref, body }: { ref: AppointmentRef; body: RescheduleAppointmentRequest }) =>
      rescheduleAppointment(ref, body),
    onSuccess,
  });
}

/** The chart's and the day list's attended / no-show action. */
export function useSetAppointmentStatusMutation() {
  const onSuccess = useRefreshPatients();
  return useMutation({
    mutationFn: ({
      ref,
      status,
      reason,
    }: {
      ref: AppointmentRef;
      status: AppointmentStatusChange;
      reason?: string;
    }) => setAppointmentStatus(ref, status, {}, reason),
    onSuccess,
  });
}
