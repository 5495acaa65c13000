import { createLocalJWKSet, decodeJwt, errors, jwtVerify } from 'jose';
import type { Db } from '../../db/database';
import { ASSERTION_ALGORITHMS } from './jwks';
import { claimJti, findBackendClient } from './clients';

/** The longest an assertion may live: SMART Backend Services says exp at most 5 minutes ahead. */
export const MAX_ASSERTION_SECONDS = 300;
/** Clock difference tolerated between the client and this server. */
const CLOCK_SKEW_SECONDS = 30;

/** What checking a client assertion found: the client, or an OAuth error to answer. */
export type AssertionResult =
  | { readonly ok: true; readonly clientId: string }
  | {
      readonly ok: false;
      readonly description: string;
      /** The registered client it claimed to be, when there is one (for the audit trail). */
      readonly clientId?: string;
    };

const refuse = (description: string, clientId?: string): AssertionResult => ({
  ok: false,
  description,
  ...(clientId ? { clientId } : {}),
});

/** Why jose refused an assertion, in words a client's developer can act on. */
function reasonOf(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'client_assertion has expired';
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return 'client_assertion aud must be the token endpoint URL';
    if (error.claim === 'iss' || error.claim === 'sub')
      return 'client_assertion iss and sub must both be the client_id';
    return `client_assertion ${error.claim} claim is missing or not valid`;
  }
  if (error instanceof errors.JWKSNoMatchingKey)
    return 'no registered key of the client matches the assertion (kid, alg)';
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return 'client_assertion signature does not verify';
  if (error instanceof errors.JOSEAlgNotAllowed)
    return 'client_assertion must be signed with RS384 or ES384';
  return 'client_assertion is not a valid signed JWT';
}

/**
 * Checks a `private_key_jwt` client assertion: a JWT whose iss and sub are a registered,
 * enabled client's id, signed (RS384/ES384) by one of its registered keys, for this token
 * endpoint (aud), expiring within 5 minutes, with a jti the client has not used before (it is
 * remembered until the assertion's exp, so a replay is refused on any instance).
 */
export async function checkAssertion(
  db: Db,
  assertion: string,
  tokenUrl: string,
  now = Date.now(),
): Promise<AssertionResult> {
  let issuer: unknown;
  let subject: unknown;
  try {
    ({ iss: issuer, sub: subject } = decodeJwt(assertion));
  } catch {
    return refuse('client_assertion is not a JWT');
  }
  if (typeof issuer !== 'string' || issuer !== subject || issuer.length > 200)
    return refuse('client_assertion iss and sub must both be the client_id');
  const client = await findBackendClient(db, issuer);
  if (!client || client.disabled) return refuse('unknown or disabled client');
  let payload;
  try {
    ({ payload } = await jwtVerify(assertion, createLocalJWKSet(client.jwks), {
      algorithms: [...ASSERTION_ALGORITHMS],
      issuer: client.clientId,
      subject: client.clientId,
      audience: tokenUrl,
      requiredClaims: ['exp', 'jti'],
      clockTolerance: CLOCK_SKEW_SECONDS,
      currentDate: new Date(now),
    }));
  } catch (error) {
    return refuse(reasonOf(error), client.clientId);
  }
  const exp = payload.exp!;
  if (exp > now / 1000 + MAX_ASSERTION_SECONDS + CLOCK_SKEW_SECONDS)
    return refuse('client_assertion exp must be at most 5 minutes ahead', client.clientId);
  const jti = payload.jti;
  if (typeof jti !== 'string' || jti.length === 0 || jti.length > 255)
    return refuse('client_assertion jti must be a string of 1 to 255 characters', client.clientId);
  if (!(await claimJti(db, client.clientId, jti, new Date(exp * 1000))))
    return refuse('client_assertion jti was used before (replay)', client.clientId);
  return { ok: true, clientId: client.clientId };
}
