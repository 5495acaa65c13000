import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * Text files worth compressing. Source maps are left out (only developer tools fetch them), and
 * so are files in dot-folders (Vite's .vite/manifest.json is for build tools, not browsers).
 */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt)$/;
const TOOLING = /(?:^|\/)\./;
/** Below this, compression saves less than the bytes of a header or two. */
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (`.br`) and a gzip (`.gz`) copy next to every text file of the build, at the
 * highest levels: done once per build, so the server compresses nothing at request time and
 * needs no compression package. The API serves them (plugins/static-apps.ts, `preCompressed`)
 * to browsers that accept them; a copy that would not be smaller is not written.
 */
export function precompress(): Plugin {
  return {
    name: 'portal:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      const files = Object.keys(bundle).filter(
        (name) => COMPRESSIBLE.test(name) && !TOOLING.test(name),
      );
      await Promise.all(
        files.map(async (name) => {
          const path = join(outDir, name);
          const content = await readFile(path);
          if (content.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          if (br.length < content.length) await writeFile(`${path}.br`, br);
          if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}
