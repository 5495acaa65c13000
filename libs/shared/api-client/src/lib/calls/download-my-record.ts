import { ENDPOINTS } from '@portal/contract';
import { API_BASE, fhirBaseOf } from '../config';
import { type RequestOptions, sendBeyondContract } from '../request';

/** What {@link fetchRecordBundle} answers: the file's name and its contents. */
export interface RecordFile {
  readonly fileName: string;
  readonly contents: Blob;
}

/** The PDF summary's media type. */
const RECORD_PDF_TYPE = 'application/pdf';

/** The FHIR media type of the record's file. */
const FHIR_JSON = 'application/fhir+json';

/**
 * A patient's whole record as a FHIR R4 Bundle (`GET /fhir/R4/Patient/{id}/$everything`), as a
 * file to save: what MyInfo's "Download my record" gives the patient, on the same session (the
 * server answers a patient their own record only, and audits the read).
 */
export async function fetchRecordBundle(
  patientId: string,
  options: RequestOptions = {},
): Promise<RecordFile> {
  const response = await sendBeyondContract({
    method: 'GET',
    baseURL: fhirBaseOf(API_BASE),
    url: `/Patient/${encodeURIComponent(patientId)}/$everything`,
    headers: { Accept: FHIR_JSON },
    // The Bundle is saved as the server wrote it, not parsed and written again.
    responseType: 'text',
    transformResponse: (data: unknown) => data,
    signal: options.signal,
    timeout: options.timeout,
  });
  return {
    fileName: `my-record-${patientId}.json`,
    contents: new Blob([String(response.data)], { type: FHIR_JSON }),
  };
}

/**
 * The signed-in patient's record as a PDF summary to read or print, in `locale`
 * (`GET /profile/record.pdf`; the server audits the read as it does the FHIR file's).
 */
export async function fetchRecordPdf(
  patientId: string,
  locale: 'en' | 'th',
  options: RequestOptions = {},
): Promise<RecordFile> {
  const response = await sendBeyondContract({
    method: 'GET',
    baseURL: API_BASE,
    url: ENDPOINTS.myRecordPdf.path,
    params: { locale },
    headers: { Accept: `${RECORD_PDF_TYPE}, application/problem+json` },
    responseType: 'blob',
    signal: options.signal,
    timeout: options.timeout,
  });
  return {
    fileName: `my-record-${patientId}.pdf`,
    contents: new Blob([response.data as Blob], { type: RECORD_PDF_TYPE }),
  };
}
