import { expect, test } from '@playwright/test';
import { ROUTES } from '@portal/contract';
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

/**
 * Waits for the next minute to begin and answers it (UTC, `YYYY-MM-DDTHH:MM`, as the audit
 * instants start): one visit's line of the access log is the same person's rows of one minute,
 * so the chart's reads must fall in a minute of their own, apart from Today's list and the
 * booking.
 */
async function nextMinute(): Promise<string> {
  await new Promise((wait) => setTimeout(wait, 60_000 - (Date.now() % 60_000) + 200));
  return new Date().toISOString().slice(0, 16);
}

test('a doctor works from Today: opens a chart, books with a clinician, cancels another with a reason; the patient sees it in MyInfo and the chart view as one line', async ({
  browser,
  page,
  request,
}) => {
  test.setTimeout(300_000);
  const patient = await createPatient(request);
  const username = await registerAccount(request, {
    role: 'patient',
    id: patient.patientId,
    code: patient.code,
    password: PASSWORD,
  });
  const fullName = `${patient.first_name} ${patient.last_name}`;
  const token = await apiToken(request, 'demo.doctor');
  const headers = { authorization: `Bearer ${token}` };
  const today = daysFromToday(0);
  const later = daysFromToday(14);

  // Today at 23:40 with the doctor (late, so it is still ahead whenever the test runs), and a
  // visit with the doctor in two weeks that the doctor will cancel.
  for (const booking of [
    { date: today, time: '23:40', topic: 'Inhaler check', clinician_id: DOCTOR_ID },
    { date: later, time: '08:15', topic: 'Spirometry', clinician_id: DOCTOR_ID },
  ]) {
    const response = await request.post('/api/patient/add-patient-appointment', {
      headers,
      data: { patient_id: patient.patientId, ...booking },
    });
    expect(response.status()).toBe(201);
  }
  const clinicians = (await (
    await request.get('/api/clinicians?limit=200', { headers })
  ).json()) as {
    employee_id: string;
    first_name: string;
    last_name: string;
    position_name: string;
  }[];
  const doctor = clinicians.find((c) => c.employee_id === DOCTOR_ID)!;
  const doctorName = `${doctor.first_name} ${doctor.last_name}`;

  await test.step('signed in, the doctor is one click from Today, which lists their day', async () => {
    await logInThroughPage(page, 'demo.doctor');
    // /system still opens Add Patient, as the spec says.
    await expect(page.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
    await openFromSidebar(page, /Patients Management System/, 'Today');
    await expect(page).toHaveURL(new RegExp(`${ROUTES.today}$`));
    await expect(page.getByRole('radio', { name: 'Mine' })).toBeChecked();
    const row = page.getByRole('row').filter({ hasText: fullName });
    await expect(row).toContainText('23:40');
    await expect(row).toContainText('15 min');
    await expect(row).toContainText('Booked');
    await expect(row).toContainText(doctorName);
    // The other visit is not today's.
    await expect(page.getByRole('row').filter({ hasText: 'Spirometry' })).toHaveCount(0);
  });

  let chartMinute = '';
  await test.step('one click on the name opens the chart', async () => {
    chartMinute = await nextMinute();
    await page.getByRole('link', { name: fullName, exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();
    const upcoming = page.getByRole('table', { name: 'Upcoming' });
    await expect(upcoming.getByRole('row').filter({ hasText: 'Inhaler check' })).toContainText(
      doctorName,
    );
    // The chart's reads were made in the minute it was opened; the booking waits for the next.
    expect(new Date().toISOString().slice(0, 16)).toBe(chartMinute);
    await nextMinute();
  });

  await test.step('books an appointment with a clinician and a length', async () => {
    await page.getByRole('link', { name: 'Book appointment' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Patient Appointment' }),
    ).toBeVisible();
    await expect(page.getByLabel(/^Patient ID/)).toHaveValue(patient.patientId);
    await page.getByLabel(/^Time/).fill('10:30');
    await page.getByLabel(/^Date/).fill(daysFromToday(21));
    await page.getByLabel(/^Length/).selectOption({ label: '30 minutes' });
    await page
      .getByLabel(/^Clinician/)
      .selectOption({ label: `${doctorName} (${doctor.position_name}, ${DOCTOR_ID})` });
    await page.getByLabel(/^Topic/).fill('Asthma review');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('status')).toContainText(
      `Appointment added for ${fullName} (${patient.patientId}) on ${daysFromToday(21)} at 10:30, 30 minutes with ${doctorName}.`,
    );
    await page.getByRole('link', { name: `Back to ${patient.patientId}'s chart` }).click();
    const booked = page
      .getByRole('table', { name: 'Upcoming' })
      .getByRole('row')
      .filter({ hasText: 'Asthma review' });
    await expect(booked).toContainText('30 min');
    await expect(booked).toContainText(doctorName);
    await expect(booked).toContainText('Booked');
  });

  await test.step('cancels another with a reason; a misclick loses nothing typed', async () => {
    const visit = page
      .getByRole('table', { name: 'Upcoming' })
      .getByRole('row')
      .filter({ hasText: 'Spirometry' });
    await visit.getByRole('button', { name: /^Cancel/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel appointment' });
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(dialog.getByLabel(/^Message for the patient/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await dialog.getByLabel(/^Message for the patient/).fill('Patient is travelling');
    await dialog.getByRole('button', { name: 'Keep appointment' }).click();
    await expect(dialog).toBeHidden();
    await visit.getByRole('button', { name: /^Cancel/ }).click();
    await expect(dialog.getByLabel(/^Message for the patient/)).toHaveValue(
      'Patient is travelling',
    );
    await dialog.getByRole('button', { name: 'Cancel appointment' }).click();
    await expect(dialog).toBeHidden();
    await expect(
      page.getByText(`The appointment on ${later} at 08:15 was cancelled.`),
    ).toBeVisible();
    await expect(visit).toContainText('Cancelled');
    await expect(visit).toContainText('Reason: Patient is travelling');
    await expect(visit.getByRole('button', { name: /^Cancel/ })).toHaveCount(0);
  });

  await test.step('back on Today, the visit is marked attended in one click', async () => {
    await openFromSidebar(page, /Patients Management System/, 'Today');
    const row = page.getByRole('row').filter({ hasText: fullName });
    await row.getByRole('button', { name: /^Record as attended/ }).click();
    await expect(row).toContainText('Attended');
    await expect(row.getByRole('button', { name: /^Record as attended/ })).toHaveCount(0);
  });

  // The patient, on a computer of their own, logged in through the page.
  const home = await browser.newContext();
  const patientPage = await home.newPage();
  try {
    await test.step('MyInfo: the cancellation with its status and reason, the doctor by name', async () => {
      await logInThroughPage(patientPage, username, PASSWORD);
      await expect(patientPage).toHaveURL(/\/patient-profile$/);
      // A cancelled visit is among the past visits, with its status and reason.
      const cancelledRow = patientPage
        .getByRole('region', { name: 'Past visits' })
        .getByRole('row')
        .filter({ hasText: 'Spirometry' });
      await expect(cancelledRow).toContainText(later);
      await expect(cancelledRow).toContainText('Cancelled');
      await expect(cancelledRow).toContainText('Patient is travelling');
      await expect(cancelledRow).toContainText(doctorName);
      // The booked one is the next of the upcoming list.
      const bookedItem = patientPage
        .getByRole('region', { name: 'Upcoming appointments' })
        .getByRole('listitem')
        .filter({ hasText: 'Asthma review' });
      await expect(bookedItem).toContainText('Next');
      await expect(bookedItem).toContainText(`With ${doctorName}`);
      // "Latest Appointment" is the next booked one: today's visit was attended, the one in two
      // weeks cancelled.
      await expect(patientPage.getByRole('region', { name: 'Personal details' })).toContainText(
        `${daysFromToday(21)} 10:30 — Asthma review · with ${doctorName}`,
      );
    });

    await test.step('the access log shows the chart view as one line', async () => {
      await patientPage.getByRole('link', { name: 'Who opened my record' }).click();
      await expect(
        patientPage.getByRole('heading', { level: 1, name: 'Who opened my record' }),
      ).toBeVisible();
      const chartView = patientPage
        .getByRole('row')
        .filter({ has: patientPage.locator(`time[datetime^="${chartMinute}"]`) });
      await expect(chartView).toHaveCount(1);
      await expect(chartView).toContainText(`${doctorName}, medical personnel`);
      await expect(chartView).toContainText('viewed your record');
      // The record, its appointments, problem list, allergy list, contact changes, vital signs,
      // notes and medications: one visit.
      await expect(chartView).toContainText(
        '8 actions in one visit; also viewed your appointments',
      );
    });
  } finally {
    await closeElsewhere(home);
  }
});
