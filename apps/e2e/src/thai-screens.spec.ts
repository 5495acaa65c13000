import { expect, test } from '@playwright/test';
import { EMPLOYEE_SECTION_LINKS, PATIENT_SECTION_LINKS, ROUTES } from '@portal/contract';
import { LOCALE_STORAGE_KEY } from '@portal/reference-data';
import {
  axeFindings,
  DEMO,
  measureOverflow,
  measureOverlaps,
  signInWithToken,
  VIEWPORTS,
} from './quality-support';
import {
  closeElsewhere,
  createEmployee,
  logInThroughPage,
  registerAccount,
  unique,
} from './support';

/**
 * Every route of the three apps in Thai, as a Thai reader sees it: `<html lang="th">`, its
 * heading in Thai script, no WCAG 2.2 AA finding from axe, and at a phone's, a tablet's and a
 * laptop's width nothing wider than the window and no two controls on top of each other (Thai
 * words are long and have no spaces to break at).
 */

test.describe.configure({ timeout: 120_000 });

const THAI = /[\u0E00-\u0E7F]/;

const ROUTE_CASES: { name: string; path: string; user?: string }[] = [
  { name: 'home', path: ROUTES.home },
  { name: 'login', path: ROUTES.login },
  { name: 'MyInfo', path: ROUTES.patientProfile, user: DEMO.patient },
  ...PATIENT_SECTION_LINKS.map((link) => ({ name: link.to, path: link.to, user: DEMO.doctor })),
  ...EMPLOYEE_SECTION_LINKS.map((link) => ({ name: link.to, path: link.to, user: DEMO.hr })),
];

for (const route of ROUTE_CASES) {
  test(`${route.name} reads in Thai, accessible and within 360, 768 and 1280 px`, async ({
    page,
    request,
  }) => {
    await page.addInitScript((key) => localStorage.setItem(key, 'th'), LOCALE_STORAGE_KEY);
    await page.setViewportSize(VIEWPORTS[0]);
    if (route.user) await signInWithToken(page, request, route.user);
    await page.goto(route.path);
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page).toHaveTitle(THAI);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(THAI);
    await expect(page.getByRole('combobox', { name: 'ภาษา' })).toHaveValue('th');
    // The page's calls answered: nothing says it is still loading.
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

    expect(await axeFindings(page), `${route.path} in Thai`).toEqual([]);
    for (const viewport of VIEWPORTS) {
      const size = `${viewport.width}x${viewport.height}`;
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));
      const overflow = await page.evaluate(measureOverflow);
      expect
        .soft(overflow.tooWide, `${route.path} in Thai at ${size}: wider than the window`)
        .toEqual([]);
      expect
        .soft(await page.evaluate(measureOverlaps), `${route.path} in Thai at ${size}: overlaps`)
        .toEqual([]);
    }
  });
}

test('a nurse who chose Thai on the ward computer gets Thai after logging in on another', async ({
  browser,
  request,
}) => {
  const PASSWORD = 'a-long-and-private-passphrase';
  const nurse = await createEmployee(request);
  const username = `nurse.thai.${unique()}`;
  await registerAccount(request, {
    role: 'medical_personnel',
    id: nurse.employeeId,
    code: nurse.code!,
    password: PASSWORD,
    username,
  });

  // The ward computer: she signs in and chooses ไทย in the top bar.
  const ward = await browser.newContext({ locale: 'en-US' });
  try {
    const wardPage = await ward.newPage();
    await logInThroughPage(wardPage, username, PASSWORD);
    await expect(wardPage).toHaveURL(/\/patients-management\//);
    const saved = wardPage.waitForResponse(
      (response) => response.url().endsWith('/api/account/locale') && response.status() === 204,
    );
    await wardPage.getByRole('combobox', { name: 'Language' }).selectOption('th');
    await saved;
  } finally {
    await closeElsewhere(ward);
  }

  // Another computer, whose browser speaks English: the login page in English, then Thai.
  const other = await browser.newContext({ locale: 'en-US' });
  try {
    const page = await other.newPage();
    await logInThroughPage(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/patients-management\//);
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(THAI);
    await expect(page.getByRole('combobox', { name: 'ภาษา' })).toHaveValue('th');
  } finally {
    await closeElsewhere(other);
  }
});
