/**
 * The bundle budgets of issue 6, checked on the built apps (this project's test target builds
 * them first): a first visit's JavaScript within each app's budget, and no app shipping another
 * app's code. The figures come from tools/bundle-budget.mjs, which also prints them.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  APPS,
  bundledSources,
  chunkCycles,
  foreignSources,
  measureApp,
  measureMeter,
  missingLocalNames,
  missingReadBack,
  missingTexts,
  METER_BUDGET_KB,
  PARTS,
  partOf,
  reactFloor,
  servedSourceMaps,
  sizeReport,
  rootBudgetKb,
  textKey,
  wholeMessageIds,
} from '../../bundle-budget.mjs';
import { textKey as i18nTextKey } from '@portal/i18n/server';

describe.each(APPS)('$name', (app) => {
  const pages = measureApp(app);
  const firstPage = pages.find((page) => page.budgeted);

  it(`loads at most ${rootBudgetKb(app)} KB of gzipped JavaScript on a first visit`, () => {
    expect(firstPage, `no measured page ${app.firstPage}`).toBeDefined();
    const kb = (firstPage?.gzipBytes ?? Infinity) / 1024;
    expect(kb, `${app.firstPage}: ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(rootBudgetKb(app));
  });

  it('gives every page the messages its code can show (its packs and the base ones)', () => {
    const pagesMissing = missingTexts(app).filter(({ missing }) => missing.length > 0);
    expect(missingTexts(app).length).toBe(pages.length);
    expect(pagesMissing).toEqual([]);
  });

  it("names in Thai every reference-data entry a page's first visit holds (its packs and the base)", () => {
    const checked = missingLocalNames(app);
    expect(checked.length).toBe(pages.length);
    expect(checked.filter(({ missing }) => missing.length > 0)).toEqual([]);
  });

  it("reads back in Thai every contract text a page's first visit can show (its packs and the base)", () => {
    const checked = missingReadBack(app);
    expect(checked.length).toBe(pages.length);
    expect(checked.filter(({ missing }) => missing.length > 0)).toEqual([]);
  });

  it('holds every page within its budget, gzip and Brotli', () => {
    for (const page of pages) {
      expect(page.budget, `${page.page} has no budget`).not.toBeNull();
      expect(page.gzipBytes / 1024, `${page.page} gzip`).toBeLessThanOrEqual(page.budget!.gzipKb);
      expect(page.brotliBytes / 1024, `${page.page} Brotli`).toBeLessThanOrEqual(page.budget!.brKb);
      expect(page.thai.gzipBytes / 1024, `${page.page} Thai gzip`).toBeLessThanOrEqual(
        page.budget!.thai.gzipKb,
      );
      expect(page.thai.brotliBytes / 1024, `${page.page} Thai Brotli`).toBeLessThanOrEqual(
        page.budget!.thai.brKb,
      );
    }
  });

  it('measures React, the floor of every page, from the build', () => {
    const floor = reactFloor(app.name);
    // React and React DOM, minified: tens of KB, whatever the version; Brotli below gzip.
    expect(floor.gzip / 1024).toBeGreaterThan(40);
    expect(floor.gzip / 1024).toBeLessThan(120);
    expect(floor.br).toBeLessThan(floor.gzip);
    // Every page carries React: its share of the chunks it loads is the floor, give or take
    // how well it compresses beside the code around it.
    for (const page of pages) {
      expect(Math.abs(page.parts.React!.gzip / floor.gzip - 1)).toBeLessThan(0.05);
    }
  });

  it('reports every page in gzip and Brotli, and its ratio to the React floor', () => {
    const floor = reactFloor(app.name);
    for (const page of pages) {
      expect(page.brotliBytes).toBeGreaterThan(0);
      expect(page.brotliBytes).toBeLessThan(page.gzipBytes);
      expect(page.ratio.gzip).toBeCloseTo(page.gzipBytes / floor.gzip, 6);
      expect(page.ratio.br).toBeCloseTo(page.brotliBytes / floor.br, 6);
    }
  });

  it('breaks each first visit into parts that add up to it', () => {
    for (const page of pages) {
      const sum = (encoding: 'gzip' | 'br') =>
        PARTS.reduce((total, part) => total + page.parts[part]![encoding], 0);
      expect(sum('gzip')).toBeCloseTo(page.gzipBytes, 0);
      expect(sum('br')).toBeCloseTo(page.brotliBytes, 0);
      expect(page.parts['app code']!.gzip).toBeGreaterThan(0);
    }
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

  it('names every message by its short id, in the code and in the packs alike', () => {
    expect(wholeMessageIds(app.name)).toEqual([]);
  });

  it('has no cycle of imports between its chunks (each would run before the other is ready)', () => {
    expect(chunkCycles(app.name)).toEqual([]);
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

describe('the login card', () => {
  it('loads neither TanStack Query, axios nor zod on a first visit: it calls only on a submit', () => {
    const login = measureApp(APPS[0]!).find(
      (page) => page.page === 'src/features/login/login-page.tsx',
    );
    expect(login?.files.filter((file) => /\/(tanstack-[a-z-]+|axios|zod)-/.test(file))).toEqual([]);
    expect(login?.parts['TanStack Query']!.gzip).toBe(0);
  });
});

describe('the edit pages', () => {
  it.each([
    [1, 'src/features/edit-patient/edit-patient-page.tsx'],
    [2, 'src/features/edit-employee/edit-employee-page.tsx'],
  ])('load their rules, and zod, after the first paint (%s, %s)', (index, module) => {
    const edit = measureApp(APPS[index]!).find((page) => page.page === module);
    expect(edit?.parts.zod!.gzip).toBe(0);
    expect(edit?.afterPaint.some((file: string) => /\/zod-/.test(file))).toBe(true);
  });
});

describe('the password strength meter', () => {
  const meters = APPS.flatMap((app) =>
    measureMeter(app).map((meter) => ({ app: app.name, ...meter })),
  );

  it('is measured on the register form and on My account in every app', () => {
    expect(meters.map(({ app, page }) => `${app} ${page}`)).toEqual([
      'public-and-patient src/features/login/login-page.tsx',
      'public-and-patient src/features/account/account-page.ts',
      'clinical src/features/account/account-page.ts',
      'hr src/features/account/account-page.ts',
    ]);
  });

  it(`costs a form that shows it at most ${METER_BUDGET_KB} KB gzip`, () => {
    for (const meter of meters) {
      const kb = meter.gzipBytes / 1024;
      expect(kb, `${meter.app} ${meter.page}: ${kb.toFixed(1)} KB`).toBeLessThanOrEqual(
        METER_BUDGET_KB,
      );
      // zxcvbn and the meter's dictionaries are really in what is counted.
      expect(meter.packages).toContain('@zxcvbn-ts/core');
      expect(kb).toBeGreaterThan(20);
    }
  });

  it('brings no full zxcvbn dictionary to the browser: those are the server’s', () => {
    for (const meter of meters) {
      expect(meter.packages.filter((name) => name.startsWith('@zxcvbn-ts/language'))).toEqual([]);
    }
    for (const app of APPS) {
      expect(
        [...bundledSources(app.name)].filter((source) => source.includes('@zxcvbn-ts/language')),
      ).toEqual([]);
    }
  });
});

describe('the parts of a bundle', () => {
  it.each([
    ['../../node_modules/react-dom/cjs/react-dom-client.production.js', 'React'],
    ['../../../main/node_modules/scheduler/index.js', 'React'],
    ['node_modules/react-router/dist/production/chunk.mjs', 'router'],
    ['node_modules/@tanstack/query-core/build/modern/query.js', 'TanStack Query'],
    ['node_modules/axios/lib/axios.js', 'axios'],
    ['node_modules/zod/v4/core/schemas.js', 'zod'],
    ['node_modules/@hookform/resolvers/zod/dist/zod.mjs', 'react-hook-form'],
    ['node_modules/qrcode.react/lib/esm/index.js', 'other packages'],
    ['../../libs/shared/contract/src/lib/patients.ts', 'contract'],
    ['../../libs/shared/ui/src/lib/top-bar.tsx', 'app code'],
    ['../../apps/hr/src/app.tsx', 'app code'],
  ])('counts %s as %s', (source, part) => {
    expect(partOf(source)).toBe(part);
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

describe('the read-back key', () => {
  it("is the i18n library's, on every common catalogue text in both languages and on edge cases", () => {
    const catalogue = (language: string) =>
      Object.values(
        JSON.parse(
          readFileSync(
            new URL(
              `../../../libs/shared/i18n/src/catalogs/${language}/common.json`,
              import.meta.url,
            ),
            'utf8',
          ),
        ) as Record<string, string>,
      );
    const texts = [
      ...catalogue('en'),
      ...catalogue('th'),
      '',
      'a',
      'x'.repeat(5000),
      '\u{1F600} ผู้ป่วย {name}',
    ];
    for (const text of texts) expect(textKey(text), text).toBe(i18nTextKey(text));
  });
});
