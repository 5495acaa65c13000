import type { RequestHandler } from 'msw';
import type { SetupServerApi, setupServer as SetupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { createMockApi } from './handlers';

/**
 * 'msw/node' has no browser build, and this library is also loaded by stories in the browser:
 * the module is imported when a test starts, by a name the bundler does not follow.
 */
const MSW_NODE = 'msw/node';

/** The running MSW server of a test file; usable from the first test on. */
export interface MswServerHandle {
  /** Adds handlers in front of the others, until the test ends. */
  use(...handlers: RequestHandler[]): void;
  /** Drops the handlers added with use (or replaces the initial ones, if given). */
  resetHandlers(...handlers: RequestHandler[]): void;
  /** The underlying server, for anything else (events, listHandlers). */
  readonly server: SetupServerApi;
}

/**
 * Starts an MSW server for the jsdom tests of one file: listening before the first test (an
 * unhandled request fails the test), back to `handlers` after each test, closed after the last.
 * With no handlers it serves the whole mock API, its data restored after each test.
 */
export function setupMswServer(...handlers: RequestHandler[]): MswServerHandle {
  const mockApi = handlers.length === 0 ? createMockApi() : undefined;
  const initial = mockApi ? mockApi.handlers : handlers;
  let server: SetupServerApi | undefined;
  const running = () => {
    if (!server) throw new Error('The MSW server starts in beforeAll; use it inside a test');
    return server;
  };

  beforeAll(async () => {
    const msw = (await import(/* @vite-ignore */ MSW_NODE)) as { setupServer: typeof SetupServer };
    server = msw.setupServer(...initial);
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterEach(() => {
    server?.resetHandlers();
    mockApi?.reset();
  });
  afterAll(() => {
    server?.close();
    server = undefined;
  });

  return {
    use: (...extra) => running().use(...extra),
    resetHandlers: (...next) => running().resetHandlers(...next),
    get server() {
      return running();
    },
  };
}
