import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  type UpdateEmployeeRequest,
  type UpdateEmployeeResponse,
} from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** PUT /employee/update-employee: changes only what is sent; answers the employee and `sessions_revoked`. */
export async function updateEmployee(
  body: UpdateEmployeeRequest,
  options: RequestOptions = {},
): Promise<UpdateEmployeeResponse> {
  const response = await send(ENDPOINTS.updateEmployee, { ...options, data: body });
  return parseAnswer((answers) => answers.updateEmployeeResponseSchema, response);
}

/** The edit-employee form's mutation; the employee, lists and searches are refetched after it. */
export function useUpdateEmployeeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdateEmployeeRequest) => updateEmployee(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.employees.all() });
    },
  });
}
