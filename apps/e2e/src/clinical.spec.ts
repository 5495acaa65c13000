import { expect, type Page, test } from '@playwright/test';
import { daysFromToday, logInThroughPage, openFromSidebar, unique } from './support';

const CODE_PATTERN = /[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;

/** The section's pages, reached as a person would: through the sidebar. */
async function openPage(page: Page, name: string) {
  await openFromSidebar(page, /Patients Management System/, name);
}

/** Opens the full record of the one patient a search by last-name fragment finds. */
async function openRecordByLastName(page: Page, fragment: string, fullName: string) {
  await openPage(page, 'Patient Information');
  await page.getByLabel(/^Last Name/).fill(fragment);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(/^Results for/)).toBeVisible();
  const row = page.getByRole('listitem').filter({ hasText: fullName });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: /Show full record/ }).click();
  return row;
}

test('a doctor adds, finds and updates a patient, who then registers and sees the same record', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const n = unique();
  const patientId = `P${n}`;
  const lastName = `Wattanakul${n}`;
  const fullName = `Nok ${lastName}`;
  const futureDate = daysFromToday(14);
  let code = '';

  await test.step('the doctor signs in and lands on Add Patient', async () => {
    await logInThroughPage(page, 'demo.doctor');
    await expect(page).toHaveURL(/\/patients-management\/add-patient$/);
    await expect(page.getByRole('heading', { name: 'Add Patient' })).toBeVisible();
  });

  await test.step('adds a patient with two chronic diseases and one drug allergy, and gets the activation code', async () => {
    await page.getByLabel(/^Patient ID/).fill(patientId);
    await page.getByLabel(/^ID card number/).fill(`NOK${n}`);
    await page.getByLabel(/^First Name/).fill('Nok');
    await page.getByLabel(/^Last Name/).fill(lastName);
    await page.getByLabel(/^Age/).fill('41');
    await page.getByLabel(/^Date of Birth/).fill(`${new Date().getUTCFullYear() - 41}-01-01`);
    await page.getByLabel(/^Gender/).selectOption('female');
    await page.getByLabel(/^Blood Type/).selectOption('AB');
    await page.getByLabel(/^Email/).fill(`nok${n}@hotmail.com`);
    await page.getByLabel(/^Phone Number/).fill('0891234567');
    await page.getByLabel(/^Address/).fill('12 Silom Road');
    await page
      .getByRole('group', { name: /Health Insurance/ })
      .getByRole('radio', { name: 'Yes' })
      .check();
    await page.getByLabel(/^Ongoing treatment/).fill('metformin twice a day');
    await page.getByLabel(/^Unhealthy habits/).fill('none');
    await page.getByLabel(/^Number of chronic diseases/).fill('2');
    await page.getByLabel(/^Disease 1/).selectOption('I002');
    await page.getByLabel(/^Disease 2/).selectOption('I009');
    await page.getByLabel(/^Number of drug allergies/).fill('1');
    await page.getByLabel(/^Drug allergy 1/).selectOption('R003');
    await page.getByRole('button', { name: 'Done' }).click();

    const notice = page.getByRole('status').filter({ hasText: `Patient ${patientId} added` });
    await expect(notice).toBeVisible();
    code = (await notice.textContent())?.match(CODE_PATTERN)?.[0] ?? '';
    expect(code).toMatch(CODE_PATTERN);
    // The form clears after a success.
    await expect(page.getByLabel(/^Patient ID/)).toHaveValue('');
  });

  await test.step('finds the patient by a fragment of the last name', async () => {
    const row = await openRecordByLastName(page, lastName.slice(3, 10).toLowerCase(), fullName);
    await expect(row.getByText('tuberculosis')).toBeVisible();
    await expect(row.getByText('typhoid fever')).toBeVisible();
    await expect(row.getByText('amoxicillin')).toBeVisible();
  });

  await test.step('edits one field and the rest stays as it was', async () => {
    await openPage(page, 'Edit Patient');
    await page
      .getByRole('form', { name: 'Find a patient' })
      .getByLabel(/^Patient ID/)
      .fill(patientId);
    await page.getByRole('button', { name: 'Load patient' }).click();
    const form = page.getByRole('form', { name: 'Edit Patient' });
    await expect(form.getByLabel(/^Last Name/)).toHaveValue(lastName);
    await expect(form.getByLabel(/^Disease 2/)).toHaveValue('I009');
    await form.getByLabel(/^Phone Number/).fill('0800000001');
    await form.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByText(`Patient ${patientId} updated (1 change).`)).toBeVisible();

    const row = await openRecordByLastName(page, lastName, fullName);
    await expect(row.getByText(`nok${n}@hotmail.com`)).toHaveCount(0); // email is not shown on the record…
    await expect(row.getByText('metformin twice a day')).toBeVisible(); // …but the treatment is, unchanged
    await expect(row.getByText('tuberculosis')).toBeVisible();
    await expect(row.getByText('amoxicillin')).toBeVisible();
    // The changed phone number: the search's record is a summary, the chart shows every field.
    await row.getByRole('link', { name: fullName }).click();
    await expect(page.getByText('0800000001').first()).toBeVisible();
  });

  await test.step('adds an appointment and a history entry, and sees them on the record', async () => {
    await openPage(page, 'Patient Appointment');
    await page.getByLabel(/^Patient ID/).fill(patientId);
    await page.getByLabel(/^Time/).fill('10:30');
    await page.getByLabel(/^Date/).fill(futureDate);
    await page.getByLabel(/^Topic/).fill('Diabetes review');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(
      page.getByText(
        `Appointment added for ${fullName} (${patientId}) on ${futureDate} at 10:30, 15 minutes.`,
      ),
    ).toBeVisible();

    await openPage(page, 'Patient History');
    await page.getByLabel(/^Patient ID/).fill(patientId);
    await page.getByLabel(/^Time/).fill('09:15:00');
    await page.getByLabel(/^Date/).fill('2026-10-01');
    await page.getByLabel(/^Detail/).fill('HbA1c 6.8%; continue metformin.');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(
      page.getByText(
        `History entry added for ${fullName} (${patientId}) on 2026-10-01 at 09:15:00.`,
      ),
    ).toBeVisible();

    const row = await openRecordByLastName(page, lastName, fullName);
    await expect(row.getByText(`${futureDate} 10:30 — Diabetes review`).first()).toBeVisible();
    await expect(row.getByText('HbA1c 6.8%; continue metformin.')).toBeVisible();
    await page.getByRole('button', { name: 'Logout' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step('the patient registers with the code and sees the same record in MyInfo', async () => {
    const username = `nok.${n}`;
    const password = 'my-own-long-passphrase';
    await page.goto('/login');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect(page.getByRole('heading', { name: 'Register' })).toBeVisible();
    await page.getByLabel(/^Username/).fill(username);
    await page
      .getByLabel(/^Password/)
      .first()
      .fill(password);
    await page.getByPlaceholder('Employee ID/Patient ID').fill(patientId);
    await page.getByLabel(/^Activation code/).fill(code);
    await page.getByRole('button', { name: 'Register', exact: true }).last().click();
    await expect(page.getByText('Registration successful! Please login.')).toBeVisible();

    await logInThroughPage(page, username, password);
    await expect(page).toHaveURL(/\/patient-profile$/);
    await expect(page.getByRole('heading', { name: 'MyInfo' })).toBeVisible();
    for (const text of [patientId, lastName, 'AB', 'metformin twice a day']) {
      await expect(page.getByText(text, { exact: true }).first()).toBeVisible();
    }
    for (const text of [
      // Names first, the portal's code after them in small print.
      'tuberculosis (I002)',
      'typhoid fever (I009)',
      'amoxicillin (R003)',
      'HbA1c 6.8%; continue metformin.',
    ]) {
      await expect(page.getByText(text).first()).toBeVisible();
    }
    await expect(page.getByText(`${futureDate} 10:30 — Diabetes review`)).toBeVisible();
  });
});

test('a patient or HR user is sent away from the clinical pages', async ({ page }) => {
  await logInThroughPage(page, 'demo.patient');
  await expect(page).toHaveURL(/\/patient-profile$/);
  await page.goto('/patients-management/search-patient');
  await expect(page).toHaveURL(/\/$/);
});

test('a name holding a right-to-left override is refused in Add Patient, with what was typed kept', async ({
  page,
}) => {
  // U+202E shows "Smith\u202Egnp.exe" as "Smithexe.png": refused where it is typed, so no page
  // ever shows a name that reads as another.
  const spoofed = 'Smith\u202Egnp.exe';
  await logInThroughPage(page, 'demo.doctor');
  await expect(page.getByRole('heading', { name: 'Add Patient' })).toBeVisible();
  const lastName = page.getByLabel(/^Last Name/);
  await lastName.fill(spoofed);
  await page.getByLabel(/^First Name/).fill('Nok');
  await page.getByRole('button', { name: 'Done' }).click();
  await expect(page.getByText(/^Remove the text direction controls/)).toBeVisible();
  await expect(lastName).toHaveAttribute('aria-invalid', 'true');
  await expect(lastName).toHaveValue(spoofed);
  await expect(page.getByRole('status').filter({ hasText: /added/ })).toHaveCount(0);
});
