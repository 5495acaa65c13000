import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { APP_PREFIXES, appForPath, type AppName } from '@portal/contract';
import { decodedPath, isApiPath, sendProblem } from './problems';

/** The build folder of each app under the static root (dist/apps). */
export const APP_DIRECTORIES: Readonly<Record<AppName, string>> = {
  public: 'public-and-patient',
  clinical: 'clinical',
  hr: 'hr',
};

/** The URL prefix each app's bundle is built under (Vite's `base`). */
const APP_BASE: Readonly<Record<AppName, string>> = {
  public: '',
  clinical: APP_PREFIXES.clinical,
  hr: APP_PREFIXES.hr,
};

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** A source map (`app-1a2b.js.map`, any case), with or without a precompressed suffix. */
const SOURCE_MAP = /\.map(?:\.(?:br|gz))?$/i;

/** Whether a file exists under a directory (and is a file). */
function isFile(path: string): boolean {
  return existsSync(path) && statSync(path).isFile();
}

/**
 * Serves the three built frontends on the API's origin (the product decisions): a path under
 * /patients-management belongs to the clinical app, under /employees-management to the HR app,
 * anything else (but /api) to the public app. A file of the app's build is sent as it is, or
 * its precompressed copy (Brotli or gzip) when the browser accepts one — hashed assets cached
 * for a year as immutable, others for an hour — and any other path gets the app's index.html
 * with no-cache, so the browser always asks for the current release. A missing file with an
 * extension is a plain 404, not a page; so is a source map, and any case of the API's prefix.
 */
export const staticAppsPlugin = fp(async (app: FastifyInstance, options: { root: string }) => {
  const available = (Object.keys(APP_DIRECTORIES) as AppName[]).filter((name) =>
    isFile(join(options.root, APP_DIRECTORIES[name], 'index.html')),
  );
  if (available.length === 0) {
    app.log.warn('No built frontends found: serving the API only. Run `npm run build` first.');
    return;
  }
  // The builds hold a Brotli and a gzip copy of each text file (tools/vite/precompress.ts): a
  // browser that accepts one gets it (with `Vary: Accept-Encoding`), others get the file as is.
  await app.register(fastifyStatic, { root: options.root, serve: false, preCompressed: true });

  const send = (reply: FastifyReply, name: AppName, file: string, cacheControl: string) => {
    void reply.header('cache-control', cacheControl);
    return reply.sendFile(file, join(options.root, APP_DIRECTORIES[name]), { cacheControl: false });
  };

  app.route({
    method: ['GET', 'HEAD'],
    url: '/*',
    handler: async (request, reply) => {
      // screenUrl (problems.ts) has already refused a path that does not decode.
      const pathname = decodedPath(request.url.split('?')[0] ?? '/');
      if (pathname === undefined) return sendProblem(reply, 400, 'The URL is not valid');
      // `/API/…`, `//api/…`, `/./api`: the API's, not a page of the public app.
      const [first = ''] = pathname.split(/[/\\]/).filter((s) => s && s !== '.');
      if (isApiPath(`/${first.toLowerCase()}`)) {
        return sendProblem(reply, 404, `No API call ${request.method} ${pathname}`);
      }
      const name = appForPath(pathname);
      if (!available.includes(name))
        return sendProblem(reply, 404, 'This part of the portal is not installed');
      const segments = pathname
        .slice(APP_BASE[name].length)
        .split(/[/\\]/)
        .filter((s) => s && s !== '.');
      if (segments.includes('..')) return sendProblem(reply, 400, 'Invalid path');
      // Hidden files are the build's bookkeeping (.vite/manifest.json), not the app's.
      if (segments.some((segment) => segment.startsWith('.')))
        return sendProblem(reply, 404, `No file ${pathname}`);
      // Source maps hold the whole source: the build keeps them out of these folders
      // (tools/vite/app-config.ts), and one left there by another build is not served either.
      if (SOURCE_MAP.test(segments.at(-1) ?? ''))
        return sendProblem(reply, 404, `No file ${pathname}`);
      const relative = segments.join('/');
      const dir = join(options.root, APP_DIRECTORIES[name]);
      if (relative && relative !== 'index.html' && isFile(join(dir, relative))) {
        return send(
          reply,
          name,
          relative,
          relative.startsWith('assets/') ? IMMUTABLE : 'public, max-age=3600',
        );
      }
      if ((segments.at(-1) ?? '').includes('.'))
        return sendProblem(reply, 404, `No file ${pathname}`);
      return send(reply, name, 'index.html', 'no-cache');
    },
  });
});
