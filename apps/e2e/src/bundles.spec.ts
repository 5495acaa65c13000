import { expect, type Page, test } from '@playwright/test';
import { ROUTES } from '@portal/contract';
import { LOCALE_STORAGE_KEY } from '@portal/reference-data';
import { APPS, catalogueFiles, measureApp } from '../../../tools/bundle-budget.mjs';
import { DEMO, signInWithToken } from './quality-support';

/**
 * The bundle budgets (tools/bundle-budget) are computed from the build's manifest. These
 * tests check that model against the browser: a first visit to each app's first page fetches
 * exactly the JavaScript files the budget counts — no more (a chunk the model misses would
 * escape the budget), no fewer (the page is split as the model says) — and, once the network is
 * idle, the form's rules the model says it fetches after the first paint.
 */

/**
 * Opens `path` and answers the JavaScript files (paths under the app's build) it fetched, once
 * they are exactly `expected` and the network has then gone quiet (so a file more still fails).
 * What a page fetches when the browser is idle can come after the network's first quiet moment
 * on a busy machine, so the set is polled for until then rather than read at that moment.
 */
async function javascriptFetched(
  page: Page,
  path: string,
  base: string,
  expected: string[],
): Promise<string[]> {
  const files = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js') && pathname.startsWith(base)) {
      files.add(pathname.slice(base.length));
    }
  });
  await page.goto(path);
  const fetched = () => [...files].sort();
  await expect.poll(fetched, { timeout: 20_000 }).toEqual(expected);
  await page.waitForLoadState('networkidle');
  return fetched();
}

/**
 * What the budget counts for a page of the app (its first page unless named), and what that
 * page fetches once idle.
 */
function counted(appName: string, pageModule?: string): string[] {
  const app = APPS.find((candidate) => candidate.name === appName);
  const first =
    app &&
    measureApp(app).find((measured) =>
      pageModule ? measured.page === pageModule : measured.budgeted,
    );
  if (!first) throw new Error(`No page ${pageModule ?? 'budgeted'} for ${appName}`);
  return [...first.files, ...first.afterPaint].sort();
}

test('a first visit to / in Thai fetches exactly what its Thai budget counts, no English catalogue', async ({
  page,
}) => {
  const app = APPS.find((candidate) => candidate.name === 'public-and-patient');
  const landing = app && measureApp(app).find((measured) => measured.budgeted);
  if (!landing) throw new Error('No landing page measured');
  const expected = [...landing.thai.files, ...(landing.thai.afterPaint as string[])].sort();
  await page.addInitScript(
    ([key]) => window.localStorage.setItem(key as string, 'th'),
    [LOCALE_STORAGE_KEY],
  );
  const fetched = await javascriptFetched(page, ROUTES.home, '/', expected);
  await expect(page.locator('html')).toHaveAttribute('lang', 'th');
  expect(fetched).toEqual(expected);
  const english = catalogueFiles('public-and-patient', 'en');
  expect(english.length).toBeGreaterThan(5);
  expect(fetched.filter((file) => english.includes(file))).toEqual([]);
});

test('a first visit to / fetches exactly the JavaScript its budget counts', async ({ page }) => {
  const expected = counted('public-and-patient');
  const fetched = await javascriptFetched(page, ROUTES.home, '/', expected);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(fetched).toEqual(expected);
  // English only: no Thai catalogue, pack or read-back table.
  const thai = catalogueFiles('public-and-patient', 'th');
  expect(fetched.filter((file) => thai.includes(file))).toEqual([]);
});

test('a first visit to /login fetches exactly what the size table counts, no query client', async ({
  page,
}) => {
  const expected = counted('public-and-patient', 'src/features/login/login-page.tsx');
  const fetched = await javascriptFetched(page, ROUTES.login, '/', expected);
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  expect(fetched).toEqual(expected);
  // No query client and no API layer until a submit (zod comes when idle, with the form's rules).
  expect(fetched.filter((file) => /tanstack|axios|http-|answers-/.test(file))).toEqual([]);
});

for (const { app, label, account, path, base, heading } of [
  {
    app: 'clinical',
    label: 'the clinical app',
    account: DEMO.doctor,
    path: ROUTES.addPatient,
    base: '/patients-management/',
    heading: 'Add Patient',
  },
  {
    app: 'hr',
    label: 'the HR app',
    account: DEMO.hr,
    path: ROUTES.addEmployee,
    base: '/employees-management/',
    heading: 'Add Employee',
  },
]) {
  test(`a first visit to ${label} fetches exactly what its budget counts`, async ({
    page,
    request,
  }) => {
    await signInWithToken(page, request, account);
    const expected = counted(app);
    const fetched = await javascriptFetched(page, path, base, expected);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    expect(fetched).toEqual(expected);
  });
}
