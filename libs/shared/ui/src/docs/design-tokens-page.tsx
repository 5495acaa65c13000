/* eslint-disable lingui/no-unlocalized-strings -- a Storybook page for the portal's developers
   and designers (design-tokens.mdx), never shown in the apps: it stays English, like the stories. */
import type { ReactNode } from 'react';
import {
  checkPairs,
  colourValue,
  contrastRatio,
  formatRatio,
  MINIMUM_RATIO,
  type ThemeToken,
  tokensWithPrefix,
} from './design-tokens';
import { PORTAL_TOKENS, THEME_TOKENS } from './theme-sources';

/** The colour families of styles.css, in the order a designer reads them. */
const FAMILIES: ReadonlyArray<{ title: string; test: (key: string) => boolean }> = [
  { title: 'Brand', test: (key) => key.startsWith('brand-') },
  {
    title: 'Text and surfaces',
    test: (key) => ['ink', 'muted', 'surface', 'canvas', 'line'].includes(key),
  },
  { title: 'Success', test: (key) => key.startsWith('success-') },
  { title: 'Danger', test: (key) => key.startsWith('danger-') },
  { title: 'Warning', test: (key) => key.startsWith('warning-') },
  { title: 'Focus', test: (key) => key.startsWith('focus') },
];

/** Sub-values Tailwind keeps beside a scale step (`--text-sm--line-height`), not steps. */
const isStep = (token: { key: string }) => !token.key.includes('--');

/** `--text-shadow-*` shares the `--text-` prefix of the type scale but is not a size. */
const isTextSize = (token: { key: string }) => isStep(token) && !token.key.startsWith('shadow-');

function Section({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="text-2xl font-bold text-ink">
        {title}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-muted">{intro}</p>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function SourceTag({ source }: { source: ThemeToken['source'] }) {
  return (
    <span className="text-xs text-muted">
      {source === 'portal' ? 'styles.css' : 'Tailwind default'}
    </span>
  );
}

const cell = 'border-b border-line px-3 py-2 text-left align-middle text-sm text-ink';
const headCell = 'border-b-2 border-line px-3 py-2 text-left text-sm font-semibold text-ink';

function Colours() {
  const colours = tokensWithPrefix(THEME_TOKENS, '--color-').filter(
    (token) => token.source === 'portal',
  );
  const surface = colourValue(THEME_TOKENS, 'surface');
  const canvas = colourValue(THEME_TOKENS, 'canvas');
  return (
    <>
      {FAMILIES.map((family) => {
        const members = colours.filter((token) => family.test(token.key));
        if (members.length === 0) return null;
        return (
          <div key={family.title} className="mt-6">
            <h3 className="text-lg font-semibold text-ink">{family.title}</h3>
            <ul className="mt-2 grid grid-cols-[repeat(auto-fill,minmax(11rem,1fr))] gap-3">
              {members.map((token) => {
                const hex = colourValue(THEME_TOKENS, token.key);
                return (
                  <li
                    key={token.name}
                    className="overflow-hidden rounded-lg border border-line bg-surface"
                  >
                    <div className="h-14 border-b border-line" style={{ background: hex }} />
                    <div className="p-2 text-xs text-ink">
                      <p className="font-mono font-semibold">{token.key}</p>
                      <p className="font-mono">
                        {hex}
                        {token.value !== hex && (
                          <span className="text-muted"> = {token.value}</span>
                        )}
                      </p>
                      <p>
                        {formatRatio(contrastRatio(hex, surface))} on surface ·{' '}
                        {formatRatio(contrastRatio(hex, canvas))} on canvas
                      </p>
                    </div>
                  </li>
                );
              })}
            </ul>
          </div>
        );
      })}
    </>
  );
}

function ContrastPairs() {
  const pairs = checkPairs(THEME_TOKENS);
  return (
    <table className="w-full border-collapse">
      <caption className="sr-only">Colour pairs and their contrast ratios</caption>
      <thead>
        <tr>
          <th scope="col" className={headCell}>
            Sample
          </th>
          <th scope="col" className={headCell}>
            Foreground on background
          </th>
          <th scope="col" className={headCell}>
            Used for
          </th>
          <th scope="col" className={headCell}>
            Ratio
          </th>
          <th scope="col" className={headCell}>
            WCAG minimum
          </th>
        </tr>
      </thead>
      <tbody>
        {pairs.map((pair) => (
          <tr key={`${pair.foreground}/${pair.background}/${pair.kind}`}>
            <td className={cell}>
              <span
                className="inline-block rounded-md px-3 py-1 font-semibold whitespace-nowrap"
                style={
                  pair.kind === 'text'
                    ? { color: pair.foregroundHex, background: pair.backgroundHex }
                    : {
                        background: pair.backgroundHex,
                        boxShadow: `inset 0 0 0 3px ${pair.foregroundHex}`,
                        color: 'transparent',
                      }
                }
              >
                {pair.kind === 'text' ? 'Patient P001' : 'Border'}
              </span>
            </td>
            <td className={`${cell} font-mono`}>
              {pair.foreground} on {pair.background}
            </td>
            <td className={cell}>{pair.use}</td>
            <td className={`${cell} font-mono font-semibold`}>{formatRatio(pair.ratio)}</td>
            <td className={cell}>
              {MINIMUM_RATIO[pair.kind]}:1 ({pair.kind}) {pair.passes ? '— passes' : '— FAILS'}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function TypeScale() {
  const sizes = tokensWithPrefix(THEME_TOKENS, '--text-').filter(isTextSize);
  const weights = tokensWithPrefix(THEME_TOKENS, '--font-weight-');
  const family = THEME_TOKENS.get('--font-sans');
  return (
    <>
      {family && (
        <p className="text-sm text-ink">
          <span className="font-semibold">Font family (font-sans):</span>{' '}
          <span className="font-mono">{family.value}</span> <SourceTag source={family.source} />
        </p>
      )}
      <div className="mt-3 overflow-x-auto">
        <table className="w-full border-collapse">
          <caption className="sr-only">Type scale</caption>
          <thead>
            <tr>
              <th scope="col" className={headCell}>
                Class
              </th>
              <th scope="col" className={headCell}>
                Size / line height
              </th>
              <th scope="col" className={headCell}>
                Sample
              </th>
            </tr>
          </thead>
          <tbody>
            {sizes.map((size) => {
              const lineHeight = THEME_TOKENS.get(`${size.name}--line-height`)?.value;
              return (
                <tr key={size.name}>
                  <td className={`${cell} font-mono`}>text-{size.key}</td>
                  <td className={`${cell} font-mono`}>
                    {size.value}
                    {lineHeight && ` / ${lineHeight}`}
                  </td>
                  <td className={cell}>
                    <span
                      className="block whitespace-nowrap"
                      style={{ fontSize: size.value, lineHeight }}
                    >
                      Patient Information
                    </span>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="mt-3 text-sm text-ink">
        <span className="font-semibold">Weights:</span>{' '}
        {weights.map((weight) => (
          <span
            key={weight.name}
            className="mr-3 inline-block"
            style={{ fontWeight: weight.value }}
          >
            font-{weight.key} ({weight.value})
          </span>
        ))}
      </p>
    </>
  );
}

/** The spacing steps the components use most, as multiples of the one `--spacing` unit. */
const SPACING_STEPS = [1, 2, 3, 4, 6, 8, 10, 12, 16];

function Spacing() {
  const unit = THEME_TOKENS.get('--spacing');
  if (!unit) return null;
  return (
    <ul className="flex flex-col gap-2">
      {SPACING_STEPS.map((step) => (
        <li key={step} className="flex items-center gap-3 text-sm text-ink">
          <span className="w-24 font-mono">p-{step}</span>
          <span className="w-40 font-mono text-muted">
            {step} × {unit.value}
          </span>
          <span className="h-4 bg-brand-500" style={{ width: `calc(${step} * ${unit.value})` }} />
        </li>
      ))}
    </ul>
  );
}

function Radii() {
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-4">
      {tokensWithPrefix(THEME_TOKENS, '--radius-').map((radius) => (
        <li key={radius.name} className="text-sm text-ink">
          <div
            className="h-16 border-2 border-brand-700 bg-brand-50"
            style={{ borderRadius: radius.value }}
          />
          <p className="mt-1 font-mono">rounded-{radius.key}</p>
          <p className="font-mono text-muted">{radius.value}</p>
        </li>
      ))}
    </ul>
  );
}

function Shadows() {
  return (
    <ul className="grid grid-cols-[repeat(auto-fill,minmax(10rem,1fr))] gap-6 bg-canvas p-4">
      {tokensWithPrefix(THEME_TOKENS, '--shadow-').map((shadow) => (
        <li key={shadow.name} className="text-sm text-ink">
          <div className="h-16 rounded-lg bg-surface" style={{ boxShadow: shadow.value }} />
          <p className="mt-2 font-mono">shadow-{shadow.key}</p>
        </li>
      ))}
    </ul>
  );
}

function Breakpoints() {
  return (
    <table className="w-full border-collapse">
      <caption className="sr-only">Breakpoints</caption>
      <thead>
        <tr>
          <th scope="col" className={headCell}>
            Prefix
          </th>
          <th scope="col" className={headCell}>
            Applies from
          </th>
          <th scope="col" className={headCell}>
            Source
          </th>
        </tr>
      </thead>
      <tbody>
        {tokensWithPrefix(THEME_TOKENS, '--breakpoint-').map((breakpoint) => (
          <tr key={breakpoint.name}>
            <td className={`${cell} font-mono`}>{breakpoint.key}:</td>
            <td className={`${cell} font-mono`}>
              {breakpoint.value}
              {breakpoint.value.endsWith('rem') && ` (${parseFloat(breakpoint.value) * 16} px)`}
            </td>
            <td className={cell}>
              <SourceTag source={breakpoint.source} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The "Design tokens" page of Storybook, drawn from the themes themselves: a token added to or
 * changed in styles.css shows here, with its contrast ratios computed, on the next build.
 */
export function DesignTokensPage() {
  return (
    <div className="font-sans text-ink">
      <p className="text-sm text-muted">
        {PORTAL_TOKENS.length} tokens defined in <code>libs/shared/ui/src/styles.css</code>; the
        scales below it are Tailwind’s defaults, which the portal uses unchanged.
      </p>
      <Section
        id="tokens-colours"
        title="Colours"
        intro="Every colour token of styles.css with its contrast ratio against the two backgrounds, surface (cards, forms, top bar) and canvas (the page)."
      >
        <Colours />
      </Section>
      <Section
        id="tokens-contrast"
        title="Colour pairs in use"
        intro="Each foreground as the components put it on its background. Text needs 4.5:1 (WCAG 1.4.3); borders and focus rings 3:1 (1.4.11). A unit test fails the build if a pair drops below."
      >
        <ContrastPairs />
      </Section>
      <Section
        id="tokens-type"
        title="Type scale"
        intro="Tailwind’s text-* steps; body text is text-base, labels and buttons text-sm."
      >
        <TypeScale />
      </Section>
      <Section
        id="tokens-spacing"
        title="Spacing"
        intro="One unit, --spacing; p-4, gap-3, mt-6 and every other spacing class is a multiple of it."
      >
        <Spacing />
      </Section>
      <Section
        id="tokens-radii"
        title="Radii"
        intro="Buttons use rounded-lg, fields rounded-md, cards and dialogs rounded-xl, the landing page’s panels rounded-2xl."
      >
        <Radii />
      </Section>
      <Section
        id="tokens-shadows"
        title="Shadows"
        intro="The top bar and cards use shadow-sm, the phone menu shadow-md, dialogs shadow-xl."
      >
        <Shadows />
      </Section>
      <Section
        id="tokens-breakpoints"
        title="Breakpoints"
        intro="Mobile first: a class without prefix applies everywhere, sm: from the width given and up. The sidebar appears from lg:."
      >
        <Breakpoints />
      </Section>
    </div>
  );
}
