import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type ActivationCodeResponse } from '@portal/contract';
import { parseAnswer, send, type RequestOptions } from '../request';

/** POST /patient/{patient_id}/activation-code: a new code; the old one stops working. */
export async function reissuePatientCode(
  patientId: string,
  options: RequestOptions = {},
): Promise<ActivationCodeResponse> {
  const response = await send(ENDPOINTS.reissuePatientCode, {
    ...options,
    params: { patient_id: patientId.trim() },
  });
  return parseAnswer((answers) => answers.activationCodeResponseSchema, response);
}

/** Reissues a patient's activation code; no cached data shows codes, so nothing is refetched. */
export function useReissuePatientCodeMutation() {
  return useMutation({ mutationFn: (patientId: string) => reissuePatientCode(patientId) });
}
