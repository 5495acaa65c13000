import { describe, expect, it } from 'vitest';
import {
  checkPairs,
  contrastRatio,
  formatRatio,
  MINIMUM_RATIO,
  parseHex,
  parseTheme,
  tokensWithPrefix,
} from './design-tokens';
import { PORTAL_TOKENS, THEME_TOKENS } from './theme-sources';

describe('contrastRatio', () => {
  it('follows WCAG 2.2: black on white is 21:1, a colour on itself 1:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#fff', '#000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#0f6b5c', '#0f6b5c')).toBe(1);
  });

  it('matches published figures (#767676 on white is the 4.54:1 AA edge)', () => {
    expect(formatRatio(contrastRatio('#767676', '#ffffff'))).toBe('4.54:1');
    expect(formatRatio(contrastRatio('#777777', '#ffffff'))).toBe('4.47:1');
  });

  it('refuses a colour it cannot read', () => {
    expect(parseHex('oklch(70% 0.1 200)')).toBeNull();
    expect(() => contrastRatio('red', '#fff')).toThrow('Not a hex colour: red');
  });
});

describe('parseTheme', () => {
  it('reads top-level declarations, multi-line values included, and skips nested blocks', () => {
    const css = `@theme {
      /* a comment; with a semicolon */
      --font-sans:
        system-ui, sans-serif;
      --color-a: #fff;
      @keyframes spin { from { --inner: 1; } }
      --color-b: var(--color-a);
    }
    :root { --not-a-token: 1; }`;
    expect(parseTheme(css, 'portal').map(({ name, value }) => [name, value])).toEqual([
      ['--font-sans', 'system-ui, sans-serif'],
      ['--color-a', '#fff'],
      ['--color-b', 'var(--color-a)'],
    ]);
  });
});

describe('the portal’s tokens', () => {
  it('come from styles.css, over Tailwind’s default scales', () => {
    expect(PORTAL_TOKENS.map(({ name }) => name)).toContain('--color-brand-700');
    expect(THEME_TOKENS.get('--color-brand-700')?.source).toBe('portal');
    expect(tokensWithPrefix(THEME_TOKENS, '--breakpoint-').map(({ key }) => key)).toEqual([
      'sm',
      'md',
      'lg',
      'xl',
      '2xl',
    ]);
    expect(tokensWithPrefix(THEME_TOKENS, '--radius-').length).toBeGreaterThan(4);
    expect(tokensWithPrefix(THEME_TOKENS, '--shadow-').length).toBeGreaterThan(4);
    expect(THEME_TOKENS.get('--spacing')?.value).toBe('0.25rem');
  });

  it.each(checkPairs(THEME_TOKENS).map((pair) => [pair.foreground, pair.background, pair]))(
    '%s on %s meets its WCAG minimum',
    (_foreground, _background, pair) => {
      expect(pair.ratio).toBeGreaterThanOrEqual(MINIMUM_RATIO[pair.kind]);
    },
  );
});
