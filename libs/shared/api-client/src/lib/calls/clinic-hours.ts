import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  type Leave,
  type LeaveRequest,
  type LeaveResponse,
  type Schedule,
  type ScheduleRequest,
} from '@portal/contract';
import { queryKeys } from '../query-keys';
import { send, type RequestOptions } from '../request';

/** The answer schemas of these calls, fetched with the first of them. */
const answersOf = () => import('../clinic-hours-answers');

/** GET /employee/{employee_id}/schedule: a clinician's sessions, exceptions and leave. */
export async function getSchedule(
  employeeId: string,
  options: RequestOptions = {},
): Promise<Schedule> {
  const response = await send(ENDPOINTS.getSchedule, {
    ...options,
    params: { employee_id: employeeId.trim() },
  });
  const answers = await answersOf();
  return answers.decodeAnswer(answers.scheduleSchema, response);
}

/** One clinician's hours, while an id is named. */
export function scheduleQueryOptions(employeeId: string) {
  return queryOptions({
    queryKey: queryKeys.employees.schedule(employeeId),
    queryFn: ({ signal }) => getSchedule(employeeId, { signal }),
    enabled: employeeId !== '',
  });
}

/** One clinician's hours (nothing asked while `employeeId` is empty). */
export function useSchedule(employeeId: string) {
  return useQuery(scheduleQueryOptions(employeeId));
}

/** After a change of hours: the schedule and every list of free slots are read again. */
function useHoursChanged() {
  const queryClient = useQueryClient();
  return (employeeId: string) => {
    void queryClient.invalidateQueries({ queryKey: queryKeys.employees.schedule(employeeId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.slots.all() });
  };
}

/** PUT /employee/{employee_id}/schedule: replaces the sessions and the exceptions. */
export async function saveSchedule(
  employeeId: string,
  schedule: ScheduleRequest,
  options: RequestOptions = {},
): Promise<Schedule> {
  const response = await send(ENDPOINTS.putSchedule, {
    ...options,
    params: { employee_id: employeeId.trim() },
    data: schedule,
  });
  const answers = await answersOf();
  return answers.decodeAnswer(answers.scheduleSchema, response);
}

/** Saves a clinician's sessions and exceptions. */
export function useSaveScheduleMutation() {
  const changed = useHoursChanged();
  return useMutation({
    mutationFn: ({ employeeId, schedule }: { employeeId: string; schedule: ScheduleRequest }) =>
      saveSchedule(employeeId, schedule),
    onSuccess: (_, { employeeId }) => changed(employeeId),
  });
}

/** POST /employee/{employee_id}/leave: the leave and the bookings it overlaps, to rebook. */
export async function addLeave(
  employeeId: string,
  leave: LeaveRequest,
  options: RequestOptions = {},
): Promise<LeaveResponse> {
  const response = await send(ENDPOINTS.addLeave, {
    ...options,
    params: { employee_id: employeeId.trim() },
    data: leave,
  });
  const answers = await answersOf();
  return answers.decodeAnswer(answers.leaveResponseSchema, response);
}

/** Records a clinician's leave. */
export function useAddLeaveMutation() {
  const changed = useHoursChanged();
  return useMutation({
    mutationFn: ({ employeeId, leave }: { employeeId: string; leave: LeaveRequest }) =>
      addLeave(employeeId, leave),
    onSuccess: (_, { employeeId }) => changed(employeeId),
  });
}

/** DELETE /employee/{employee_id}/leave/{leave_id}: withdraws a leave (it is kept). */
export async function withdrawLeave(
  employeeId: string,
  leaveId: string,
  options: RequestOptions = {},
): Promise<Leave> {
  const response = await send(ENDPOINTS.withdrawLeave, {
    ...options,
    params: { employee_id: employeeId.trim(), leave_id: leaveId },
  });
  const answers = await answersOf();
  return answers.decodeAnswer(answers.leaveSchema, response);
}

/** Withdraws one leave of a clinician. */
export function useWithdrawLeaveMutation() {
  const changed = useHoursChanged();
  return useMutation({
    mutationFn: ({ employeeId, leaveId }: { employeeId: string; leaveId: string }) =>
      withdrawLeave(employeeId, leaveId),
    onSuccess: (_, { employeeId }) => changed(employeeId),
  });
}
