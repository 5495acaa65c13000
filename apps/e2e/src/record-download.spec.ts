import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiToken, createPatient, logInThroughPage, registerAccount } from './support';

const PASSWORD = 'patient-password-2026';

interface BundleFile {
  resourceType: string;
  entry?: { resource: { resourceType: string; identifier?: { value?: string }[] } }[];
}

test('a patient downloads their record from MyInfo as a FHIR Bundle of their own record', async ({
  page,
  request,
}) => {
  const patient = await createPatient(request);
  const username = await registerAccount(request, {
    role: 'patient',
    id: patient.patientId,
    code: patient.code,
    password: PASSWORD,
  });
  // Someone else's record, which must not be in the file.
  const other = await createPatient(request);
  const doctor = await apiToken(request, 'demo.doctor');
  const booked = await request.post('/api/patient/add-patient-appointment', {
    headers: { authorization: `Bearer ${doctor}` },
    data: { patient_id: patient.patientId, date: '2030-01-15', time: '09:30', topic: 'Check-up' },
  });
  expect(booked.status()).toBe(201);

  await logInThroughPage(page, username, PASSWORD);
  await expect(page).toHaveURL(/\/patient-profile$/);
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download my record' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`my-record-${patient.patientId}.json`);
  await expect(
    page.getByText(`Your record was saved as my-record-${patient.patientId}.json.`),
  ).toBeVisible();

  const bundle = JSON.parse(await readFile(await download.path(), 'utf8')) as BundleFile;
  expect(bundle.resourceType).toBe('Bundle');
  const resources = (bundle.entry ?? []).map((e) => e.resource);
  const types = new Set(resources.map((r) => r.resourceType));
  expect(types).toContain('Patient');
  expect(types).toContain('Appointment');
  const ids = resources
    .filter((r) => r.resourceType === 'Patient')
    .flatMap((r) => r.identifier?.map((i) => i.value) ?? []);
  expect(ids).toContain(patient.patientId);
  expect(JSON.stringify(bundle)).not.toContain(other.patientId);
});
