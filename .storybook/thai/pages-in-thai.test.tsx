/**
 * Every page story, in Thai: each story of every app's pages rendered as a designer sees it in
 * Storybook with the toolbar's language on ไทย (its own API handlers and loaders; no play
 * function, which checks the English words), then held to two things a Thai reader needs:
 * axe finds no WCAG 2.2 A/AA violation, and no English text of the catalogues is left on screen
 * (a text node, or an aria-label, title or placeholder, that reads as an English message whose
 * Thai differs). The English run, with the play functions, is .storybook/vitest.config.ts.
 */
import { composeStories } from '@storybook/react-vite';
import { render, waitFor } from '@testing-library/react';
import axe from 'axe-core';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../libs/shared/i18n/src/index.ts';

type Catalogue = Record<string, string>;
const english = import.meta.glob<Catalogue>('../../libs/shared/i18n/src/catalogs/en/*.json', {
  eager: true,
  import: 'default',
});
const thai = import.meta.glob<Catalogue>('../../libs/shared/i18n/src/catalogs/th/*.json', {
  eager: true,
  import: 'default',
});

/** English messages that a Thai screen must not show: fixed texts whose Thai is different. */
const englishOnly = new Set<string>();
for (const [path, messages] of Object.entries(english)) {
  const translated = thai[path.replace('/en/', '/th/')] ?? {};
  for (const [id, text] of Object.entries(messages)) {
    if (/[{<]/.test(text) || !/[A-Za-z]{2}/.test(text) || translated[id] === text) continue;
    englishOnly.add(text.trim());
  }
}

/** The English texts a rendered page still shows. */
function englishLeft(root: HTMLElement): string[] {
  const found = new Set<string>();
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim() ?? '';
    if (englishOnly.has(text)) found.add(text);
  }
  for (const element of root.querySelectorAll('[aria-label], [title], [placeholder]')) {
    for (const name of ['aria-label', 'title', 'placeholder']) {
      const value = element.getAttribute(name)?.trim();
      if (value && englishOnly.has(value)) found.add(`${name}="${value}"`);
    }
  }
  return [...found];
}

const pages = import.meta.glob<Record<string, unknown>>(
  ['../../apps/*/src/**/*page.stories.tsx', '../../apps/*/src/*page.stories.tsx'],
  { eager: true },
);

afterAll(() => activateLocale('en', 'all'));

for (const [path, module] of Object.entries(pages)) {
  const stories = composeStories(module as Parameters<typeof composeStories>[0]);
  describe(path.replace('../../apps/', ''), () => {
    for (const [name, Story] of Object.entries(stories)) {
      it(`${name} reads in Thai, with no WCAG violation`, async () => {
        await Story.load();
        // After the loaders, which show the toolbar's default (English).
        await activateLocale('th', 'all');
        const { container, unmount } = render(<Story />);
        try {
          // Something shown, and the story's calls answered (a story of a loading state stays
          // busy: it is checked as it is).
          await waitFor(() => expect(container.textContent?.trim()).not.toBe(''));
          await waitFor(() => expect(container.querySelector('[aria-busy="true"]')).toBeNull(), {
            timeout: 1_500,
          }).catch(() => undefined);
          await new Promise((settled) => setTimeout(settled, 200));
          expect(document.documentElement.lang).toBe('th');
          expect(englishLeft(document.body), 'English left on the Thai screen').toEqual([]);
          const results = await axe.run(document.body, {
            runOnly: {
              type: 'tag',
              values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'],
            },
          });
          expect(
            results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' ')}`),
          ).toEqual([]);
        } finally {
          unmount();
        }
      });
    }
  });
}
