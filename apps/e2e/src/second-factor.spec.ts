import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { MESSAGES, TOTP_STEP_SECONDS, totpCode } from '@portal/contract';
import { DEMO_PASSWORD, unique, uniqueEmployeeId } from './support';

/** The second server of the run (playwright.config.ts): STAFF_MFA=required, as in production. */
const MFA_BASE_URL = `http://127.0.0.1:${Number(process.env['E2E_PORT'] ?? 4310) + 1000}`;
const PASSWORD = 'a-long-and-private-passphrase';

test.use({ baseURL: MFA_BASE_URL });

/** The code an authenticator app shows `steps` steps from now. */
const codeAt = (secret: string, steps = 0) =>
  totpCode(secret, Date.now() + steps * TOTP_STEP_SECONDS * 1000);

/**
 * An HR demo account enrols its own second factor through the API (the policy sends it there
 * first); returns the headers of its session.
 */
async function enrolledHrSession(request: APIRequestContext, username: string) {
  const login = await request.post('/api/login', {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(login.status()).toBe(200);
  const answer = (await login.json()) as {
    token?: string;
    mfa_setup_required?: boolean;
    mfa_required?: boolean;
  };
  // The run's database is fresh: demo HR has no second factor yet, so is sent to enrol.
  expect(answer.mfa_setup_required).toBe(true);
  const headers = { authorization: `Bearer ${answer.token!}` };
  // Until a second factor is on, HR's session reaches nothing else.
  expect((await request.get('/api/employee?limit=1', { headers })).status()).toBe(403);
  // The set-up asks for the password again: the session's token alone cannot enrol a factor.
  expect((await request.post('/api/mfa/setup', { headers, data: {} })).status()).toBe(400);
  const setup = await request.post('/api/mfa/setup', {
    headers,
    data: { password: DEMO_PASSWORD },
  });
  expect(setup.status()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await request.post('/api/mfa/confirm', {
    headers,
    data: { code: await codeAt(secret) },
  });
  expect(confirm.status()).toBe(200);
  return headers;
}

/**
 * Demo HR adds a nurse, and demo.hr2, the second HR person, approves her access (each enrolling
 * its second factor first); returns the nurse's id and activation code.
 */
async function hrAddsNurse(request: APIRequestContext) {
  const headers = await enrolledHrSession(request, 'demo.hr');
  const n = unique();
  const added = await request.post('/api/employee/add-employee', {
    headers,
    data: {
      employee_id: uniqueEmployeeId(),
      first_name: 'Pimchanok',
      last_name: `Second${n}`,
      position_id: 'P002',
      phone_number: '0815556666',
      salary: 39000,
      email: `pimchanok${n}@gmail.com`,
      hire_date: '2025-03-01',
    },
  });
  expect(added.status()).toBe(201);
  const nurse = (await added.json()) as { employee_id: string; activation_code: string };
  const approved = await request.post(`/api/employee/${nurse.employee_id}/approve-access`, {
    headers: await enrolledHrSession(request, 'demo.hr2'),
    data: { position_id: 'P002' },
  });
  expect(approved.status()).toBe(200);
  return nurse;
}

async function passwordStep(page: Page, username: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').first().fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

async function arrivesInClinicalApp(page: Page) {
  await expect(page.getByText(MESSAGES.loginSuccess)).toBeVisible();
  await expect(page).toHaveURL(/\/patients-management\/add-patient$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
}

test('a new nurse is sent to set up two-step verification, then signs in with a code from the app', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const nurse = await hrAddsNurse(request);
  const username = `nurse.mfa.${unique()}`;
  let secret = '';
  let recoveryCodes: string[] = [];

  await test.step('the nurse registers with the activation code', async () => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').first().fill(PASSWORD);
    await page.getByLabel(/^Role/).selectOption({ label: 'Medical Personnel' });
    await page.getByPlaceholder('Employee ID/Patient ID').fill(nurse.employee_id);
    await page.getByLabel(/^Activation code/).fill(nurse.activation_code);
    await page.getByRole('button', { name: 'Register', exact: true }).last().click();
    await expect(page.getByText(MESSAGES.registrationSuccess)).toBeVisible();
  });

  await test.step('after the password: the password again, then the QR code and the key, in the same card', async () => {
    await passwordStep(page, username);
    await expect(
      page.getByRole('heading', { level: 2, name: 'Set up two-step verification' }),
    ).toBeVisible();
    await page.getByLabel('Current password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(
      page.getByRole('img', { name: 'QR code for your authenticator app' }),
    ).toBeVisible();
    const key = page.getByText('Key to type:').locator('xpath=following-sibling::p[1]');
    secret = ((await key.textContent()) ?? '').replace(/\s/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // Nothing is signed in yet.
    expect(await page.evaluate(() => localStorage.length)).toBe(0);
  });

  await test.step('the first code turns it on; ten recovery codes, then the usual login', async () => {
    await page.getByRole('textbox', { name: /^6-digit code/ }).fill(await codeAt(secret));
    await page.getByRole('button', { name: 'Turn on' }).click();
    const list = page.getByRole('list', { name: 'Recovery codes' });
    await expect(list.getByRole('listitem')).toHaveCount(10);
    recoveryCodes = await list.getByRole('listitem').allTextContents();
    await page.getByRole('button', { name: 'Continue' }).click();
    await arrivesInClinicalApp(page);
  });

  await test.step('logs out; the next login asks for the code, and a computed one signs in', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await passwordStep(page, username);
    const code = page.getByRole('textbox', { name: /^6-digit code/ });
    await expect(code).toBeVisible();
    // The next step's code: the one used at enrolment is spent, and ±1 step is accepted.
    await code.fill(await codeAt(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    await arrivesInClinicalApp(page);
  });

  await test.step('without the phone: a recovery code signs in, once', async () => {
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
    await passwordStep(page, username);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByRole('textbox', { name: /^Recovery code/ }).fill(recoveryCodes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await arrivesInClinicalApp(page);
  });
});
