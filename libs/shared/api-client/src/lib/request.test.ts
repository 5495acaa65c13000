import { describe, expect, it, vi } from 'vitest';
import { ENDPOINTS } from '@portal/contract';
import { NETWORK_ERROR_MESSAGE } from './api-error';
import { send } from './request';

// The HTTP layer is a chunk of its own that the browser fetches with the first call; here it
// cannot be fetched, as when the network drops or a new release replaced the old chunks.
vi.mock('./http', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});

describe('send, when the HTTP layer cannot be loaded', () => {
  it('fails as a call that got no answer', async () => {
    await expect(send(ENDPOINTS.profile)).rejects.toMatchObject({
      name: 'ApiError',
      kind: 'network',
      detail: NETWORK_ERROR_MESSAGE,
    });
  });
});
