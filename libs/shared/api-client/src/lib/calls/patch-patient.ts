import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  MERGE_PATCH_CONTENT_TYPE,
  type PatientMergePatch,
  type PatientRecord,
} from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/**
 * PATCH /patient/{patient_id}: a JSON Merge Patch of the record (a list sent, even empty,
 * replaces the old one; null removes); answers the updated record.
 */
export async function patchPatient(
  patientId: string,
  patch: PatientMergePatch,
  options: RequestOptions = {},
): Promise<PatientRecord> {
  const response = await send(ENDPOINTS.patchPatient, {
    ...options,
    params: { patient_id: patientId },
    data: patch,
    contentType: MERGE_PATCH_CONTENT_TYPE,
  });
  return parseAnswer((answers) => answers.patientRecordSchema, response);
}

/** The merge patch as a mutation; the record, lists and searches are refetched after it. */
export function usePatchPatientMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ patientId, patch }: { patientId: string; patch: PatientMergePatch }) =>
      patchPatient(patientId, patch),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
    },
  });
}
