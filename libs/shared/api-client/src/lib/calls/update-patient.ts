import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type PatientRecord, type UpdatePatientRequest } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** PUT /patient/update-patient: changes only what is sent; answers the updated record. */
export async function updatePatient(
  body: UpdatePatientRequest,
  options: RequestOptions = {},
): Promise<PatientRecord> {
  const response = await send(ENDPOINTS.updatePatient, { ...options, data: body });
  return parseAnswer((answers) => answers.patientRecordSchema, response);
}

/** The edit-patient form's mutation; the record, lists and searches are refetched after it. */
export function useUpdatePatientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePatientRequest) => updatePatient(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
    },
  });
}
