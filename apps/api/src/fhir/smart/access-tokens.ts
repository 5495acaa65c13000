import { jwtVerify, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';

/** What an export access token says: the client and the scope it was granted. */
export interface BackendGrant {
  readonly clientId: string;
  readonly scope: string;
}

const ISSUER = 'hospital-portal';
/**
 * Not the session tokens' audience: the API's and the FHIR reads' checks refuse these tokens,
 * and the bulk export's check refuses the session tokens, with one signing secret.
 */
const AUDIENCE = 'hospital-portal-bulk-export';

/** Access tokens live 5 minutes, as SMART Backend Services recommends. */
export const ACCESS_TOKEN_TTL_SECONDS = 300;

/** Signs and verifies the short-lived tokens of backend clients (HS256, like the sessions'). */
export class BackendTokens {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A token for the client and scope, valid for {@link ACCESS_TOKEN_TTL_SECONDS}. */
  async sign(grant: BackendGrant): Promise<string> {
    return new SignJWT({ scope: grant.scope })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setSubject(grant.clientId)
      .setJti(randomUUID())
      .setIssuedAt()
      .setExpirationTime(`${ACCESS_TOKEN_TTL_SECONDS}s`)
      .sign(this.key);
  }

  /** The grant of a valid, unexpired backend token; null for anything else. */
  async verify(token: string): Promise<BackendGrant | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
        requiredClaims: ['sub', 'exp'],
      });
      if (typeof payload.sub !== 'string' || typeof payload['scope'] !== 'string') return null;
      return { clientId: payload.sub, scope: payload['scope'] };
    } catch {
      return null;
    }
  }
}
