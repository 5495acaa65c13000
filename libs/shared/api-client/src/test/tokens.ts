/**
 * Test support: unsigned session tokens (the client never verifies signatures), any claims
 * (`@portal/testing`'s makeFakeToken makes only valid ones). The auth library's tests import it
 * as `@portal/api-client/test-tokens`: `@portal/testing` itself depends on both libraries.
 */
import type { TokenClaims } from '@portal/contract';

function base64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** A token whose claims are valid unless overridden; it expires `expiresInSeconds` from now. */
export function makeToken(
  overrides: Partial<TokenClaims> & { expiresInSeconds?: number } = {},
): string {
  const { expiresInSeconds = 1800, ...claims } = overrides;
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: 'account-1',
    sid: 'session-1',
    role: 'medical_personnel',
    employee_id: 'E001',
    iat: now,
    exp: now + expiresInSeconds,
    ...claims,
  };
  return `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url(payload)}.signature`;
}

/** Stores a session as a signed-in user's browser holds it. */
export function storeToken(token: string, role = 'medical_personnel'): void {
  window.localStorage.setItem('myApp_authToken', token);
  window.localStorage.setItem('myApp_userRole', role);
}
