import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { createPatient, logInThroughPage, registerAccount } from './support';

const OLD_PASSWORD = 'patient-password-2026';
const NEW_PASSWORD = 'Tamarind-Monsoon-Lantern-42';

/** The first worker's server keeps its mails here (no SMTP_URL: tools/e2e-server.mjs). */
const OUTBOX = join(
  process.env.E2E_DATA_DIR ?? fileURLToPath(new URL('../../../tmp/e2e-data', import.meta.url)),
  'outbox',
);

/** The reset link of the newest mail to `to` in the outbox (waits for the mail to be written). */
async function resetLinkTo(to: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const names = (await readdir(OUTBOX).catch(() => [] as string[])).sort();
        for (const name of names.reverse()) {
          const mail = JSON.parse(await readFile(join(OUTBOX, name), 'utf8')) as {
            to: string;
            text: string;
          };
          if (mail.to !== to) continue;
          link = /(http\S+\/password-reset#token=[A-Za-z0-9_-]{43})/.exec(mail.text)?.[1];
          if (link) return true;
        }
        return false;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return new URL(link!).pathname + new URL(link!).hash;
}

test('a patient resets a forgotten password from the mailed link, which works once', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request);
  const username = await registerAccount(request, {
    role: 'patient',
    id: patient.patientId,
    code: patient.code,
    password: OLD_PASSWORD,
  });

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/password-reset$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Forgot your password?');
  await page.getByRole('textbox', { name: 'Username' }).fill(username);
  await page.getByRole('button', { name: 'Send the link' }).click();
  await expect(page.getByText(`If ${username} is an account of ours`)).toBeVisible();

  const link = await resetLinkTo(patient.email);
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Choose a new password');
  await page.getByRole('textbox', { name: 'New password' }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText(/Your password is changed/)).toBeVisible();
  // The spent token has left the address.
  expect(new URL(page.url()).hash).toBe('');

  // The old password no longer opens the account; the new one does.
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').first().fill(OLD_PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Wrong Username or Password')).toBeVisible();
  await logInThroughPage(page, username, NEW_PASSWORD);
  await expect(page).toHaveURL(/\/patient-profile$/);

  // The same link again is refused, and offers a new one.
  await page.goto(link);
  await page.getByRole('textbox', { name: 'New password' }).fill('Another-Lantern-Monsoon-77');
  await page.getByRole('button', { name: 'Set the new password' }).click();
  await expect(page.getByText('This link is no longer valid. Ask for a new one.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
    'href',
    '/password-reset',
  );
});

test('the reset page reads in Thai, and a link no longer valid is refused in Thai', async ({
  page,
}) => {
  await page.goto('/password-reset');
  await page.getByRole('combobox', { name: 'Language' }).selectOption('th');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ลืมรหัสผ่าน?');
  await page.goto(`/password-reset#token=${'A'.repeat(43)}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ตั้งรหัสผ่านใหม่');
  await page.getByRole('textbox', { name: 'รหัสผ่านใหม่' }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'บันทึกรหัสผ่านใหม่' }).click();
  await expect(page.getByText('ลิงก์นี้ใช้ไม่ได้แล้ว กรุณาขอลิงก์ใหม่')).toBeVisible();
});
