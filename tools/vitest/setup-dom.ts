/**
 * Setup of every jsdom test project: jest-dom matchers, the API layer and the forms' rules
 * loaded, and a clean DOM
 * and storage per test.
 */
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';
// A relative path: this file sits outside the projects whose tsconfig maps @portal/*.
import { preloadApiLayer } from '../../libs/shared/api-client/src/index.ts';
import { preloadFormRules } from '../../libs/shared/form-widgets/src/index.ts';
import { activateLocale } from '../../libs/shared/i18n/src/index.ts';

// findBy… and waitFor give up after 1 s by default: a first render with its mocked call can
// take longer on a loaded CI machine (two cores, several projects' tests at once). Waiting
// longer changes no outcome: a test whose element never comes still fails.
configure({ asyncUtilTimeout: 5_000 });

// The apps fetch the API layer with their first call; tests load it up front so that a first
// call under fake timers does not wait on real module loading.
beforeAll(() => preloadApiLayer());
// The same for the forms' rules, which the apps fetch after a form's first paint.
beforeAll(() => preloadFormRules());

// The screens in English, the spec's words, unless a test chooses Thai; every app's catalogue,
// as the tests render screens of several.
beforeAll(() => activateLocale('en', 'all'));

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
