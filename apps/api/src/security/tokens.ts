import { jwtVerify, SignJWT } from 'jose';
import { parseTokenClaims, type TokenClaims } from '@portal/contract';

const ISSUER = 'hospital-portal';
const AUDIENCE = 'hospital-portal';

/** The claims the server puts in a token, beside the standard iat and exp. */
export type SessionClaims = Omit<TokenClaims, 'iat' | 'exp'>;

/** How many verified tokens are remembered, the oldest forgotten first. */
const VERIFIED_CACHE_SIZE = 1_000;

/** Signs and verifies the portal's session tokens (HS256 JWTs). */
export class TokenService {
  private readonly key: Uint8Array;
  /**
   * Tokens whose signature, issuer and audience were checked, with their claims: checking an
   * HMAC through WebCrypto on every request was a measurable share of a read's CPU. A token
   * never changes, so only its expiry needs checking again (below); whether its session is
   * still open is the database's answer on every request, as before.
   */
  private readonly verified = new Map<string, TokenClaims>();

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
    const known = this.verified.get(token);
    if (known) {
      if (known.exp > Date.now() / 1000) return known;
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      const claims = parseTokenClaims(payload);
      if (claims) {
        if (this.verified.size >= VERIFIED_CACHE_SIZE) {
          this.verified.delete(this.verified.keys().next().value!);
        }
        this.verified.set(token, claims);
      }
      return claims;
    } catch {
      return null;
    }
  }
}
