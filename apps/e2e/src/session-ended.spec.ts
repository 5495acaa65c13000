import { expect, test } from '@playwright/test';
import { ROUTES, SESSION_SIGNED_OUT_MESSAGE, STORAGE_KEYS } from '@portal/contract';
import { closeElsewhere, logInThroughPage } from './support';

test('a session ended elsewhere shows “signed out” in its tab within 5 s, without a click', async ({
  browser,
}) => {
  // One session open in two browsers (two profiles: no shared storage, no storage event), as a
  // nurse's session left open on a ward computer while she ends it from another.
  const ward = await browser.newContext();
  const elsewhere = await browser.newContext();
  try {
    const wardPage = await ward.newPage();
    await logInThroughPage(wardPage, 'demo.doctor');
    await expect(wardPage).toHaveURL(/\/patients-management\/add-patient$/);
    const [token, role] = await wardPage.evaluate(
      (keys) => [localStorage.getItem(keys.token), localStorage.getItem(keys.role)],
      STORAGE_KEYS,
    );

    const otherPage = await elsewhere.newPage();
    await otherPage.goto('/');
    await otherPage.evaluate(
      ({ keys, t, r }) => {
        localStorage.setItem(keys.token, t ?? '');
        localStorage.setItem(keys.role, r ?? '');
      },
      { keys: STORAGE_KEYS, t: token, r: role },
    );
    await otherPage.goto(ROUTES.searchPatient);
    await expect(otherPage.getByText(/^Showing \d+ of \d+ patients$/)).toBeVisible();

    await test.step('the session ends on the ward computer (Logout)', async () => {
      await wardPage.getByRole('button', { name: 'Logout' }).first().click();
      await expect(wardPage).toHaveURL(/:\d+\/$/);
    });

    await test.step('the other browser’s tab clears the patients and says why within 5 s', async () => {
      const ended = Date.now();
      await expect(otherPage.getByText(SESSION_SIGNED_OUT_MESSAGE)).toBeVisible({
        timeout: 5_000,
      });
      expect(Date.now() - ended).toBeLessThanOrEqual(5_000);
      await expect(otherPage).toHaveURL(/:\d+\/$/);
      await expect(otherPage.getByText(/^Showing \d+ of \d+ patients$/)).toHaveCount(0);
      expect(
        await otherPage.evaluate((keys) => localStorage.getItem(keys.token), STORAGE_KEYS),
      ).toBeNull();
    });
  } finally {
    await Promise.all([closeElsewhere(ward), closeElsewhere(elsewhere)]);
  }
});
