// Lingui's catalogues (libs/shared/i18n/src/catalogs): JSON, one per language and scope, with
// explicit ids. @lingui/vite-plugin compiles the one a `?lingui` import names, in the apps'
// builds, the tests and Storybook alike. docs/i18n.md is the writers' guide.
import { defineConfig } from '@lingui/conf';
import { formatter } from '@lingui/format-json';

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'th'],
  fallbackLocales: { default: 'en' },
  format: formatter({ style: 'minimal' }),
  catalogs: ['common', 'contract', 'public', 'clinical', 'hr'].map((scope) => ({
    path: `<rootDir>/libs/shared/i18n/src/catalogs/{locale}/${scope}`,
    include: [],
  })),
});
