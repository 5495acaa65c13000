import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type AddPatientRequest, type AddPatientResponse } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** POST /patient/add-patient: the new patient's id and the activation code to hand over. */
export async function addPatient(
  body: AddPatientRequest,
  options: RequestOptions = {},
): Promise<AddPatientResponse> {
  const response = await send(ENDPOINTS.addPatient, { ...options, data: body });
  return parseAnswer((answers) => answers.addPatientResponseSchema, response);
}

/** The add-patient form's mutation; every patient list and search is refetched after it. */
export function useAddPatientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddPatientRequest) => addPatient(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
    },
  });
}
