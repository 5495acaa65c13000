import type { Preview } from '@storybook/react-vite';
import { setupWorker } from 'msw/browser';
import { mswLoader } from 'msw-storybook-addon/csf3';
// A relative path, as for the styles: the preview is outside the projects' tsconfig paths.
import { preloadApiLayer } from '../libs/shared/api-client/src/index.ts';
import { preloadFormRules } from '../libs/shared/form-widgets/src/index.ts';
import { activateLocale, isLocale, LOCALE_NAMES, LOCALES } from '../libs/shared/i18n/src/index.ts';
import '../libs/shared/ui/src/styles.css';
import { configure } from 'storybook/test';

// A play function's findBy… and waitFor wait up to 5 s rather than Testing Library's 1 s: a story
// that submits a form (lazy rules, validation, a mocked call) took more than a second once on a
// busy CI machine. A story that is right passes as soon as the screen shows it.
configure({ asyncUtilTimeout: 5_000 });

const preview: Preview = {
  // The toolbar's language: every story renders in the one chosen (English, the spec's words,
  // by default), with every app's catalogue loaded.
  globalTypes: {
    locale: {
      description: 'Language of the screens',
      toolbar: {
        title: 'Language',
        icon: 'globe',
        items: LOCALES.map((value) => ({ value, title: LOCALE_NAMES[value] })),
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { locale: 'en' },
  // Stories answer API calls from MSW handlers (parameters.msw); an unhandled /api call is a bug.
  loaders: [
    mswLoader(async () => {
      const worker = setupWorker();
      await worker.start({
        quiet: true,
        onUnhandledRequest: (request, print) => {
          if (new URL(request.url).pathname.startsWith('/api/')) print.error();
        },
      });
      return worker;
    }),
    // The apps fetch their API layer with the first call, and a form's rules after its first
    // paint. Loaded before each story renders, so
    // that a story's call leaves at once and is answered by that story's handlers, not by the
    // next story's after a late chunk load.
    async ({ globals }) => {
      const locale = isLocale(globals['locale']) ? globals['locale'] : 'en';
      await Promise.all([preloadApiLayer(), preloadFormRules(), activateLocale(locale, 'all')]);
      return {};
    },
  ],
  parameters: {
    // One tree for designers: foundations, then components, form widgets and each app's pages.
    // storySort runs in the manager without this file's imports, so the order is written inline.
    options: {
      storySort: {
        order: [
          'Foundations',
          ['Introduction', 'Design tokens'],
          'Components',
          'Forms',
          ['Fields', 'Pickers', 'Form'],
          'Pages',
          ['Public', 'Clinical', 'HR'],
        ],
      },
    },
    // Every story is checked with axe (WCAG 2.2 A and AA); a violation fails its test.
    a11y: {
      test: 'error',
      options: { runOnly: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
    },
    viewport: {
      options: {
        phone360: {
          name: 'Phone 360 × 740',
          styles: { width: '360px', height: '740px' },
          type: 'mobile',
        },
        tablet768: {
          name: 'Tablet 768 × 1024',
          styles: { width: '768px', height: '1024px' },
          type: 'tablet',
        },
        desktop1280: {
          name: 'Desktop 1280 × 800',
          styles: { width: '1280px', height: '800px' },
          type: 'desktop',
        },
      },
    },
  },
};

export default preview;
