import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const workspaceRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The one Vite setup of the three frontends. `base` is the path prefix the app owns on the
 * shared origin ('/' for the public app, '/patients-management/' for the clinical app, …), so
 * each bundle's assets live under its own prefix and the API can serve all three.
 */
export function defineAppConfig(options: { name: string; base: string; appDir: URL }) {
  return defineConfig({
    root: fileURLToPath(options.appDir),
    base: options.base,
    plugins: [react(), tailwindcss()],
    resolve: { tsconfigPaths: true },
    build: {
      outDir: `${workspaceRoot}dist/apps/${options.name}`,
      emptyOutDir: true,
      sourcemap: true,
      target: 'es2022',
    },
  });
}
