import { queryOptions, useQuery } from '@tanstack/react-query';
import { ENDPOINTS, type PatientRecord } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** GET /patient/{patient_id}: one patient record. */
export async function getPatient(
  patientId: string,
  options: RequestOptions = {},
): Promise<PatientRecord> {
  const response = await send(ENDPOINTS.getPatient, {
    ...options,
    params: { patient_id: patientId.trim() },
  });
  return parseAnswer((answers) => answers.patientRecordSchema, response);
}

/** One patient record's query; idle until there is an id to ask for. */
export function patientQueryOptions(patientId: string) {
  const id = patientId.trim();
  return queryOptions({
    queryKey: queryKeys.patients.detail(id),
    queryFn: ({ signal }) => getPatient(id, { signal }),
    enabled: id !== '',
  });
}

/** One patient record (the profile page, the edit form). */
export function usePatient(patientId: string, { enabled = true }: { enabled?: boolean } = {}) {
  const options = patientQueryOptions(patientId);
  return useQuery({ ...options, enabled: enabled && options.enabled });
}
