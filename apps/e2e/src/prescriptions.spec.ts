import { expect, test } from '@playwright/test';
import {
  apiToken,
  createPatient,
  drugOf,
  logInThroughPage,
  openChart,
  registerAccount,
  logInAsPatientInThai,
} from './support';

/**
 * Prescriptions from the chart (issue 42) and who may write them (issue 40): a nurse is offered
 * no way to prescribe and the server refuses her; a doctor is stopped by a recorded penicillin
 * allergy, prescribes paracetamol instead and prints it; the patient reads it in Thai in MyInfo.
 */

test('a nurse has no way to prescribe, and the server refuses her prescription naming the action', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await createPatient(request);
  await logInThroughPage(page, 'demo.nurse');
  await openChart(page, patient);
  const medications = page.getByRole('region', { name: 'Medications' });
  await expect(medications.getByText('No active medications')).toBeVisible();
  await expect(medications.getByRole('button', { name: 'Prescribe' })).toHaveCount(0);

  // Sent anyway, as a script would: 403 naming the action, and nothing written.
  const token = await apiToken(request, 'demo.nurse');
  const headers = { authorization: `Bearer ${token}` };
  const refused = await request.post(`/api/patient/${patient.patientId}/medications`, {
    headers,
    data: {
      drug_id: 'rxn:161',
      dose: 500,
      unit: 'mg',
      route: 'oral',
      frequency: 'four_times_daily',
      duration_days: 3,
      quantity: 12,
      instructions: 'One tablet when in pain',
    },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { action?: string }).action).toBe('prescribe');
  const listed = await request.get(`/api/patient/${patient.patientId}/medications`, { headers });
  expect(listed.status()).toBe(200);
  expect(await listed.json()).toEqual([]);
});

test('a doctor is stopped by a penicillin allergy, prescribes paracetamol, prints it; the patient reads it in Thai', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const patient = await createPatient(request);
  const fullName = `${patient.first_name} ${patient.last_name}`;
  const password = 'a-long-and-private-passphrase';
  const username = await registerAccount(request, {
    role: 'patient',
    id: patient.patientId,
    code: patient.code,
    password,
  });
  // The nurse records the allergy at triage: the whole penicillin class.
  const nurse = await apiToken(request, 'demo.nurse');
  const allergy = await request.post(`/api/patient/${patient.patientId}/allergies`, {
    headers: { authorization: `Bearer ${nurse}` },
    data: { substance_id: 'atc:J01C', reaction: 'Hives' },
  });
  expect(allergy.status()).toBe(201);
  const doctorToken = await apiToken(request, 'demo.doctor');
  const amoxicillin = await drugOf(request, doctorToken, 'amoxicillin');
  const paracetamol = await drugOf(request, doctorToken, 'paracetamol');
  expect(paracetamol.id).toBe('rxn:161');
  expect(paracetamol.name_th).toBeTruthy();
  const instructions = 'รับประทานครั้งละ 1 เม็ด ทุก 6 ชั่วโมง เวลาปวด';

  await logInThroughPage(page, 'demo.doctor');
  await openChart(page, patient);
  const medications = page.getByRole('region', { name: 'Medications' });
  const form = medications.getByRole('form', { name: 'Prescribe' });

  await test.step('amoxicillin is stopped, naming the allergy; what was typed stays', async () => {
    await medications.getByRole('button', { name: 'Prescribe' }).click();
    const drug = form.getByRole('combobox', { name: 'Drug' });
    await drug.fill('amoxi');
    await form
      .getByRole('option', { name: new RegExp(`^${amoxicillin.name}`) })
      .first()
      .click();
    await expect(drug).toHaveValue(amoxicillin.name);
    await form.getByLabel(/^Dose/).fill('500');
    await form.getByLabel(/^Unit/).selectOption('mg');
    await form.getByLabel(/^Route/).selectOption('oral');
    await form.getByLabel(/^Frequency/).selectOption('three_times_daily');
    await form.getByLabel(/^Duration \(days\)/).fill('7');
    await form.getByLabel(/^Quantity to dispense/).fill('21');
    await form.getByLabel(/^Instructions for the patient/).fill(instructions);
    await form.getByRole('button', { name: 'Save prescription' }).click();
    const alert = form.getByRole('alert');
    await expect(alert).toContainText('Check before prescribing');
    await expect(alert).toContainText(/Recorded allergy: beta-lactam antibacterials, penicillins/i);
    await expect(alert.getByRole('button', { name: 'Prescribe anyway' })).toBeVisible();
    await expect(form.getByLabel(/^Dose/)).toHaveValue('500');
  });

  await test.step('the doctor changes it to paracetamol, which is listed', async () => {
    await form.getByRole('button', { name: 'Change the prescription' }).click();
    const drug = form.getByRole('combobox', { name: 'Drug' });
    await drug.fill('paracetamol');
    await form
      .getByRole('option', { name: new RegExp(`^${paracetamol.name}`) })
      .first()
      .click();
    await form.getByLabel(/^Dose/).fill('1');
    await form.getByLabel(/^Unit/).selectOption('tablet');
    await form.getByLabel(/^Frequency/).selectOption('every_6_hours');
    await form.getByLabel(/^Duration \(days\)/).fill('5');
    await form.getByLabel(/^Quantity to dispense/).fill('20');
    await form.getByRole('button', { name: 'Save prescription' }).click();
    await expect(medications.getByText(`Prescription saved: ${paracetamol.name}`)).toBeVisible();
    const item = medications.getByRole('listitem').filter({ hasText: paracetamol.name });
    await expect(item).toContainText('1 tablet(s), By mouth, every 6 hours, for 5 days');
    await expect(item).toContainText(`Instructions: ${instructions}`);
    await expect(item).toContainText(/Prescribed by .+ on \d{4}-\d{2}-\d{2}/);
    // Nothing was written for amoxicillin.
    await expect(
      medications.getByRole('listitem').filter({ hasText: amoxicillin.name }),
    ).toHaveCount(0);
  });

  await test.step('printed, the prescription is a sheet of its own', async () => {
    const listed = await request.get(`/api/patient/${patient.patientId}/medications`, {
      headers: { authorization: `Bearer ${doctorToken}` },
    });
    const [prescribed] = (await listed.json()) as {
      prescribed_by: { first_name: string; last_name: string };
    }[];
    // The browser's print dialog is not part of the test: the call is counted instead.
    await page.evaluate(() => {
      const counted = window as unknown as { printed: number };
      counted.printed = 0;
      window.print = () => {
        counted.printed += 1;
      };
    });
    await medications
      .getByRole('button', { name: `Print prescription: ${paracetamol.name}` })
      .click();
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { printed: number }).printed))
      .toBe(1);
    await page.emulateMedia({ media: 'print' });
    const sheet = page.locator('body > [data-print-handout]');
    await expect(sheet).toBeVisible();
    await expect(sheet).toContainText('Prescription');
    await expect(sheet).toContainText(fullName);
    await expect(sheet).toContainText(patient.patientId);
    await expect(sheet).toContainText(patient.date_of_birth);
    await expect(sheet).toContainText(
      `${prescribed!.prescribed_by.first_name} ${prescribed!.prescribed_by.last_name}`,
    );
    await expect(sheet).toContainText(paracetamol.name);
    await expect(sheet).toContainText('1 tablet(s), By mouth, every 6 hours, for 5 days');
    await expect(sheet).toContainText(instructions);
    // The chart itself is not printed with it.
    await expect(page.getByRole('heading', { level: 1, name: fullName })).toBeHidden();
    await page.emulateMedia({ media: 'screen' });
    await expect(sheet).toBeHidden();
  });

  await test.step('the patient reads it in Thai on MyInfo, with its instructions', async () => {
    await logInAsPatientInThai(page, username, password);
    const mine = page.getByRole('region', { name: 'ยาของฉัน' });
    const item = mine.getByRole('listitem').filter({ hasText: paracetamol.name });
    await expect(item).toContainText(`${paracetamol.name} (${paracetamol.name_th})`);
    await expect(item).toContainText('รับประทาน ครั้งละ 1 เม็ด ทุก 6 ชั่วโมง เป็นเวลา 5 วัน');
    await expect(item).toContainText(`วิธีใช้: ${instructions}`);
  });
});
