#!/usr/bin/env node
/**
 * `npm test`: formatting, lint, typecheck, every project's tests and the builds, through Nx.
 * Ends with one line, `N passed, N failed`, counting every test that ran (from the JSON
 * reports each project's Vitest writes to tmp/test-reports). A project whose tests did not
 * report at all counts as one failure, so a crash cannot pass for success. The import-cycle
 * check (dependency-cruiser, `.dependency-cruiser.cjs`, libs/ and apps/) counts as one test.
 * Before that line, each project's test time (from the same reports), longest first.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const env = {
  ...process.env,
  NX_NO_CLOUD: 'true',
  NX_DAEMON: 'false',
  FORCE_COLOR: process.env.CI ? '0' : '1',
};
const started = Date.now();
const reports = 'tmp/test-reports';
rmSync(reports, { recursive: true, force: true });

const run = (command, args) => spawnSync(command, args, { stdio: 'inherit', env }).status ?? 1;

const formatStatus = run('npx', ['prettier', '--check', '--log-level', 'warn', '.']);
const cycleStatus = run('npx', [
  'depcruise',
  'libs',
  'apps',
  '--config',
  '.dependency-cruiser.cjs',
  '--output-type',
  'err',
]);
const nxStatus = run('npx', [
  'nx',
  'run-many',
  '-t',
  'lint',
  'typecheck',
  'test',
  'build',
  'e2e',
  '--output-style=static',
  // Nx keeps a machine-wide cache (~/.nx): CI must run every test, not replay an earlier run.
  ...(process.env.CI ? ['--skip-nx-cache'] : []),
]);

/** The projects that have a target: each of them must leave a report. */
const projectsWith = (target) =>
  JSON.parse(
    spawnSync('npx', ['nx', 'show', 'projects', '--with-target', target, '--json'], {
      env,
      encoding: 'utf8',
    }).stdout || '[]',
  );
const projects = [...projectsWith('test'), ...projectsWith('e2e')];

/** The titles of a Playwright report's failed tests, suite by suite. */
function playwrightFailures(suites, path = []) {
  return (suites ?? []).flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => !spec.ok)
      .map((spec) => [...path, suite.title, spec.title].filter(Boolean).join(' › ')),
    ...playwrightFailures(suite.suites, [...path, suite.title]),
  ]);
}

let passed = cycleStatus === 0 ? 1 : 0;
let failed = cycleStatus === 0 ? 0 : 1;
const missing = [];
/** [project, seconds] for every report, for the time table. */
const times = [];
// Named again at the very end, so a CI log cut in the middle still says what failed.
const failures = cycleStatus === 0 ? [] : ['import cycles: see depcruise above'];
for (const project of projects) {
  const file = `${reports}/${project}.json`;
  if (!existsSync(file)) {
    missing.push(project);
    failed += 1;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright's JSON report.
    passed += report.stats.expected + report.stats.flaky;
    failed += report.stats.unexpected;
    failures.push(...playwrightFailures(report.suites).map((title) => `${project}: ${title}`));
    times.push([project, report.stats.duration / 1000]);
  } else {
    passed += report.numPassedTests;
    failed += report.numFailedTests;
    for (const file of report.testResults ?? []) {
      for (const test of file.assertionResults ?? []) {
        if (test.status === 'failed') failures.push(`${project}: ${test.fullName}`);
      }
    }
    // Vitest's report has the run's start and each file's end: the project's wall time.
    const end = Math.max(report.startTime, ...(report.testResults ?? []).map((f) => f.endTime));
    times.push([project, (end - report.startTime) / 1000]);
  }
}

const minutes = (seconds) => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};
console.log('');
if (times.length) {
  const width = Math.max(...times.map(([project]) => project.length));
  console.log('Test time per project (m:ss, wall):');
  for (const [project, seconds] of times.sort((a, b) => b[1] - a[1]))
    console.log(`  ${project.padEnd(width)}  ${minutes(seconds).padStart(5)}`);
}
console.log(
  `The whole run (format, lint, typecheck, tests, builds): ${minutes((Date.now() - started) / 1000)}`,
);
if (formatStatus !== 0)
  console.log('Formatting: some files are not formatted (run `npm run format`).');
if (nxStatus !== 0) console.log('Lint, typecheck, tests or build failed: see above.');
if (missing.length) console.log(`No test report from: ${missing.join(', ')} (counted as failed).`);
if (failures.length) console.log(`Failed tests:\n${failures.map((t) => `  ✘ ${t}`).join('\n')}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(formatStatus || nxStatus || cycleStatus || (failed > 0 ? 1 : 0));
