import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_API_BASE, normaliseUsername } from '@portal/contract';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a successful
 * login leaves a signed cookie in the browser naming the account, and a later login to that
 * account from that browser is trusted. A trusted login has its own lane in the hashing pool
 * and its own failure count (per cookie), and skips the account's and the address's counts: a
 * flood of anonymous attempts, or someone guessing at the account, does not keep its owner out.
 * The cookie proves only that this browser once knew the password; the password is still checked.
 */

export const DEVICE_COOKIE_NAME = 'portal_device';
/** Only the login calls (`/api/login`, `/api/login/mfa`) read it, so no other call carries it. */
export const DEVICE_COOKIE_PATH = `${DEFAULT_API_BASE}/login`;
/** How long a browser stays trusted after its last login to an account: 180 days. */
export const DEVICE_TRUST_SECONDS = 180 * 24 * 3600;
/**
 * Accounts one browser is trusted for, the most recent kept: a ward computer is shared by a
 * shift, and each person on it should keep their place.
 */
export const MAX_DEVICE_ACCOUNTS = 8;

const VERSION = 1;
const ID_BYTES = 16;
const NONCE_BYTES = 16;
const TAG_BYTES = 8;
const MAC_BYTES = 16;
const NONCE_AT = 1 + ID_BYTES;
const TIME_AT = NONCE_AT + NONCE_BYTES;
const TAG_AT = TIME_AT + 4;
/** version, account id, nonce, issued-at (seconds, 32 bits), username tag */
const PAYLOAD_BYTES = TAG_AT + TAG_BYTES;
/** Longer values are not ours (each entry is 82 characters): not worth reading. */
const MAX_VALUE_LENGTH = MAX_DEVICE_ACCOUNTS * 90;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** One account the browser is trusted for, and the nonce its failures are counted under. */
export interface DeviceTrust {
  readonly accountId: string;
  readonly nonce: string;
  /** A keyed hash of the account's username (not the name itself). */
  readonly usernameTag: string;
}

/** A login request's device cookie: the value it came with, and a way to answer a new one. */
export interface DeviceJar {
  readonly presented: string | undefined;
  keep(value: string): void;
}

/**
 * Signs and reads device cookies. The key is derived (HKDF-SHA256) from the token-signing
 * secret, so instances that share JWT_SECRET share it, and changing that secret makes every
 * device cookie worthless (those browsers log in as strangers once, then are trusted again).
 */
export class DeviceCookies {
  private readonly key: Buffer;

  constructor(
    signingSecret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.key = Buffer.from(hkdfSync('sha256', signingSecret, '', 'portal device cookie v1', 32));
  }

  /**
   * The cookie's entries for a login typed with `username`: found without the database (by the
   * entry's username tag), so a cookie for one account makes no lookup for other names. The
   * caller still checks that the name is the entry's account.
   */
  trusting(value: string | undefined, username: string): DeviceTrust[] {
    const tag = this.usernameTag(username);
    return this.read(value).filter((entry) => entry.usernameTag === tag);
  }

  /** The cookie's entries that are ours, intact and not past their time. */
  read(value: string | undefined): DeviceTrust[] {
    if (!value || value.length > MAX_VALUE_LENGTH) return [];
    const nowSeconds = Math.floor(this.now() / 1000);
    const trusted: DeviceTrust[] = [];
    for (const part of value.split('.').slice(0, MAX_DEVICE_ACCOUNTS)) {
      const entry = this.open(part, nowSeconds);
      if (entry) trusted.push(entry);
    }
    return trusted;
  }

  /**
   * The cookie value after a login to `accountId`: a new entry for it (a new nonce, so failures
   * counted against the old one stay with the old one) first, then the other accounts' entries
   * that are still good, at most MAX_DEVICE_ACCOUNTS in all.
   */
  issue(presented: string | undefined, accountId: string, username: string): string {
    if (!UUID.test(accountId)) throw new RangeError('an account id is a UUID');
    const payload = Buffer.alloc(PAYLOAD_BYTES);
    payload.writeUInt8(VERSION, 0);
    Buffer.from(accountId.replaceAll('-', ''), 'hex').copy(payload, 1);
    randomBytes(NONCE_BYTES).copy(payload, NONCE_AT);
    payload.writeUInt32BE(Math.floor(this.now() / 1000), TIME_AT);
    Buffer.from(this.usernameTag(username), 'base64url').copy(payload, TAG_AT);
    const entry = Buffer.concat([payload, this.mac(payload)]).toString('base64url');
    const others = (presented ?? '')
      .split('.')
      .filter((part) => {
        const kept = this.open(part, Math.floor(this.now() / 1000));
        return kept !== undefined && kept.accountId !== accountId.toLowerCase();
      })
      .slice(0, MAX_DEVICE_ACCOUNTS - 1);
    return [entry, ...others].join('.');
  }

  private mac(payload: Buffer): Buffer {
    return createHmac('sha256', this.key).update(payload).digest().subarray(0, MAC_BYTES);
  }

  /**
   * The username's tag, of the name's one form (the contract's normaliseUsername, as the
   * login's lookup uses), so a name typed in other capitals or compatibility forms still finds
   * its entry.
   */
  private usernameTag(username: string): string {
    return createHmac('sha256', this.key)
      .update(`username:${normaliseUsername(username)}`)
      .digest()
      .subarray(0, TAG_BYTES)
      .toString('base64url');
  }

  private open(part: string, nowSeconds: number): DeviceTrust | undefined {
    if (!/^[A-Za-z0-9_-]+$/.test(part)) return undefined;
    const bytes = Buffer.from(part, 'base64url');
    if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return undefined;
    const payload = bytes.subarray(0, PAYLOAD_BYTES);
    if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), this.mac(payload))) return undefined;
    if (payload.readUInt8(0) !== VERSION) return undefined;
    const issuedAt = payload.readUInt32BE(TIME_AT);
    if (nowSeconds - issuedAt >= DEVICE_TRUST_SECONDS) return undefined;
    const hex = payload.subarray(1, NONCE_AT).toString('hex');
    return {
      accountId: `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`,
      nonce: payload.subarray(NONCE_AT, TIME_AT).toString('base64url'),
      usernameTag: payload.subarray(TAG_AT).toString('base64url'),
    };
  }
}

/** A cookie's value from a Cookie header (the first of that name), or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at > 0 && pair.slice(0, at).trim() === name) return pair.slice(at + 1).trim();
  }
  return undefined;
}

/**
 * The Set-Cookie header for a device cookie. HttpOnly: no script needs it; SameSite=Strict:
 * no other site's page can make the browser send it; Secure whenever the browser reached the
 * server over HTTPS (behind a TLS proxy that needs TRUST_PROXY=true, see docs/operations.md),
 * but not on plain HTTP, where a browser would refuse it (the demo on http://127.0.0.1).
 */
export function deviceCookieHeader(value: string, secure: boolean): string {
  return [
    `${DEVICE_COOKIE_NAME}=${value}`,
    `Max-Age=${DEVICE_TRUST_SECONDS}`,
    `Path=${DEVICE_COOKIE_PATH}`,
    'HttpOnly',
    'SameSite=Strict',
    ...(secure ? ['Secure'] : []),
  ].join('; ');
}

/** The device cookie of a login call, read from the request and answered on the reply. */
export function deviceJar(request: FastifyRequest, reply: FastifyReply): DeviceJar {
  return {
    presented: readCookie(request.headers.cookie, DEVICE_COOKIE_NAME),
    keep: (value) => {
      void reply.header('set-cookie', deviceCookieHeader(value, request.protocol === 'https'));
    },
  };
}
