import { onlineManager } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { createQueryClient, shouldRetryQuery, STALE_TIME_MS } from './query-client';

const error = (kind: ApiError['kind'], status: number | null = null) =>
  new ApiError({ kind, status, detail: 'x' });

describe('shouldRetryQuery', () => {
  it('retries once when no answer came or the server failed', () => {
    expect(shouldRetryQuery(0, error('network'))).toBe(true);
    expect(shouldRetryQuery(0, error('http', 503))).toBe(true);
    expect(shouldRetryQuery(1, error('network'))).toBe(false);
  });

  it('never retries a refusal, an expired session or a bad answer', () => {
    for (const status of [400, 401, 403, 404, 409, 429]) {
      expect(shouldRetryQuery(0, error('http', status))).toBe(false);
    }
    expect(shouldRetryQuery(0, error('expired'))).toBe(false);
    expect(shouldRetryQuery(0, error('bad-answer', 200))).toBe(false);
    expect(shouldRetryQuery(0, new Error('boom'))).toBe(false);
  });
});

describe('createQueryClient', () => {
  it('keeps data fresh for half a minute, never refetches on focus and never retries writes', () => {
    const { queries, mutations } = createQueryClient().getDefaultOptions();
    expect(queries?.staleTime).toBe(STALE_TIME_MS);
    expect(STALE_TIME_MS).toBe(30_000);
    expect(queries?.refetchOnWindowFocus).toBe(false);
    expect(queries?.retry).toBe(shouldRetryQuery);
    expect(mutations?.retry).toBe(false);
  });

  it('makes a new client each time', () => {
    expect(createQueryClient()).not.toBe(createQueryClient());
  });
});

describe('a write while the browser is offline', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('is tried at once and fails, never held to be sent once back online', async () => {
    onlineManager.setOnline(false);
    const client = createQueryClient();
    const send = vi.fn(() => Promise.reject(error('network')));
    const mutation = client.getMutationCache().build(client, { mutationFn: send });
    await expect(mutation.execute(undefined)).rejects.toBeInstanceOf(ApiError);
    expect(send).toHaveBeenCalledTimes(1);
    expect(mutation.state.isPaused).toBe(false);
    // Back online: nothing is sent again by itself.
    onlineManager.setOnline(true);
    await client.resumePausedMutations();
    expect(send).toHaveBeenCalledTimes(1);
  });
});
