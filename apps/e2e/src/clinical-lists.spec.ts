import { expect, test } from '@playwright/test';
import {
  apiToken,
  createPatient,
  daysFromToday,
  logInThroughPage,
  openChart,
  registerAccount,
  logInAsPatientInThai,
} from './support';

/**
 * The problem list and the allergy list from the chart: a diagnosis picked from the catalogue as
 * the doctor types, which the patient then reads in Thai; and an allergy to a whole drug class,
 * shown on a patient who has been prescribed nothing.
 */

test('the doctor types "diab", picks type 2 diabetes with an onset; the patient reads it in Thai', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await createPatient(request);
  const password = 'a-long-and-private-passphrase';
  const username = await registerAccount(request, {
    role: 'patient',
    id: patient.patientId,
    code: patient.code,
    password,
  });
  const onset = daysFromToday(-400);
  // The Thai name the catalogue holds for E11.9, as its search answers it.
  const token = await apiToken(request, 'demo.doctor');
  const found = await request.get('/api/catalogues/conditions?q=E11.9', {
    headers: { authorization: `Bearer ${token}` },
  });
  const [diabetes] = (await found.json()) as { id: string; name: string; name_th: string }[];
  expect(diabetes?.id).toBe('icd:E11.9');
  expect(diabetes?.name_th).toBeTruthy();

  await test.step('the doctor adds the problem from the chart: Add, type, pick, Save', async () => {
    await logInThroughPage(page, 'demo.doctor');
    await openChart(page, patient);
    const problems = page.getByRole('region', { name: 'Problem list' });
    await expect(problems.getByText('No problems recorded.')).toBeVisible();
    await problems.getByRole('button', { name: 'Add problem' }).click();
    const picker = problems.getByRole('combobox', { name: 'Diagnosis' });
    await picker.fill('diab');
    const option = problems.getByRole('option', {
      name: /^Type 2 diabetes mellitus without complications/,
    });
    await option.click();
    await expect(picker).toHaveValue(diabetes!.name);
    await problems.getByLabel('Onset date').fill(onset);
    await problems.getByRole('button', { name: 'Save' }).click();
    const item = problems.getByRole('listitem').filter({ hasText: diabetes!.name });
    await expect(item).toBeVisible();
    // The standard code small beside the name, for clinicians.
    await expect(item).toContainText('E11.9');
  });

  await test.step('the patient reads it in Thai on MyInfo', async () => {
    await logInAsPatientInThai(page, username, password);
    const problems = page.getByRole('region', { name: 'ปัญหาสุขภาพของฉัน' });
    await expect(problems.getByText(diabetes!.name_th, { exact: true })).toBeVisible();
  });
});

test('a penicillin-class allergy shows on a patient prescribed nothing yet', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await createPatient(request);

  await logInThroughPage(page, 'demo.nurse');
  await openChart(page, patient);
  const allergies = page.getByRole('region', { name: 'Allergies' });
  await allergies.getByRole('button', { name: 'Add allergy' }).click();
  await allergies.getByRole('combobox', { name: 'Allergic to' }).fill('penicillins');
  await allergies
    .getByRole('option', { name: /^beta-lactam antibacterials, penicillins/i })
    .click();
  await allergies.getByLabel('Reaction').fill('Hives');
  await allergies.getByRole('button', { name: 'Save' }).click();
  await expect(
    allergies.getByRole('listitem').filter({ hasText: /beta-lactam antibacterials, penicillins/i }),
  ).toBeVisible();
  // The alert at the top of the chart names the class, beside the record's ibuprofen.
  const alert = page.getByRole('alert');
  await expect(alert).toContainText(/beta-lactam antibacterials, penicillins/i);
  await expect(alert).toContainText('ibuprofen (R004)');
});

test('a nurse sees no way to diagnose, and the server refuses her diagnosis naming the action', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const patient = await createPatient(request);
  await logInThroughPage(page, 'demo.nurse');
  await openChart(page, patient);
  // The nurse reads the problem list and records allergies, but is offered no diagnosis.
  const problems = page.getByRole('region', { name: 'Problem list' });
  await expect(problems).toBeVisible();
  await expect(problems.getByRole('button', { name: 'Add problem' })).toHaveCount(0);
  await expect(
    page.getByRole('region', { name: 'Allergies' }).getByRole('button', { name: 'Add allergy' }),
  ).toBeVisible();

  // Sent anyway, as a script would: 403 naming the action, and nothing written.
  const token = await apiToken(request, 'demo.nurse');
  const headers = { authorization: `Bearer ${token}` };
  const refused = await request.post(`/api/patient/${patient.patientId}/conditions`, {
    headers,
    data: { condition_id: 'icd:E11.9' },
  });
  expect(refused.status()).toBe(403);
  expect(((await refused.json()) as { action?: string }).action).toBe('diagnose');
  const listed = await request.get(`/api/patient/${patient.patientId}/conditions`, { headers });
  expect(listed.status()).toBe(200);
  expect(JSON.stringify(await listed.json())).not.toContain('E11.9');
});
