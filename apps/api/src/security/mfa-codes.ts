import { createHash, randomBytes, randomInt } from 'node:crypto';
import {
  base32Encode,
  formatRecoveryCode,
  normaliseMfaCode,
  RECOVERY_CODE_COUNT,
} from '@portal/contract';

/** Crockford's base-32 alphabet, as activation codes use: no I, L, O or U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new TOTP secret: 160 random bits (RFC 4226's recommended length), in base-32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** Ten new recovery codes (50 bits each), formatted XXXXX-XXXXX. */
export function generateRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    let code = '';
    for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)];
    return formatRecoveryCode(code);
  });
}

/**
 * What is stored of a recovery code or an mfa_token: SHA-256 of its normalised form. Both are
 * random (50 and 256 bits), single-use and throttled, so a fast hash suffices.
 */
export function hashCode(code: string): string {
  return createHash('sha256').update(normaliseMfaCode(code)).digest('hex');
}

/** A new mfa_token: 256 random bits. */
export function generateMfaToken(): string {
  return randomBytes(32).toString('base64url');
}

/** The stored hash of an mfa_token (kept exactly as issued, not normalised). */
export function hashMfaToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
