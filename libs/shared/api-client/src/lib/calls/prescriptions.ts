import {
  ENDPOINTS,
  type Medication,
  type PrescribeRequest,
  type StopMedicationRequest,
} from '@portal/contract';
import { send, type RequestOptions } from '../request';

/*
 * Prescriptions (docs/api.md, "Prescriptions"): a patient's list, a prescription (a 409 names
 * `allergy` or `duplicate_therapy` with the problem's `prescription_conflicts`, unless the body
 * gives an override reason), a stop with a reason, and the signed-in patient's current
 * medications.
 */

/** The answer schemas of these calls, fetched with the first of them. */
const answersOf = () => import('../prescription-answers');

const patientParams = (patientId: string) => ({ patient_id: patientId.trim() });

/** GET /patient/{patient_id}/medications: every prescription, newest first. */
export async function listMedications(
  patientId: string,
  options: RequestOptions = {},
): Promise<Medication[]> {
  const response = await send(ENDPOINTS.listMedications, {
    ...options,
    params: patientParams(patientId),
  });
  const answers = await answersOf();
  return answers.decodeAnswer(answers.medicationListSchema, response);
}

/** POST /patient/{patient_id}/medications: prescribes a catalogue drug after the checks. */
export async function prescribe(
  patientId: string,
  body: PrescribeRequest,
  options: RequestOptions = {},
): Promise<Medication> {
  const response = await send(ENDPOINTS.prescribe, {
    ...options,
    params: patientParams(patientId),
    data: body,
  });
  const answers = await answersOf();
  return answers.decodeAnswer(answers.medicationSchema, response);
}

/** POST /patient/{patient_id}/medications/{medication_id}/stop: stops it with a reason. */
export async function stopMedication(
  patientId: string,
  medicationId: string,
  body: StopMedicationRequest,
  options: RequestOptions = {},
): Promise<Medication> {
  const response = await send(ENDPOINTS.stopMedication, {
    ...options,
    params: { patient_id: patientId.trim(), medication_id: medicationId },
    data: body,
  });
  const answers = await answersOf();
  return answers.decodeAnswer(answers.medicationSchema, response);
}

/** GET /profile/medications: the signed-in patient's current medications with instructions. */
export async function listMyMedications(options: RequestOptions = {}): Promise<Medication[]> {
  const response = await send(ENDPOINTS.myMedications, options);
  const answers = await answersOf();
  return answers.decodeAnswer(answers.myMedicationListSchema, response);
}
