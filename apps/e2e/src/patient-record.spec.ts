import { expect, test } from '@playwright/test';
import {
  apiToken,
  createPatient,
  daysFromToday,
  logInThroughPage,
  registerAccount,
} from './support';

const PASSWORD = 'patient-password-2026';

/**
 * Waits for the next minute to begin: one visit's line is the same person's rows of one minute,
 * so the chart's two reads must fall in a minute of their own, apart from the bookings.
 */
async function nextMinute() {
  await new Promise((wait) => setTimeout(wait, 60_000 - (Date.now() % 60_000) + 200));
}

test('the patient sees a cancelled appointment with its status and the doctor by name, and a chart view as one line', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const patient = await createPatient(request);
  const username = await registerAccount(request, {
    role: 'patient',
    id: patient.patientId,
    code: patient.code,
    password: PASSWORD,
  });

  // The demo doctor (E001), by name as HR's employee record has it.
  const hrToken = await apiToken(request, 'demo.hr');
  const doctor = (await (
    await request.get('/api/employee/E001', { headers: { authorization: `Bearer ${hrToken}` } })
  ).json()) as { first_name: string; last_name: string };
  const doctorName = `${doctor.first_name} ${doctor.last_name}`;

  const token = await apiToken(request, 'demo.doctor');
  const headers = { authorization: `Bearer ${token}` };
  const soon = daysFromToday(7);
  const later = daysFromToday(14);

  await test.step('the doctor books two appointments with themself and cancels the sooner one', async () => {
    const book = async (date: string, time: string, topic: string) => {
      const response = await request.post('/api/patient/add-patient-appointment', {
        headers,
        data: { patient_id: patient.patientId, date, time, topic, clinician_id: 'E001' },
      });
      expect(response.status()).toBe(201);
      return ((await response.json()) as { appointment_id: string }).appointment_id;
    };
    const first = await book(soon, '09:00', 'Asthma review');
    await book(later, '14:30', 'Blood test');
    const cancelled = await request.post(
      `/api/patient/${patient.patientId}/appointments/${first}/cancel`,
      { headers, data: { reason: 'The clinic is closed that day' } },
    );
    expect(cancelled.status()).toBe(200);
  });

  await test.step('the doctor opens the chart: the record and its appointments', async () => {
    await nextMinute();
    for (const path of [
      `/api/patient/${patient.patientId}`,
      `/api/patient/${patient.patientId}/appointments`,
    ]) {
      const response = await request.get(path, { headers });
      expect(response.status()).toBe(200);
    }
  });

  await test.step('MyInfo: the cancellation with its status and reason, the doctor by name', async () => {
    await logInThroughPage(page, username, PASSWORD);
    await expect(page).toHaveURL(/\/patient-profile$/);
    const upcoming = page.getByRole('region', { name: 'Upcoming appointments' });
    const rows = upcoming.getByRole('row');
    const cancelledRow = rows.filter({ hasText: soon });
    await expect(cancelledRow).toContainText('Asthma review');
    await expect(cancelledRow).toContainText('Cancelled');
    await expect(cancelledRow).toContainText('The clinic is closed that day');
    await expect(cancelledRow).toContainText(doctorName);
    const bookedRow = rows.filter({ hasText: later });
    await expect(bookedRow).toContainText('Booked');
    await expect(bookedRow).toContainText(doctorName);
    // "Latest Appointment" is the next booked one, never the cancelled one before it.
    const details = page.getByRole('region', { name: 'Personal details' });
    await expect(details).toContainText(`${later} 14:30 — Blood test · with ${doctorName}`);
  });

  await test.step('the access log shows the chart view as one line', async () => {
    await page.getByRole('link', { name: 'Who opened my record' }).click();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Who opened my record' }),
    ).toBeVisible();
    const views = page
      .getByRole('row')
      .filter({ hasText: `${doctorName}, medical personnel` })
      .filter({ hasText: 'viewed your record' });
    await expect(views).toHaveCount(1);
    await expect(views).toContainText('2 actions in one visit; also viewed your appointments');
  });
});
