import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AddAllergyRequest,
  type AddConditionRequest,
  type Allergy,
  type AllergyList,
  type CatalogueItem,
  type Condition,
  ENDPOINTS,
  type PatchAllergyRequest,
  type PatchConditionRequest,
  type SubstanceItem,
  type SubstanceKind,
} from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/*
 * The problem list and the allergy list of a patient (docs/api.md, "Problems and allergies"),
 * and the catalogues' searches the chart's pickers ask as a clinician types.
 */

const patientParams = (patientId: string) => ({ patient_id: patientId.trim() });
const entryParams = (patientId: string, entryId: string) => ({
  patient_id: patientId.trim(),
  entry_id: entryId,
});

/** GET /patient/{patient_id}/conditions: every condition, entered in error included. */
export async function listConditions(
  patientId: string,
  options: RequestOptions = {},
): Promise<Condition[]> {
  const response = await send(ENDPOINTS.listConditions, {
    ...options,
    params: patientParams(patientId),
  });
  return parseAnswer((answers) => answers.conditionListSchema, response);
}

/** GET /patient/{patient_id}/allergies: the state, "no known allergies" and every allergy. */
export async function listAllergies(
  patientId: string,
  options: RequestOptions = {},
): Promise<AllergyList> {
  const response = await send(ENDPOINTS.listAllergies, {
    ...options,
    params: patientParams(patientId),
  });
  return parseAnswer((answers) => answers.allergyListSchema, response);
}

/** POST /patient/{patient_id}/conditions. */
export async function addCondition(
  patientId: string,
  body: AddConditionRequest,
  options: RequestOptions = {},
): Promise<Condition> {
  const response = await send(ENDPOINTS.addCondition, {
    ...options,
    params: patientParams(patientId),
    data: body,
  });
  return parseAnswer((answers) => answers.conditionSchema, response);
}

/** PATCH /patient/{patient_id}/conditions/{entry_id}: resolve, correct or amend. */
export async function patchCondition(
  patientId: string,
  entryId: string,
  body: PatchConditionRequest,
  options: RequestOptions = {},
): Promise<Condition> {
  const response = await send(ENDPOINTS.patchCondition, {
    ...options,
    params: entryParams(patientId, entryId),
    data: body,
  });
  return parseAnswer((answers) => answers.conditionSchema, response);
}

/** POST /patient/{patient_id}/allergies. */
export async function addAllergy(
  patientId: string,
  body: AddAllergyRequest,
  options: RequestOptions = {},
): Promise<Allergy> {
  const response = await send(ENDPOINTS.addAllergy, {
    ...options,
    params: patientParams(patientId),
    data: body,
  });
  return parseAnswer((answers) => answers.allergySchema, response);
}

/** POST /patient/{patient_id}/allergies/none: "no known allergies", asked now. */
export async function recordNoKnownAllergies(
  patientId: string,
  options: RequestOptions = {},
): Promise<AllergyList> {
  const response = await send(ENDPOINTS.recordNoKnownAllergies, {
    ...options,
    params: patientParams(patientId),
    data: {},
  });
  return parseAnswer((answers) => answers.allergyListSchema, response);
}

/** PATCH /patient/{patient_id}/allergies/{entry_id}: resolve, correct or amend. */
export async function patchAllergy(
  patientId: string,
  entryId: string,
  body: PatchAllergyRequest,
  options: RequestOptions = {},
): Promise<Allergy> {
  const response = await send(ENDPOINTS.patchAllergy, {
    ...options,
    params: entryParams(patientId, entryId),
    data: body,
  });
  return parseAnswer((answers) => answers.allergySchema, response);
}

/** GET /catalogues/conditions?q=: the diagnoses matching what was typed, best first. */
export async function searchConditionCatalogue(
  q: string,
  options: RequestOptions = {},
): Promise<CatalogueItem[]> {
  const response = await send(ENDPOINTS.searchConditions, { ...options, query: { q } });
  return parseAnswer((answers) => answers.conditionSearchResponseSchema, response);
}

/**
 * GET /catalogues/substances?q=: the drugs, classes, foods… matching what was typed; only those
 * of one kind with `kind` (the drugs a prescription is written for).
 */
export async function searchSubstanceCatalogue(
  q: string,
  options: RequestOptions = {},
  kind?: SubstanceKind,
): Promise<SubstanceItem[]> {
  const response = await send(ENDPOINTS.searchSubstances, { ...options, query: { q, kind } });
  return parseAnswer((answers) => answers.substanceSearchResponseSchema, response);
}

/** A patient's conditions (the chart; MyInfo for the patient's own). */
export function usePatientConditions(patientId: string) {
  const id = patientId.trim();
  return useQuery({
    queryKey: queryKeys.patients.conditions(id),
    queryFn: ({ signal }) => listConditions(id, { signal }),
    enabled: id !== '',
  });
}

/** A patient's allergy list (the chart; MyInfo for the patient's own). */
export function usePatientAllergies(patientId: string) {
  const id = patientId.trim();
  return useQuery({
    queryKey: queryKeys.patients.allergies(id),
    queryFn: ({ signal }) => listAllergies(id, { signal }),
    enabled: id !== '',
  });
}

/**
 * A catalogue's entries for what was typed (idle below two characters); the substances of one
 * kind only with `kind` (the prescription's drug).
 */
export function useCatalogueSearch(
  catalogue: 'conditions' | 'substances',
  typed: string,
  kind?: SubstanceKind,
) {
  const q = typed.trim();
  return useQuery({
    queryKey:
      catalogue === 'conditions'
        ? queryKeys.catalogues.conditions(q)
        : queryKeys.catalogues.substances(q, kind ? { kind } : {}),
    queryFn: ({ signal }): Promise<(CatalogueItem | SubstanceItem)[]> =>
      catalogue === 'conditions'
        ? searchConditionCatalogue(q, { signal })
        : searchSubstanceCatalogue(q, { signal }, kind),
    enabled: q.length >= 2,
    staleTime: Infinity,
  });
}

/** The record, the chart's lists and the day lists all show these: refetched after a change. */
function useRefreshPatients() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
}

/** The chart's writes to the two lists, one mutation each. */
export function useClinicalListMutations(patientId: string) {
  const onSuccess = useRefreshPatients();
  return {
    addCondition: useMutation({
      mutationFn: (body: AddConditionRequest) => addCondition(patientId, body),
      onSuccess,
    }),
    patchCondition: useMutation({
      mutationFn: ({ id, body }: { id: string; body: PatchConditionRequest }) =>
        patchCondition(patientId, id, body),
      onSuccess,
    }),
    addAllergy: useMutation({
      mutationFn: (body: AddAllergyRequest) => addAllergy(patientId, body),
      onSuccess,
    }),
    patchAllergy: useMutation({
      mutationFn: ({ id, body }: { id: string; body: PatchAllergyRequest }) =>
        patchAllergy(patientId, id, body),
      onSuccess,
    }),
    noKnownAllergies: useMutation({
      mutationFn: () => recordNoKnownAllergies(patientId),
      onSuccess,
    }),
  };
}
