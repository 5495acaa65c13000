/**
 * A short name for a browser from its User-Agent header ("Firefox on Windows"), for the list
 * of sessions in My account: enough for a person to tell their phone from the ward's computer.
 * Order matters: Edge and Opera say "Chrome" too, Chrome says "Safari", Android says "Linux".
 */
const BROWSERS: readonly (readonly [RegExp, string])[] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: readonly (readonly [RegExp, string])[] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** The name shown when the session recorded no user agent or none that is recognised. */
export const UNKNOWN_BROWSER = 'Unknown browser';

/** "Browser on System", or what of it can be told. */
export function describeUserAgent(userAgent: string | null | undefined): string {
  if (!userAgent) return UNKNOWN_BROWSER;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? (system ? `A browser on ${system}` : UNKNOWN_BROWSER);
}
