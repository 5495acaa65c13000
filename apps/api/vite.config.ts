import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

/** The API server, the admin tool and the benchmark, bundled for Node; npm packages stay external. */
export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  resolve: { tsconfigPaths: true },
  build: {
    ssr: true,
    target: 'node20',
    outDir: '../../dist/apps/api',
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      input: { main: 'src/main.ts', admin: 'src/admin.ts', bench: 'bench/bench.ts' },
      output: { entryFileNames: '[name].js', format: 'es' },
    },
  },
});
