import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ENDPOINTS,
  type Medication,
  type PrescribeRequest,
  type PrescriptionConflicts,
  prescriptionConflictsSchema,
  type StopMedicationRequest,
} from '@portal/contract';
import type { ApiError } from '../api-error';
import { queryKeys } from '../query-keys';
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

/**
 * The prescriptions' query keys: a patient's under `queryKeys.patients.all()` (any write about
 * the patient refreshes them, a new allergy's conflicts too), the patient's own under
 * `queryKeys.myRecord.all()`; kept here rather than in query-keys.ts, which every page loads.
 */
const medicationKeys = {
  patient: (patientId: string) => [...queryKeys.patients.all(), 'medications', patientId] as const,
  mine: () => [...queryKeys.myRecord.all(), 'medications'] as const,
};

/**
 * What a prescription's 409 names beside its field errors (`allergy`, `duplicate_therapy`): the
 * allergies met and the prescriptions duplicated, read from the problem the server answered (the
 * error's cause); null for any other failure. Read here, by the one form that shows them, rather
 * than by every ApiError: the apps' start-up code does not carry it.
 */
export function prescriptionConflictsOf(error: ApiError): PrescriptionConflicts | null {
  if (error.status !== 409) return null;
  const body = (error.cause as { response?: { data?: unknown } } | undefined)?.response?.data;
  const conflicts = prescriptionConflictsSchema.safeParse(
    (body as { prescription_conflicts?: unknown } | undefined)?.prescription_conflicts,
  );
  return conflicts.success ? conflicts.data : null;
}

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

/** A patient's prescriptions, newest first (the chart's Medications). */
export function usePatientMedications(patientId: string) {
  const id = patientId.trim();
  return useQuery({
    queryKey: medicationKeys.patient(id),
    queryFn: ({ signal }) => listMedications(id, { signal }),
    enabled: id !== '',
  });
}

/** The signed-in patient's current medications (MyInfo). */
export function useMyMedications(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: medicationKeys.mine(),
    queryFn: ({ signal }) => listMyMedications({ signal }),
    enabled: options.enabled ?? true,
  });
}

/**
 * The chart's prescription writes: prescribe and stop. Each carries the Idempotency-Key of the
 * person's action (request.ts: the same body again after no answer is the same key; a body
 * that differs, an override reason added, is a new action); each refreshes the patient's lists.
 */
export function useMedicationMutations(patientId: string) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
  return {
    prescribe: useMutation({
      mutationFn: (body: PrescribeRequest) => prescribe(patientId, body),
      onSuccess,
    }),
    stop: useMutation({
      mutationFn: ({ medicationId, body }: { medicationId: string; body: StopMedicationRequest }) =>
        stopMedication(patientId, medicationId, body),
      onSuccess,
    }),
  };
}
