import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type ActivationCodeResponse } from '@portal/contract';
import { parseAnswer, send, type RequestOptions } from '../request';

/** POST /employee/{employee_id}/activation-code: a new code; the old one stops working. */
export async function reissueEmployeeCode(
  employeeId: string,
  options: RequestOptions = {},
): Promise<ActivationCodeResponse> {
  const response = await send(ENDPOINTS.reissueEmployeeCode, {
    ...options,
    params: { employee_id: employeeId.trim() },
  });
  return parseAnswer((answers) => answers.activationCodeResponseSchema, response);
}

/** Reissues an employee's activation code; no cached data shows codes, so nothing is refetched. */
export function useReissueEmployeeCodeMutation() {
  return useMutation({ mutationFn: (employeeId: string) => reissueEmployeeCode(employeeId) });
}
