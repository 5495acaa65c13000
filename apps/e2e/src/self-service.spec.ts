import { expect, type Page, test } from '@playwright/test';
import { ROUTES } from '@portal/contract';
import {
  apiToken,
  closeElsewhere,
  createEmployee,
  createPatient,
  daysFromToday,
  logInThroughPage,
  openFromSidebar,
  registerAccount,
} from './support';

/*
 * What patients and HR do for themselves. This worker's server runs with
 * PATIENT_CANCEL_NOTICE_HOURS=0 (playwright.config.ts): a patient may cancel until the start,
 * so a visit later today, which the doctor's Today lists, can be cancelled online; one that
 * has started cannot.
 */

/** The demo doctor's employee id (demo.doctor is linked to E001). */
const DOCTOR_ID = 'E001';
const PASSWORD = 'patient-password-2026';

test('a patient cancels a booked visit with a reason; the doctor’s open Today shows it; a visit under way says to call the clinic', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await createPatient(request, { first_name: 'Wipa' });
  const username = await registerAccount(request, {
    role: 'patient',
    id: patient.patientId,
    code: patient.code,
    password: PASSWORD,
  });
  const fullName = `${patient.first_name} ${patient.last_name}`;
  const headers = { authorization: `Bearer ${await apiToken(request, 'demo.doctor')}` };
  for (const booking of [
    // Under way since midnight: too late to cancel online.
    { date: daysFromToday(0), time: '00:01', topic: 'Early blood test' },
    // Later today, with the doctor: on the doctor's Today.
    { date: daysFromToday(0), time: '23:50', topic: 'Evening review' },
    { date: daysFromToday(10), time: '09:00', topic: 'Check-up' },
  ]) {
    const response = await request.post('/api/patient/add-patient-appointment', {
      headers,
      data: { patient_id: patient.patientId, clinician_id: DOCTOR_ID, ...booking },
    });
    expect(response.status()).toBe(201);
  }

  // The doctor has Today open in another browser, before the patient does anything.
  const doctorContext = await browser.newContext();
  const doctor = await doctorContext.newPage();
  await logInThroughPage(doctor, 'demo.doctor');
  await openFromSidebar(doctor, /Patients Management System/, 'Today');
  const doctorRow = doctor
    .getByRole('row')
    .filter({ hasText: fullName })
    .filter({ hasText: '23:50' });
  await expect(doctorRow).toContainText('Booked');

  const upcoming = page.getByRole('region', { name: 'Upcoming appointments' });
  await test.step('MyInfo labels the next visit and lists past visits apart', async () => {
    await logInThroughPage(page, username, PASSWORD);
    await expect(page).toHaveURL(new RegExp(`${ROUTES.patientProfile}$`));
    const items = upcoming.getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.first()).toContainText('Next');
    await expect(items.first()).toContainText('Early blood test');
    await expect(items.nth(1)).not.toContainText('Next');
    await expect(page.getByRole('region', { name: 'Past visits' })).toContainText(
      'No past visits.',
    );
  });

  await test.step('the visit under way cannot be cancelled online: call the clinic', async () => {
    await upcoming
      .getByRole('listitem')
      .filter({ hasText: 'Early blood test' })
      .getByRole('button', { name: /^Cancel appointment/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this appointment' });
    await dialog.getByLabel(/^Reason for cancelling/).fill('Overslept');
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(dialog.getByText('Please call the clinic')).toBeVisible();
    await expect(dialog).toContainText('call the clinic on 02 123 4567');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(upcoming.getByRole('listitem')).toHaveCount(3);
  });

  await test.step('the patient cancels the evening visit with a reason', async () => {
    await upcoming
      .getByRole('listitem')
      .filter({ hasText: 'Evening review' })
      .getByRole('button', { name: /^Cancel appointment/ })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this appointment' });
    await dialog.getByLabel(/^Reason for cancelling/).fill('My daughter is ill');
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(dialog).toBeHidden();
    await expect(upcoming.getByRole('status')).toContainText('is cancelled');
    await expect(upcoming.getByRole('listitem')).toHaveCount(2);
    const past = page.getByRole('region', { name: 'Past visits' });
    await expect(past.getByRole('row').filter({ hasText: 'Evening review' })).toContainText(
      'My daughter is ill',
    );
  });

  await test.step('the doctor’s open Today shows the cancellation, without a reload', async () => {
    await expect(doctorRow).toContainText('Cancelled', { timeout: 20_000 });
    await expect(doctorRow).toContainText('My daughter is ill');
  });
  await closeElsewhere(doctorContext);
  await doctorContext.close();
});

/** HR's section's Employee Information page, through the sidebar. */
async function openEmployeeInformation(page: Page) {
  await openFromSidebar(page, 'Employees Management System', 'Employee Information');
}

test('the second HR person is told what waits, sees who asked by name, approves one and refuses another with a reason', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const nurse = await createEmployee(request, { first_name: 'Saowanee' }, { approve: false });
  const porterDoctor = await createEmployee(
    request,
    { first_name: 'Thawatchai', position_id: 'P001' },
    { approve: false },
  );
  const token = await apiToken(request, 'demo.hr2');
  const asker = (await (
    await request.get('/api/employee/E003', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { first_name: string; last_name: string };

  await logInThroughPage(page, 'demo.hr2');
  // HR lands on Add Employee; the count of what waits stands above it.
  await expect(page.getByRole('heading', { level: 1, name: 'Add Employee' })).toBeVisible();
  const notice = page.getByRole('complementary', { name: 'Access waiting for your approval' });
  await expect(notice).toContainText(/\d+ portal access(es)? waits? for your approval/);
  await notice.getByRole('link', { name: 'Review them' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Employee Information' })).toBeVisible();

  const waiting = page.getByRole('region', { name: 'Portal access waiting for approval' });
  const nurseRow = waiting.getByRole('listitem').filter({ hasText: nurse.employeeId });
  await expect(nurseRow).toContainText(`Asked for by ${asker.first_name} ${asker.last_name} on `);
  await expect(nurseRow).not.toContainText('demo.hr');
  await nurseRow
    .getByRole('button', { name: `Approve access of Saowanee ${nurse.last_name}` })
    .click();
  await expect(waiting.getByRole('status')).toContainText(
    `Saowanee ${nurse.last_name} (${nurse.employeeId}) can now sign in as Nurse.`,
  );
  await expect(nurseRow).toHaveCount(0);

  const doctorRow = waiting.getByRole('listitem').filter({ hasText: porterDoctor.employeeId });
  await doctorRow
    .getByRole('button', { name: `Refuse access of Thawatchai ${porterDoctor.last_name}` })
    .click();
  const dialog = page.getByRole('dialog', { name: /^Refuse the access of Thawatchai/ });
  await dialog.getByLabel(/^Reason for refusing/).fill('Hired as a porter, not a doctor');
  await dialog.getByRole('button', { name: 'Refuse access' }).click();
  await expect(waiting.getByRole('status')).toContainText(
    `(${porterDoctor.employeeId}) will not get portal access from this request.`,
  );
  await expect(doctorRow).toHaveCount(0);
  // Gone from the count too: on another page, the notice no longer counts them.
  await openFromSidebar(page, 'Employees Management System', 'New Employee', 'Add Employee');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Employee' })).toBeVisible();
});

test('HR sorts the employees by a column heading (aria-sort), and no word breaks inside at 1280 px', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await logInThroughPage(page, 'demo.hr');
  await openEmployeeInformation(page);
  const table = page.getByRole('table', { name: 'Employees' });
  const nameHeader = table.getByRole('columnheader', { name: /^Name/ });
  await expect(table.getByRole('row')).not.toHaveCount(0);
  await expect(nameHeader).not.toHaveAttribute('aria-sort');
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect(page).toHaveURL(/sort=name/);
  const lastNames = async () =>
    (await table.getByRole('row').allInnerTexts()).slice(1).map((row) => row.split(/\s+/)[1] ?? '');
  const ascending = await lastNames();
  expect(ascending).toEqual([...ascending].sort((a, b) => a.localeCompare(b)));
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(page).toHaveURL(/order=desc/);
  await expect.poll(lastNames).toEqual([...ascending].reverse());

  // Every word of the names, the positions and the Edit links sits on one line.
  const broken = await table.evaluate((element) => {
    const split: string[] = [];
    const cells = element.querySelectorAll('tbody td');
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          // An e-mail address may break anywhere: it is one long token.
          if (match[0].includes('@')) continue;
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(match[0]);
        }
      }
    }
    return split;
  });
  expect(broken).toEqual([]);
});
