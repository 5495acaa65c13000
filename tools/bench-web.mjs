#!/usr/bin/env node
/**
 * `npm run bench:web`: page speed of the built portal, measured by Lighthouse in Debian's
 * Chromium with Lighthouse's default mobile emulation and simulated throttling.
 *
 * Builds the API and the three apps, starts the built server on a free loopback port with a
 * fresh embedded database (demo data, like tools/e2e-server.mjs), and audits each page several
 * times: `/` and `/login` signed out, and, signed in as the demo account of their role, the
 * patient's `/patient-profile`, the clinical start page and the HR start page. A signed-in page
 * gets a token from POST /api/login, which is put in the origin's localStorage under the app's
 * keys (STORAGE_KEYS) on the tab Lighthouse is then handed, with `disableStorageReset` so that
 * Lighthouse keeps it; the browser's cache is cleared before every run instead, so each run is
 * a first visit (performance varies from run to run: the run with the median performance score is the
 * one reported and saved). Prints a table of scores and key metrics, the targets and whether
 * each is met, and the diagnostics worth acting on; writes the reports to tmp/lighthouse/.
 * Exits non-zero when a target is missed. A benchmark, not a test: `npm test` does not run it.
 *
 *   npm run bench:web                      # build, then measure
 *   node tools/bench-web.mjs --no-build    # measure the current dist/ (BENCH_WEB_RUNS=1 for one run)
 *   BENCH_WEB_PAGES=/patient-profile node tools/bench-web.mjs --no-build   # only these pages
 *
 * CPU contention lowers performance scores: the machine's load is printed with the results.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_LAUNCH_OPTIONS } from './chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const reportDir = `${root}tmp/lighthouse`;

/**
 * The pages measured, the file name their reports are saved under, and the demo account a
 * signed-in page is measured as (README's demo accounts; all share one password).
 */
const ALL_PAGES = [
  { path: '/', name: 'home' },
  { path: '/login', name: 'login' },
  { path: '/patient-profile', name: 'patient-profile', user: 'demo.patient' },
  { path: '/patients-management', name: 'patients-management', user: 'demo.doctor' },
  { path: '/employees-management', name: 'employees-management', user: 'demo.hr' },
];
const DEMO_PASSWORD = 'demo-password-2026';
/** The session's localStorage keys (STORAGE_KEYS of libs/shared/contract's routes.ts). */
const STORAGE_KEYS = { token: 'myApp_authToken', role: 'myApp_userRole' };
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 3);
/** The pages measured: all of them, or those BENCH_WEB_PAGES names (paths, comma-separated). */
const PAGES = process.env.BENCH_WEB_PAGES
  ? ALL_PAGES.filter((page) => process.env.BENCH_WEB_PAGES.split(',').includes(page.path))
  : ALL_PAGES;
if (PAGES.length === 0)
  throw new Error(`BENCH_WEB_PAGES names no page of ${ALL_PAGES.map((p) => p.path)}`);

/** Targets of the "Whole-portal quality gates" issue, as Lighthouse scores (0–100). */
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const CATEGORIES = Object.keys(TARGETS);

// Debian's Chromium with the portal's launch flags (tools/chromium.mjs), headless.
const CHROMIUM_PATH = CHROMIUM_LAUNCH_OPTIONS.executablePath;
const CHROMIUM_FLAGS = ['--headless=new', ...CHROMIUM_LAUNCH_OPTIONS.args];

// ---------------------------------------------------------------------------------------------
// Server and browser

/** A port nobody listens on now (the OS picks it; there is a small window before it is used). */
async function freePort() {
  const probe = createServer();
  await new Promise((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', resolve);
  });
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts dist/apps/api/main.js on a fresh embedded database with the demo data. A PostgreSQL
 * server named in the environment (DATABASE_URL) is left alone, and the apps are the built ones.
 */
function startServer(port, dataDir) {
  const env = { ...process.env };
  delete env.DATABASE_URL;
  delete env.DEV_FRONTENDS;
  return spawn(process.execPath, [`${root}dist/apps/api/main.js`], {
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...env,
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      DEMO_DATA: 'always',
      LOG_LEVEL: 'warn',
    },
  });
}

/** Resolves once /api/ready answers 200; rejects if the server exits or takes too long. */
async function waitUntilReady(server, origin, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`The server exited (code ${server.exitCode}).`);
    try {
      const response = await fetch(`${origin}/api/ready`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`The server was not ready within ${timeoutMs / 1000} s.`);
}

/** Sends SIGTERM and waits (up to 15 s) for the server to finish its graceful shutdown. */
async function stopServer(server) {
  if (!server || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.kill('SIGTERM');
  const stopped = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
  if (!stopped) server.kill('SIGKILL');
}

// ---------------------------------------------------------------------------------------------
// Sessions

/** A demo account's token and role, from the API's login call (as the login card gets them). */
async function signIn(origin, username) {
  const response = await fetch(`${origin}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: DEMO_PASSWORD }),
  });
  if (!response.ok) throw new Error(`Login as ${username} failed: ${response.status}`);
  const { token } = await response.json();
  // The role as the app stores it: the token's own claim (read without verifying).
  const claims = JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));
  return { token, role: claims.role };
}

/**
 * A fresh tab for one Lighthouse run: the browser's cache emptied (Lighthouse leaves it alone
 * with `disableStorageReset`), and the origin's localStorage holding `session`'s keys, or none.
 * The storage is written from a JSON answer of the origin (/api/ready), so no app runs before
 * Lighthouse navigates.
 */
async function preparedTab(browser, origin, session) {
  const tab = await browser.newPage();
  const cdp = await tab.createCDPSession();
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
  await tab.goto(`${origin}/api/ready`);
  await tab.evaluate(
    ({ keys, session }) => {
      localStorage.removeItem(keys.token);
      localStorage.removeItem(keys.role);
      if (session) {
        localStorage.setItem(keys.token, session.token);
        localStorage.setItem(keys.role, session.role);
      }
    },
    { keys: STORAGE_KEYS, session },
  );
  await tab.goto('about:blank');
  return tab;
}

/** `uptime`'s line (the machine's load), printed with the results. */
function uptime() {
  const line = spawnSync('uptime', { encoding: 'utf8' }).stdout?.trim();
  return (
    line ||
    `load average ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`
  );
}

// ---------------------------------------------------------------------------------------------
// Lighthouse results

const score = (lhr, category) => Math.round((lhr.categories[category]?.score ?? 0) * 100);
const audit = (lhr, id) => lhr.audits[id];
const numeric = (lhr, id) => audit(lhr, id)?.numericValue ?? Number.NaN;
const ms = (value) => `${Math.round(value).toLocaleString('en')} ms`;
const seconds = (value) => `${(value / 1000).toFixed(2)} s`;
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
/** A request's path, or Lighthouse's label where it has none (e.g. "Unattributable"). */
const pathOf = (url) => (URL.canParse(url) ? new URL(url).pathname : url);

/** Bytes of JavaScript the page transferred (compressed size on the wire, headers included). */
function scriptBytes(lhr) {
  const items = audit(lhr, 'network-requests')?.details?.items ?? [];
  return items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
}

/** The key figures of one run, as printed in the table. */
function summarise(lhr) {
  return {
    performance: score(lhr, 'performance'),
    accessibility: score(lhr, 'accessibility'),
    'best-practices': score(lhr, 'best-practices'),
    fcp: numeric(lhr, 'first-contentful-paint'),
    lcp: numeric(lhr, 'largest-contentful-paint'),
    tbt: numeric(lhr, 'total-blocking-time'),
    cls: numeric(lhr, 'cumulative-layout-shift'),
    si: numeric(lhr, 'speed-index'),
    js: scriptBytes(lhr),
  };
}

/** Prints rows under a header, each column as wide as its widest cell (numbers to the right). */
function printTable(header, rows) {
  const widths = header.map((_, i) =>
    Math.max(...[header, ...rows].map((r) => String(r[i]).length)),
  );
  const line = (cells) =>
    cells
      .map((cell, i) =>
        i === 0 ? String(cell).padEnd(widths[i]) : String(cell).padStart(widths[i]),
      )
      .join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of rows) console.log(line(row));
}

/** The scored audits of a category that lost points in any of the runs (id and title). */
function failingAudits(lhrs, category) {
  const failing = new Set();
  for (const lhr of lhrs) {
    for (const ref of lhr.categories[category].auditRefs) {
      const a = audit(lhr, ref.id);
      if (ref.weight > 0 && a.score !== null && a.score < 1) failing.add(`${a.id}: ${a.title}`);
    }
  }
  return [...failing];
}

/**
 * What the people shrinking the bundles want to know: the performance diagnostics and insights
 * Lighthouse flags, unused JavaScript per file, main-thread work by kind, the scripts that cost
 * the most CPU, the elements that shifted, the LCP element and its phases.
 */
function performanceDiagnostics(lhr) {
  const lines = [];
  const flagged = lhr.categories.performance.auditRefs
    .filter((ref) => ref.weight === 0 && ref.group !== 'metrics')
    .map((ref) => audit(lhr, ref.id))
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'notApplicable' &&
        a.scoreDisplayMode !== 'informative' &&
        !/savings of 0\s(ms|KiB)$/.test(a.displayValue ?? ''),
    );
  for (const a of flagged)
    lines.push(`flagged: ${a.title}${a.displayValue ? ` — ${a.displayValue}` : ''}`);

  for (const item of audit(lhr, 'unused-javascript')?.details?.items ?? [])
    lines.push(
      `unused JS: ${pathOf(item.url)} — ${kb(item.wastedBytes)} of ${kb(item.totalBytes)}`,
    );

  const mainThread = audit(lhr, 'mainthread-work-breakdown');
  if (mainThread?.details?.items) {
    const parts = mainThread.details.items
      .slice(0, 5)
      .map((item) => `${item.groupLabel} ${ms(item.duration)}`);
    lines.push(`main thread: ${mainThread.displayValue} — ${parts.join(', ')}`);
  }

  const bootup = audit(lhr, 'bootup-time')?.details?.items ?? [];
  for (const item of bootup.slice(0, 3))
    lines.push(
      `JS execution: ${pathOf(item.url)} — ${ms(item.total)} total, ` +
        `${ms(item.scripting)} scripting`,
    );

  for (const item of audit(lhr, 'layout-shifts')?.details?.items ?? [])
    if (item.node?.snippet)
      lines.push(`layout shift: ${item.node.snippet} ${item.score.toFixed(3)}`);

  // The LCP element audit holds two tables: the element, then its phases.
  const lcpTables = audit(lhr, 'largest-contentful-paint-element')?.details?.items ?? [];
  for (const table of lcpTables) {
    for (const item of table.items ?? []) {
      if (item.node) lines.push(`LCP element: ${item.node.snippet ?? item.node.nodeLabel}`);
      else if (item.phase) lines.push(`LCP phase: ${item.phase} ${ms(item.timing)}`);
    }
  }
  return lines;
}

// ---------------------------------------------------------------------------------------------
// The run

const build = !process.argv.includes('--no-build');
if (build) {
  const status = spawnSync(
    'npx',
    [
      'nx',
      'run-many',
      '-t',
      'build',
      '-p',
      'api,public-and-patient,clinical,hr',
      '--output-style=static',
    ],
    { stdio: 'inherit' },
  ).status;
  if (status !== 0) process.exit(status ?? 1);
}

mkdirSync(`${root}tmp`, { recursive: true });
rmSync(reportDir, { recursive: true, force: true });
mkdirSync(reportDir, { recursive: true });
const dataDir = mkdtempSync(`${root}tmp/bench-web-data-`);

let server;
let chrome;
const cleanUp = async () => {
  await chrome?.kill();
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
};
// Ctrl-C, a kill, or an error thrown outside the awaited steps (a child process's 'error'
// event, say) still stops the server and the browser, and removes the database.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}
process.once('uncaughtException', (error) => {
  console.error(error);
  void cleanUp().finally(() => process.exit(1));
});

let exitCode = 1;
try {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  server = startServer(port, dataDir);
  await waitUntilReady(server, origin);

  if (!existsSync(CHROMIUM_PATH))
    throw new Error(
      `No Chromium at ${CHROMIUM_PATH} (apt-get install chromium, or set CHROMIUM_PATH).`,
    );
  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
    handleSIGINT: false,
  });
  const { Browser: browserVersion } = await (
    await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
  ).json();
  const browser = await puppeteer.connect({
    browserURL: `http://127.0.0.1:${chrome.port}`,
    defaultViewport: null,
  });
  const loadBefore = loadavg()[0];
  const uptimeBefore = uptime();
  console.log(`Before the runs: ${uptimeBefore}`);

  const results = [];
  for (const page of PAGES) {
    const url = `${origin}${page.path}`;
    const runs = [];
    const session = page.user ? await signIn(origin, page.user) : null;
    // Lighthouse now and then fails to record a trace (NO_NAVSTART and the like); such a run is
    // tried again, up to twice, rather than the whole bench lost. Its figures are never used.
    let retries = 2;
    for (let run = 1; run <= RUNS; run += 1) {
      process.stdout.write(
        `Lighthouse ${page.path}${page.user ? ` as ${page.user}` : ''} (run ${run}/${RUNS})…\n`,
      );
      const tab = await preparedTab(browser, origin, session);
      const result = await lighthouse(
        url,
        {
          port: chrome.port,
          output: ['json', 'html'],
          onlyCategories: CATEGORIES,
          logLevel: 'error',
          disableStorageReset: true,
        },
        undefined,
        tab,
      );
      await tab.close().catch(() => undefined);
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      if (result.lhr.runtimeError && retries > 0) {
        retries -= 1;
        console.log(`  ${result.lhr.runtimeError.code}: running it again`);
        run -= 1;
        continue;
      }
      if (result.lhr.runtimeError)
        throw new Error(`Lighthouse could not load ${url}: ${result.lhr.runtimeError.message}`);
      // A signed-in page that lost its session lands elsewhere: that would measure another page.
      const landed = new URL(result.lhr.finalDisplayedUrl).pathname;
      if (!landed.startsWith(page.path))
        throw new Error(`${url} ended on ${landed}: the session was not taken`);
      runs.push(result);
    }
    // The run with the median performance score stands for the page.
    const sorted = [...runs].sort(
      (a, b) => score(a.lhr, 'performance') - score(b.lhr, 'performance'),
    );
    const median = sorted[Math.floor((sorted.length - 1) / 2)];
    const [json, html] = median.report;
    writeFileSync(`${reportDir}/${page.name}.report.json`, json);
    writeFileSync(`${reportDir}/${page.name}.report.html`, html);
    results.push({
      page,
      median: summarise(median.lhr),
      performanceScores: runs.map((r) => score(r.lhr, 'performance')),
      // Accessibility and best practices should not vary: the worst run counts.
      worst: Object.fromEntries(
        ['accessibility', 'best-practices'].map((c) => [
          c,
          Math.min(...runs.map((r) => score(r.lhr, c))),
        ]),
      ),
      lhr: median.lhr,
      lhrs: runs.map((r) => r.lhr),
    });
  }
  const loadAfter = loadavg()[0];
  const uptimeAfter = uptime();
  console.log(`After the runs: ${uptimeAfter}`);
  await browser.disconnect();

  // Lighthouse's own CPU benchmark of the machine at the time (higher is faster; it drops when
  // other processes compete for the CPU, and the simulated metrics grow with it).
  const benchmarkIndex = results.map(({ lhr }) => lhr.environment.benchmarkIndex).join(', ');
  console.log('');
  console.log(
    `Lighthouse ${results[0].lhr.lighthouseVersion} in ${browserVersion}: mobile emulation, ` +
      `simulated throttling, ${RUNS} run(s) per page, the median performance shown ` +
      `(all runs in brackets).`,
  );
  console.log(
    `Machine: ${cpus().length} CPUs, load average ${loadBefore.toFixed(2)} before and ` +
      `${loadAfter.toFixed(2)} after the runs; Lighthouse benchmark index ${benchmarkIndex}.`,
  );
  console.log('');
  printTable(
    [
      'page',
      'perf',
      'a11y',
      'best pr.',
      'FCP',
      'LCP',
      'TBT',
      'CLS',
      'Speed Index',
      'JS transferred',
    ],
    results.map(({ page, median, worst, performanceScores }) => [
      page.path,
      `${median.performance} (${performanceScores.join('/')})`,
      worst.accessibility,
      worst['best-practices'],
      seconds(median.fcp),
      seconds(median.lcp),
      ms(median.tbt),
      median.cls.toFixed(3),
      seconds(median.si),
      kb(median.js),
    ]),
  );

  // The figures of the table, for scripts that compare one measurement with the next.
  writeFileSync(
    `${reportDir}/summary.json`,
    `${JSON.stringify(
      {
        date: new Date().toISOString(),
        lighthouse: results[0].lhr.lighthouseVersion,
        browser: browserVersion,
        runs: RUNS,
        loadAverage: { before: loadBefore, after: loadAfter },
        uptime: { before: uptimeBefore, after: uptimeAfter },
        targets: TARGETS,
        pages: results.map(({ page, median, worst, performanceScores, lhr }) => ({
          path: page.path,
          ...median,
          ...worst,
          performanceScores,
          benchmarkIndex: lhr.environment.benchmarkIndex,
        })),
      },
      null,
      2,
    )}\n`,
  );

  console.log('');
  console.log('Targets:');
  let missed = 0;
  for (const { page, median, worst } of results) {
    const actual = { performance: median.performance, ...worst };
    for (const category of CATEGORIES) {
      const met = actual[category] >= TARGETS[category];
      if (!met) missed += 1;
      const sign = TARGETS[category] === 100 ? '=' : '≥';
      console.log(
        `  ${met ? 'met   ' : 'MISSED'}  ${page.path.padEnd(21)} ${category.padEnd(15)} ` +
          `${String(actual[category]).padStart(3)} (target ${sign} ${TARGETS[category]})`,
      );
    }
  }

  for (const { page, lhr, lhrs } of results) {
    const lines = [
      ...['accessibility', 'best-practices'].flatMap((category) =>
        failingAudits(lhrs, category).map((line) => `${category}: ${line}`),
      ),
      ...performanceDiagnostics(lhr),
    ];
    if (lines.length === 0) continue;
    console.log('');
    console.log(`Diagnostics for ${page.path} (median run):`);
    for (const line of lines) console.log(`  ${line}`);
  }

  console.log('');
  console.log(
    `Reports (median run): ${reportDir}/{${PAGES.map((p) => p.name).join(',')}}.report.{html,json}` +
      `, summary.json`,
  );
  console.log(missed === 0 ? 'All targets met.' : `${missed} target(s) missed.`);
  exitCode = missed === 0 ? 0 : 1;
} catch (error) {
  console.error('bench:web failed:', error);
} finally {
  await cleanUp();
}
process.exit(exitCode);
