import { ENDPOINTS, type SessionStatus } from '@portal/contract';
import { parseAnswer, send, type RequestOptions } from '../request';

/**
 * GET /session: whether the stored session is still open. A session ended elsewhere answers
 * 401, which ends it here too, with its reason (the API client's one rule for every 401).
 */
export async function checkSessionStatus(options: RequestOptions = {}): Promise<SessionStatus> {
  return parseAnswer(
    (answers) => answers.sessionStatusSchema,
    await send(ENDPOINTS.sessionStatus, options),
  );
}
