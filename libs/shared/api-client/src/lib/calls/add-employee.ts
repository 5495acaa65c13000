import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type AddEmployeeRequest, type AddEmployeeResponse } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** POST /employee/add-employee: the new id and, for positions with portal access, a code. */
export async function addEmployee(
  body: AddEmployeeRequest,
  options: RequestOptions = {},
): Promise<AddEmployeeResponse> {
  const response = await send(ENDPOINTS.addEmployee, { ...options, data: body });
  return parseAnswer((answers) => answers.addEmployeeResponseSchema, response);
}

/** The add-employee form's mutation; employee lists and searches are refetched after it. */
export function useAddEmployeeMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddEmployeeRequest) => addEmployee(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.employees.all() });
    },
  });
}
