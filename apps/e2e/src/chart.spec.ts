import { expect, type Page, test } from '@playwright/test';
import { createPatient, daysFromToday, logInThroughPage, openFromSidebar, unique } from './support';

const CODE_PATTERN = /[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}/;

/** The section's pages, reached as a person would: through the sidebar. */
async function openPage(page: Page, name: string) {
  await openFromSidebar(page, /Patients Management System/, name);
}

test('a doctor works from the chart: search, allergy alert, book without typing the ID, back to the chart', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  // Allergic to ibuprofen (R004), as createPatient makes every patient.
  const patient = await createPatient(request);
  const fullName = `${patient.first_name} ${patient.last_name}`;
  const date = daysFromToday(21);

  await test.step('the doctor searches a fragment of the last name and opens the chart', async () => {
    await logInThroughPage(page, 'demo.doctor');
    await openPage(page, 'Patient Information');
    await page.getByLabel(/^Last Name/).fill(patient.last_name.slice(3, -2));
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page.getByText(/^Results for/)).toBeVisible();
    await page.getByRole('link', { name: fullName }).click();
    await expect(page).toHaveURL(new RegExp(`/patients-management/patient/${patient.patientId}$`));
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  });

  await test.step('the allergy alert comes first, naming the drug', async () => {
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Drug allergies');
    await expect(alert).toContainText('ibuprofen (R004)');
    const details = page.getByRole('region', { name: 'Personal details' });
    await expect(details).toContainText('99 Sukhumvit Road');
    await expect(details).toContainText(patient.email);
    await expect(page.getByText('No appointments.')).toBeVisible();
  });

  await test.step('Book appointment opens the form with the ID filled in and the patient named', async () => {
    await page.getByRole('link', { name: 'Book appointment' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Patient Appointment' }),
    ).toBeVisible();
    await expect(page.getByLabel(/^Patient ID/)).toHaveValue(patient.patientId);
    await expect(page.getByText(`Patient: ${fullName}`)).toBeVisible();
    await page.getByLabel(/^Time/).fill('10:30');
    await page.getByLabel(/^Date/).fill(date);
    await page.getByLabel(/^Topic/).fill('Asthma review');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('status')).toContainText(`Appointment added for ${fullName}`);
  });

  await test.step('back on the chart the appointment is listed as upcoming', async () => {
    await page.getByRole('link', { name: `Back to ${patient.patientId}'s chart` }).click();
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
    const upcoming = page.getByRole('table', { name: 'Upcoming' });
    await expect(upcoming).toContainText(date);
    await expect(upcoming).toContainText('10:30');
    await expect(upcoming).toContainText('Asthma review');
  });

  await test.step('leaving a form with unsaved changes asks first', async () => {
    const sidebarLink = () =>
      page
        .getByRole('navigation', { name: /Patients Management System/ })
        .getByRole('link', { name: 'Patient Information' });
    await page.getByRole('link', { name: 'Add history' }).click();
    await expect(page.getByLabel(/^Patient ID/)).toHaveValue(patient.patientId);
    await page.getByLabel(/^Time/).fill('09:00');
    await sidebarLink().click();
    const question = page.getByRole('alertdialog', { name: 'Unsaved changes' });
    await expect(question).toBeVisible();
    await question.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(page.getByLabel(/^Time/)).toHaveValue('09:00');
    await sidebarLink().click();
    await page.getByRole('button', { name: 'Leave without saving' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Patient Information' }),
    ).toBeVisible();
    await page.goBack();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
  });

  await test.step('printed, the chart leaves out the top bar and the actions', async () => {
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Book appointment' })).toBeHidden();
    await expect(page.getByRole('banner')).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
  });
});

test('the activation code stays on Add Patient, and its handout prints', async ({ page }) => {
  test.setTimeout(120_000);
  const n = unique();
  const patientId = `P${n}`;
  await logInThroughPage(page, 'demo.doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
  await page.getByLabel(/^Patient ID/).fill(patientId);
  await page.getByLabel(/^ID card number/).fill(`HAND${n}`);
  await page.getByLabel(/^First Name/).fill('Kanya');
  await page.getByLabel(/^Last Name/).fill(`Handout${n}`);
  await page.getByLabel(/^Age/).fill('30');
  await page.getByLabel(/^Date of Birth/).fill(`${new Date().getUTCFullYear() - 30}-01-01`);
  await page.getByLabel(/^Gender/).selectOption('female');
  await page.getByLabel(/^Email/).fill(`kanya${n}@gmail.com`);
  await page.getByLabel(/^Phone Number/).fill('0891234567');
  await page
    .getByRole('group', { name: /Health Insurance/ })
    .getByRole('radio', { name: 'No' })
    .check();
  await page.getByLabel(/^Ongoing treatment/).fill('none');
  await page.getByLabel(/^Unhealthy habits/).fill('none');
  await page.getByRole('button', { name: 'Done' }).click();

  const notice = page.getByRole('status').filter({ hasText: `Patient ${patientId} added` });
  await expect(notice).toBeVisible();
  const code = (await notice.getByText(CODE_PATTERN).first().textContent())?.trim() ?? '';
  expect(code).toMatch(CODE_PATTERN);

  // Typing in the emptied form does not make the code go away.
  await page.getByLabel(/^First Name/).fill('Next');
  await expect(notice).toBeVisible();

  // Printed, the page is the handout alone: the code, the name, the ID and the steps.
  await page.emulateMedia({ media: 'print' });
  const handout = page.locator('body > [data-print-handout]');
  await expect(handout).toBeVisible();
  await expect(handout).toContainText(code);
  await expect(handout).toContainText(`Kanya Handout${n}`);
  await expect(handout).toContainText(patientId);
  await expect(handout).toContainText('How to register');
  await expect(page.getByRole('form', { name: 'Add Patient' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(handout).toBeHidden();
});
