/**
 * How every browser run launches Debian's Chromium (Playwright's own download cannot be used
 * here): Playwright, Storybook's tests and the Lighthouse benchmark. Plain JavaScript, so that
 * Node scripts (tools/bench-web.mjs) can import it as well as the TypeScript configs. The host
 * rules stop it looking up Google's hosts on a closed network.
 */
export const CHROMIUM_LAUNCH_OPTIONS = {
  executablePath: process.env['CHROMIUM_PATH'] ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE localhost , EXCLUDE 127.0.0.1',
  ],
};
