import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';
import type { LoginChallenge, LoginProof } from '@portal/contract';

// A module of its own, fetched only when a login is asked for a proof of work: no page carries
// the solver in its first visit.

/**
 * Solves the server's challenge with the browser's Web Crypto (PBKDF2 runs natively, so a
 * browser is about as fast as an attacker's CPU); null if it could not be solved in time or the
 * call was cancelled.
 */
export async function solveLoginChallenge(
  challenge: LoginChallenge,
  signal?: AbortSignal,
): Promise<LoginProof | null> {
  const controller = new AbortController();
  signal?.addEventListener('abort', () => controller.abort(), { once: true });
  const solution = await solveChallenge({ challenge, deriveKey, controller, timeout: 60_000 });
  return solution ? { challenge, solution } : null;
}
