import { type APIRequestContext, expect, test } from '@playwright/test';
import { OFFLINE_NOT_SENT_MESSAGE } from '@portal/contract';
import {
  apiToken,
  closeElsewhere,
  createPatient,
  daysFromToday,
  logInThroughPage,
  openFromSidebar,
} from './support';

/** A patient's appointments as the API has them (every status). */
async function appointmentsOf(request: APIRequestContext, patientId: string) {
  const token = await apiToken(request, 'demo.doctor');
  const response = await request.get(`/api/patient/${patientId}/appointments?limit=100`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(response.status()).toBe(200);
  return (await response.json()) as { topic: string | null; status: string }[];
}

test('a booking made offline is refused at once, never sent later, and made once when clicked again online', async ({
  page,
  context,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await createPatient(request);
  await logInThroughPage(page, 'demo.doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
  await openFromSidebar(page, /Patients Management System/, 'Patient Appointment');
  await page.getByLabel(/^Patient ID/).fill(patient.patientId);
  await page.getByLabel(/^Time/).fill('11:15');
  await page.getByLabel(/^Date/).fill(daysFromToday(40));
  await page.getByLabel(/^Topic/).fill('Offline booking');

  await test.step('offline, Add says within 2 s that nothing was saved, on the page and aloud', async () => {
    await context.setOffline(true);
    const clicked = Date.now();
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('alert')).toContainText(OFFLINE_NOT_SENT_MESSAGE, {
      timeout: 2_000,
    });
    // The frame's live region, there before the words came, says it too.
    const live = page.locator('[aria-live="polite"]', {
      hasText: 'Not saved: you are offline.',
    });
    await expect(live).toBeVisible({ timeout: 2_000 });
    expect(Date.now() - clicked).toBeLessThan(2_000);
    await expect(page.getByRole('button', { name: 'Add' })).toBeEnabled();
  });

  await test.step('nothing is written, nor sent once the browser is back online', async () => {
    await page.waitForTimeout(1_000);
    await context.setOffline(false);
    await expect(page.getByText(/^You are back online\./)).toBeVisible();
    await page.waitForTimeout(3_000);
    expect(await appointmentsOf(request, patient.patientId)).toHaveLength(0);
  });

  await test.step('clicked again online, exactly one booking is made', async () => {
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByRole('status')).toContainText('Appointment added for');
    const booked = await appointmentsOf(request, patient.patientId);
    expect(booked.map((a) => a.topic)).toEqual(['Offline booking']);
  });
});

test('an attended appointment recorded by mistake is set back to booked, with a reason', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await createPatient(request);
  const token = await apiToken(request, 'demo.doctor');
  const booking = await request.post('/api/patient/add-patient-appointment', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      patient_id: patient.patientId,
      date: daysFromToday(0),
      time: '23:30',
      topic: 'Blood test',
    },
  });
  expect(booking.status()).toBe(201);

  await logInThroughPage(page, 'demo.doctor');
  await expect(page.getByRole('heading', { level: 1, name: 'Add Patient' })).toBeVisible();
  await page.goto(`/patients-management/patient/${patient.patientId}`);
  const fullName = `${patient.first_name} ${patient.last_name}`;
  await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeVisible();

  await page.getByRole('button', { name: /^Record as attended: / }).click();
  await page.getByRole('button', { name: /^Set back to booked: / }).click();
  await page.getByLabel('Why it is set back').fill('Recorded on the wrong patient');
  await page.getByRole('button', { name: 'Confirm: set back to booked' }).click();
  await expect(page.getByText(/: set back to booked\./)).toBeVisible();
  await expect(page.getByRole('button', { name: /^Record as attended: / })).toBeVisible();
  const [appointment] = await appointmentsOf(request, patient.patientId);
  expect(appointment?.status).toBe('booked');
});

test('a session ended from another browser keeps the typed note; signed in again, it is there', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ward = await browser.newContext();
  const elsewhere = await browser.newContext();
  const note = 'BP 150/95 after the walk; recheck in 15 minutes';
  try {
    const wardPage = await ward.newPage();
    await logInThroughPage(wardPage, 'demo.nurse');
    await expect(wardPage).toHaveURL(/\/patients-management\/add-patient$/);
    await openFromSidebar(wardPage, /Patients Management System/, 'Patient History');
    await wardPage.getByLabel(/^Patient ID/).fill('P001');
    await wardPage.getByLabel(/^Detail/).fill(note);

    await test.step('the nurse signs out everywhere else from another browser', async () => {
      const otherPage = await elsewhere.newPage();
      await logInThroughPage(otherPage, 'demo.nurse');
      await expect(otherPage).toHaveURL(/\/patients-management\/add-patient$/);
      await otherPage.goto('/account');
      await otherPage.getByRole('button', { name: 'Sign out everywhere else' }).click();
      await expect(otherPage.getByText(/^Signed out \d+ other sessions?\./)).toBeVisible();
    });

    await test.step('the ward tab is told nothing was saved and what was typed is kept', async () => {
      // Whether the session check or the click on Add finds it first, the tab says so.
      await wardPage
        .getByRole('button', { name: 'Add' })
        .click({ timeout: 2_000 })
        .catch(() => undefined);
      await expect(wardPage.getByText(/signed out/i).first()).toBeVisible({ timeout: 10_000 });
      await expect(
        wardPage.getByText('Nothing was saved. What you typed in this tab is kept', {
          exact: false,
        }),
      ).toBeVisible();
      expect(
        await wardPage.evaluate(() =>
          Object.keys(localStorage).filter((key) => key.startsWith('portal_draft')),
        ),
      ).toEqual([]);
    });

    await test.step('signed in again in that tab, the note is back in the form', async () => {
      await logInThroughPage(wardPage, 'demo.nurse');
      await expect(
        wardPage.getByRole('heading', { level: 1, name: 'Patient History' }),
      ).toBeVisible();
      await expect(wardPage.getByLabel(/^Detail/)).toHaveValue(note);
      await expect(wardPage.getByLabel(/^Patient ID/)).toHaveValue('P001');
      await expect(
        wardPage.getByText('What you typed before your session ended is back in the form.', {
          exact: false,
        }),
      ).toBeVisible();
    });
  } finally {
    await Promise.all([closeElsewhere(ward), closeElsewhere(elsewhere)]);
  }
});
