import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@portal/contract';
import { makeToken, storeToken } from '../test/tokens';
import { decodeToken, isTokenExpired, sessionStore } from './session-store';

describe('sessionStore', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stores the token and the role the token carries under the spec keys', () => {
    const token = makeToken({ role: 'HR' });
    const session = sessionStore.write(token);
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBe(token);
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBe('HR');
    expect(session.role).toBe('HR');
    expect(sessionStore.read()).toMatchObject({ token, role: 'HR', claims: { sid: 'session-1' } });
  });

  it('takes the role from the token, not from the stored role entry', () => {
    storeToken(makeToken({ role: 'patient', patient_id: 'P001' }), 'HR');
    expect(sessionStore.read()?.role).toBe('patient');
  });

  it('refuses to store something that is not a session token', () => {
    expect(() => sessionStore.write('not-a-token')).toThrow('Not a session token');
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it.each([
    ['garbage', 'abc.def.ghi'],
    ['claims without a role', makeToken({ role: 'admin' as never })],
    ['claims without a session id', makeToken({ sid: 1 as never })],
  ])('reads %s as no session', (_what, token) => {
    storeToken(token);
    expect(sessionStore.read()).toBeNull();
  });

  it('reads a token that had already expired when first seen as no session', () => {
    storeToken(makeToken({ expiresInSeconds: -5 }));
    expect(sessionStore.read()).toBeNull();
  });

  it.each([
    ['an expired token', makeToken({ expiresInSeconds: -5 })],
    ['a token that is not one', 'abc.def.ghi'],
  ])('logs out %s it reads: both keys are removed', (_what, token) => {
    window.localStorage.setItem(STORAGE_KEYS.token, token);
    window.localStorage.setItem(STORAGE_KEYS.role, 'patient');
    expect(sessionStore.read()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
    expect(sessionStore.read()).toBeNull();
  });

  it('removes a role left without a token', () => {
    window.localStorage.setItem(STORAGE_KEYS.role, 'HR');
    expect(sessionStore.read()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
  });

  it('leaves a valid session in storage when it reads it', () => {
    sessionStore.write(makeToken());
    expect(sessionStore.read()).not.toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).not.toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBe('medical_personnel');
  });

  it('answers the same snapshot until the storage changes', () => {
    storeToken(makeToken());
    const first = sessionStore.read();
    expect(sessionStore.read()).toBe(first);
    storeToken(makeToken({ sid: 'session-2' }));
    expect(sessionStore.read()).not.toBe(first);
    expect(sessionStore.read()?.claims.sid).toBe('session-2');
  });

  it('clears both keys', () => {
    sessionStore.write(makeToken());
    sessionStore.clear();
    expect(window.localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.role)).toBeNull();
    expect(sessionStore.read()).toBeNull();
  });

  it('tells subscribers about writes and clears made here', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    sessionStore.write(makeToken());
    sessionStore.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    sessionStore.clear();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    sessionStore.write(makeToken());
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('tells subscribers when another tab or app changes the session', () => {
    const listener = vi.fn();
    const unsubscribe = sessionStore.subscribe(listener);
    const token = makeToken({ role: 'HR' });
    // Another document wrote the shared storage; this one only hears the event.
    storeToken(token, 'HR');
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.token, newValue: token }));
    expect(listener).toHaveBeenCalledTimes(1);
    expect(sessionStore.read()?.role).toBe('HR');

    window.localStorage.clear();
    window.dispatchEvent(new StorageEvent('storage', { key: null }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(sessionStore.read()).toBeNull();

    window.dispatchEvent(new StorageEvent('storage', { key: 'somethingElse' }));
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.role }));
    expect(listener).toHaveBeenCalledTimes(2);
  });
});

describe('isTokenExpired', () => {
  const claims = decodeToken(makeToken({ iat: 1000, exp: 2000 }));

  it('compares exp with the current time in seconds', () => {
    expect(isTokenExpired(claims, 1999)).toBe(false);
    expect(isTokenExpired(claims, 2000)).toBe(true);
    expect(isTokenExpired(claims, 2001)).toBe(true);
  });

  it('counts a missing token as expired', () => {
    expect(isTokenExpired(null, 0)).toBe(true);
    expect(isTokenExpired(decodeToken(undefined), 0)).toBe(true);
  });

  it('uses the clock when no time is given', () => {
    vi.useFakeTimers({ now: 1_999_500 });
    expect(isTokenExpired(claims)).toBe(false);
    vi.setSystemTime(2_000_000);
    expect(isTokenExpired(claims)).toBe(true);
  });
});
