import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * Encrypts small secrets at rest (the second factor's TOTP secrets) with AES-256-GCM under a
 * key from the environment (MFA_ENCRYPTION_KEY, or the one generated into the embedded data
 * directory). The stored form is `v1.<iv>.<tag>.<ciphertext>` in base64url; the account's id is
 * bound in as additional data, so a secret copied onto another account does not decrypt.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyText: string) {
    // Any text of 32+ characters: SHA-256 gives the 256-bit key whatever its form.
    this.key = createHash('sha256').update(`mfa-secret-key:${keyText}`).digest();
  }

  /** The stored form of a secret belonging to `owner`. */
  seal(plain: string, owner: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(owner));
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The secret, or null when the stored form was not sealed with this key for this owner. */
  open(sealed: string, owner: string): string | null {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(owner));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      return null;
    }
  }
}
