import { readFile } from 'node:fs/promises';
import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  accountPath,
  MESSAGES,
  ROUTES,
  SESSION_SIGNED_OUT_MESSAGE,
  TOTP_STEP_SECONDS,
  totpCode,
} from '@portal/contract';
import {
  closeElsewhere,
  createEmployee,
  createPatient,
  logInThroughPage,
  registerAccount,
  unique,
} from './support';

const PASSWORD = 'a-long-and-private-passphrase';
const NEW_PASSWORD = 'lantern-orchid-gravel-19';

/** The code an authenticator app shows `steps` steps from now. */
const codeAt = (secret: string, steps = 0) =>
  totpCode(secret, Date.now() + steps * TOTP_STEP_SECONDS * 1000);

/** A browser of its own (a ward computer), signed in as the clinician; its page. */
async function signedInElsewhere(browser: Browser, username: string, password: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await logInThroughPage(page, username, password);
  await expect(page).toHaveURL(/\/patients-management\//);
  return page;
}

/** The session token a signed-in page holds. */
const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('myApp_authToken'));

test('a patient turns on two-step verification from My account, and prints and downloads the recovery codes', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await createPatient(request);
  const username = `patient.account.${unique()}`;
  await registerAccount(request, {
    role: 'patient',
    id: patient.patientId,
    code: patient.code,
    password: PASSWORD,
    username,
  });
  let secret = '';
  let codes: string[] = [];

  await test.step('from MyInfo to My account', async () => {
    await logInThroughPage(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/patient-profile$/);
    await page.getByRole('link', { name: /^My account/ }).click();
    await expect(page).toHaveURL(new RegExp(`${ROUTES.account}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    await expect(page.getByText(`Signed in as ${username} (Patient)`)).toBeVisible();
  });

  const card = page.getByRole('region', { name: 'Two-step verification' });

  await test.step('turns it on: the password again, the key, the first code', async () => {
    await card.getByRole('button', { name: 'Turn on two-step verification' }).click();
    await card.getByLabel('Current password').fill(PASSWORD);
    await card.getByRole('button', { name: 'Continue' }).click();
    await expect(
      card.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const key = card.getByText('Key to type:').locator('xpath=following-sibling::p[1]');
    secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    await card.getByRole('textbox', { name: /^6-digit code/ }).fill(await codeAt(secret));
    await card.getByRole('button', { name: 'Turn on' }).click();
    const list = card.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    codes = await list.getByRole('listitem').allTextContents();
  });

  await test.step('prints the codes on a sheet of their own', async () => {
    await page.evaluate(() => {
      (window as unknown as { printed: number }).printed = 0;
      window.print = () => {
        (window as unknown as { printed: number }).printed += 1;
      };
    });
    await card.getByRole('button', { name: 'Print codes' }).click();
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
    // What the printer gets: the sheet with every code, and nothing of the page around it.
    await page.emulateMedia({ media: 'print' });
    const sheet = page.locator('[data-print-handout]');
    await expect(sheet).toBeVisible();
    for (const code of codes) await expect(sheet).toContainText(code);
    await expect(sheet).toContainText(`Account: ${username}`);
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(sheet).toBeHidden();
  });

  await test.step('downloads them as a text file', async () => {
    const downloading = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download as a text file' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('recovery-codes.txt');
    const text = await readFile(await download.path(), 'utf8');
    for (const code of codes) expect(text).toContain(code);
    expect(text).toContain(`Account: ${username}`);
  });

  await test.step('done: it is on, and the next login asks for a code', async () => {
    await card.getByRole('button', { name: 'Done' }).click();
    await expect(
      card.getByText(/^Two-step verification is on\. From your next login/),
    ).toBeVisible();
    await expect(
      card.getByText('Two-step verification is on. 10 recovery codes left.'),
    ).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/login');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').first().fill(PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    // The code that turned it on is spent: the next step's is accepted.
    await page.getByRole('textbox', { name: /^6-digit code/ }).fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
    await expect(page).toHaveURL(/\/patient-profile$/);
  });
});

test('a nurse changes her password in My account: her other session ends on its screen within 5 s, this one stays; a session she signs out from My account does the same', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const nurse = await createEmployee(request);
  const username = `nurse.account.${unique()}`;
  await registerAccount(request, {
    role: 'medical_personnel',
    id: nurse.employeeId,
    code: nurse.code!,
    password: PASSWORD,
    username,
  });
  const ward = await signedInElsewhere(browser, username, PASSWORD);
  const wardToken = await tokenOf(ward);
  // The ward computer shows patients, as it would when she walks away from it.
  await ward.goto(ROUTES.searchPatient);
  await expect(ward.getByText(/^Showing \d+ of \d+ patients$/)).toBeVisible();

  await test.step('My account, in the clinical app', async () => {
    await logInThroughPage(page, username, PASSWORD);
    // The session is stored after the spec's second of "Redirecting...", on the way in.
    await expect(page).toHaveURL(/\/patients-management\/add-patient$/);
    await page.goto(accountPath('clinical'));
    await expect(page.getByRole('heading', { level: 1, name: 'My account' })).toBeVisible();
    const sessions = page.getByRole('table', { name: 'Open sessions' });
    await expect(sessions.getByRole('row')).toHaveCount(3);
    await expect(sessions.getByText('(this session)')).toBeVisible();
  });

  await test.step('a wrong current password is refused and kept', async () => {
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill('not-my-password-at-all');
    await form.getByLabel('New password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Your password was not changed')).toBeVisible();
    await expect(form.getByLabel('Current password')).toHaveValue('not-my-password-at-all');
  });

  await test.step('the right one changes it and signs the ward computer out', async () => {
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Current password').fill(PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await expect(
      page.getByText(/^Your password has been changed\. 1 other session was signed out\./),
    ).toBeVisible();
    const changed = Date.now();
    await expect(page.getByText('You are signed in here only.')).toBeVisible();
    // The ward computer's tab learns it without a click, says why and clears the patients.
    await expect(ward.getByText(SESSION_SIGNED_OUT_MESSAGE)).toBeVisible({ timeout: 5_000 });
    expect(Date.now() - changed).toBeLessThanOrEqual(5_000);
    await expect(ward.getByText(/^Showing \d+ of \d+ patients$/)).toHaveCount(0);
    const refused = await request.get('/api/profile', {
      headers: { authorization: `Bearer ${wardToken}` },
    });
    expect(refused.status()).toBe(401);
    // This session carries on.
    const token = await tokenOf(page);
    const profile = await request.get('/api/profile', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.status()).toBe(200);
  });

  await test.step('she signs the ward computer in again, then signs that session out from My account', async () => {
    const again = await signedInElsewhere(browser, username, NEW_PASSWORD);
    try {
      await again.goto(ROUTES.searchPatient);
      await expect(again.getByText(/^Showing \d+ of \d+ patients$/)).toBeVisible();
      await page.reload();
      const sessions = page.getByRole('table', { name: 'Open sessions' });
      // The header, this session and the ward computer's.
      await expect(sessions.getByRole('row')).toHaveCount(3);
      await sessions.getByRole('button', { name: /^Sign out / }).click();
      const ended = Date.now();
      await expect(sessions.getByRole('row')).toHaveCount(2);
      await expect(again.getByText(SESSION_SIGNED_OUT_MESSAGE)).toBeVisible({ timeout: 5_000 });
      expect(Date.now() - ended).toBeLessThanOrEqual(5_000);
      await expect(again.getByText(/^Showing \d+ of \d+ patients$/)).toHaveCount(0);
    } finally {
      await closeElsewhere(again.context());
    }
  });

  await test.step('the new password signs in; the old one no longer does', async () => {
    const old = await request.post('/api/login', { data: { username, password: PASSWORD } });
    expect(old.status()).toBe(401);
    const fresh = await request.post('/api/login', { data: { username, password: NEW_PASSWORD } });
    expect(fresh.status()).toBe(200);
  });
  await closeElsewhere(ward.context());
});
