import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import {
  decodeLoginChallengeText,
  encodeLoginChallengeText,
  loginChallengeSchema,
} from '@portal/contract';

// A module of its own, fetched only when a login is asked for a proof of work: no page carries
// the solver in its first visit.

/** The `challenge` of a login's 503 problem, as the server sent it. */
export function challengeOf(error: { cause?: unknown }): unknown {
  const answer = (error.cause as { response?: { data?: unknown } } | undefined)?.response?.data;
  return typeof answer === 'object' && answer !== null
    ? (answer as { challenge?: unknown }).challenge
    : undefined;
}

/**
 * Solves the server's challenge with the browser's Web Crypto (PBKDF2 runs natively, so a
 * browser is about as fast as an attacker's CPU); null if it is not one of the contract's, could
 * not be solved in time, or the call was cancelled.
 */
export async function solveLoginChallenge(
  sent: unknown,
  signal?: AbortSignal,
): Promise<string | null> {
  if (typeof sent !== 'string') return null;
  const parsed = loginChallengeSchema.safeParse(decodeLoginChallengeText(sent));
  if (!parsed.success) return null;
  const challenge = parsed.data;
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  return solution ? encodeLoginChallengeText({ challenge, solution }) : null;
}
