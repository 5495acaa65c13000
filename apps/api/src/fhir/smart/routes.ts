import { decodeJwt } from 'jose';
import { FHIR_BASE } from '@portal/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database';
import { loggableError } from '../../errors';
import { audit } from '../../repositories/audit';
import {
  type ThrottleKey,
  type ThrottleTimes,
  throttleRepository,
} from '../../repositories/throttle';
import { ACCESS_TOKEN_TTL_SECONDS, type BackendTokens } from './access-tokens';
import { checkAssertion } from './assertion';
import { ASSERTION_ALGORITHMS } from './jwks';
import { grantScopes, SCOPES_SUPPORTED } from './scopes';

/** The token endpoint's path. */
export const TOKEN_PATH = `${FHIR_BASE}/auth/token`;

const CLIENT_ASSERTION_TYPE = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';

/** The server's own URL as the client reached it (behind a proxy: TRUST_PROXY's headers). */
export const originOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** The token endpoint's throttle: the login throttle's window and block, its own maxima. */
export interface TokenThrottle extends ThrottleTimes {
  /** Refused assertions naming one client id in a window before it is blocked. */
  readonly maxFailuresPerClient: number;
  /** Refused assertions from one address in a window before it is blocked. */
  readonly maxFailuresPerAddress: number;
}

/** Refused assertions naming one client id in a window (a real client needs one token in 5 min). */
export const TOKEN_FAILURES_PER_CLIENT = 10;

/** The client id an assertion names (its unverified iss), if it names one at all. */
function claimedClient(assertion: string): string | undefined {
  try {
    const { iss } = decodeJwt(assertion);
    return typeof iss === 'string' && iss.length > 0 && iss.length <= 200 ? iss : undefined;
  } catch {
    return undefined;
  }
}

/** The throttle's keys of a token request: the client id named first (its count is audited by). */
function tokenThrottleKeys(
  clientId: string | undefined,
  address: string,
  throttle: TokenThrottle,
): [ThrottleKey, ...ThrottleKey[]] {
  const byAddress = {
    key: `token-address:${address}`,
    maxFailures: throttle.maxFailuresPerAddress,
  };
  return clientId
    ? [{ key: `token-client:${clientId}`, maxFailures: throttle.maxFailuresPerClient }, byAddress]
    : [byAddress];
}

/** The audit trail's name for a backend client (it has no user account). */
export const backendActorName = (clientId: string) => `backend:${clientId}`;

/** An OAuth 2.0 error answer (RFC 6749, 5.2); invalid_client is a 401 as the RFC allows. */
function oauthError(reply: FastifyReply, error: string, description: string) {
  return reply
    .code(error === 'invalid_client' ? 401 : 400)
    .header('cache-control', 'no-store')
    .type('application/json')
    .send({ error, error_description: description });
}

/**
 * SMART Backend Services: the configuration document (anonymous) and the token endpoint
 * (client credentials with a `private_key_jwt` assertion, form-encoded as OAuth requires).
 */
export async function smartRoutes(
  app: FastifyInstance,
  options: { db: Db; tokens: BackendTokens; publicUrl: string; throttle: TokenThrottle },
): Promise<void> {
  const { db, tokens, throttle } = options;
  // The audience assertions must name, from the settings (PUBLIC_URL): a Host header is the
  // caller's to choose, and an assertion signed for another server's token URL must not pass.
  const tokenUrl = `${options.publicUrl}${TOKEN_PATH}`;

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => done(null, new URLSearchParams(body as string)),
  );

  // Fastify's own refusals (a body of another type, too large, not parsed) in OAuth's words too.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500)
      return oauthError(reply, 'invalid_request', 'Send a form-encoded body of at most 16 KB');
    request.log.error({ err: loggableError(error) }, 'token request failed');
    return reply.code(500).header('cache-control', 'no-store').send({ error: 'server_error' });
  });

  app.get(`${FHIR_BASE}/.well-known/smart-configuration`, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send({
      token_endpoint: tokenUrl,
      token_endpoint_auth_methods_supported: ['private_key_jwt'],
      token_endpoint_auth_signing_alg_values_supported: [...ASSERTION_ALGORITHMS],
      grant_types_supported: ['client_credentials'],
      scopes_supported: SCOPES_SUPPORTED,
      capabilities: ['client-confidential-asymmetric', 'permission-v1', 'permission-v2'],
    }),
  );

  app.post(TOKEN_PATH, async (request, reply) => {
    if (!(request.body instanceof URLSearchParams))
      return oauthError(
        reply,
        'invalid_request',
        'Send the request as application/x-www-form-urlencoded',
      );
    const form = request.body;
    for (const name of ['grant_type', 'client_assertion_type', 'client_assertion', 'scope']) {
      if (form.getAll(name).length > 1)
        return oauthError(reply, 'invalid_request', `${name} is given more than once`);
    }
    const grantType = form.get('grant_type');
    if (!grantType) return oauthError(reply, 'invalid_request', 'grant_type is required');
    if (grantType !== 'client_credentials')
      return oauthError(reply, 'unsupported_grant_type', 'grant_type must be client_credentials');
    if (form.get('client_assertion_type') !== CLIENT_ASSERTION_TYPE)
      return oauthError(
        reply,
        'invalid_request',
        `client_assertion_type must be ${CLIENT_ASSERTION_TYPE}`,
      );
    const assertion = form.get('client_assertion');
    if (!assertion) return oauthError(reply, 'invalid_request', 'client_assertion is required');
    const scope = grantScopes(form.get('scope') ?? undefined);
    if (!scope.ok) return oauthError(reply, 'invalid_scope', scope.reason);

    // Refused assertions are counted per client id named (iss) and per address, as failed
    // logins are (the same throttle, its own keys): past a limit the endpoint answers 429.
    const keys = tokenThrottleKeys(claimedClient(assertion), request.ip, throttle);
    const reservation = await throttleRepository.reserveAttempt(db, keys, throttle);
    if (!reservation.allowed) {
      return reply
        .code(429)
        .header('cache-control', 'no-store')
        .header('retry-after', String(Math.max(1, Math.ceil(reservation.retryAfterSeconds))))
        .type('application/json')
        .send({
          error: 'temporarily_unavailable',
          error_description: 'Too many refused token requests; try again later',
        });
    }
    let checked;
    try {
      checked = await checkAssertion(db, assertion, tokenUrl);
    } catch (error) {
      await throttleRepository
        .releaseAttempt(
          db,
          keys.map((k) => k.key),
        )
        .catch(() => undefined);
      throw error;
    }
    if (!checked.ok) {
      await throttleRepository.recordFailure(db, keys, reservation.attempts, throttle);
      // A refusal is audited only for a registered client (anyone can post anything here), and
      // once a burst: the first refusal of the client's window, the rest only counted.
      const first = reservation.attempts.get(keys[0].key) === 1;
      if (checked.clientId && first) {
        await audit(db, request.context(), {
          action: 'backend.token',
          outcome: 'failure',
          username: backendActorName(checked.clientId),
        });
      }
      return oauthError(reply, 'invalid_client', checked.description);
    }
    await throttleRepository.releaseAttempt(
      db,
      keys.map((k) => k.key),
    );
    await audit(db, request.context(), {
      action: 'backend.token',
      outcome: 'success',
      username: backendActorName(checked.clientId),
    });
    const accessToken = await tokens.sign({ clientId: checked.clientId, scope: scope.scope });
    return reply.header('cache-control', 'no-store').header('pragma', 'no-cache').send({
      access_token: accessToken,
      token_type: 'bearer',
      expires_in: ACCESS_TOKEN_TTL_SECONDS,
      scope: scope.scope,
    });
  });
}
