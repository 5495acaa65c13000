import { expect, type Page, test } from '@playwright/test';
import { ROUTES } from '@portal/contract';
import { APPS, measureApp } from '../../../tools/bundle-budget.mjs';
import { DEMO, signInWithToken } from './quality-support';

/**
 * The bundle budgets (tools/bundle-budget) are computed from the build's manifest. These
 * tests check that model against the browser: a first visit to each app's first page fetches
 * exactly the JavaScript files the budget counts — no more (a chunk the model misses would
 * escape the budget), no fewer (the page is split as the model says) — and, once the network is
 * idle, the form's rules the model says it fetches after the first paint.
 */

/** The JavaScript files (paths under the app's build) the page fetched until the network idled. */
async function javascriptFetched(page: Page, path: string, base: string): Promise<string[]> {
  const files = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js') && pathname.startsWith(base)) {
      files.add(pathname.slice(base.length));
    }
  });
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  return [...files].sort();
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
  return [...first.files, ...(first.afterPaint as string[])].sort();
}

test('a first visit to / fetches exactly the JavaScript its budget counts', async ({ page }) => {
  const fetched = await javascriptFetched(page, ROUTES.home, '/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(fetched).toEqual(counted('public-and-patient'));
});

test('a first visit to /login fetches exactly what the size table counts, no query client', async ({
  page,
}) => {
  const fetched = await javascriptFetched(page, ROUTES.login, '/');
  await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
  expect(fetched).toEqual(counted('public-and-patient', 'src/features/login/login-page.tsx'));
  // No query client and no API layer until a submit (zod comes when idle, with the form's rules).
  expect(fetched.filter((file) => /tanstack|axios|http-|answers-/.test(file))).toEqual([]);
});

test('a first visit to the clinical app fetches exactly what its budget counts', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO.doctor);
  const fetched = await javascriptFetched(page, ROUTES.addPatient, '/patients-management/');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
  expect(fetched).toEqual(counted('clinical'));
});

test('a first visit to the HR app fetches exactly what its budget counts', async ({
  page,
  request,
}) => {
  await signInWithToken(page, request, DEMO.hr);
  const fetched = await javascriptFetched(page, ROUTES.addEmployee, '/employees-management/');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Employee' })).toBeVisible();
  expect(fetched).toEqual(counted('hr'));
});
