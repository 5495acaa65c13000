import http from 'node:http';
import { expect, test } from '@playwright/test';
import { createPatient, DEMO_PASSWORD, logInThroughPage, unique } from './support';

test.describe('the landing page', () => {
  test('shows the hero, counts up to its figures, and scrolls to the system info', async ({
    page,
  }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The counters start at 0 and reach their figures within the spec's 2 seconds.
    const figures = page.getByRole('definition');
    await expect(figures.nth(0)).toContainText('50+', { timeout: 4000 });
    await expect(figures.nth(1)).toContainText('21M');
    await expect(figures.nth(2)).toContainText('100%');
    await expect(page.getByText('years of trusted care')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));

    await page.getByRole('button', { name: 'System Info' }).click();
    const features = page.getByRole('heading', {
      name: 'One system for everyone who keeps you well',
    });
    await expect(features).toBeInViewport();
    await expect(features).toBeFocused();
  });

  test('sends a visitor who is not signed in from Our System and Access the System to /login', async ({
    page,
  }) => {
    await page.goto('/');
    await page.getByRole('link', { name: 'Our System' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Access the System' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();
  });
});

test.describe('a patient', () => {
  test('registers with an activation code, logs in, and sees their own record', async ({
    page,
    request,
  }) => {
    const patient = await createPatient(request);
    const username = `araya.${unique()}`;
    const password = 'a-long-and-private-passphrase';

    await page.goto('/login');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').first().fill(password);
    await expect(page.getByLabel('Role')).toHaveValue('patient');
    await page.getByPlaceholder('Employee ID/Patient ID').fill(patient.patientId);
    await page.getByLabel('Activation code').fill(patient.code);
    await page.getByRole('button', { name: 'Register', exact: true }).last().click();
    await expect(page.getByText('Registration successful! Please login.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Login' })).toBeVisible();

    await logInThroughPage(page, username, password);
    await expect(page).toHaveURL(/\/patient-profile$/);
    await expect(page.getByRole('heading', { name: 'MyInfo' })).toBeVisible();
    await expect(page.getByText(patient.patientId, { exact: true })).toBeVisible();
    await expect(page.getByText(patient.last_name, { exact: true })).toBeVisible();
    await expect(page.getByText('asthma inhaler')).toBeVisible();
    await expect(page.getByText('ibuprofen')).toBeVisible();
    await expect(page.getByText('influenza')).toBeVisible();
    await expect(page.getByText('No medical history available')).toBeVisible();
    await expect(page.getByText('No appointment')).toBeVisible();
    await expect(page.getByText('Help Desk')).toBeVisible();
  });

  test('is told when the activation code is wrong, and keeps what was typed', async ({
    page,
    request,
  }) => {
    const patient = await createPatient(request);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await page.getByLabel('Username').fill(`wrong.${unique()}`);
    await page.getByLabel('Password').first().fill('a-long-and-private-passphrase');
    await page.getByPlaceholder('Employee ID/Patient ID').fill(patient.patientId);
    await page.getByLabel('Activation code').fill('AAAA-BBBB-CCCC');
    await page.getByRole('button', { name: 'Register', exact: true }).last().click();
    await expect(
      page.getByText(/do not match a record waiting for registration/).first(),
    ).toBeVisible();
    await expect(page.getByPlaceholder('Employee ID/Patient ID')).toHaveValue(patient.patientId);
  });

  test('sees the red message for a wrong password', async ({ page }) => {
    await page.goto('/login');
    await page.getByLabel('Username').fill('demo.patient');
    await page.getByLabel('Password').first().fill('not-the-right-password');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByText('Wrong Username or Password')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('keeps the device cookie of a login and sends it with the next login, without code of its own', async ({
    page,
    context,
  }) => {
    await logInThroughPage(page, 'demo.patient');
    const deviceCookie = async () =>
      (await context.cookies()).find((c) => c.name === 'portal_device');
    const first = await deviceCookie();
    // HttpOnly and SameSite=Strict, for the login calls only; not Secure on the demo's plain HTTP.
    expect(first).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: '/api/login',
      secure: false,
    });
    expect(await page.evaluate(() => document.cookie)).not.toContain('portal_device');

    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    const sent = page.waitForRequest(
      (r) => r.url().endsWith('/api/login') && r.method() === 'POST',
    );
    await logInThroughPage(page, 'demo.patient');
    // The apps' axios sends it on the same origin (no withCredentials needed), and keeps the new one.
    expect((await (await sent).allHeaders())['cookie']).toContain(`portal_device=${first!.value}`);
    expect((await deviceCookie())?.value).not.toBe(first!.value);
  });

  test('signs in from new browsers (no device cookie) during a flood of logins, solving the proof of work unseen', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(420_000);
    // 60 connections of guesses for made-up names, each from a new loopback address (which no
    // per-address limit stops), for as long as the browsers are signing in (at most 6 minutes).
    const target = new URL(baseURL!);
    const floodStatuses: number[] = [];
    let flooding = true;
    const stopAt = Date.now() + 360_000;
    const n = unique();
    let sent = 0;
    const guess = (i: number) =>
      new Promise<number>((resolve) => {
        const body = JSON.stringify({ username: `nobody${n}x${i}`, password: 'not-the-pass-123' });
        const request = http.request(
          {
            host: target.hostname,
            port: target.port,
            method: 'POST',
            path: '/api/login',
            localAddress: `127.${1 + ((i >> 16) & 0x7f)}.${(i >> 8) & 0xff}.${i & 0xff}`,
            agent: false,
            headers: { 'content-type': 'application/json', accept: 'application/json' },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', () => resolve(0));
        request.end(body);
      });
    const attackers = Array.from({ length: 60 }, async () => {
      while (flooding && Date.now() < stopAt) floodStatuses.push(await guess(sent++));
    });
    try {
      // The flood has filled the pool once a guess is refused.
      await expect.poll(() => floodStatuses.includes(503), { timeout: 60_000 }).toBe(true);
      const outcomes: string[] = [];
      let challenges = 0;
      for (let attempt = 0; attempt < 5; attempt += 1) {
        // A new browser each time: no device cookie, as a new phone or a cleared browser.
        const context = await browser.newContext();
        const page = await context.newPage();
        page.on('response', (response) => {
          if (response.url().endsWith('/api/login') && response.status() === 503) {
            void response.json().then(
              (problem: { challenge?: unknown }) => problem.challenge && (challenges += 1),
              () => undefined,
            );
          }
        });
        await page.goto('/login');
        await page.getByLabel('Username').fill('demo.patient');
        await page.getByLabel('Password').first().fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Login' }).click();
        // The spec's words: success, or the server's refusal; nothing else is ever shown.
        const success = page.getByText('Login successful! Redirecting...');
        const busy = page.getByText(
          'The server is busy signing people in. Please try again in a moment.',
        );
        await expect(success.or(busy)).toBeVisible({ timeout: 70_000 });
        outcomes.push((await success.isVisible()) ? 'in' : 'busy');
        await context.close();
      }
      console.info(
        `new browsers during the flood: ${outcomes.join(', ')}; ${challenges} proofs of work; flood ${sent} guesses`,
      );
      expect(outcomes.filter((o) => o === 'in').length).toBeGreaterThanOrEqual(4);
      // They were asked for proofs: the flood did keep the queue for unknown browsers full.
      expect(challenges).toBeGreaterThan(0);
    } finally {
      flooding = false;
      await Promise.all(attackers);
    }
    // The guesses were refused, not let through: none got in, and most found the pool full.
    expect(floodStatuses.filter((s) => s === 200)).toEqual([]);
    expect(floodStatuses.filter((s) => s === 503).length).toBeGreaterThan(floodStatuses.length / 2);
  });

  test('logs out from the top bar and returns to /', async ({ page }) => {
    await logInThroughPage(page, 'demo.patient');
    await expect(page).toHaveURL(/\/patient-profile$/);
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(
      await page.evaluate(() => [
        localStorage.getItem('myApp_authToken'),
        localStorage.getItem('myApp_userRole'),
      ]),
    ).toEqual([null, null]);
    // The old session is gone: MyInfo now sends the visitor home.
    await page.goto('/patient-profile');
    await expect(page).toHaveURL(/\/$/);
  });

  test('is logged out with “Token expired” when the session runs out', async ({ page }) => {
    await page.clock.install();
    await logInThroughPage(page, 'demo.patient');
    await expect(page.getByRole('heading', { name: 'MyInfo' })).toBeVisible();
    // Nobody touches the page for 31 minutes: the 30-minute token is not renewed and ends.
    await page.clock.fastForward('31:00');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Token expired')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('myApp_authToken'))).toBeNull();
  });

  test('is sent to the landing page from a page for another role', async ({ page }) => {
    await logInThroughPage(page, 'demo.patient');
    await expect(page).toHaveURL(/\/patient-profile$/);
    await page.goto('/employees-management/add-employee');
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('the menu opens, lists System and Login, and closes when a link is chosen', async ({
    page,
  }) => {
    await page.goto('/');
    const toggle = page.getByRole('button', { name: /menu/i });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const menu = page.getByRole('navigation', { name: 'Main' });
    await expect(menu.getByRole('link', { name: 'Login' })).toBeVisible();
    await menu.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // No horizontal scrolling at 360 px.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  test('a signed-in patient can log out from the menu', async ({ page }) => {
    await logInThroughPage(page, 'demo.patient');
    await expect(page).toHaveURL(/\/patient-profile$/);
    await page.getByRole('button', { name: /menu/i }).click();
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await expect(page).toHaveURL(/\/$/);
  });
});
