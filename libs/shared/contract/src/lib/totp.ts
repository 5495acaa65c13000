/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP): HMAC-SHA-1, 30-second steps,
 * six digits, the parameters every authenticator app assumes. Written once here on Web Crypto
 * (`crypto.subtle`, in Node 20 and every browser) so that the server and the tests that type a
 * code compute it alike. Nothing here reads the clock: the caller passes the time.
 */

/** Seconds per step (RFC 6238's X). */
export const TOTP_STEP_SECONDS = 30;
/** Digits of a code. */
export const TOTP_DIGITS = 6;
/** The issuer an authenticator app shows beside the account name. */
export const TOTP_ISSUER = 'Hospital Portal';

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** The little of Web Crypto used here (the contract is typed without DOM or Node types). */
interface HmacCrypto {
  importKey(
    format: 'raw',
    key: Uint8Array,
    algorithm: { name: 'HMAC'; hash: 'SHA-1' },
    extractable: false,
    usages: ['sign'],
  ): Promise<unknown>;
  sign(algorithm: 'HMAC', key: unknown, data: Uint8Array): Promise<ArrayBuffer>;
}

const subtle = (): HmacCrypto =>
  (globalThis as unknown as { crypto: { subtle: HmacCrypto } }).crypto.subtle;

/** RFC 4648 base-32 without padding: how authenticator apps take a secret. */
export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** Decodes base-32 (any case, spaces and padding ignored); throws on another character. */
export function base32Decode(text: string): Uint8Array {
  const clean = text.toUpperCase().replace(/[\s=]/g, '');
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error('Not a base-32 secret');
    buffer = ((buffer << 5) | value) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return new Uint8Array(out);
}

/** The step a moment falls in (milliseconds since the epoch). */
export function totpStep(timeMs: number): number {
  return Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);
}

/** The HOTP code of a base-32 secret for one step (RFC 4226 §5.3, dynamic truncation). */
export async function hotpCode(secretBase32: string, step: number): Promise<string> {
  const counter = new Uint8Array(8);
  new DataView(counter.buffer).setBigUint64(0, BigInt(step));
  const key = await subtle().importKey(
    'raw',
    base32Decode(secretBase32),
    { name: 'HMAC', hash: 'SHA-1' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await subtle().sign('HMAC', key, counter));
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary =
    ((mac[offset]! & 0x7f) << 24) |
    (mac[offset + 1]! << 16) |
    (mac[offset + 2]! << 8) |
    mac[offset + 3]!;
  return String(binary % 10 ** TOTP_DIGITS).padStart(TOTP_DIGITS, '0');
}

/** The TOTP code of a base-32 secret at a moment (milliseconds since the epoch). */
export function totpCode(secretBase32: string, timeMs: number): Promise<string> {
  return hotpCode(secretBase32, totpStep(timeMs));
}

/** The `otpauth://` URI an authenticator app reads from the QR code (Key Uri Format). */
export function otpauthUrl(secretBase32: string, accountName: string): string {
  const label = `${encodeURIComponent(TOTP_ISSUER)}:${encodeURIComponent(accountName)}`;
  const query = [
    ['secret', secretBase32],
    ['issuer', TOTP_ISSUER],
    ['algorithm', 'SHA1'],
    ['digits', String(TOTP_DIGITS)],
    ['period', String(TOTP_STEP_SECONDS)],
  ]
    .map(([name, value]) => `${name}=${encodeURIComponent(value!)}`)
    .join('&');
  return `otpauth://totp/${label}?${query}`;
}

/** A secret grouped in fours, as the page shows it for typing (`ABCD EFGH …`). */
export function groupSecret(secretBase32: string): string {
  return secretBase32.replace(/(.{4})(?=.)/g, '$1 ');
}
