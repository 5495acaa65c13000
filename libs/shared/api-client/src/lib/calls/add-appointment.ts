import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ENDPOINTS, type AddAppointmentRequest, type AppointmentResponse } from '@portal/contract';
import { queryKeys } from '../query-keys';
import { parseAnswer, send, type RequestOptions } from '../request';

/** POST /patient/add-patient-appointment: answers the stored appointment (time as HH:MM:SS). */
export async function addAppointment(
  body: AddAppointmentRequest,
  options: RequestOptions = {},
): Promise<AppointmentResponse> {
  const response = await send(ENDPOINTS.addAppointment, { ...options, data: body });
  return parseAnswer((answers) => answers.appointmentResponseSchema, response);
}

/** The appointment form's mutation; records show the latest appointment, so they are refetched. */
export function useAddAppointmentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AddAppointmentRequest) => addAppointment(body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.patients.all() });
    },
  });
}
