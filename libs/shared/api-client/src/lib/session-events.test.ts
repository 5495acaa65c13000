import { describe, expect, it, vi } from 'vitest';
import { clearSessionCaches, registerSessionCache } from './session-events';

describe('session caches', () => {
  it('are all cleared together, until they unsubscribe', () => {
    const first = vi.fn();
    const second = vi.fn();
    const stopFirst = registerSessionCache(first);
    const stopSecond = registerSessionCache(second);

    clearSessionCaches();
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledOnce();

    stopFirst();
    clearSessionCaches();
    expect(first).toHaveBeenCalledOnce();
    expect(second).toHaveBeenCalledTimes(2);
    stopSecond();
  });
});
