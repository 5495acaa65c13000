import { expect, type Locator, test } from '@playwright/test';
import { patientVisitPath } from '@portal/contract';
import {
  apiToken,
  bookAppointment,
  createPatient,
  daysFromToday,
  DEMO_DOCTOR_ID,
  drugOf,
  logInThroughPage,
  openChart,
  openFromSidebar,
  unique,
} from './support';

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

/**
 * What a person does on the page, each counted as one interaction: a click, a field filled, a
 * choice in a drop-down, a key pressed. A routine visit must take few of them.
 */
class CountedPerson {
  count = 0;

  async click(target: Locator): Promise<void> {
    this.count += 1;
    await target.click();
  }

  async fill(target: Locator, value: string): Promise<void> {
    this.count += 1;
    await target.fill(value);
  }

  async select(target: Locator, option: { label: string }): Promise<void> {
    this.count += 1;
    await target.selectOption(option);
  }

  async press(target: Locator, key: string): Promise<void> {
    this.count += 1;
    await target.press(key);
  }
}

/** A text as a regular expression matching it literally. */
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The most interactions a routine visit may take (issue 42: "at most 20"). */
const ROUTINE_VISIT_MOST = 20;

/**
 * One visit on one screen: from Today, Start visit; the vital signs, a signed note, a diagnosis,
 * a prescription; Finish visit; the follow-up booked; back on Today the appointment reads
 * Attended, and the chart lists the prescription. Every interaction of the routine (issue 42:
 * vitals, note, one diagnosis, one prescription, a follow-up, finish) is counted, from Start
 * visit to the follow-up; the note's addendum, beyond the routine, is not.
 */
test('a doctor runs a routine visit from Today in at most 20 interactions', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const patient = await createPatient(request);
  const fullName = `${patient.first_name} ${patient.last_name}`;
  // Today at 23:50 with the doctor: late, so it is still today's whenever the test runs.
  const visitTime = '23:50';
  const { appointment_id } = await bookAppointment(request, {
    patient_id: patient.patientId,
    date: daysFromToday(0),
    time: visitTime,
    topic: 'Blood pressure check',
    clinician_id: DEMO_DOCTOR_ID,
  });
  // A follow-up day no other test books the doctor at 23:50 on.
  const followUpDate = daysFromToday(30 + (unique() % 300));
  const token = await apiToken(request, 'demo.doctor');
  const found = await request.get('/api/catalogues/conditions?q=I10', {
    headers: { authorization: `Bearer ${token}` },
  });
  const [hypertension] = (await found.json()) as { id: string; name: string }[];
  expect(hypertension?.id).toBe('icd:I10');
  const paracetamol = await drugOf(request, token, 'paracetamol');

  await logInThroughPage(page, 'demo.doctor');
  await openFromSidebar(page, /Patients Management System/, 'Today');
  const person = new CountedPerson();

  await test.step('Start visit opens the visit view of that appointment', async () => {
    await person.click(
      page.getByRole('link', { name: `Start visit: ${fullName} at ${visitTime}` }),
    );
    await expect(page.getByRole('heading', { level: 1, name: `Visit: ${fullName}` })).toBeVisible();
    await expect(page).toHaveURL(patientVisitPath(patient.patientId, appointment_id));
    // The patient's drug allergy, as loud as on the chart.
    await expect(page.getByRole('alert')).toContainText('Drug allergies');
  });

  await test.step('the vital signs, recorded in the form that is open', async () => {
    const vitals = page.getByRole('region', { name: 'Vital signs' });
    const form = vitals.getByRole('form', { name: 'Record vital signs' });
    await person.fill(form.getByLabel('Systolic (mmHg)'), '138');
    await person.fill(form.getByLabel('Diastolic (mmHg)'), '86');
    await person.click(form.getByRole('button', { name: 'Save vital signs' }));
    await expect(vitals.getByText('Vital signs saved')).toBeVisible();
    await expect(vitals.getByRole('definition').filter({ hasText: '138' })).toBeVisible();
  });

  await test.step('a note signed for this appointment, and its addendum', async () => {
    const notes = page.getByRole('region', { name: 'Notes' });
    const form = notes.getByRole('form', { name: 'Write a note' });
    await person.fill(
      form.getByLabel(/^Note/),
      'Blood pressure near target on the current dose. Plan: recheck in a month.',
    );
    await person.click(form.getByRole('button', { name: 'Sign and save' }));
    await expect(notes.getByText('Note signed and saved')).toBeVisible();
    const note = notes.getByRole('article');
    await expect(note).toContainText('Blood pressure near target');
    await expect(note).toContainText(`${daysFromToday(0)} ${visitTime}`);

    // Beyond the routine, not counted: an addendum, with its own author and time.
    await note.getByRole('button', { name: /^Add addendum to the note signed/ }).click();
    await note.getByLabel(/^Addendum/).fill('Home readings reviewed: all below 135/85.');
    await note.getByRole('button', { name: 'Sign and add' }).click();
    await expect(note.getByText('Home readings reviewed: all below 135/85.')).toBeVisible();
  });

  await test.step('one diagnosis, picked from the catalogue', async () => {
    const problems = page.getByRole('region', { name: 'Problem list' });
    await person.fill(problems.getByRole('combobox', { name: 'Diagnosis' }), 'hypert');
    await person.click(
      problems.getByRole('option', { name: new RegExp(`^${escapeRegExp(hypertension!.name)}`) }),
    );
    await person.click(problems.getByRole('button', { name: 'Save' }));
    await expect(
      problems.getByRole('listitem').filter({ hasText: hypertension!.name }),
    ).toBeVisible();
  });

  await test.step('one prescription, in the form that is open', async () => {
    const medications = page.getByRole('region', { name: 'Medications' });
    const form = medications.getByRole('form', { name: 'Prescribe' });
    await person.fill(form.getByRole('combobox', { name: 'Drug' }), 'paracetamol');
    await person.click(
      form.getByRole('option', { name: new RegExp(`^${escapeRegExp(paracetamol.name)}`) }).first(),
    );
    await person.fill(form.getByLabel(/^Dose/), '1');
    await person.select(form.getByLabel(/^Unit/), { label: 'tablet(s)' });
    await person.select(form.getByLabel(/^Frequency/), { label: 'every 6 hours' });
    await person.fill(form.getByLabel(/^Duration \(days\)/), '5');
    // By mouth and 20 tablets, as the form fills them in.
    await expect(form.getByLabel(/^Route/)).toHaveValue('oral');
    await expect(form.getByLabel(/^Quantity to dispense/)).toHaveValue('20');
    await person.fill(
      form.getByLabel(/^Instructions for the patient/),
      'One tablet every 6 hours when in pain.',
    );
    await person.click(form.getByRole('button', { name: 'Save prescription' }));
    await expect(medications.getByText(`Prescription saved: ${paracetamol.name}`)).toBeVisible();
    await expect(
      medications.getByRole('listitem').filter({ hasText: paracetamol.name }),
    ).toContainText('1 tablet(s), By mouth, every 6 hours, for 5 days');
  });

  await test.step('Finish visit records it attended and offers the follow-up', async () => {
    const finish = page.getByRole('region', { name: 'Finish the visit' });
    await person.click(finish.getByRole('button', { name: 'Finish visit' }));
    await expect(
      finish.getByText('Visit finished: the appointment is recorded as attended.'),
    ).toBeVisible();
    const followUp = finish.getByRole('form', { name: 'Book the follow-up' });
    // This visit's time and clinician, as the form starts.
    await expect(followUp.getByLabel(/^Time/)).toHaveValue(visitTime);
    await person.fill(followUp.getByLabel(/^Date/), followUpDate);
    await person.click(followUp.getByRole('button', { name: 'Book follow-up' }));
    await expect(
      finish.getByText(new RegExp(`^Follow-up booked on ${followUpDate} at ${visitTime} with `)),
    ).toBeVisible();
  });

  expect(person.count).toBeLessThanOrEqual(ROUTINE_VISIT_MOST);

  await test.step('back on Today, the appointment reads Attended', async () => {
    await page.getByRole('link', { name: 'Back to Today' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Today' })).toBeVisible();
    await expect(page.getByRole('row').filter({ hasText: fullName })).toContainText('Attended');
  });
});
