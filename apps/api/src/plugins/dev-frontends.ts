import { existsSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { join } from 'node:path';
import middie from '@fastify/middie';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { appForPath, type AppName, DEFAULT_API_BASE } from '@portal/contract';
import { APP_DIRECTORIES } from './static-apps';

/** Each app's Vite HMR websocket gets its own port (the page itself stays on the one origin). */
const HMR_PORTS: Readonly<Record<AppName, number>> = { public: 24678, clinical: 24679, hr: 24680 };

/**
 * Development only (DEV_FRONTENDS=true): each app's Vite dev server runs inside the API process
 * in middleware mode, mounted under the app's prefix, so the portal keeps one origin — the
 * shared session in localStorage, the cross-app navigation — while every app hot-reloads.
 */
export const devFrontendsPlugin = fp(
  async (app: FastifyInstance, options: { workspaceRoot: string }) => {
    const { createServer } = await import('vite');
    const servers = new Map<AppName, Awaited<ReturnType<typeof createServer>>>();
    for (const name of Object.keys(APP_DIRECTORIES) as AppName[]) {
      const configFile = join(
        options.workspaceRoot,
        'apps',
        APP_DIRECTORIES[name],
        'vite.config.ts',
      );
      if (!existsSync(configFile)) continue;
      servers.set(
        name,
        await createServer({
          configFile,
          appType: 'spa',
          server: { middlewareMode: true, hmr: { port: HMR_PORTS[name] } },
        }),
      );
    }
    await app.register(middie);
    app.use((req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => {
      const pathname = (req.url ?? '/').split('?')[0] ?? '/';
      if (pathname === DEFAULT_API_BASE || pathname.startsWith(`${DEFAULT_API_BASE}/`))
        return next();
      const server = servers.get(appForPath(pathname));
      if (!server) return next();
      server.middlewares(req, res, next);
    });
    app.addHook('onClose', async () => {
      await Promise.all([...servers.values()].map((s) => s.close()));
    });
    app.log.info(`Frontends in development mode: ${[...servers.keys()].join(', ')}`);
  },
);
