import { createPublicKey, type JsonWebKey } from 'node:crypto';
import { importJWK, type JWK } from 'jose';

/** The signing algorithms a client assertion may use (SMART Backend Services' two). */
export const ASSERTION_ALGORITHMS = ['RS384', 'ES384'] as const;

/** Members that only a private or symmetric key has: a JWKS holding one is refused. */
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

const MAX_KEYS = 10;
const MIN_RSA_BITS = 2048;

/** A client's public keys, checked (see {@link checkJwks}). */
export interface PublicJwks {
  readonly keys: JWK[];
}

/**
 * Checks a JWKS a backend client registers: 1 to 10 keys, each an RS384 (RSA of 2048 bits or
 * more) or ES384 (EC P-384) public key that imports, with no private part. Returns the keys as
 * stored, or throws an Error whose message names the key and the member at fault.
 */
export async function checkJwks(value: unknown): Promise<PublicJwks> {
  const keys = (value as { keys?: unknown } | null)?.keys;
  if (typeof value !== 'object' || value === null || !Array.isArray(keys))
    throw new Error('The JWKS must be a JSON object with a "keys" array');
  if (keys.length === 0 || keys.length > MAX_KEYS)
    throw new Error(`The JWKS must hold 1 to ${MAX_KEYS} keys`);
  const checked: JWK[] = [];
  for (const [index, key] of keys.entries()) {
    const where = `keys[${index}]`;
    if (typeof key !== 'object' || key === null || Array.isArray(key))
      throw new Error(`${where} is not a JSON object`);
    const jwk = key as JWK;
    const secret = PRIVATE_MEMBERS.find((member) => member in jwk);
    if (secret)
      throw new Error(`${where} holds a private part ("${secret}"): register public keys only`);
    if (jwk.alg !== 'RS384' && jwk.alg !== 'ES384')
      throw new Error(`${where}.alg must be RS384 or ES384`);
    if (jwk.alg === 'RS384' && jwk.kty !== 'RSA')
      throw new Error(`${where}.kty must be RSA for RS384`);
    if (jwk.alg === 'ES384' && (jwk.kty !== 'EC' || jwk.crv !== 'P-384'))
      throw new Error(`${where} must be an EC key on P-384 for ES384`);
    if (jwk.use !== undefined && jwk.use !== 'sig') throw new Error(`${where}.use must be sig`);
    if (jwk.kty === 'RSA' && Buffer.from(jwk.n ?? '', 'base64url').length * 8 < MIN_RSA_BITS)
      throw new Error(`${where} is an RSA key under ${MIN_RSA_BITS} bits`);
    try {
      // Node checks the key's numbers (a point on the curve, a usable modulus); jose then
      // checks that it is a key of this algorithm.
      createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
      await importJWK(jwk, jwk.alg);
    } catch {
      throw new Error(`${where} is not a valid ${jwk.alg} public key`);
    }
    checked.push(jwk);
  }
  return { keys: checked };
}
