/**
 * The bundle budgets of issue 6, checked on the built apps (this project's test target builds
 * them first): a first visit's JavaScript within each app's budget, and no app shipping another
 * app's code. The figures come from tools/bundle-budget.mjs, which also prints them.
 */
import { describe, expect, it } from 'vitest';
import {
  APPS,
  bundledSources,
  foreignSources,
  measureApp,
  servedSourceMaps,
  sizeReport,
} from '../../bundle-budget.mjs';

describe.each(APPS)('$name', (app) => {
  const pages = measureApp(app);
  const firstPage = pages.find((page) => page.budgeted);

  it(`loads at most ${app.budgetKb} KB of gzipped JavaScript on a first visit`, () => {
    expect(firstPage, `no measured page ${app.firstPage}`).toBeDefined();
    const kb = (firstPage?.gzipBytes ?? Infinity) / 1024;
    expect(kb, `${app.firstPage}: ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(app.budgetKb);
  });

  it('gives every page a chunk of its own, outside the code every visit loads', () => {
    const chunks = pages.map((page) => page.chunk);
    expect(new Set(chunks).size).toBe(pages.length);
    const loadedByEveryPage = pages[0]!.files.filter((file) =>
      pages.every((page) => page.files.includes(file)),
    );
    expect(loadedByEveryPage.filter((file) => chunks.includes(file))).toEqual([]);
  });

  it('ships none of the other apps’ code', () => {
    const own = [...bundledSources(app.name)].filter((source) =>
      source.startsWith(`apps/${app.name}/src/`),
    );
    // The check reads real paths: the app's own sources are there to be seen.
    expect(own.length).toBeGreaterThan(0);
    expect(foreignSources(app.name)).toEqual([]);
  });

  it('leaves no source map where the server serves the app, and no script names one', () => {
    expect(servedSourceMaps(app.name)).toEqual([]);
  });
});

describe('the public landing page', () => {
  it('loads neither axios nor zod: it makes no API call', () => {
    const landing = measureApp(APPS[0]!).find((page) => page.budgeted);
    expect(landing?.files.filter((file) => /\/(axios|zod)-/.test(file))).toEqual([]);
  });
});

describe('the size table', () => {
  it('reports every app and no failed check', () => {
    const report = sizeReport();
    console.log(report.text);
    for (const app of APPS) expect(report.text).toContain(app.name);
    expect(report.failures).toBe(0);
  });
});
