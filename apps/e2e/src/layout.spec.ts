import { join } from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { EMPLOYEE_SECTION_LINKS, PATIENT_SECTION_LINKS, ROUTES } from '@portal/contract';
import {
  DEMO,
  measureOverflow,
  measureOverlaps,
  signInWithToken,
  VIEWPORTS,
} from './quality-support';

/**
 * Every route at a phone's, a tablet's and a laptop's width: nothing wider than the window (no
 * sideways scrolling), and no two controls on top of each other. A full-page screenshot of each
 * goes to tmp/e2e-artifacts/screens/<app>-<route>-<width>x<height>.png for a person to look at.
 */

interface RouteCase {
  app: 'public' | 'clinical' | 'hr';
  /** The screenshot's name within its app. */
  name: string;
  path: string;
  user?: string;
  /** Brings the page to its main state, once it has loaded. */
  ready: (page: Page) => Promise<void>;
}

const heading = (name: string | RegExp) => async (page: Page) => {
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
};

/** The name of a section page's route: its last path segment. */
const segment = (path: string) => path.split('/').pop()!;

const CASES: RouteCase[] = [
  { app: 'public', name: 'home', path: ROUTES.home, ready: heading(/Care that knows you/) },
  { app: 'public', name: 'login', path: ROUTES.login, ready: heading('Login') },
  {
    app: 'public',
    name: 'login-register',
    path: ROUTES.login,
    ready: async (page) => {
      await page.getByRole('button', { name: 'Register' }).click();
      await heading('Register')(page);
    },
  },
  { app: 'public', name: 'system', path: ROUTES.system, ready: heading('Login') },
  {
    app: 'public',
    name: 'patient-profile',
    path: ROUTES.patientProfile,
    user: DEMO.patient,
    ready: async (page) => {
      await heading('MyInfo')(page);
      await expect(page.getByRole('heading', { name: 'Medical history' })).toBeVisible();
    },
  },
  { app: 'public', name: 'not-found', path: '/no-such-page', ready: heading('Page not found') },
  ...PATIENT_SECTION_LINKS.map((link): RouteCase => ({
    app: 'clinical',
    name: segment(link.to),
    path: link.to,
    user: DEMO.doctor,
    ready: heading(link.label),
  })),
  ...EMPLOYEE_SECTION_LINKS.map((link): RouteCase => ({
    app: 'hr',
    name: segment(link.to),
    path: link.to,
    user: DEMO.hr,
    ready: heading(link.label),
  })),
  {
    app: 'clinical',
    name: 'not-found',
    path: `${ROUTES.patientsManagement}/no-such-page`,
    ready: heading('Page not found'),
  },
  {
    app: 'hr',
    name: 'not-found',
    path: `${ROUTES.employeesManagement}/no-such-page`,
    ready: heading('Page not found'),
  },
];

// The pages with more in their main state than what first loads.
const MORE: Partial<Record<string, (page: Page) => Promise<void>>> = {
  // A record loaded into the form (its fields enabled).
  [ROUTES.editPatient]: async (page) => {
    const lookup = page.getByRole('form', { name: 'Find a patient' });
    await lookup.getByLabel(/^Patient ID/).fill('P001');
    await lookup.getByRole('button', { name: 'Load patient' }).click();
    await expect(
      page.getByRole('form', { name: 'Edit Patient' }).getByLabel(/^Last Name/),
    ).not.toHaveValue('');
  },
  [ROUTES.editEmployee]: async (page) => {
    const lookup = page.getByRole('form', { name: 'Find an employee' });
    await lookup.getByLabel(/^Employee ID/).fill('E002');
    await lookup.getByRole('button', { name: 'Load employee' }).click();
    await expect(
      page.getByRole('form', { name: 'Edit Employee' }).getByLabel(/^First Name/),
    ).not.toHaveValue('');
  },
  // The list, with the first patient's whole record open (its history table is the widest).
  [ROUTES.searchPatient]: async (page) => {
    await expect(page.getByText(/^Showing \d+ of \d+ patients$/)).toBeVisible();
    await page
      .getByRole('button', { name: /Show full record/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Medical history' })).toBeVisible();
  },
  [ROUTES.searchEmployee]: async (page) => {
    await expect(page.getByText(/^Showing \d+ of \d+ employees$/)).toBeVisible();
  },
  // One picker of each kind, as a record with a disease and an allergy has.
  [ROUTES.addPatient]: async (page) => {
    await page.getByLabel(/^Number of chronic diseases/).fill('1');
    await page.getByLabel(/^Number of drug allergies/).fill('1');
    await expect(page.getByLabel(/^Drug allergy 1/)).toBeVisible();
  },
};

for (const route of CASES) {
  test(`${route.app} ${route.name} (${route.path}) fits 360, 768 and 1280 px`, async ({
    page,
    request,
  }, testInfo) => {
    // The browser's console stays quiet: no "Uncompiled message detected!" (a message shown
    // before its catalogue came) or any other warning the built page prints.
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text().slice(0, 300));
    });
    await page.setViewportSize(VIEWPORTS[0]);
    if (route.user) await signInWithToken(page, request, route.user);
    await page.goto(route.path);
    await route.ready(page);
    await MORE[route.path]?.(page);

    for (const viewport of VIEWPORTS) {
      const size = `${viewport.width}x${viewport.height}`;
      await page.setViewportSize(viewport);
      await page.evaluate(() => window.scrollTo(0, 0));

      const overflow = await page.evaluate(measureOverflow);
      expect
        .soft(
          overflow.scrollWidth,
          `${route.path} at ${size} scrolls sideways; too wide:\n${overflow.tooWide.join('\n')}`,
        )
        .toBeLessThanOrEqual(overflow.width);
      expect.soft(overflow.tooWide, `${route.path} at ${size}: wider than the window`).toEqual([]);
      expect
        .soft(
          await page.evaluate(measureOverlaps),
          `${route.path} at ${size}: overlapping controls`,
        )
        .toEqual([]);

      await page.screenshot({
        path: join(testInfo.project.outputDir, 'screens', `${route.app}-${route.name}-${size}.png`),
        fullPage: true,
      });
    }
    expect.soft(warnings, `${route.path}: the console's warnings`).toEqual([]);
  });
}

test('the layout checks see sideways scrolling and overlapping controls when there are some', async ({
  page,
}) => {
  await page.setViewportSize(VIEWPORTS[0]);
  await page.setContent(`
    <main>
      <div style="width: 500px">A banner too wide for a phone</div>
      <div style="overflow-x: auto"><table style="width: 900px"><tr><td>Scrolls in its box</td></tr></table></div>
      <button style="position: absolute; top: 100px; left: 10px; width: 80px">Save</button>
      <a href="#x" style="position: absolute; top: 110px; left: 60px">Cancel</a>
      <button style="position: absolute; top: 200px; left: 10px; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%)">Hidden</button>
      <button style="position: absolute; top: 200px; left: 10px">Shown</button>
    </main>`);
  const overflow = await page.evaluate(measureOverflow);
  expect(overflow.scrollWidth).toBeGreaterThan(overflow.width);
  expect(overflow.tooWide).toEqual([expect.stringContaining('A banner too wide')]);
  expect(await page.evaluate(measureOverlaps)).toEqual([
    expect.stringMatching(/“Save” and <a #x> “Cancel”/),
  ]);
});
