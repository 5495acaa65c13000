import { describe, expect, it, vi } from 'vitest';
import { preloadRoute } from './preload-route';

const loadQueryLayer = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./query-layout', () => ({ loadQueryLayer }));
const preloadApiLayer = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('@portal/api-client', () => ({ preloadApiLayer }));

describe('preloadRoute', () => {
  it('starts the page the address names and the query layer, and nothing else', () => {
    const add = vi.fn(() => Promise.resolve());
    const edit = vi.fn(() => Promise.resolve());
    void preloadRoute('/patients-management/edit-patient', [
      ['/patients-management/add-patient', add],
      ['/patients-management/edit-patient', edit],
    ]);
    expect(edit).toHaveBeenCalledTimes(1);
    expect(add).not.toHaveBeenCalled();
    expect(loadQueryLayer).toHaveBeenCalledTimes(1);
    expect(preloadApiLayer).not.toHaveBeenCalled();
  });

  it('also starts the API layer for a page that calls as it opens', () => {
    const search = vi.fn(() => Promise.resolve());
    void preloadRoute('/patients-management/search-patient', [
      ['/patients-management/search-patient', search, true],
    ]);
    expect(search).toHaveBeenCalledTimes(1);
    expect(preloadApiLayer).toHaveBeenCalledTimes(1);
  });

  it('matches a path with parameters, and fetches nothing for an address it does not know', () => {
    loadQueryLayer.mockClear();
    const chart = vi.fn(() => Promise.resolve());
    void preloadRoute('/patients-management/patient/P037', [
      ['/patients-management/patient/:patientId', chart],
    ]);
    expect(chart).toHaveBeenCalledTimes(1);
    void preloadRoute('/elsewhere', [['/patients-management/patient/:patientId', chart]]);
    expect(chart).toHaveBeenCalledTimes(1);
    expect(loadQueryLayer).toHaveBeenCalledTimes(1);
  });

  it('answers once the page and the query layer are there, not waiting for the API layer', async () => {
    let pageLoaded = () => {};
    const page = vi.fn(() => new Promise<void>((resolve) => (pageLoaded = resolve)));
    preloadApiLayer.mockImplementationOnce(() => new Promise(() => {}));
    let ready = false;
    void preloadRoute('/a', [['/a', page, true]]).then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    pageLoaded();
    await vi.waitFor(() => expect(ready).toBe(true));
    // Nothing to wait for at another address.
    await expect(preloadRoute('/b', [['/a', page]])).resolves.toBeUndefined();
  });

  it('swallows a chunk that cannot be fetched: the router reports it when it asks', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    // Settles all the same, so an app waiting for it still renders (and shows the error).
    await expect(preloadRoute('/a', [['/a', failing]])).resolves.toBeUndefined();
    expect(failing).toHaveBeenCalled();
  });
});
