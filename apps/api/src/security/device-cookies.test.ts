import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_COOKIE_NAME,
  DEVICE_TRUST_SECONDS,
  deviceCookieHeader,
  DeviceCookies,
  MAX_DEVICE_ACCOUNTS,
  readCookie,
} from './device-cookies';

const SECRET = 'device-cookie-test-secret-0123456789abcdef';
const START = Date.UTC(2026, 0, 1);

/** Cookies signed by SECRET on a clock the test moves. */
function cookies(secret = SECRET) {
  let now = START;
  const devices = new DeviceCookies(secret, () => now);
  return { devices, advance: (seconds: number) => (now += seconds * 1000) };
}

/** The value with one byte of its first entry's decoded bytes changed at `index`. */
function flipByte(value: string, index: number): string {
  const [first, ...rest] = value.split('.');
  const bytes = Buffer.from(first!, 'base64url');
  bytes[index] = bytes[index]! ^ 0x01;
  return [bytes.toString('base64url'), ...rest].join('.');
}

describe('device cookies', () => {
  it('names the account it was issued for, with a nonce of its own per login', () => {
    const { devices } = cookies();
    const account = randomUUID();
    const first = devices.issue(undefined, account, 'demo.patient');
    const again = devices.issue(first, account, 'demo.patient');
    expect(devices.read(first).map((t) => t.accountId)).toEqual([account]);
    expect(devices.read(first)[0]!.nonce).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(devices.read(again)).toHaveLength(1);
    expect(devices.read(again)[0]!.nonce).not.toBe(devices.read(first)[0]!.nonce);
    // The account id is not readable as text in the cookie, nor is the username.
    expect(first).not.toContain(account);
    expect(Buffer.from(first, 'base64url').toString('latin1')).not.toContain('demo.patient');
  });

  it('finds the entry for the name typed at login, in any capitals, and for no other name', () => {
    const { devices } = cookies();
    const [patient, doctor] = [randomUUID(), randomUUID()];
    const value = devices.issue(
      devices.issue(undefined, patient, 'demo.patient'),
      doctor,
      'demo.doctor',
    );
    expect(devices.trusting(value, 'demo.patient').map((t) => t.accountId)).toEqual([patient]);
    expect(devices.trusting(value, 'Demo.Doctor').map((t) => t.accountId)).toEqual([doctor]);
    expect(devices.trusting(value, 'demo.nurse')).toEqual([]);
    expect(devices.trusting(undefined, 'demo.patient')).toEqual([]);
  });

  it('trusts nothing forged with another key, tampered with, or garbled', () => {
    const { devices } = cookies();
    const account = randomUUID();
    const value = devices.issue(undefined, account, 'demo.patient');
    expect(cookies('another-secret-of-enough-length-0123456789').devices.read(value)).toEqual([]);
    // Each part of the entry is covered by the signature: version, account, nonce, time, the
    // username tag, the MAC itself.
    for (const index of [0, 1, 16, 17, 32, 33, 36, 37, 44, 45, 60]) {
      expect(devices.read(flipByte(value, index))).toEqual([]);
    }
    expect(devices.read(value)).toHaveLength(1);
    expect(devices.read(value.slice(0, -2))).toEqual([]);
    expect(devices.read(`${value}x`)).toEqual([]);
    for (const garbage of ['', '.', 'x', 'a.b.c', '%00', value.replace(/./, '+')]) {
      expect(devices.read(garbage)).toEqual([]);
    }
    expect(devices.read(undefined)).toEqual([]);
  });

  it('stops trusting a browser DEVICE_TRUST_SECONDS after its last login', () => {
    const { devices, advance } = cookies();
    const value = devices.issue(undefined, randomUUID(), 'demo.patient');
    advance(DEVICE_TRUST_SECONDS - 1);
    expect(devices.read(value)).toHaveLength(1);
    advance(1);
    expect(devices.read(value)).toEqual([]);
  });

  it('keeps the other accounts of a shared browser, newest first, up to the limit', () => {
    const { devices, advance } = cookies();
    const accounts = Array.from({ length: MAX_DEVICE_ACCOUNTS + 2 }, () => randomUUID());
    let value: string | undefined;
    for (const account of accounts) {
      value = devices.issue(value, account, `user.${account}`);
      advance(60);
    }
    const trusted = devices.read(value).map((t) => t.accountId);
    expect(trusted).toEqual([...accounts].reverse().slice(0, MAX_DEVICE_ACCOUNTS));
    // Logging in again to an account already there moves it first, once.
    const again = devices.issue(value, accounts[5]!, `user.${accounts[5]}`);
    expect(devices.read(again).map((t) => t.accountId)).toEqual([
      accounts[5],
      ...trusted.filter((id) => id !== accounts[5]),
    ]);
    // A forged or expired entry among them is dropped at the next issue.
    const mixed = devices.issue(
      flipByte(devices.issue(undefined, accounts[0]!, 'a'), 20),
      accounts[1]!,
      'b',
    );
    expect(devices.read(mixed).map((t) => t.accountId)).toEqual([accounts[1]]);
  });

  it('issues only for an account id', () => {
    const { devices } = cookies();
    expect(() => devices.issue(undefined, 'demo.patient', 'demo.patient')).toThrow(RangeError);
  });

  it('reads its cookie from a Cookie header and writes it HttpOnly, SameSite=Strict, on the login path', () => {
    expect(readCookie(`a=1; ${DEVICE_COOKIE_NAME}=abc.def; b=2`, DEVICE_COOKIE_NAME)).toBe(
      'abc.def',
    );
    expect(readCookie('a=1', DEVICE_COOKIE_NAME)).toBeUndefined();
    expect(readCookie(undefined, DEVICE_COOKIE_NAME)).toBeUndefined();
    expect(readCookie(`x${DEVICE_COOKIE_NAME}=1`, DEVICE_COOKIE_NAME)).toBeUndefined();
    const plain = deviceCookieHeader('v', false);
    expect(plain).toBe(
      `${DEVICE_COOKIE_NAME}=v; Max-Age=${DEVICE_TRUST_SECONDS}; Path=/api/login; HttpOnly; SameSite=Strict`,
    );
    expect(deviceCookieHeader('v', true)).toBe(`${plain}; Secure`);
  });
});
