import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type Employee, type PendingAccess } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** GET /employee/access-approvals: the portal access waiting for a second HR person. */
export async function listAccessApprovals(options: RequestOptions = {}): Promise<PendingAccess[]> {
  const response = await send(ENDPOINTS.listAccessApprovals, options);
  return parseAnswer((answers) => answers.pendingAccessListSchema, response);
}

/** The waiting approvals; under the employees' keys, so an add or a change refreshes them. */
export function accessApprovalsQueryOptions() {
  return queryOptions({
    queryKey: queryKeys.employees.accessApprovals(),
    queryFn: ({ signal }) => listAccessApprovals({ signal }),
  });
}

/** The waiting approvals. */
export function useAccessApprovals() {
  return useQuery(accessApprovalsQueryOptions());
}

/**
 * POST /employee/{employee_id}/approve-access: approves the access of the position the approver
 * was shown (the server refuses it if the position changed meanwhile).
 */
export async function approveEmployeeAccess(
  employeeId: string,
  positionId: string,
  options: RequestOptions = {},
): Promise<Employee> {
  const response = await send(ENDPOINTS.approveEmployeeAccess, {
    ...options,
    params: { employee_id: employeeId.trim() },
    data: { position_id: positionId },
  });
  return parseAnswer((answers) => answers.employeeSchema, response);
}

/** Approves one waiting access; the employees' lists, records and approvals are refetched. */
export function useApproveAccessMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ employeeId, positionId }: { employeeId: string; positionId: string }) =>
      approveEmployeeAccess(employeeId, positionId),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.employees.all() });
    },
  });
}

/**
 * POST /employee/{employee_id}/refuse-access: refuses the access of the position the HR person
 * was shown, with a reason; the request no longer waits.
 */
export async function refuseEmployeeAccess(
  employeeId: string,
  positionId: string,
  reason: string,
  options: RequestOptions = {},
): Promise<Employee> {
  const response = await send(ENDPOINTS.refuseEmployeeAccess, {
    ...options,
    params: { employee_id: employeeId.trim() },
    data: { position_id: positionId, reason },
  });
  return parseAnswer((answers) => answers.employeeSchema, response);
}

/** Refuses one waiting access; the employees' lists, records and approvals are refetched. */
export function useRefuseAccessMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      employeeId,
      positionId,
      reason,
    }: {
      employeeId: string;
      positionId: string;
      reason: string;
    }) => refuseEmployeeAccess(employeeId, positionId, reason),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.employees.all() });
    },
  });
}
