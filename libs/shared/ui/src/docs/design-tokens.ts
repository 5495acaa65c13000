/**
 * The design tokens read from their source, for the Storybook "Design tokens" page and its
 * tests: the `@theme` blocks of the portal's styles.css and of Tailwind's default theme (which
 * the portal extends), parsed as text, and WCAG contrast ratios computed from the colours. Nothing
 * here is typed by hand except which colour is used on which background.
 */

/** One `--name: value` declaration of a `@theme` block. */
export interface ThemeToken {
  readonly name: string;
  readonly value: string;
  /** Where it is defined: the portal's own theme or Tailwind's default one. */
  readonly source: 'portal' | 'tailwind';
}

/** The declarations at the top level of every `@theme` block (nested `@keyframes` skipped). */
export function parseTheme(css: string, source: ThemeToken['source']): ThemeToken[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const tokens: ThemeToken[] = [];
  for (const match of text.matchAll(/@theme\b[^{]*\{/g)) {
    let depth = 1;
    let index = match.index + match[0].length;
    let statement = '';
    for (; index < text.length && depth > 0; index += 1) {
      const char = text[index];
      if (char === '{') {
        depth += 1;
        statement = '';
      } else if (char === '}') {
        depth -= 1;
        statement = '';
      } else if (char === ';') {
        const declaration = /^\s*(--[\w-]+)\s*:\s*([\s\S]+?)\s*$/.exec(statement);
        if (depth === 1 && declaration?.[1] && declaration[2]) {
          tokens.push({
            name: declaration[1],
            value: declaration[2].replace(/\s+/g, ' '),
            source,
          });
        }
        statement = '';
      } else {
        statement += char;
      }
    }
  }
  return tokens;
}

/** The portal's tokens over Tailwind's defaults: a name the portal defines wins. */
export function mergeThemes(
  tailwind: readonly ThemeToken[],
  portal: readonly ThemeToken[],
): Map<string, ThemeToken> {
  const merged = new Map<string, ThemeToken>();
  for (const token of [...tailwind, ...portal]) merged.set(token.name, token);
  return merged;
}

/** The tokens whose name starts with `prefix`, in source order, with the prefix cut off. */
export function tokensWithPrefix(
  tokens: ReadonlyMap<string, ThemeToken>,
  prefix: string,
): Array<ThemeToken & { key: string }> {
  return [...tokens.values()]
    .filter((token) => token.name.startsWith(prefix))
    .map((token) => ({ ...token, key: token.name.slice(prefix.length) }));
}

/** A `#rgb` or `#rrggbb` colour as 0–255 channels; null for any other notation. */
export function parseHex(value: string): [number, number, number] | null {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim())?.[1];
  if (!hex) return null;
  const full = hex.length === 3 ? [...hex].map((digit) => digit + digit).join('') : hex;
  return [0, 2, 4].map((start) => parseInt(full.slice(start, start + 2), 16)) as [
    number,
    number,
    number,
  ];
}

/** WCAG 2.2 relative luminance of an sRGB colour. */
export function relativeLuminance([red, green, blue]: readonly [number, number, number]): number {
  const linear = (channel: number) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue);
}

/** WCAG 2.2 contrast ratio of two hex colours (1 to 21). */
export function contrastRatio(first: string, second: string): number {
  const a = parseHex(first);
  const b = parseHex(second);
  if (!a || !b) throw new Error(`Not a hex colour: ${a ? second : first}`);
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [
    number,
    number,
  ];
  return (light + 0.05) / (dark + 0.05);
}

/** What a colour pair is used for, which decides the ratio WCAG asks of it. */
export type PairKind = 'text' | 'non-text';

/** The minimum ratio: 4.5:1 for normal text (1.4.3), 3:1 for borders, icons and focus (1.4.11). */
export const MINIMUM_RATIO: Readonly<Record<PairKind, number>> = { text: 4.5, 'non-text': 3 };

/** A foreground colour token on the background it is used on (names without `--color-`). */
export interface ColourPair {
  readonly foreground: string;
  readonly background: string;
  readonly kind: PairKind;
  /** Where the pair appears, in a designer's words. */
  readonly use: string;
}

/**
 * Which colour is used on which background, as the components use them (their class names).
 * The ratios are computed from the tokens; a pair that falls below its minimum fails the tests.
 */
export const COLOUR_PAIRS: readonly ColourPair[] = [
  { foreground: 'ink', background: 'surface', kind: 'text', use: 'Body text on cards and forms' },
  { foreground: 'ink', background: 'canvas', kind: 'text', use: 'Body text on the page' },
  { foreground: 'ink', background: 'brand-50', kind: 'text', use: 'Sidebar link on hover' },
  { foreground: 'muted', background: 'surface', kind: 'text', use: 'Hints and secondary text' },
  { foreground: 'muted', background: 'canvas', kind: 'text', use: 'Disabled field, footer' },
  {
    foreground: 'brand-800',
    background: 'surface',
    kind: 'text',
    use: 'Headings, links, secondary and ghost buttons',
  },
  { foreground: 'brand-800', background: 'brand-50', kind: 'text', use: 'Buttons on hover' },
  { foreground: 'brand-900', background: 'brand-50', kind: 'text', use: 'Info notice' },
  { foreground: 'brand-900', background: 'brand-100', kind: 'text', use: 'Current sidebar link' },
  { foreground: 'white', background: 'brand-700', kind: 'text', use: 'Primary button' },
  {
    foreground: 'white',
    background: 'brand-800',
    kind: 'text',
    use: 'Primary button on hover, landing call to action',
  },
  { foreground: 'brand-50', background: 'brand-800', kind: 'text', use: 'Landing call to action' },
  { foreground: 'white', background: 'danger-700', kind: 'text', use: 'Danger button' },
  { foreground: 'white', background: 'danger-800', kind: 'text', use: 'Danger button on hover' },
  {
    foreground: 'danger-700',
    background: 'surface',
    kind: 'text',
    use: 'Field error text, required mark',
  },
  { foreground: 'danger-800', background: 'danger-50', kind: 'text', use: 'Error notice, summary' },
  { foreground: 'success-800', background: 'success-50', kind: 'text', use: 'Success notice' },
  { foreground: 'warning-800', background: 'warning-50', kind: 'text', use: 'Warning notice' },
  { foreground: 'muted', background: 'surface', kind: 'non-text', use: 'Field border' },
  {
    foreground: 'danger-700',
    background: 'surface',
    kind: 'non-text',
    use: 'Invalid field border',
  },
  { foreground: 'focus', background: 'surface', kind: 'non-text', use: 'Focus ring on a card' },
  { foreground: 'focus', background: 'canvas', kind: 'non-text', use: 'Focus ring on the page' },
  {
    foreground: 'focus-halo',
    background: 'brand-800',
    kind: 'non-text',
    use: 'Focus ring’s inner halo on a dark panel',
  },
];

/** A pair with its computed ratio and whether it meets its minimum. */
export interface CheckedPair extends ColourPair {
  readonly foregroundHex: string;
  readonly backgroundHex: string;
  readonly ratio: number;
  readonly passes: boolean;
}

/** The hex value of a colour token, following `var(--color-…)` references. */
export function colourValue(tokens: ReadonlyMap<string, ThemeToken>, name: string): string {
  let value = tokens.get(`--color-${name}`)?.value;
  for (let hops = 0; value?.startsWith('var(') && hops < 5; hops += 1) {
    value = tokens.get(value.slice(4, -1).trim())?.value;
  }
  if (!value) throw new Error(`No colour token --color-${name}`);
  return value;
}

/** Every pair of {@link COLOUR_PAIRS} with its ratio computed from `tokens`. */
export function checkPairs(tokens: ReadonlyMap<string, ThemeToken>): CheckedPair[] {
  return COLOUR_PAIRS.map((pair) => {
    const foregroundHex = colourValue(tokens, pair.foreground);
    const backgroundHex = colourValue(tokens, pair.background);
    const ratio = contrastRatio(foregroundHex, backgroundHex);
    return {
      ...pair,
      foregroundHex,
      backgroundHex,
      ratio,
      passes: ratio >= MINIMUM_RATIO[pair.kind],
    };
  });
}

/** A ratio as WCAG writes it, rounded down so that 4.49 never shows as 4.5. */
export function formatRatio(ratio: number): string {
  return `${(Math.floor(ratio * 100) / 100).toFixed(2)}:1`;
}
