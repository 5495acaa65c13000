import tailwindTheme from 'tailwindcss/theme.css?raw';
import portalStyles from '../styles.css?raw';
import { mergeThemes, parseTheme, type ThemeToken } from './design-tokens';

/**
 * The tokens in effect, read at build time from the two files Tailwind itself reads: its
 * default theme and the portal's styles.css (whose `@theme` extends and overrides it).
 */
export const PORTAL_TOKENS: readonly ThemeToken[] = parseTheme(portalStyles, 'portal');

/** Tailwind's defaults under the portal's own tokens, by name. */
export const THEME_TOKENS: ReadonlyMap<string, ThemeToken> = mergeThemes(
  parseTheme(tailwindTheme, 'tailwind'),
  PORTAL_TOKENS,
);
