import { createHash, randomInt } from 'node:crypto';
import { formatActivationCode, normaliseActivationCode } from '@portal/contract';

/** Crockford's base-32 alphabet: no I, L, O or U, so codes read aloud or typed are unambiguous. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const LENGTH = 12;

/** A new random activation code (60 bits), formatted as XXXX-XXXX-XXXX. */
export function generateActivationCode(): string {
  let code = '';
  for (let i = 0; i < LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return formatActivationCode(code);
}

/**
 * What is stored of a code: SHA-256 of its normalised form. A code is random with 60 bits of
 * entropy, single-use and short-lived, so a fast hash suffices (unlike a chosen password).
 */
export function hashActivationCode(code: string): string {
  return createHash('sha256').update(normaliseActivationCode(code)).digest('hex');
}
