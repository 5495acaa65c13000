import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type ContactChange,
  ENDPOINTS,
  MERGE_PATCH_CONTENT_TYPE,
  type MyContact,
  type MyContactRequest,
} from '@portal/contract';
import { queryKeys } from '../query-keys';
import type { Page, PageParams } from '../page';
import { pagedQueryOptions } from '../paged-query';
import { parseAnswer, parsePage, send, type RequestOptions } from '../request';

/**
 * PATCH /profile/contact: the signed-in patient's phone number, email and address (a member
 * left out stays; null empties the address), as a merge patch.
 */
export async function updateMyContact(
  body: MyContactRequest,
  options: RequestOptions = {},
): Promise<MyContact> {
  const response = await send(ENDPOINTS.updateMyContact, {
    ...options,
    contentType: MERGE_PATCH_CONTENT_TYPE,
    data: body,
  });
  return parseAnswer((answers) => answers.myContactSchema, response);
}

/** Changes the patient's contact details; the record is refetched. */
export function useUpdateMyContactMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MyContactRequest) => updateMyContact(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
    },
  });
}

/** GET /patient/{patient_id}/contact-changes: one page of who changed the contact details. */
export async function listContactChanges(
  patientId: string,
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<ContactChange>> {
  return parsePage(
    (answers) => answers.contactChangeListSchema,
    await send(ENDPOINTS.patientContactChanges, {
      ...options,
      page,
      params: { patient_id: patientId.trim() },
    }),
  );
}

/** Who changed a patient's contact details, newest first, paged (the chart). */
export function useContactChanges(patientId: string, { limit }: { limit?: number } = {}) {
  return useInfiniteQuery({
    ...pagedQueryOptions(queryKeys.patients.contactChanges(patientId, limit), limit, (page, o) =>
      listContactChanges(patientId, page, o),
    ),
    enabled: patientId !== '',
  });
}
