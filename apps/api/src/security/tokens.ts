import { jwtVerify, SignJWT } from 'jose';
import { parseTokenClaims, type TokenClaims } from '@portal/contract';

const ISSUER = 'hospital-portal';
const AUDIENCE = 'hospital-portal';

/** The claims the server puts in a token, beside the standard iat and exp. */
export type SessionClaims = Omit<TokenClaims, 'iat' | 'exp'>;

/** Signs and verifies the portal's session tokens (HS256 JWTs). */
export class TokenService {
  private readonly key: Uint8Array;

  constructor(
    secret: string,
    private readonly ttlSeconds: number,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  /** A signed token for the session, expiring ttl seconds from now (or at `notAfter`). */
  async sign(claims: SessionClaims, notAfter?: Date): Promise<{ token: string; expiresAt: Date }> {
    const now = Math.floor(Date.now() / 1000);
    const cap = notAfter ? Math.floor(notAfter.getTime() / 1000) : Number.POSITIVE_INFINITY;
    const exp = Math.min(now + this.ttlSeconds, cap);
    const token = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(exp)
      .sign(this.key);
    return { token, expiresAt: new Date(exp * 1000) };
  }

  /** The token's claims if its signature, issuer, audience and expiry hold; otherwise null. */
  async verify(token: string): Promise<TokenClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      return parseTokenClaims(payload);
    } catch {
      return null;
    }
  }
}
