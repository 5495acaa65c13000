import { expect, type Page, test } from '@playwright/test';
import { createPatient, logInThroughPage, openFromSidebar } from './support';

/** Opens a patient's chart as a clinician would: Patient Information, search, the name. */
async function openChart(page: Page, patient: { last_name: string; first_name: string }) {
  await openFromSidebar(page, /Patients Management System/, 'Patient Information');
  await page.getByLabel(/^Last Name/).fill(patient.last_name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(/^Results for/)).toBeVisible();
  await page.getByRole('link', { name: `${patient.first_name} ${patient.last_name}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${patient.first_name} ${patient.last_name}` }),
  ).toBeVisible();
}

/**
 * The visit's records on the chart: a nurse records three sets of vital signs, which the trend
 * plots and its table alternative lists; a doctor writes a signed note from the SOAP template
 * and adds an addendum to it.
 */

test('a nurse records three sets of vital signs; the trend’s table shows the three readings', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await createPatient(request);
  await logInThroughPage(page, 'demo.nurse');
  await openChart(page, patient);
  const vitals = page.getByRole('region', { name: 'Vital signs' });
  await expect(vitals.getByText('No vital signs recorded yet')).toBeVisible();
  await vitals.getByRole('button', { name: 'Record vital signs' }).click();
  const form = vitals.getByRole('form', { name: 'Record vital signs' });

  const readings = [
    { systolic: '128', diastolic: '82', pulse: '64', weight: '70.5' },
    { systolic: '136', diastolic: '86', pulse: '72', weight: '70' },
    { systolic: '148', diastolic: '94', pulse: '88', weight: '69.4' },
  ];
  for (const reading of readings) {
    await form.getByLabel('Systolic (mmHg)').fill(reading.systolic);
    await form.getByLabel('Diastolic (mmHg)').fill(reading.diastolic);
    await form.getByLabel('Pulse (/min)').fill(reading.pulse);
    await form.getByLabel('Weight (kg)').fill(reading.weight);
    await form.getByLabel('Height (cm)').fill('165');
    await form.getByRole('button', { name: 'Save vital signs' }).click();
    await expect(vitals.getByText('Vital signs saved')).toBeVisible();
    await expect(form.getByLabel('Systolic (mmHg)')).toHaveValue('');
  }

  // The latest set, flagged against the reference ranges: 148/94 is high.
  const bloodPressure = vitals.getByRole('definition').filter({ hasText: '148' });
  await expect(bloodPressure).toContainText('High');
  // The plots, drawn by uPlot once loaded: blood pressure, pulse and weight.
  await expect(
    vitals.getByRole('img', { name: /^Blood pressure \(mmHg\): 3 readings/ }),
  ).toBeVisible();
  await expect(vitals.getByRole('img', { name: /^Pulse \(\/min\): 3 readings/ })).toBeVisible();
  await expect(vitals.getByRole('img', { name: /^Weight \(kg\): 3 readings/ })).toBeVisible();
  await expect(vitals.locator('canvas')).toHaveCount(3);

  await vitals.getByRole('button', { name: 'Show as table' }).click();
  const table = vitals.getByRole('table', { name: 'Vital signs over time, newest first' });
  await expect(table).toBeVisible();
  const rows = table.getByRole('row');
  // The heading row and the three readings, newest first.
  await expect(rows).toHaveCount(4);
  await expect(rows.nth(1)).toContainText('148 (High)');
  await expect(rows.nth(2)).toContainText('136');
  await expect(rows.nth(3)).toContainText('128');
});

test('a doctor writes a signed note from the SOAP template and adds an addendum', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await createPatient(request);
  await logInThroughPage(page, 'demo.doctor');
  await openChart(page, patient);
  const notes = page.getByRole('region', { name: 'Notes' });
  await expect(notes.getByText('No signed notes yet')).toBeVisible();
  await notes.getByRole('button', { name: 'Write a note' }).click();
  const form = notes.getByRole('form', { name: 'Write a note' });
  await form.getByRole('button', { name: 'Insert SOAP template' }).click();
  const text = form.getByLabel(/^Note/);
  await expect(text).toHaveValue(/^Subjective:\n\nObjective:\n\nAssessment:\n\nPlan:\n/);
  await text.fill(`${await text.inputValue()}Recheck blood pressure in one week`);
  await form.getByRole('button', { name: 'Sign and save' }).click();
  await expect(notes.getByText('Note signed and saved')).toBeVisible();

  const note = notes.getByRole('article');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('Recheck blood pressure in one week');
  await expect(note).toContainText(/Signed by \S+ \S+, /);

  await note.getByRole('button', { name: /^Add addendum to the note signed/ }).click();
  await note.getByLabel(/^Addendum/).fill('Home readings reviewed: all below 135/85.');
  await note.getByRole('button', { name: 'Sign and add' }).click();
  await expect(note.getByText('Home readings reviewed: all below 135/85.')).toBeVisible();
  await expect(note.getByText(/^Addendum by \S+ \S+, /)).toBeVisible();
  // The signed note is never edited: no field holds it.
  await expect(note.getByRole('textbox')).toHaveCount(0);
});
