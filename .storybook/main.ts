import tailwindcss from '@tailwindcss/vite';
import type { StorybookConfig } from '@storybook/react-vite';
import { mergeConfig } from 'vite';
import { linguiCatalogs } from '../tools/vite/lingui.ts';

/** One Storybook for the shared widgets and every app's pages, with no server behind it. */
const config: StorybookConfig = {
  // The docs pages (Introduction, Design tokens) first; the story order in the sidebar is set by
  // preview.tsx's storySort.
  stories: [
    './docs/*.mdx',
    '../libs/shared/*/src/**/*.mdx',
    '../libs/shared/*/src/**/*.stories.@(ts|tsx)',
    '../apps/*/src/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  framework: { name: '@storybook/react-vite', options: {} },
  // mockServiceWorker.js, so stories answer API calls from MSW handlers.
  staticDirs: ['./public'],
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) =>
    mergeConfig(viteConfig, {
      plugins: [tailwindcss(), linguiCatalogs()],
      resolve: { tsconfigPaths: true },
    }),
};

export default config;
