import { expect, test } from '@playwright/test';
import { apiToken, logInThroughPage } from './support';

/** An instant as the page shows it: `YYYY-MM-DD HH:MM` in the local time zone (the browser's). */
function shownAs(at: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

test.describe('who opened my record', () => {
  test('a patient sees the doctor who opened their record, and when', async ({ page, request }) => {
    // The doctor opens P001's record (the chart's first call).
    const doctorToken = await apiToken(request, 'demo.doctor');
    const before = new Date();
    const opened = await request.get('/api/patient/P001', {
      headers: { authorization: `Bearer ${doctorToken}` },
    });
    expect(opened.status()).toBe(200);
    const after = new Date();

    // The doctor's name, as HR's employee record has it.
    const hrToken = await apiToken(request, 'demo.hr');
    const doctor = (await (
      await request.get('/api/employee/E001', { headers: { authorization: `Bearer ${hrToken}` } })
    ).json()) as { first_name: string; last_name: string };
    const who = `${doctor.first_name} ${doctor.last_name}, medical personnel`;

    await logInThroughPage(page, 'demo.patient');
    await expect(page).toHaveURL(/\/patient-profile$/);
    await expect(page.getByRole('heading', { level: 1, name: 'MyInfo' })).toBeVisible();
    await expect(page.getByText(/^Hello, \S/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Upcoming appointments' })).toBeVisible();

    await page.getByRole('link', { name: 'Who opened my record' }).click();
    await expect(page).toHaveURL(/\/patient-profile\/access$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'Who opened my record' }),
    ).toBeVisible();

    // Newest first: the patient's own visit to MyInfo, then the doctor's reading.
    const rows = page.getByRole('row');
    await expect(rows.nth(1)).toContainText('You');
    const doctorRow = rows.filter({ hasText: who }).filter({ hasText: 'viewed your record' });
    await expect(doctorRow.first()).toBeVisible();
    const when = await doctorRow.first().getByRole('cell').first().textContent();
    expect([shownAs(before), shownAs(after)]).toContain(when);
  });
});
