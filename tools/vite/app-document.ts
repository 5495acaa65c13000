import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';
import type { AppScope } from '../../libs/shared/i18n/src/lib/catalogs.ts';

export interface AppDocumentOptions {
  scope: AppScope;
  /** The search engines' one-line summary of the app. */
  description: string;
}

const workspaceFile = (path: string) =>
  readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');

/**
 * The tab's English title, from the message the running app shows (`<scope>.app.title`, which
 * its main.tsx names to mountPortalApp).
 */
function englishTitle(scope: AppScope): string {
  const english = (catalogue: string) =>
    JSON.parse(workspaceFile(`libs/shared/i18n/src/catalogs/en/${catalogue}.json`)) as Record<
      string,
      string
    >;
  const title = english(scope)[`${scope}.app.title`];
  const hospital = english('common')['common.brand.hospitalName'];
  if (!title || !hospital) throw new Error(`app-document: no English title for '${scope}'`);
  return title.replace('{hospital}', hospital);
}

/** The browser's toolbar colour: the brand's darkest green, as the design tokens define it. */
function themeColor(): string {
  const match = /--color-brand-700:\s*(#[0-9a-f]{6})/i.exec(
    workspaceFile('libs/shared/ui/src/styles.css'),
  );
  if (!match?.[1]) throw new Error('app-document: --color-brand-700 not found in styles.css');
  return match[1];
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * Writes each app's HTML document, so the three apps' index.html files hold no copy of it: the
 * head (charset, viewport, summary, toolbar colour, icon (Vite puts it under the app's base), the English tab
 * title for the first paint) and the root the app renders into. Runs before Vite reads the
 * document, in the dev server and in builds alike, so the entry script is bundled as usual.
 */
export function appDocument(options: AppDocumentOptions): Plugin {
  const title = englishTitle(options.scope);
  const color = themeColor();
  return {
    name: 'portal:app-document',
    transformIndexHtml: {
      order: 'pre',
      handler: () => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="description" content="${escapeAttribute(options.description)}" />
    <meta name="theme-color" content="${color}" />
    <link rel="icon" type="image/svg+xml" href="/favicon.svg" />
    <title>${escapeAttribute(title)}</title>
  </head>
  <body>
    <div id="root"></div>
    <script type="module" src="/src/main.tsx"></script>
  </body>
</html>
`,
    },
  };
}
