import * as ui from '@portal/ui';
import { describe, expect, it } from 'vitest';
import * as formWidgets from './index';

/**
 * Every component the two design-system libraries export has a story that documents it: it is
 * a story file's `component` or one of its `subcomponents`, so that Storybook's Docs page shows
 * its prop table. A component exported without one fails here. (Here rather than in ui because
 * form-widgets may import ui, not the reverse; project.json adds ui's stories to the inputs.)
 */

/** The exported components of a barrel: functions whose names start with a capital letter. */
function exportedComponents(barrel: Record<string, unknown>): string[] {
  return Object.entries(barrel)
    .filter(([name, value]) => typeof value === 'function' && /^[A-Z]/.test(name))
    .map(([name]) => name)
    .sort();
}

/** The components a set of story files document, from their source text. */
function documentedComponents(storySources: Record<string, string>): Set<string> {
  const names = new Set<string>();
  for (const source of Object.values(storySources)) {
    for (const [, name] of source.matchAll(/^\s*component:\s*(\w+)/gm)) names.add(name!);
    for (const [, list] of source.matchAll(/^\s*subcomponents:\s*\{([^}]*)\}/gm)) {
      // `{ LinkButton }` or `{ Label: LinkButton }`: the component is the value.
      for (const [, key, value] of list!.matchAll(/(\w+)\s*(?::\s*(\w+))?/g)) {
        names.add(value ?? key!);
      }
    }
  }
  return names;
}

const libraries = {
  '@portal/ui': {
    barrel: ui as Record<string, unknown>,
    stories: import.meta.glob<string>('../../ui/src/**/*.stories.tsx', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  },
  '@portal/form-widgets': {
    barrel: formWidgets as Record<string, unknown>,
    stories: import.meta.glob<string>('./**/*.stories.tsx', {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  },
};

describe.each(Object.entries(libraries))('%s', (_library, { barrel, stories }) => {
  it('exports components, and has story files', () => {
    expect(exportedComponents(barrel).length).toBeGreaterThan(5);
    expect(Object.keys(stories).length).toBeGreaterThan(5);
  });

  it('has a story for every exported component', () => {
    const documented = documentedComponents(stories);
    const missing = exportedComponents(barrel).filter((name) => !documented.has(name));
    expect(missing, 'exported components with no story (component or subcomponents)').toEqual([]);
  });
});

describe('documentedComponents', () => {
  it('reads component and subcomponents, shorthand or keyed', () => {
    const source = `const meta = {\n  component: Button,\n  subcomponents: { LinkButton, Other: Spinner },\n};`;
    expect([...documentedComponents({ 'x.stories.tsx': source })].sort()).toEqual([
      'Button',
      'LinkButton',
      'Spinner',
    ]);
  });
});
