import { mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Moves the build's source maps out of the folder the server serves into `mapsDir`
 * (dist/source-maps/<app>), keeping their paths: at the same depth under dist, the sources they
 * name (`../../../../apps/<app>/src/…`) still resolve. The bundles are built with
 * `sourcemap: 'hidden'`, so no script points a browser at a map; tools/bundle-budget.mjs reads
 * them there to check that no app ships another app's code. A source map holds the whole source,
 * which the portal does not hand to anyone who asks (the API does not serve `.map` files either).
 */
export function sourceMapsOutside(mapsDir: string): Plugin {
  return {
    name: 'portal:source-maps-outside',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir;
      if (!outDir) return;
      rmSync(mapsDir, { recursive: true, force: true });
      for (const name of Object.keys(bundle).filter((file) => file.endsWith('.map'))) {
        const target = join(mapsDir, name);
        mkdirSync(dirname(target), { recursive: true });
        renameSync(join(outDir, name), target);
      }
    },
  };
}
