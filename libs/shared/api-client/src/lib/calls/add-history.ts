import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type AddHistoryRequest, type HistoryResponse } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** POST /patient/add-patient-history: answers the stored entry. */
export async function addHistory(
  body: AddHistoryRequest,
  options: RequestOptions = {},
): Promise<HistoryResponse> {
  const response = await send(ENDPOINTS.addHistory, { ...options, data: body });
  return parseAnswer((answers) => answers.historyResponseSchema, response);
}

/** The history form's mutation; records carry their history, so they are refetched. */
export function useAddHistoryMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddHistoryRequest) => addHistory(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
    },
  });
}
