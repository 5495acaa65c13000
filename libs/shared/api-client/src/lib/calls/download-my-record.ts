import type { Endpoint } from '@portal/contract';
import { API_BASE } from '../config';
import { send, type RequestOptions } from '../request';

/** FHIR R4's JSON media type. */
const FHIR_JSON = 'application/fhir+json';

/**
 * The FHIR R4 API's base: `/fhir/R4` beside the API on the same origin (an API base of
 * `https://host/api` gives `https://host/fhir/R4`).
 */
export function fhirBaseOf(apiBase: string): string {
  return `${apiBase.replace(/\/api$/, '')}/fhir/R4`;
}

/** A patient's whole record as a FHIR Bundle (`$everything`); the patient may ask for their own. */
const EVERYTHING: Endpoint = {
  method: 'GET',
  path: '/Patient/:patient_id/$everything',
  access: ['patient', 'medical_personnel'],
};

/**
 * The signed-in patient's record as FHIR R4 `Patient/{id}/$everything`, a Bundle, as a file to
 * save (MyInfo's "Download my record"); the server audits it as a read of the record.
 */
export async function downloadRecordBundle(
  patientId: string,
  options: RequestOptions = {},
): Promise<Blob> {
  const response = await send(EVERYTHING, {
    ...options,
    params: { patient_id: patientId },
    base: { url: fhirBaseOf(API_BASE), accept: FHIR_JSON },
    asText: true,
  });
  const text = typeof response.data === 'string' ? response.data : JSON.stringify(response.data);
  return new Blob([text], { type: FHIR_JSON });
}
