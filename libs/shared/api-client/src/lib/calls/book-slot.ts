import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BookSlotRequest,
  ENDPOINTS,
  type Slot,
  type UpcomingAppointment,
} from '@portal/contract';
import { queryKeys, type SlotFilter } from '../query-keys';
import type { Page, PageParams } from '../page';
import { pagedQueryOptions } from '../paged-query';
import { send, type RequestOptions } from '../request';

/** The answer schemas of these calls, fetched with the first of them. */
const answersOf = () => import('../clinic-hours-answers');

/** GET /slots: one page of free slots over a range of hospital dates. */
export async function listSlots(
  filter: SlotFilter,
  page: PageParams = {},
  options: RequestOptions = {},
): Promise<Page<Slot>> {
  const response = await send(ENDPOINTS.listSlots, { ...options, page, query: { ...filter } });
  const answers = await answersOf();
  return answers.decodePage(answers.slotListSchema, response);
}

/** The free slots of a filter as an infinite query, one page per cursor. */
export function slotsQueryOptions(filter: SlotFilter, { limit }: { limit?: number } = {}) {
  return pagedQueryOptions(queryKeys.slots.list(filter, limit), limit, (page, options) =>
    listSlots(filter, page, options),
  );
}

/** The free slots of a filter, paged; `fetchNextPage` loads more. */
export function useSlots(
  filter: SlotFilter,
  { limit, enabled = true }: { limit?: number; enabled?: boolean } = {},
) {
  return useInfiniteQuery({ ...slotsQueryOptions(filter, { limit }), enabled });
}

/** POST /profile/appointments: the signed-in patient books a free slot. */
export async function bookSlot(
  request: BookSlotRequest,
  options: RequestOptions = {},
): Promise<UpcomingAppointment> {
  const response = await send(ENDPOINTS.bookMyAppointment, { ...options, data: request });
  const answers = await answersOf();
  return answers.decodeAnswer(answers.upcomingAppointmentSchema, response);
}

/** Books a slot; the slots, the patient's own lists and their record are read again. */
export function useBookSlotMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: BookSlotRequest) => bookSlot(request),
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.slots.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.myRecord.all() });
      void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
    },
  });
}
