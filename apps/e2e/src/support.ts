import { type APIRequestContext, type BrowserContext, expect, type Page } from '@playwright/test';
import { addDays, hospitalToday } from '@portal/contract';

/** The password of every demo account (the server runs with DEMO_DATA=always). */
export const DEMO_PASSWORD = 'demo-password-2026';

/**
 * Closes a second browser (a ward computer) that a test opened, waiting at most 10 s: once in a
 * CI run Chromium never answered the close of a context whose steps had all passed, and the
 * test timed out on it. A context left open is closed with the browser when the worker ends.
 */
export async function closeElsewhere(context: BrowserContext): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), 10_000);
  });
  const outcome = await Promise.race([context.close().then(() => 'closed' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') console.warn('A second browser context did not close within 10 s.');
}

/** Signs in through the API and returns a bearer token, for setting up data. */
export async function apiToken(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post('/api/login', {
    data: { username, password: DEMO_PASSWORD },
  });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { token: string }).token;
}

/**
 * Opens a page of a section through its sidebar, as a person would, and waits for the page's
 * own heading: the router keeps the previous page on screen while the next page's code loads,
 * and a field with the same label there must not be filled by mistake.
 */
export async function openFromSidebar(
  page: Page,
  navigation: string | RegExp,
  link: string,
  heading: string = link,
): Promise<void> {
  await page
    .getByRole('navigation', { name: navigation })
    .getByRole('link', { name: link })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
}

/**
 * The date `days` from today on the hospital's clock (negative: in the past), as the date fields
 * take it (YYYY-MM-DD): the day the Today page and the chart call today.
 */
export const daysFromToday = (days = 0): string => addDays(hospitalToday(), days);

let counter = Date.now() % 100_000;
/** A fresh, unique number per call (ids, usernames, id card numbers). */
export function unique(): number {
  counter += 1;
  return counter;
}

/** Creates a patient as the demo doctor would and returns its id and activation code. */
export async function createPatient(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
) {
  const token = await apiToken(request, 'demo.doctor');
  const n = unique();
  const patient = {
    patient_id: `P${n}`,
    first_name: 'Araya',
    last_name: `Journey${n}`,
    age: 34,
    date_of_birth: `${new Date().getUTCFullYear() - 34}-01-01`, // gives the age 34, any day
    gender: 'female',
    blood_type: 'A',
    email: `araya${n}@gmail.com`,
    health_insurance: 'yes',
    address: '99 Sukhumvit Road',
    phone_number: '0811112222',
    id_card_number: `CARD${n}`,
    ongoing_treatment: 'asthma inhaler',
    unhealthy_habits: 'none',
    ...overrides,
  };
  const response = await request.post('/api/patient/add-patient', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      patient,
      patient_chronic_disease: [{ disease_id: 'I007' }],
      patient_drug_allergy: [{ drug_id: 'R004' }],
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { patient_id: string; activation_code: string };
  return { ...patient, patientId: body.patient_id, code: body.activation_code };
}

/** Logs in through the page, as a person would, and waits for the redirect through /system. */
export async function logInThroughPage(
  page: Page,
  username: string,
  password = DEMO_PASSWORD,
): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').first().fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login successful! Redirecting...')).toBeVisible();
}

/**
 * Signs a patient in afresh in this tab (the staff session's cookies and storage gone), in Thai
 * chosen on the login page, and waits for MyInfo.
 */
export async function logInAsPatientInThai(
  page: Page,
  username: string,
  password: string,
): Promise<void> {
  await page.context().clearCookies();
  await page.goto('/login');
  await page.evaluate(() => localStorage.clear());
  await page.goto('/login');
  await page.getByRole('combobox', { name: 'Language' }).selectOption({ label: 'ไทย' });
  await page.getByRole('textbox', { name: 'ชื่อผู้ใช้' }).fill(username);
  await page.getByLabel('รหัสผ่าน').first().fill(password);
  await page.getByRole('button', { name: 'เข้าสู่ระบบ', exact: true }).click();
  await expect(page).toHaveURL(/\/patient-profile$/);
}

/** The demo doctor's employee id (demo.doctor is linked to E001). */
export const DEMO_DOCTOR_ID = 'E001';

/**
 * Books an appointment for a patient through the API, as the demo doctor would (a clash with
 * another test's booking of the same clinician is allowed: `allow_overlap`).
 */
export async function bookAppointment(
  request: APIRequestContext,
  booking: {
    patient_id: string;
    date: string;
    time: string;
    topic?: string;
    clinician_id?: string;
  },
): Promise<{ appointment_id: string }> {
  const token = await apiToken(request, 'demo.doctor');
  const response = await request.post('/api/patient/add-patient-appointment', {
    headers: { authorization: `Bearer ${token}` },
    data: { ...booking, allow_overlap: true },
  });
  expect(response.status()).toBe(201);
  return (await response.json()) as { appointment_id: string };
}

/** Opens a patient's chart as a clinician would: Patient Information, search, the name. */
export async function openChart(
  page: Page,
  patient: { last_name: string; first_name: string },
): Promise<void> {
  await openFromSidebar(page, /Patients Management System/, 'Patient Information');
  await page.getByLabel(/^Last Name/).fill(patient.last_name);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByText(/^Results for/)).toBeVisible();
  await page.getByRole('link', { name: `${patient.first_name} ${patient.last_name}` }).click();
  await expect(
    page.getByRole('heading', { level: 1, name: `${patient.first_name} ${patient.last_name}` }),
  ).toBeVisible();
}

/** A fresh employee id: E and six digits, clear of the demo data's E001–E017. */
export function uniqueEmployeeId(): string {
  return `E${String(unique()).padStart(6, '0')}`;
}

/**
 * A second HR person (demo.hr2) approves the portal access that demo.hr's add or change asked
 * for (the two-person rule), as on Employee Information's Approve.
 */
export async function approveAccess(
  request: APIRequestContext,
  employeeId: string,
  positionId: string,
): Promise<void> {
  const token = await apiToken(request, 'demo.hr2');
  const response = await request.post(`/api/employee/${employeeId}/approve-access`, {
    headers: { authorization: `Bearer ${token}` },
    data: { position_id: positionId },
  });
  expect(response.status()).toBe(200);
}

/**
 * Creates an employee as the demo HR user would (a nurse unless overridden) and returns the
 * record with its id and activation code (null for a position without portal access). Portal
 * access is then approved by demo.hr2, as a second HR person would, unless `approve` is false.
 */
export async function createEmployee(
  request: APIRequestContext,
  overrides: Record<string, unknown> = {},
  { approve = true }: { approve?: boolean } = {},
) {
  const token = await apiToken(request, 'demo.hr');
  const n = unique();
  const employee = {
    employee_id: uniqueEmployeeId(),
    first_name: 'Ratana',
    last_name: `Journey${n}`,
    position_id: 'P002',
    phone_number: '0812223333',
    salary: 38000,
    email: `ratana${n}@hotmail.com`,
    hire_date: '2024-02-01',
    ...overrides,
  };
  const response = await request.post('/api/employee/add-employee', {
    headers: { authorization: `Bearer ${token}` },
    data: employee,
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as {
    employee_id: string;
    activation_code: string | null;
    access_pending?: boolean;
  };
  if (approve && body.access_pending) {
    await approveAccess(request, body.employee_id, String(employee.position_id));
  }
  return { ...employee, employeeId: body.employee_id, code: body.activation_code };
}

/** Registers an account through the API, as the register form would; returns its username. */
export async function registerAccount(
  request: APIRequestContext,
  account: { role: string; id: string; code: string; password: string; username?: string },
): Promise<string> {
  const username = account.username ?? `user.${unique()}`;
  const response = await request.post('/api/register', {
    data: {
      username,
      password: account.password,
      role: account.role,
      id: account.id,
      activation_code: account.code,
    },
  });
  expect(response.status()).toBe(201);
  return username;
}

/** A drug of the catalogue as its search answers it (the names the screens show). */
export async function drugOf(request: APIRequestContext, token: string, q: string) {
  const found = await request.get(
    `/api/catalogues/substances?q=${encodeURIComponent(q)}&kind=drug`,
    { headers: { authorization: `Bearer ${token}` } },
  );
  expect(found.status()).toBe(200);
  const [drug] = (await found.json()) as { id: string; name: string; name_th: string | null }[];
  return drug!;
}
