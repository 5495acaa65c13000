import { expect, test } from '@playwright/test';
import { hospitalNow, isoWeekday, minutesOfDay, ROUTES, timeOfMinutes } from '@portal/contract';
import {
  apiToken,
  closeElsewhere,
  createPatient,
  daysFromToday,
  logInThroughPage,
  openFromSidebar,
  registerAccount,
} from './support';

/** The demo doctor's employee id (demo.doctor is linked to E001). */
const DOCTOR_ID = 'E001';
const PASSWORD = 'patient-password-2026';

test('HR sets a clinician hours, a patient books a free slot with a reason, and it is on the doctor Today', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(180_000);
  // A session later today on the hospital's clock, so that its slots are free and on Today:
  // from the next quarter hour after the next, for half an hour, in slots of 15 minutes. Late
  // in the hospital's evening, with no such half hour left, the session is tomorrow's at 09:00
  // and the last step reads the doctor's list of that day (Today's own call) instead of Today.
  const now = hospitalNow();
  const soonest = Math.ceil((minutesOfDay(now.time) + 15) / 15) * 15;
  const onToday = soonest + 30 <= 23 * 60 + 59;
  const start = onToday ? soonest : 9 * 60;
  const from = timeOfMinutes(start);
  const until = timeOfMinutes(start + 30);
  const day = daysFromToday(onToday ? 0 : 1);

  await test.step('HR gives the doctor a session today, in both languages, by keyboard labels', async () => {
    await logInThroughPage(page, 'demo.hr');
    await expect(page).toHaveURL(new RegExp(ROUTES.addEmployee));
    // From the doctor's row of the employee table, by the link: HR never types the id.
    await openFromSidebar(page, 'Employees Management System', 'Employee Information');
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: DOCTOR_ID, exact: true }) });
    await row.getByRole('link', { name: /^Clinic hours of / }).click();
    await expect(page).toHaveURL(new RegExp(`${ROUTES.clinicHours}\\?employee_id=${DOCTOR_ID}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Clinic hours' })).toBeVisible();
    await expect(page.getByLabel(/^Employee ID/)).toHaveValue(DOCTOR_ID);
    await page.getByRole('button', { name: 'Add session' }).click();
    const session = page.getByRole('group', { name: /^Session \d+$/ }).last();
    const n = (await session.locator('legend').innerText()).replace('Session ', '');
    await page.getByLabel(`Day, session ${n}`).selectOption(String(isoWeekday(day)));
    await page.getByLabel(new RegExp(`^Start, session ${n}`)).fill(from);
    await page.getByLabel(new RegExp(`^End, session ${n}`)).fill(until);
    await page.getByLabel(new RegExp(`^Slot minutes, session ${n}`)).fill('15');
    await page.getByLabel(new RegExp(`^Department, session ${n}`)).selectOption('D001');
    await page.getByRole('button', { name: 'Save hours' }).click();
    await expect(page.getByText('Hours saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel(new RegExp(`^Start, session ${n}`))).toHaveValue(from);
  });

  const patient = await createPatient(request);
  const username = await registerAccount(request, {
    role: 'patient',
    id: patient.patientId,
    code: patient.code,
    password: PASSWORD,
  });
  const patientContext = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const patientPage = await patientContext.newPage();

  await test.step('the patient picks Medicine, sees the free times and books one with a reason', async () => {
    await logInThroughPage(patientPage, username, PASSWORD);
    await expect(patientPage).toHaveURL(new RegExp(`${ROUTES.patientProfile}$`));
    await patientPage.getByRole('link', { name: 'Book an appointment' }).click();
    await expect(
      patientPage.getByRole('heading', { level: 1, name: 'Book an appointment' }),
    ).toBeVisible();
    await patientPage.getByLabel(/^Department/).selectOption('D001');
    await patientPage.getByLabel(/^Clinician ID/).fill(DOCTOR_ID);
    await patientPage.getByRole('button', { name: 'Show free times' }).click();
    const slot = patientPage.getByRole('button', {
      name: new RegExp(`^Book ${day} ${from} with`),
    });
    await expect(slot).toBeVisible();
    // No slot past the session's end.
    await expect(
      patientPage.getByRole('button', { name: new RegExp(`^Book ${day} ${until} with`) }),
    ).toHaveCount(0);
    await slot.focus();
    await patientPage.keyboard.press('Enter');
    await patientPage.getByLabel(/^Reason for the visit/).fill('Persistent cough');
    await patientPage.getByRole('button', { name: 'Book', exact: true }).click();
    await expect(patientPage.getByText('Appointment booked')).toBeVisible();
    await expect(patientPage.getByText(`${day} at ${from} with`)).toBeVisible();
    // Taken: the slot is offered no more.
    await expect(slot).toHaveCount(0);
    // The page fits a phone: nothing wider than the screen.
    const width = await patientPage.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(360);
  });

  await test.step('in Thai the page speaks Thai', async () => {
    await patientPage.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'ไทย' });
    await expect(patientPage.getByRole('heading', { level: 1, name: 'จองนัดหมาย' })).toBeVisible();
  });
  await closeElsewhere(patientContext);

  await test.step("the booking is on the doctor's Today", async () => {
    if (!onToday) {
      const token = await apiToken(request, 'demo.doctor');
      const answer = await request.get(
        `/api/appointments?date=${day}&clinician_id=${DOCTOR_ID}&limit=100`,
        { headers: { authorization: `Bearer ${token}` } },
      );
      expect(answer.status()).toBe(200);
      expect(JSON.stringify(await answer.json())).toContain(patient.patientId);
      return;
    }
    const doctorContext = await browser.newContext();
    const doctorPage = await doctorContext.newPage();
    await logInThroughPage(doctorPage, 'demo.doctor');
    await expect(doctorPage).toHaveURL(new RegExp(ROUTES.addPatient));
    await doctorPage.goto(ROUTES.today);
    const row = doctorPage
      .getByRole('row')
      .filter({ hasText: `${patient.first_name} ${patient.last_name}` });
    await expect(row).toContainText(from);
    await expect(row).toContainText('15 min');
    await expect(row).toContainText('Booked');
    await closeElsewhere(doctorContext);
  });
});
