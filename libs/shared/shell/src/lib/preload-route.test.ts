import { describe, expect, it, vi } from 'vitest';
import { type PageRoute, preloadRoute } from './preload-route';

const loadQueryLayer = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./query-layout', () => ({ loadQueryLayer }));
const preloadApiLayer = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('@portal/api-client', () => ({ preloadApiLayer }));

/** A route-table entry whose page is only its loader. */
const route = (
  path: string,
  preload: () => Promise<unknown>,
  callsOnOpen?: boolean,
): PageRoute => ({
  path,
  Page: Object.assign(() => null, { preload }),
  ...(callsOnOpen ? { callsOnOpen } : {}),
});

describe('preloadRoute', () => {
  it('starts the page the address names and the query layer, and nothing else', () => {
    const add = vi.fn(() => Promise.resolve());
    const edit = vi.fn(() => Promise.resolve());
    void preloadRoute('/patients-management/edit-patient', [
      route('/patients-management/add-patient', add),
      route('/patients-management/edit-patient', edit),
    ]);
    expect(edit).toHaveBeenCalledTimes(1);
    expect(add).not.toHaveBeenCalled();
    expect(loadQueryLayer).toHaveBeenCalledTimes(1);
    expect(preloadApiLayer).not.toHaveBeenCalled();
  });

  it('also starts the API layer for a page that calls as it opens', () => {
    const search = vi.fn(() => Promise.resolve());
    void preloadRoute('/patients-management/search-patient', [
      route('/patients-management/search-patient', search, true),
    ]);
    expect(search).toHaveBeenCalledTimes(1);
    expect(preloadApiLayer).toHaveBeenCalledTimes(1);
  });

  it('matches a path with parameters, and fetches nothing for an address it does not know', () => {
    loadQueryLayer.mockClear();
    const chart = vi.fn(() => Promise.resolve());
    void preloadRoute('/patients-management/patient/P037', [
      route('/patients-management/patient/:patientId', chart),
    ]);
    expect(chart).toHaveBeenCalledTimes(1);
    void preloadRoute('/elsewhere', [route('/patients-management/patient/:patientId', chart)]);
    expect(chart).toHaveBeenCalledTimes(1);
    expect(loadQueryLayer).toHaveBeenCalledTimes(1);
  });

  it('answers once the page and the query layer are there, not waiting for the API layer', async () => {
    let pageLoaded = () => {};
    const page = vi.fn(() => new Promise<void>((resolve) => (pageLoaded = resolve)));
    preloadApiLayer.mockImplementationOnce(() => new Promise(() => {}));
    let ready = false;
    void preloadRoute('/a', [route('/a', page, true)]).then(() => (ready = true));
    await Promise.resolve();
    expect(ready).toBe(false);
    pageLoaded();
    await vi.waitFor(() => expect(ready).toBe(true));
    // Nothing to wait for at another address.
    await expect(preloadRoute('/b', [route('/a', page)])).resolves.toBeUndefined();
  });

  it('preloads the page a redirect opens', () => {
    const today = vi.fn(() => Promise.resolve());
    void preloadRoute(
      '/section',
      [route('/section/add', vi.fn()), route('/section/today', today)],
      [['/section', '/section/today']],
    );
    expect(today).toHaveBeenCalledTimes(1);
  });

  it('swallows a chunk that cannot be fetched: the router reports it when it asks', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('offline')));
    // Settles all the same, so an app waiting for it still renders (and shows the error).
    await expect(preloadRoute('/a', [route('/a', failing)])).resolves.toBeUndefined();
    expect(failing).toHaveBeenCalled();
  });
});
