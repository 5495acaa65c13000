import { decodeJwt, decodeProtectedHeader, SignJWT, UnsecuredJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { type SessionClaims, TokenService } from './tokens';

const SECRET = 'token-test-secret-that-is-long-enough-0123456789';
const TTL = 1800;
const CLAIMS: SessionClaims = {
  sub: 'user-1',
  sid: 'session-1',
  role: 'patient',
  patient_id: 'P001',
};

const key = (secret: string) => new TextEncoder().encode(secret);
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A token built by hand with jose: the portal's shape unless `change` says otherwise. */
function handMade(
  change: {
    secret?: string;
    issuer?: string;
    audience?: string;
    iat?: number;
    exp?: number;
    claims?: Record<string, unknown>;
  } = {},
) {
  const iat = change.iat ?? nowSeconds();
  return new SignJWT({ ...CLAIMS, ...change.claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(change.issuer ?? 'hospital-portal')
    .setAudience(change.audience ?? 'hospital-portal')
    .setIssuedAt(iat)
    .setExpirationTime(change.exp ?? iat + TTL)
    .sign(key(change.secret ?? SECRET));
}

describe('TokenService', () => {
  const tokens = new TokenService(SECRET, TTL);

  it('signs a token that verifies with its claims', async () => {
    const { token } = await tokens.sign(CLAIMS);
    const claims = await tokens.verify(token);
    expect(claims).toMatchObject(CLAIMS);
    expect(claims?.iat).toEqual(expect.any(Number));
    expect(claims?.exp).toEqual(expect.any(Number));
  });

  it('keeps an employee id and no patient id for staff', async () => {
    const staff: SessionClaims = { sub: 'u2', sid: 's2', role: 'HR', employee_id: 'E003' };
    const claims = await tokens.verify((await tokens.sign(staff)).token);
    expect(claims).toMatchObject(staff);
    expect(claims).not.toHaveProperty('patient_id');
  });

  it('is an HS256 JWT issued by and for the portal', async () => {
    const { token } = await tokens.sign(CLAIMS);
    expect(decodeProtectedHeader(token)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const payload = decodeJwt(token);
    expect(payload.iss).toBe('hospital-portal');
    expect(payload.aud).toBe('hospital-portal');
  });

  it('expires ttl seconds after it was issued, and says so', async () => {
    const before = nowSeconds();
    const { token, expiresAt } = await tokens.sign(CLAIMS);
    const after = nowSeconds();
    const claims = (await tokens.verify(token))!;
    expect(claims.exp).toBe(claims.iat + TTL);
    expect(claims.iat).toBeGreaterThanOrEqual(before);
    expect(claims.iat).toBeLessThanOrEqual(after);
    expect(expiresAt.getTime()).toBe(claims.exp * 1000);
  });

  it('follows the ttl it was built with', async () => {
    const short = new TokenService(SECRET, 60);
    const claims = (await short.verify((await short.sign(CLAIMS)).token))!;
    expect(claims.exp - claims.iat).toBe(60);
  });

  it('caps the expiry at notAfter when that comes first', async () => {
    const notAfter = new Date((nowSeconds() + 120) * 1000 + 500);
    const { token, expiresAt } = await tokens.sign(CLAIMS, notAfter);
    const claims = (await tokens.verify(token))!;
    expect(claims.exp).toBe(Math.floor(notAfter.getTime() / 1000));
    expect(claims.exp - claims.iat).toBeLessThan(TTL);
    expect(expiresAt.getTime()).toBe(claims.exp * 1000);
  });

  it('keeps ttl when notAfter is later', async () => {
    const notAfter = new Date(Date.now() + 10 * TTL * 1000);
    const claims = (await tokens.verify((await tokens.sign(CLAIMS, notAfter)).token))!;
    expect(claims.exp).toBe(claims.iat + TTL);
  });

  it('signs an already expired token when notAfter has passed, which does not verify', async () => {
    const { token } = await tokens.sign(CLAIMS, new Date(Date.now() - 60_000));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('accepts a hand-made token of the same shape (the checks below are the only difference)', async () => {
    expect(await tokens.verify(await handMade())).toMatchObject(CLAIMS);
  });

  it('refuses a token signed with another secret', async () => {
    const other = new TokenService('another-secret-that-is-also-long-enough-987', TTL);
    const { token } = await other.sign(CLAIMS);
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(await handMade({ secret: 'x'.repeat(48) }))).toBeNull();
  });

  it('refuses a token whose payload was changed after signing', async () => {
    const { token } = await tokens.sign(CLAIMS);
    const [header, payload, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as Record<
      string,
      unknown
    >;
    const forged = Buffer.from(JSON.stringify({ ...claims, role: 'HR' })).toString('base64url');
    expect(await tokens.verify(`${header}.${forged}.${signature}`)).toBeNull();
  });

  it('refuses a token whose signature was changed', async () => {
    const { token } = await tokens.sign(CLAIMS);
    const [header, payload, signature] = token.split('.');
    const bytes = Buffer.from(signature!, 'base64url');
    bytes[0] = bytes[0]! ^ 0x01;
    expect(await tokens.verify(`${header}.${payload}.${bytes.toString('base64url')}`)).toBeNull();
  });

  it('refuses an expired token', async () => {
    const iat = nowSeconds() - 3600;
    expect(await tokens.verify(await handMade({ iat, exp: iat + 60 }))).toBeNull();
  });

  it('refuses an unsigned token (alg none)', async () => {
    const unsigned = new UnsecuredJWT({ ...CLAIMS })
      .setIssuer('hospital-portal')
      .setAudience('hospital-portal')
      .setIssuedAt()
      .setExpirationTime('30m')
      .encode();
    expect(decodeProtectedHeader(unsigned).alg).toBe('none');
    expect(await tokens.verify(unsigned)).toBeNull();
  });

  it('refuses a token signed with another algorithm (HS512) even with the right secret', async () => {
    const token = await new SignJWT({ ...CLAIMS })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer('hospital-portal')
      .setAudience('hospital-portal')
      .setIssuedAt()
      .setExpirationTime('30m')
      .sign(key(SECRET));
    expect(await tokens.verify(token)).toBeNull();
  });

  it('refuses a token from another issuer', async () => {
    expect(await tokens.verify(await handMade({ issuer: 'someone-else' }))).toBeNull();
  });

  it('refuses a token for another audience', async () => {
    expect(await tokens.verify(await handMade({ audience: 'another-app' }))).toBeNull();
  });

  it('refuses a signed token missing the session id or with an unknown role', async () => {
    expect(await tokens.verify(await handMade({ claims: { sid: undefined } }))).toBeNull();
    expect(await tokens.verify(await handMade({ claims: { role: 'admin' } }))).toBeNull();
  });

  it.each(['', 'not-a-token', 'a.b.c', 'Bearer x.y.z'])('refuses garbage %j', async (garbage) => {
    expect(await tokens.verify(garbage)).toBeNull();
  });
});
