import { useMutation } from '@tanstack/react-query';
import { ENDPOINTS, type RegisterRequest, type RegisterResponse } from '@portal/contract';
import { parseAnswer, send, type RequestOptions } from '../request';

/** POST /register: links a new account to a patient or employee record, with its activation code. */
export async function register(
  body: RegisterRequest,
  options: RequestOptions = {},
): Promise<RegisterResponse> {
  return parseAnswer(
    (answers) => answers.registerResponseSchema,
    await send(ENDPOINTS.register, { ...options, data: body }),
  );
}

/** The register form's mutation. */
export function useRegisterMutation() {
  return useMutation({ mutationFn: (body: RegisterRequest) => register(body) });
}
